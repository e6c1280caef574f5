package toccateglio

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// schuleEvent reports whether e is an event of the Schule's own moves.
func schuleEvent(e brettspiel.Event) bool {
	switch e.Kind {
	case EventDeclare, EventSchule, EventRight, EventLetPass:
		return true
	}
	return false
}

// equivalentGame plays one seeded game under o twice, without the Schule
// and with it, the same throws and plays drawn from the same seed, and with
// the Schule every declaration right and every claim let pass (RuleMove). It
// returns what differs, or "", and how many windows of step 6 were opened.
func equivalentGame(o Options, seed uint64, policy brettspiel.Policy) (string, int) {
	off, err := New(o)
	if err != nil {
		return err.Error(), 0
	}
	on, err := New(withSchule(o))
	if err != nil {
		return err.Error(), 0
	}
	r := rand.New(rand.NewPCG(seed, 0x5c1e))
	var evOff, evOn []brettspiel.Event
	marsch := 0
	settle := func() {
		for {
			m, ok := on.RuleMove()
			if !ok {
				return
			}
			if s := on.MoveString(m); s != "pass" && s[:4] != "mark" {
				panic("a right declaration is claimed: " + s)
			}
			if err := on.Apply(m); err != nil {
				panic(err)
			}
			for _, e := range on.events {
				if e.Kind == EventDeclare && e.Number == 6 {
					marsch++
				}
				if !schuleEvent(e) {
					evOn = append(evOn, e)
				}
			}
		}
	}
	for steps := 0; off.ToMove() != brettspiel.Terminal; steps++ {
		settle()
		legal := off.LegalMoves()
		if got := on.LegalMoves(); !slices.Equal(got, legal) || on.ToMove() != off.ToMove() {
			return fmt.Sprintf("step %d: the moves differ\n%v\n%v", steps, off, on), marsch
		}
		var m brettspiel.Move
		if off.ToMove() == brettspiel.Chance {
			x := r.IntN(36)
			a, b := uint8(x/6+1), uint8(x%6+1)
			m = throwMove(max(a, b), min(a, b))
		} else {
			m = policy(off, legal, r)
		}
		if err := off.Apply(m); err != nil {
			return err.Error(), marsch
		}
		if err := on.Apply(m); err != nil {
			return err.Error(), marsch
		}
		evOff = append(evOff, off.events...)
		for _, e := range on.events {
			if !schuleEvent(e) {
				evOn = append(evOn, e)
			}
		}
	}
	settle()
	switch {
	case on.ToMove() != brettspiel.Terminal:
		return fmt.Sprintf("with the Schule the game goes on:\n%v", on), marsch
	case on.marks != off.marks || on.strokes != off.strokes || on.partien != off.partien || on.turns != off.turns:
		return fmt.Sprintf("marks %v %v, strokes %v %v, Partien %d %d, turns %d %d", on.marks, off.marks, on.strokes, off.strokes, on.partien, off.partien, on.turns, off.turns), marsch
	}
	if !sameEvents(evOff, evOn) {
		for i := range min(len(evOff), len(evOn)) {
			if !evOff[i].Equal(evOn[i]) {
				return fmt.Sprintf("event %d of %d and %d: %v, with the Schule %v", i, len(evOff), len(evOn), evOff[i], evOn[i]), marsch
			}
		}
		return fmt.Sprintf("%d events, with the Schule %d", len(evOff), len(evOn)), marsch
	}
	return "", marsch
}

// TestT_W5_RightDeclarationsScoreAsWithoutTheSchule: seeded games with the
// Schule, every declaration right and every claim let pass, end with the
// same marks, strokes and events (the Schule's own aside) as the same games
// without it: 1,000 games over the presets, every other one played by the
// careful policy, whose long Partien reach the Marsch and the Jan.
func TestT_W5_RightDeclarationsScoreAsWithoutTheSchule(t *testing.T) {
	presets := Presets()
	const games = 1000
	marsch := 0
	for seed := range uint64(games) {
		o := presets[seed%uint64(len(presets))].Options
		o.Partien = 2
		policy := brettspiel.RandomPolicy
		if seed%2 == 1 {
			policy = carefulPolicy
		}
		reason, n := equivalentGame(o, seed, policy)
		if reason != "" {
			t.Fatalf("seed %d, %s: %s", seed, presets[seed%uint64(len(presets))].Name, reason)
		}
		marsch += n
	}
	if marsch == 0 {
		t.Errorf("no Marsch was declared in %d games", games)
	}
	t.Logf("%d games, %d Marsch windows", games, marsch)
}

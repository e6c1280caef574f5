package toccateglio

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/google/go-cmp/cmp"
)

// TestZeroGameRefuses: a zero Game, made by no constructor, refuses every
// call that would play or report a game, and can be loaded into.
func TestZeroGameRefuses(t *testing.T) {
	var g Game
	zero := func(name string, err error) {
		t.Helper()
		if !errors.Is(err, brettspiel.ErrZeroGame) {
			t.Errorf("%s on the zero Game: %v, want ErrZeroGame", name, err)
		}
	}
	throw := throwMove(6, 2)
	zero("Apply", g.Apply(throw))
	zero("Apply of a decision", g.Apply(kit.NewMove(0, decideGoOn)))
	_, err := g.ParseMove("6-2")
	zero("ParseMove", err)
	_, _, err = g.NextSteps(nil)
	zero("NextSteps", err)
	_, err = g.Describe(throw)
	zero("Describe", err)
	_, err = g.MarshalJSON()
	zero("MarshalJSON", err)
	_, err = json.Marshal(&g)
	zero("json.Marshal", err)
	_, err = g.MarshalText()
	zero("MarshalText", err)
	r := rand.New(rand.NewPCG(1, 2))
	switch {
	case g.ID() != "":
		t.Errorf("ID = %q", g.ID())
	case len(g.LegalMoves()) != 0 || len(g.AppendLegalMoves(nil)) != 0:
		t.Errorf("legal moves %v", g.LegalMoves())
	case g.ToMove() != brettspiel.Terminal:
		t.Errorf("ToMove = %v", g.ToMove())
	case g.ChanceOutcomes() != nil:
		t.Error("chance outcomes")
	case g.SampleChance(r) != brettspiel.NoMove:
		t.Error("SampleChance gives a throw")
	case !slices.Equal(g.Returns(), []int{0, 0}):
		t.Errorf("Returns = %v", g.Returns())
	case g.String() != "zero Game":
		t.Errorf("String = %q", g.String())
	case g.Dice() != nil || g.Turn() != brettspiel.Nobody || g.Turns() != 0 || g.Capped():
		t.Errorf("Dice %v, Turn %v, Turns %d, Capped %v", g.Dice(), g.Turn(), g.Turns(), g.Capped())
	case len(g.Events()) != 0:
		t.Errorf("events %v", g.Events())
	}
	if w, ok := g.Winner(); ok || w != brettspiel.Nobody {
		t.Errorf("Winner = %v, %v", w, ok)
	}
	if d := cmp.Diff(&Game{}, g.Clone(), cmp.AllowUnexported(Game{})); d != "" {
		t.Errorf("Clone is no zero Game:\n%s", d)
	}
	g.Simulate(r)
	if d := cmp.Diff(Game{}, g, cmp.AllowUnexported(Game{})); d != "" {
		t.Errorf("Simulate played the zero Game:\n%s", d)
	}
	done := make(chan error, 1)
	go func() { done <- brettspiel.PlayOut(&g, r, brettspiel.RandomPolicy, 0) }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("PlayOut: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("PlayOut on the zero Game does not return")
	}
	if d := cmp.Diff(Game{}, g, cmp.AllowUnexported(Game{})); d != "" {
		t.Errorf("PlayOut played the zero Game:\n%s", d)
	}
	// Loading into a zero Game is how one loads.
	n, _ := New(Tokkadille1853(16))
	data, _ := json.Marshal(n)
	var fromJSON, fromText Game
	if err := json.Unmarshal(data, &fromJSON); err != nil || fromJSON.ID() != n.ID() {
		t.Errorf("UnmarshalJSON into a zero Game: %v", err)
	}
	if err := fromText.UnmarshalText([]byte(n.ID())); err != nil || fromText.ID() != n.ID() {
		t.Errorf("UnmarshalText into a zero Game: %v", err)
	}
}

// TestDiceTurnTurnsWinnerCapped: the accessors that the three games share.
func TestDiceTurnTurnsWinnerCapped(t *testing.T) {
	g, _ := New(Toccateglispiel())
	if g.Turn() != brettspiel.Nobody || g.Dice() != nil {
		t.Errorf("the draw: Turn %v, Dice %v", g.Turn(), g.Dice())
	}
	play(t, g, "6-2")
	play(t, g, "2-1")
	if g.Turn() != 0 || g.Dice() != nil || g.Turns() != 0 {
		t.Errorf("player 0 won the draw: Turn %v, Dice %v, Turns %d", g.Turn(), g.Dice(), g.Turns())
	}
	play(t, g, "5-3")
	if g.Turn() != 0 || !slices.Equal(g.Dice(), []int{5, 3}) {
		t.Errorf("player 0 plays 5-3: Turn %v, Dice %v", g.Turn(), g.Dice())
	}
	d := g.Dice()
	d[0] = 1
	if g.Dice()[0] != 5 {
		t.Error("Dice returns the game's own slice")
	}
	play(t, g, "1/4 1/6")
	if g.Turn() != 1 || g.Turns() != 1 {
		t.Errorf("after the play: Turn %v, Turns %d", g.Turn(), g.Turns())
	}
	if _, ok := g.Winner(); ok || g.Capped() {
		t.Error("a winner, or capped, before the end")
	}
	// The match to its end, over and over: the winner is the seat with the
	// more strokes; the turn cap ends a match capped.
	for seed := range uint64(20) {
		o := Toccateglispiel()
		if seed%2 == 1 {
			o.TurnCap = 5
		}
		g, _ := New(o)
		g.Simulate(rand.New(rand.NewPCG(seed, 9)))
		st := g.Strokes()
		w, ok := g.Winner()
		switch {
		case st[0] == st[1] && (ok || w != brettspiel.Nobody):
			t.Errorf("seed %d: strokes %v, winner %v", seed, st, w)
		case st[0] != st[1] && (!ok || st[w] <= st[1-w]):
			t.Errorf("seed %d: strokes %v, winner %v", seed, st, w)
		case g.Capped() != (seed%2 == 1) || g.Turn() != brettspiel.Nobody || g.Turns() > g.Options().TurnCap:
			t.Errorf("seed %d: capped %v, turn %v, turns %d", seed, g.Capped(), g.Turn(), g.Turns())
		}
	}
}

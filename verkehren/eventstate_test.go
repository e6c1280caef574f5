package verkehren

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// statesOfPlay plays seeded games under every preset and keeps every state
// after an Apply, until stop holds (nil: to the end).
func statesOfPlay(t testing.TB, games int, stop func(g *Game) bool) []*Game {
	choose := func(r *rand.Rand, legal []brettspiel.Move) brettspiel.Move {
		m := legal[r.IntN(len(legal))]
		for m.Payload() == concedePayload && len(legal) > 1 && r.IntN(50) != 0 { // a concession now and then (V-W2)
			m = legal[r.IntN(len(legal))]
		}
		return m
	}
	return gametest.PlayedStates(t, gametest.PresetOptions(Presets()), New, games, choose, (*Game).clone, stop)
}

// find returns the first state of play that ok accepts.
func find(t *testing.T, name string, ok func(g *Game) bool) *Game {
	t.Helper()
	return gametest.Reached(t, name, statesOfPlay(t, 5, ok), ok)
}

func hasKind(g *Game, k brettspiel.EventKind) bool {
	for _, e := range g.events {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// The events of a state's JSON were checked only against bounds, as in the
// other games (item 7 of the hardening report): a throw other than the one
// being played, a hit that did not happen, a step by another number loaded.
// The events of the last Apply must be those that the Apply gives in this
// state.
func TestJSONRefusesEventsThatDisagreeWithTheState(t *testing.T) {
	thrown := find(t, "a throw being played", func(g *Game) bool { return g.phase == phasePlay && g.dice[0] != g.dice[1] })
	hit := find(t, "a hit", func(g *Game) bool { return hasKind(g, brettspiel.EventHit) && g.phase == phaseThrow })
	evs, ev := gametest.Events, gametest.Event
	gametest.EventEditsAreRefused(t, []gametest.EventEdit[*Game]{
		gametest.Edit("another throw", thrown, func(m map[string]any) {
			ev(m, 0)["dice"], ev(m, 0)["number"] = []int{6, 6}, 12
		}, "events[0] is player"),
		gametest.Edit("a throw by the other player", thrown, func(m map[string]any) {
			ev(m, 0)["player"] = 1 - ev(m, 0)["player"].(float64)
		}, "but in this state player"),
		gametest.Edit("a hit by another number", hit, func(m map[string]any) {
			for _, e := range evs(m) {
				if e := e.(map[string]any); e["kind"] == "hit" {
					e["number"] = float64(int(e["number"].(float64))%6 + 1)
					return
				}
			}
		}, "in this state gives"),
		gametest.Edit("a step by another number", hit, func(m map[string]any) {
			e := ev(m, 0)
			e["number"] = float64(int(e["number"].(float64))%6 + 1)
		}, ""),
		gametest.Edit("events of no move", hit, func(m map[string]any) { m["events"] = evs(m)[len(evs(m))-1:] }, ""),
	}, func() *Game { return new(Game) }, func(g *Game) bool { return g.zero() })
}

// Every state of play under every preset loads from its JSON with its
// events: the states after a draw, a pass, a hit or the end, and every
// fifth of the others (BRETTSPIEL_LONG=1: every state of more games).
func TestStatesOfPlayLoadWithTheirEvents(t *testing.T) {
	seen := map[string]int{}
	for i, g := range statesOfPlay(t, conformance.Games(2, 20), nil) {
		k := string(g.events[0].Kind)
		switch {
		case g.events[0].Rule == "V-S1":
			k = "draw"
		case hasKind(g, brettspiel.EventEnd):
			k += " ending the game"
		case hasKind(g, brettspiel.EventHit):
			k += " with a hit"
		case hasKind(g, EventJunker):
			k += " finding a Junker"
		case i%5 != 0 && !conformance.Long():
			continue
		}
		seen[k]++
		gametest.LoadsFromJSON(t, g, func() *Game { return new(Game) })
	}
	t.Logf("states by the Apply before them: %v", seen)
	for _, k := range []string{"draw", "throw", "move", "move with a hit", "enter with a hit", "pass", "throw finding a Junker"} {
		if seen[k] == 0 {
			t.Errorf("no state after a %s", k)
		}
	}
}

// FromPosition took Turns as given, so a position with stones moved after
// no turn made a game whose position ID did not load ("no turn has been
// played, but the stones are not all on their houses"). Stones away from
// the start count one turn now.
func TestFromPositionCountsTheTurnsThatReachIt(t *testing.T) {
	var pos Position
	pos.Stones[0][house], pos.Stones[0][20] = 14, 1
	pos.Stones[1][house], pos.Stones[1][25] = 14, 1
	g, err := FromPosition(VK(), pos)
	if err != nil {
		t.Fatal(err)
	}
	if g.Turns() != 1 {
		t.Errorf("%d turns, want 1", g.Turns())
	}
	if _, err := ParseID(g.ID()); err != nil {
		t.Errorf("its ID: %v", err)
	}
	pos.Turns = 7
	if g, err := FromPosition(VK(), pos); err != nil || g.Turns() != 7 {
		t.Errorf("7 turns given: %v, %v", g, err)
	}
	x := g.clone()
	x.turns = 0
	_, err = ParseID(x.ID())
	var e *brettspiel.Error
	if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(e.Reason, "no turn has been played") {
		t.Errorf("no turn: %v, want ErrBadPosition", err)
	}
}

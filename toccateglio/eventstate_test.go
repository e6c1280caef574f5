package toccateglio

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"pgregory.net/rapid"
)

// startedBy0 is the Toccateglispiel with seat 0 throwing first, so that a
// new match is at a throw after no turn.
func startedBy0() Options {
	o := Toccateglispiel()
	o.FirstPlayer = brettspiel.Starts(0)
	return o
}

// Item 7 of the hardening report: a position ID after no turn with 11 marks
// each, or with every stone on point 24, was loaded.
func TestParseIDRefusesStatesNoPlayReaches(t *testing.T) {
	g, err := New(startedBy0())
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(x *Game)) string {
		x := g.Clone().(*Game)
		f(x)
		return x.ID()
	}
	allOn24 := func(x *Game) {
		for p := range x.sides {
			x.sides[p] = board.Side{}
			x.sides[p][24] = int8(x.opts.Stones)
		}
	}
	wantIDRefused(t, edit(func(x *Game) { x.marks = [2]int8{11, 11} }), "no turn has been played, but the marks are 11 and 11")
	wantIDRefused(t, edit(func(x *Game) { x.marks = [2]int8{0, 1} }), "(T-S1, T-M1, T-M3)")
	wantIDRefused(t, edit(allOn24), "0 turns played, but the stones stand 345 and 345 points beyond the setup (T-S1), which takes at least 58 turns")
	// Each player's 345 points take 29 of his plays of at most 12 (6-6).
	wantIDRefused(t, edit(func(x *Game) { allOn24(x); x.turns = 57 }), "57 turns played")
	if _, err := ParseID(edit(func(x *Game) { allOn24(x); x.turns = 58 })); err != nil {
		t.Errorf("every stone on point 24 after 58 turns: %v", err)
	}
	wantIDRefused(t, edit(func(x *Game) { x.sides[1][1]--; x.sides[1][2]++ }), "0 turns played, but the stones stand 0 and 1 points")

	// Toccadille enters its stones from the hand: the setup is the hand.
	o := Toccadille()
	o.FirstPlayer = brettspiel.Starts(1)
	td, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	td.sides[0][hand]--
	td.sides[0][6]++
	wantIDRefused(t, td.ID(), "stand 6 and 0 points beyond the setup")
	td.turns = 1
	if _, err := ParseID(td.ID()); err != nil {
		t.Errorf("one stone entered on point 6 after a turn: %v", err)
	}
}

// FromPosition counts the turns of a position as the fewest that reach it,
// so that its ID loads again; a position the turn cap cannot reach is
// refused.
func TestFromPositionCountsTheTurnsThatReachIt(t *testing.T) {
	o := Toccateglispiel()
	var on24 board.Side
	on24[24] = 15
	for _, c := range []struct {
		name  string
		pos   Position
		turns int
	}{
		{"the setup", Position{Stones: [2]board.Side{{1: 15}, {1: 15}}}, 0},
		{"marks in the setup", Position{Stones: [2]board.Side{{1: 15}, {1: 15}}, Marks: [2]int{11, 11}}, 1},
		{"all on 24", Position{Stones: [2]board.Side{on24, on24}}, 58},
		{"a stone a point on", Position{Stones: [2]board.Side{{1: 14, 2: 1}, {1: 15}}, Dice: [2]int{3, 1}}, 1},
		{"Partien", Position{Stones: [2]board.Side{{1: 15}, {1: 15}}, Partien: 4, Strokes: [2]int{4, 4}}, 2},
	} {
		oc := o
		oc.Partien = 8
		g, err := FromPosition(oc, c.pos)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if g.Turns() != c.turns {
			t.Errorf("%s: %d turns, want %d", c.name, g.Turns(), c.turns)
		}
		if _, err := ParseID(g.ID()); err != nil {
			t.Errorf("%s: its ID: %v", c.name, err)
		}
	}
	o.TurnCap = 58
	_, err := FromPosition(o, Position{Stones: [2]board.Side{on24, on24}})
	var e *brettspiel.Error
	if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(e.Reason, "at least 58 turns") {
		t.Errorf("all on 24 with the turn cap 58: %v", err)
	}
}

// stateAfter plays a seeded match under o until done holds right after an
// Apply, and returns the game there.
func stateAfter(t *testing.T, name string, o Options, done func(g *Game) bool) *Game {
	t.Helper()
	for seed := uint64(0); seed < 200; seed++ {
		g, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 21))
		for g.ToMove() != brettspiel.Terminal {
			m, _ := brettspiel.SampleChance(g, r)
			if g.ToMove() != brettspiel.Chance {
				m = carefulPolicy(g, g.LegalMoves(), r)
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			if done(g) {
				return g
			}
		}
	}
	t.Fatalf("no match reached the state %s", name)
	return nil
}

func hasEvent(g *Game, kind brettspiel.EventKind, rule string) bool {
	for _, e := range g.events {
		if e.Kind == kind && (rule == "" || e.Rule == rule) {
			return true
		}
	}
	return false
}

// Item 7 of the hardening report: the events of a state's JSON were checked
// only against bounds, so a throw of 1-1 with 11 marks stood in a state
// whose dice are 4-1. The events of the last Apply must be those that the
// Apply gives in this state.
func TestUnmarshalJSONRefusesEventsThatDisagreeWithTheState(t *testing.T) {
	o := startedBy0()
	o.Partien = 3
	afterThrow := stateAfter(t, "afterThrow", o, func(g *Game) bool {
		return g.phase == phaseMove && g.dice == [2]uint8{4, 1} && hasEvent(g, brettspiel.EventMark, "T-M1")
	})
	afterPlay := stateAfter(t, "afterPlay", o, func(g *Game) bool {
		return g.phase == phaseThrow && len(g.events) >= 2 && g.events[1].Kind == brettspiel.EventMove
	})
	afterPass := stateAfter(t, "afterPass", o, func(g *Game) bool {
		return g.phase == phaseThrow && len(g.events) > 0 && g.events[0].Kind == brettspiel.EventPass
	})
	afterGoOn := stateAfter(t, "afterGoOn", o, func(g *Game) bool {
		return len(g.events) > 0 && g.events[0].Kind == brettspiel.EventDecide && g.events[0].Amount > 0
	})
	afterEnd := stateAfter(t, "afterEnd", o, func(g *Game) bool { return g.phase == phaseDecide && !hasEvent(g, brettspiel.EventThrow, "") })
	evs, ev := gametest.Events, gametest.Event
	gametest.EventEditsAreRefused(t, []gametest.EventEdit[*Game]{
		gametest.Edit("the report's throw of 1-1 with 11 marks", afterThrow, func(m map[string]any) {
			e := ev(m, 0)
			e["dice"], e["number"], e["note"] = []any{1.0, 1.0}, 2.0, "1-1"
			mark := map[string]any{"kind": "mark", "rule": "T-M2", "player": e["player"], "other": 1 - e["player"].(float64), "amount": 11.0,
				"from": -1.0, "to": -1.0, "trackFrom": -1.0, "trackTo": -1.0, "number": 0.0}
			m["events"] = append([]any{e, mark}, evs(m)[1:]...)
		}, "events[0] is the throw 1-1, but the dice of this state are 4-1"),
		gametest.Edit("a throw by the other player", afterThrow, func(m map[string]any) {
			ev(m, 0)["player"] = 1 - ev(m, 0)["player"].(float64)
		}, "events[0] is a throw by player"),
		gametest.Edit("more hit marks than the mover has", afterThrow, func(m map[string]any) { ev(m, 1)["amount"] = 12.0 }, "marks for the throw 4-1 (T-M1…T-M3), but he has"),
		gametest.Edit("a hit that is not there", afterThrow, func(m map[string]any) { m["events"] = append(evs(m), evs(m)[1]) }, "(T-M1…T-M3)"),
		gametest.Edit("a hit left out", afterThrow, func(m map[string]any) { m["events"] = evs(m)[:1] }, "the events end after 1"),
		gametest.Edit("a step by another die", afterPlay, func(m map[string]any) {
			e := ev(m, 1)
			e["number"] = float64(int(e["number"].(float64))%6 + 1)
		}, "the play"),
		gametest.Edit("a step from elsewhere", afterPlay, func(m map[string]any) {
			e := ev(m, 0)
			e["trackFrom"], e["from"], e["trackTo"], e["to"] = 24.0, 24.0-float64(25*int(e["player"].(float64))), 25.0, 25.0
		}, ""),
		gametest.Edit("a third step", afterPlay, func(m map[string]any) { m["events"] = append([]any{evs(m)[0], evs(m)[0]}, evs(m)[1:]...) }, "a play is a pass or at most two steps"),
		gametest.Edit("an unplayable number of 7 marks", afterPass, func(m map[string]any) { ev(m, 1)["amount"] = 7.0 }, ""),
		gametest.Edit("a pass with one unplayable number", afterPass, func(m map[string]any) { m["events"] = append(evs(m)[:2:2], evs(m)[3:]...) }, ""),
		gametest.Edit("another Rest", afterGoOn, func(m map[string]any) { ev(m, 0)["amount"] = ev(m, 0)["amount"].(float64) - 1 }, "player"),
		gametest.Edit("afresh instead of going on", afterGoOn, func(m map[string]any) { ev(m, 0)["note"] = "afresh" }, "afresh"),
		gametest.Edit("another multiplier", afterEnd, func(m map[string]any) {
			for _, e := range evs(m) {
				if e := e.(map[string]any); e["rule"] == "T-W2" {
					e["amount"] = float64(int(e["amount"].(float64))%4 + 1)
				}
			}
		}, ""),
		gametest.Edit("events of no move", afterPlay, func(m map[string]any) { m["events"] = evs(m)[len(evs(m))-1:] }, ""),
	}, func() *Game { return new(Game) }, func(g *Game) bool { return g.phase == phaseZero })
}

// eventCase names the Apply whose events g holds, for the coverage of the
// checks of events against their state.
func eventCase(g *Game) string {
	if len(g.events) == 0 {
		return "none"
	}
	switch e := g.events[0]; {
	case e.Kind == brettspiel.EventThrow && e.Rule != "":
		return "draw"
	case e.Kind == brettspiel.EventThrow && hasEvent(g, brettspiel.EventEnd, "T-W2"):
		return "throw ending the Partie"
	case e.Kind == brettspiel.EventThrow:
		return "throw"
	case e.Kind == brettspiel.EventDecide:
		return "decision " + e.Note
	case hasEvent(g, EventSetup, "T-B4"):
		return "new Marsch"
	case hasEvent(g, brettspiel.EventEnd, "T-W2"):
		return "play ending the Partie"
	}
	return "play"
}

// loadsAlike decodes g's JSON and ID and wants g back, events included.
func loadsAlike(g *Game) string {
	data, err := json.Marshal(g)
	if err != nil {
		return err.Error()
	}
	var back Game
	if err := back.UnmarshalJSON(data); err != nil {
		return "JSON: " + err.Error() + "\n" + string(data)
	}
	if back.ID() != g.ID() || len(back.events) != len(g.events) {
		return "JSON: another state"
	}
	for i := range g.events {
		if !back.events[i].Equal(g.events[i]) {
			return "JSON: other events"
		}
	}
	if _, err := ParseID(g.ID()); err != nil {
		return "ID: " + err.Error()
	}
	return ""
}

// Every state that play reaches, under every preset and the custom rules,
// loads from its JSON with its events and from its ID: the checks of what
// cannot arise refuse none of them. Every kind of Apply comes up.
func TestStatesOfPlayLoadWithTheirEvents(t *testing.T) {
	seen := map[string]int{}
	games := conformance.Games(1, 200)
	for i, v := range variants() {
		o := v.o
		o.Partien = 2
		for seed := range uint64(2 * games) {
			policy := brettspiel.RandomPolicy
			if seed%2 == 1 {
				policy = carefulPolicy
			}
			states := 0
			walk(t, o, seed+uint64(1000*i), policy, func(g *Game) {
				c := eventCase(g)
				seen[c]++
				// Every state with BRETTSPIEL_LONG set; by default the
				// first three of each kind and every third state.
				if states++; seen[c] > 3 && states%conformance.Games(3, 1) != 0 {
					return
				}
				if msg := loadsAlike(g); msg != "" {
					t.Fatalf("%s, seed %d: %s\n%s", v.name, seed, msg, g)
				}
			})
		}
	}
	t.Logf("states by the Apply before them: %v", seen)
	for _, k := range []string{"draw", "throw", "throw ending the Partie", "play", "play ending the Partie", "new Marsch", "decision afresh", "decision go on with the Rest"} {
		if seen[k] == 0 {
			t.Errorf("no state after a %s", k)
		}
	}
}

// A rapid property: in matches whose every throw and move rapid chooses,
// under every preset and the custom rules, every state loads from its JSON
// with its events and from its ID.
func TestRapidStatesOfPlayLoad(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.SampledFrom(variants()).Draw(rt, "variant")
		o := v.o
		o.Partien = rapid.IntRange(1, 3).Draw(rt, "partien")
		g, err := New(o)
		if err != nil {
			rt.Fatal(err)
		}
		for step := 0; g.ToMove() != brettspiel.Terminal; step++ {
			if msg := loadsAlike(g); msg != "" {
				rt.Fatalf("%s, step %d: %s\n%s", v.name, step, msg, g)
			}
			legal := g.LegalMoves()
			if err := g.Apply(legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "move")]); err != nil {
				rt.Fatal(err)
			}
		}
		if msg := loadsAlike(g); msg != "" {
			rt.Fatalf("%s, at the end: %s\n%s", v.name, msg, g)
		}
	})
}

package festung

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// statesOfPlay plays seeded games of two, three, five and six players and
// keeps every state after an Apply; stop says when a game has given enough
// (nil: play it to its end).
func statesOfPlay(t testing.TB, games int, stop func(g *Game) bool) []*Game {
	choose := func(r *rand.Rand, legal []brettspiel.Move) brettspiel.Move { return legal[r.IntN(len(legal))] }
	opts := []Options{ForPlayers(2), ForPlayers(3), {Players: 5, Stock: 4}, {Players: 6, TurnCap: 60}}
	return gametest.PlayedStates(t, opts, New, games, choose, (*Game).clone, stop)
}

// find returns the first state of play that ok accepts.
func find(t *testing.T, name string, ok func(g *Game) bool) *Game {
	t.Helper()
	return gametest.Reached(t, name, statesOfPlay(t, 5, ok), ok)
}

func kinds(g *Game) map[brettspiel.EventKind]int {
	n := map[brettspiel.EventKind]int{}
	for _, e := range g.Events() {
		n[e.Kind]++
	}
	return n
}

// Item 7 of the hardening report: the events of a state's JSON were checked
// only against bounds, so a throw of 6-6-6 and a payment of 17 stood in a
// state whose pending throw is 2-1-5. The events of the last Apply must be
// those that the Apply gives in this state.
func TestJSONRefusesEventsThatDisagreeWithTheState(t *testing.T) {
	pending := find(t, "a throw awaiting a decision", func(g *Game) bool { return g.throw.L != 0 })
	doublet := find(t, "a small doublet resolved", func(g *Game) bool {
		return len(g.events) > 0 && g.Events()[0].Kind == brettspiel.EventThrow && g.throw.L == 0 && kinds(g)[brettspiel.EventPay] > 0
	})
	decided := find(t, "a decision", func(g *Game) bool { return len(g.events) > 0 && g.Events()[0].Kind == brettspiel.EventDecide })
	fresh := newGame(t, doublet.opts.Players)
	evs, ev := gametest.Events, gametest.Event
	pay17 := map[string]any{"kind": "pay", "rule": "F-B3", "player": 0, "other": 1, "amount": 17, "from": -1, "to": -1, "trackFrom": -1, "trackTo": -1, "number": 12}
	gametest.EventEditsAreRefused(t, []gametest.EventEdit[*Game]{
		gametest.Edit("the report's 6-6-6 and a payment of 17", pending, func(m map[string]any) {
			e := ev(m, 0)
			e["dice"], e["number"] = []int{6, 6, 6}, 18
			pay17["player"] = e["player"]
			m["events"] = append(evs(m), pay17)
		}, fmt.Sprintf("events[0] is the throw 6/6-6, but the throw awaiting seat %d's decision is %v", pending.turn, pending.throw)),
		gametest.Edit("a payment before the decision", pending, func(m map[string]any) {
			pay17["player"] = ev(m, 0)["player"]
			m["events"] = append(evs(m), pay17)
		}, "events[1] is a pay event, but the throw "+pending.throw.String()+" awaits its thrower's decision"),
		gametest.Edit("a throw by another seat", pending, func(m map[string]any) {
			ev(m, 0)["player"] = (int(ev(m, 0)["player"].(float64)) + 1) % pending.opts.Players
		}, "throw"),
		gametest.Edit("a payment of another amount", doublet, func(m map[string]any) {
			for _, e := range evs(m) {
				if e := e.(map[string]any); e["kind"] == "pay" {
					e["amount"] = e["amount"].(float64) + 1
					return
				}
			}
		}, "in this state gives"),
		gametest.Edit("a payment left out", doublet, func(m map[string]any) {
			for i, e := range evs(m) {
				if e.(map[string]any)["kind"] == "pay" {
					m["events"] = append(evs(m)[:i:i], evs(m)[i+1:]...)
					return
				}
			}
		}, ""),
		gametest.Edit("another throw", doublet, func(m map[string]any) {
			e := ev(m, 0)
			d := e["dice"].([]any)
			d[0] = float64(int(d[0].(float64))%6 + 1)
			e["number"] = d[0].(float64) + d[1].(float64) + d[2].(float64)
		}, ""),
		gametest.Edit("a decision on another field", decided, func(m map[string]any) {
			e := ev(m, 0)
			e["note"] = "fortress 4"
		}, ""),
		gametest.Edit("the setup's events after a throw", doublet, func(m map[string]any) {
			data, _ := json.Marshal(fresh.Events())
			var setup []any
			_ = json.Unmarshal(data, &setup)
			m["events"] = setup
		}, "the events are the setup's (F-S1), but a throw has been made since"),
		gametest.Edit("events of no move", doublet, func(m map[string]any) { m["events"] = evs(m)[1:] }, "but the events of a move begin with its throw or its thrower's decision"),
	}, func() *Game { return new(Game) }, func(g *Game) bool { return g.zero() })
}

// Every state of play, after every kind of Apply and with any number of
// players, loads from its JSON with its events: the states after a decision,
// or that await one or end the game, and every tenth of the others
// (BRETTSPIEL_LONG=1: every state of more games).
func TestStatesOfPlayLoadWithTheirEvents(t *testing.T) {
	seen := map[string]int{}
	for i, g := range statesOfPlay(t, conformance.Games(1, 10), nil) {
		if g.throw.L == 0 && g.Events()[0].Kind == brettspiel.EventThrow && g.ToMove() != brettspiel.Terminal && i%10 != 0 && !conformance.Long() {
			continue
		}
		gametest.LoadsFromJSON(t, g, func() *Game { return new(Game) })
		k := string(g.Events()[0].Kind)
		if g.throw.L != 0 {
			k += " awaiting a decision"
		}
		if g.ToMove() == brettspiel.Terminal {
			k += " ending the game"
		}
		seen[k]++
	}
	t.Logf("states by the Apply before them: %v", seen)
	for _, k := range []string{"throw", "throw awaiting a decision", "decide", "throw ending the game"} {
		if seen[k] == 0 {
			t.Errorf("no state after a %s", k)
		}
	}
}

// eventsFit says what in accepted events evs does not fit the state g that
// play reached, or "": what any Apply's events and its state share, stated
// apart from the decoder. A throw awaiting a decision is the only event of
// its Apply, by its thrower, with its dice; otherwise the throw and what it
// moves are the last thrower's (seat 0 throws first, the dice go round), and
// a payment is what its rule pays for the dice thrown: the small doublet's
// number (F-B3), 1 for an empty battery (F-B4) and for a Pasch of ones
// (F-C5), the Pasch count (F-C2, F-C4), 6 for the fifth (F-C3).
func eventsFit(g *Game, evs []brettspiel.Event) string {
	n := g.opts.Players
	if len(evs) == 0 { // a state loaded from its ID, or from JSON without events
		return ""
	}
	if g.throw.L != 0 {
		if len(evs) != 1 || evs[0].Kind != brettspiel.EventThrow || evs[0].Player != g.turn || len(evs[0].Dice) != 3 ||
			(dice.Throw3{L: uint8(evs[0].Dice[0]), A: uint8(evs[0].Dice[1]), B: uint8(evs[0].Dice[2])}) != g.throw {
			return fmt.Sprintf("events %v at a decision on %v by seat %d", evs, g.throw, g.turn)
		}
		return ""
	}
	if evs[0].Kind == brettspiel.EventPlace {
		return ""
	}
	thrower := brettspiel.Player((g.throws - 1) % n)
	var t dice.Throw3
	for i, e := range evs {
		switch e.Kind {
		case brettspiel.EventThrow:
			t = dice.Throw3{L: uint8(e.Dice[0]), A: uint8(e.Dice[1]), B: uint8(e.Dice[2])}
			fallthrough
		case brettspiel.EventDecide, brettspiel.EventTake, brettspiel.EventPlace, EventConquer:
			if e.Player != thrower {
				return fmt.Sprintf("events[%d]: a %s by seat %d after seat %d's throw", i, e.Kind, e.Player, thrower)
			}
		case brettspiel.EventPay:
			a := int(t.A)
			ok := e.Player == thrower && e.Other != thrower
			switch e.Rule {
			case "F-B3":
				ok = ok && (t.L == 0 || (t.A == t.B && e.Amount == a))
			case "F-B4", "F-C5":
				ok = ok && e.Amount == 1
			case "F-C2", "F-C4":
				ok = ok && e.Amount >= 1 && e.Amount <= 4 && (t.L == 0 || t.IsPasch())
			case "F-C3":
				ok = ok && e.Amount == 6 && (t.L == 0 || t.IsPasch())
			default:
				ok = false
			}
			if !ok {
				return fmt.Sprintf("events[%d]: seat %d pays seat %d %d by %s after the throw %v", i, e.Other, e.Player, e.Amount, e.Rule, t)
			}
		}
	}
	return ""
}

// mutateEvent changes evs (a copy of a state's events) by one edit: field
// picks what, at which event, value by how much or to what. Edits that keep
// an event's own shape (a throw's three dice with their sum, a field with
// its name in both coordinates) reach the checks against the state.
func mutateEvent(evs []brettspiel.Event, players int, at, field uint8, value int16) []brettspiel.Event {
	i := int(at) % len(evs)
	e := &evs[i]
	v := int(value)
	ks := eventLimits.Kinds
	rules := []string{"", "F-S1", "F-A2", "F-A3", "F-B1", "F-B2", "F-B3", "F-B4", "F-C1", "F-C2", "F-C3", "F-C4", "F-C5"}
	pos := func(x int) int { return (x%1000 + 1000) % 1000 }
	switch field % 12 {
	case 0:
		e.Kind = ks[pos(v)%len(ks)]
	case 1:
		e.Rule = rules[pos(v)%len(rules)]
	case 2:
		e.Player = brettspiel.Player(pos(v) % players)
	case 3:
		e.Other = brettspiel.Player(pos(v) % players)
	case 4:
		e.Amount += v % 20
	case 5:
		e.Number += v % 8
	case 6: // another throw, with its sum
		t := dice.Throw3{L: uint8(pos(v)%6 + 1), A: uint8(pos(v>>3)%6 + 1), B: uint8(pos(v>>6)%6 + 1)}
		t.A, t.B = min(t.A, t.B), max(t.A, t.B)
		e.Dice, e.Number = []int{int(t.L), int(t.A), int(t.B)}, t.Sum()
	case 7: // another field, named, in both coordinates
		x := 1 + pos(v)%NumFields
		if e.From != brettspiel.NoPlace || v&1 == 0 {
			e.From, e.TrackFrom, e.FromName = x, x, fieldName(x)
		} else {
			e.To, e.TrackTo, e.ToName = x, x, fieldName(x)
		}
	case 8, 9, 10: // an event dropped, given twice, swapped with the next
		return gametest.Reorder(evs, i, int(field%12)-8)
	case 11: // a payment the Apply did not make
		p := brettspiel.Event{Kind: brettspiel.EventPay, Rule: rules[6+pos(v)%7], Player: e.Player, Other: brettspiel.Player(pos(v>>4) % players),
			Amount: 1 + pos(v>>7)%17, From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace}
		return append(evs[:i:i], append([]brettspiel.Event{p}, evs[i:]...)...)
	}
	return evs
}

var sameEvents = gametest.SameEvents

// FuzzEventsAgainstState edits one event of a state reached in play and
// loads the state's JSON with the edited events: it is refused with a
// *brettspiel.Error and the game is left alone, or the events fit the state
// (eventsFit) and the state loads as it was. The state with its own events
// always loads. Decoders that only bounded each event, as before, accept a
// throw of 6-6-6 and a payment of 17 in a state whose pending throw is
// another (item 7 of the hardening report).
func FuzzEventsAgainstState(f *testing.F) {
	states := statesOfPlay(f, 1, nil)
	for i := range 40 {
		f.Add(uint16(i*53), uint8(i), uint8(i%12), int16(i*29-300))
	}
	f.Fuzz(func(t *testing.T, pick uint16, at, field uint8, value int16) {
		g := states[int(pick)%len(states)]
		evs := mutateEvent(g.Events(), g.opts.Players, at, field, value)
		if sameEvents(evs, g.Events()) {
			return
		}
		if !gametest.WithEventsLoads(t, g, evs, func() *Game { return new(Game) }, func(g *Game) bool { return g.zero() }) {
			return
		}
		if msg := eventsFit(g, evs); msg != "" {
			t.Fatalf("accepted events that do not fit the state: %s\nreal events: %v\nedited: %v\n%s", msg, g.Events(), evs, g)
		}
	})
}

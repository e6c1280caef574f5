package toccateglio

import (
	"fmt"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// played is a state reached in play with the state before its last Apply.
type played struct{ prev, g *Game }

// playedStates walks seeded matches under every preset and the custom rules
// and keeps every state that follows an Apply with events, with the state
// before it.
func playedStates(t testing.TB) []played {
	var out []played
	for i, v := range variants() {
		o := v.o
		o.Partien = 2
		for seed := range uint64(2) {
			policy := brettspiel.RandomPolicy
			if seed == 1 {
				policy = carefulPolicy
			}
			var prev *Game
			walk(t, o, seed+uint64(50*i), policy, func(g *Game) {
				if prev != nil && len(g.events) > 0 {
					out = append(out, played{prev, g.Clone().(*Game)})
				}
				prev = g.Clone().(*Game)
			})
		}
	}
	return out
}

// mutateEvent changes evs (a copy of a state's events) by one edit: field
// picks what, at which event, value by how much or to what. Edits that keep
// an event's own shape (a throw's dice with their number and note, a place
// in both coordinates) reach the checks against the state.
func mutateEvent(evs []brettspiel.Event, at, field uint8, value int16) []brettspiel.Event {
	i := int(at) % len(evs)
	e := &evs[i]
	v := int(value)
	rules := []string{"", "T-M1", "T-M2", "T-M3", "T-D7", "T-J1", "T-J2", "T-J3", "T-B3", "T-B4", "T-W2", "T-W3", "T-W4", "T-S3", "T-D2", "T-H3"}
	switch field % 14 {
	case 0:
		e.Kind = eventKinds[(v%len(eventKinds)+len(eventKinds))%len(eventKinds)]
	case 1:
		e.Rule = rules[(v%len(rules)+len(rules))%len(rules)]
	case 2:
		e.Player = brettspiel.Player(v%2+2) % 2
	case 3:
		e.Other = brettspiel.Player(v%2+2) % 2
	case 4:
		e.Amount += v % 16
	case 5:
		e.Number += v % 8
	case 6: // another throw, with its number and note
		hi, lo := uint8((v&0xff)%6+1), uint8((v>>8&0xff)%6+1)
		hi, lo = max(hi, lo), min(hi, lo)
		e.Dice, e.Number, e.Note = []int{int(hi), int(lo)}, int(hi+lo), throwNote(hi, lo)
	case 7: // another place of the same player, in both coordinates
		x := (v%26 + 26) % 26
		if v&1 == 0 {
			e.TrackFrom, e.From = x, absPoint(e.Player, x)
		} else {
			e.TrackTo, e.To = x, absPoint(e.Player, x)
		}
	case 8, 9, 10: // an event dropped, given twice, swapped with the next
		return gametest.Reorder(evs, i, int(field%14)-8)
	case 11: // a mark the Apply did not give
		m := ev(brettspiel.EventMark, rules[1+(v&7)%8], brettspiel.Player(v>>3&1), brettspiel.Player(1-v>>3&1))
		m.Amount = 1 + (v>>4&0xf)%12
		return append(evs[:i:i], append([]brettspiel.Event{m}, evs[i:]...)...)
	case 12:
		e.Note = []string{"", "afresh", "go on with the Rest", "hit", "Marsch", "Partie won", "match over"}[(v%7+7)%7]
	case 13: // the player of the event and of its places, in both coordinates
		p := brettspiel.Player(v%2+2) % 2
		e.Player = p
		if e.TrackFrom != brettspiel.NoPlace {
			e.From = absPoint(p, e.TrackFrom)
		}
		if e.TrackTo != brettspiel.NoPlace {
			e.To = absPoint(p, e.TrackTo)
		}
	}
	return evs
}

var sameEvents = gametest.SameEvents

// agreeWithState says what in accepted events evs disagrees with the state g
// that play reached from prev, or "". What any Apply's events and its state
// share: the thrower's throw shows the dice of the state and its thrower;
// no player gets more marks than he has, but after a decision; the end of a
// Partie takes its multiplier from the loser's marks (T-W2). The events of a
// throw or a decision, when they still report the same kind of Apply, are
// those of a move from prev: the state before a throw or a decision follows
// from the state after it.
func agreeWithState(prev, g *Game, evs []brettspiel.Event) string {
	decided := false
	var marks [2]int
	for _, e := range evs {
		switch {
		case e.Kind == brettspiel.EventThrow && e.Rule == "" && len(e.Dice) == 2:
			if g.dice != [2]uint8{uint8(e.Dice[0]), uint8(e.Dice[1])} || e.Player != g.turn {
				return fmt.Sprintf("a throw %v by %d in a state with the dice %v and the turn %d", e.Dice, e.Player, g.dice, g.turn)
			}
		case e.Kind == brettspiel.EventDecide:
			decided = true
		case e.Kind == brettspiel.EventMark && (e.Player == 0 || e.Player == 1):
			marks[e.Player] += e.Amount
		case e.Kind == brettspiel.EventEnd && e.Rule == "T-W2" && (e.Other == 0 || e.Other == 1):
			if l := int(g.marks[e.Other]); e.Number != l || e.Amount != g.opts.Multipliers.Multiplier(l) {
				return fmt.Sprintf("the end of a Partie by %d strokes for %d marks, the loser having %d", e.Amount, e.Number, l)
			}
		}
	}
	for p := range 2 {
		if !decided && marks[p] > int(g.marks[p]) {
			return fmt.Sprintf("the events give player %d %d marks, but he has %d", p, marks[p], g.marks[p])
		}
	}
	real := g.events[0]
	if (real.Kind != brettspiel.EventThrow && real.Kind != brettspiel.EventDecide) || len(evs) == 0 || evs[0].Kind != real.Kind || evs[0].Rule != real.Rule {
		return ""
	}
	for _, m := range prev.LegalMoves() {
		c := prev.Clone().(*Game)
		if err := c.Apply(m); err == nil && c.ID() == g.ID() && sameEvents(c.events, evs) {
			return ""
		}
	}
	return "the events are those of no move from the state before"
}

// FuzzEventsAgainstState edits one event of a state reached in play and
// loads the state's JSON with the edited events: it is refused with a
// *brettspiel.Error, or the events agree with the state (agreeWithState).
// The state with its own events always loads. Decoders that only bounded
// each event, as before, accept a throw of 1-1 in a state whose dice are
// 4-1 (item 7 of the hardening report).
func FuzzEventsAgainstState(f *testing.F) {
	states := playedStates(f)
	for i := range 40 {
		f.Add(uint16(i*37), uint8(i), uint8(i%14), int16(i*13-100))
	}
	f.Fuzz(func(t *testing.T, pick uint16, at, field uint8, value int16) {
		s := states[int(pick)%len(states)]
		evs := mutateEvent(s.g.Events(), at, field, value)
		if sameEvents(evs, s.g.events) {
			return
		}
		if !gametest.WithEventsLoads(t, s.g, evs, func() *Game { return new(Game) }, func(g *Game) bool { return g.phase == phaseZero }) {
			return
		}
		if msg := agreeWithState(s.prev, s.g, evs); msg != "" {
			t.Fatalf("accepted events that disagree with the state: %s\nreal events: %v\nedited: %v\n%s", msg, s.g.events, evs, s.g)
		}
	})
}

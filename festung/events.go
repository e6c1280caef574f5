package festung

import (
	"math"
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
)

// The events a Game keeps. A throw of the Festungsspiel makes half a dozen
// events and more, and every copy of a game (a clone for a bot's search, a
// position a history keeps) copies the events of its last Apply with it.
// A brettspiel.Event is 176 bytes; the events of this game are of a few
// kinds, rules and notes, their places are fields and their numbers small,
// so a Game keeps each in 16 bytes, and Events builds the
// brettspiel.Events from them.

// kindID is an event's kind, an index into eventKinds.
type kindID uint8

const (
	kindThrow kindID = iota
	kindDecide
	kindTake
	kindPlace
	kindPay
	kindBuy
	kindConquer
	kindEnd
)

var eventKinds = [...]brettspiel.EventKind{
	kindThrow: brettspiel.EventThrow, kindDecide: brettspiel.EventDecide, kindTake: brettspiel.EventTake,
	kindPlace: brettspiel.EventPlace, kindPay: brettspiel.EventPay, kindBuy: EventBuy, kindConquer: EventConquer,
	kindEnd: brettspiel.EventEnd,
}

// ruleID is the rule of an event, an index into eventRules; ruleNone for none.
type ruleID uint8

const (
	ruleNone ruleID = iota
	ruleA2
	ruleA3
	ruleB1
	ruleB2
	ruleB3
	ruleB4
	ruleC1
	ruleC2
	ruleC3
	ruleC4
	ruleC5
	ruleS1
)

var eventRules = [...]string{
	ruleNone: "", ruleA2: "F-A2", ruleA3: "F-A3", ruleB1: "F-B1", ruleB2: "F-B2", ruleB3: "F-B3", ruleB4: "F-B4",
	ruleC1: "F-C1", ruleC2: "F-C2", ruleC3: "F-C3", ruleC4: "F-C4", ruleC5: "F-C5", ruleS1: "F-S1",
}

// noteID is the note of an event, an index into eventNotes; noteNone for none.
// The notes of a decision are noteNone+f, for the fortress f.
type noteID uint8

const (
	noteNone noteID = iota
	noteFortress1
	noteFortress2
	noteFortress3
	noteFortress4
	noteBuy
	noteFifthPasch
	noteTurnCap
)

var eventNotes = [...]string{
	noteNone: "", noteFortress1: "take from fortress 1", noteFortress2: "take from fortress 2",
	noteFortress3: "take from fortress 3", noteFortress4: "take from fortress 4",
	noteBuy: "balance below zero", noteFifthPasch: "fifth Pasch", noteTurnCap: "turn cap",
}

// event is an event as a Game keeps it. From and To are fields or NoPlace,
// and each is its own track place, named by placeNames; a throw's dice are
// those of throwDice. The amounts fit in 32 bits: a balance is bounded by
// the stock (maxStock) and the markers of the plan.
type event struct {
	amount        int32
	kind          kindID
	rule          ruleID
	note          noteID
	player, other brettspiel.Player
	from, to      int8
	number        uint8
	throw         dice.Throw3 // the dice of a throw (kindThrow), as throwDice reads them
}

// appendEvents appends the brettspiel.Events of evs to dst, each with dice
// of its own.
func appendEvents(dst []brettspiel.Event, evs []event) []brettspiel.Event {
	for i := range evs {
		e := &evs[i]
		ev := brettspiel.Event{Kind: eventKinds[e.kind], Rule: eventRules[e.rule], Player: e.player, Other: e.other, Amount: int(e.amount),
			From: int(e.from), To: int(e.to), TrackFrom: int(e.from), TrackTo: int(e.to),
			FromName: placeNames[int(e.from)+1], ToName: placeNames[int(e.to)+1], Number: int(e.number), Note: eventNotes[e.note]}
		if e.kind == kindThrow {
			ev.Dice = append([]int(nil), throwDice[e.throw.L][e.throw.A][e.throw.B]...)
		}
		dst = append(dst, ev)
	}
	return dst
}

// packEvents returns evs as a Game keeps them, and false when one of them
// is no event that this game makes (a state read from JSON keeps those as
// they are).
func packEvents(evs []brettspiel.Event) ([]event, bool) {
	if evs == nil {
		return nil, true
	}
	out := make([]event, len(evs))
	for i := range evs {
		e := &evs[i]
		p := &out[i]
		k, r, n := slices.Index(eventKinds[:], e.Kind), slices.Index(eventRules[:], e.Rule), slices.Index(eventNotes[:], e.Note)
		if k < 0 || r < 0 || n < 0 || e.From < brettspiel.NoPlace || e.From > NumFields || e.To < brettspiel.NoPlace || e.To > NumFields ||
			e.Number < 0 || e.Number > math.MaxUint8 || e.Amount < math.MinInt32 || e.Amount > math.MaxInt32 {
			return nil, false
		}
		*p = event{kind: kindID(k), rule: ruleID(r), note: noteID(n), player: e.Player, other: e.Other, amount: int32(e.Amount),
			from: int8(e.From), to: int8(e.To), number: uint8(e.Number)}
		if len(e.Dice) == 3 && e.Dice[0] >= 1 && e.Dice[0] <= 6 && e.Dice[1] >= 1 && e.Dice[1] <= 6 && e.Dice[2] >= 1 && e.Dice[2] <= 6 {
			p.throw = dice.Throw3{L: uint8(e.Dice[0]), A: uint8(e.Dice[1]), B: uint8(e.Dice[2])}
		}
	}
	// what does not come back as it was is no event of this game
	back := appendEvents(nil, out)
	for i := range evs {
		if !back[i].Equal(evs[i]) || (back[i].Dice == nil) != (evs[i].Dice == nil) {
			return nil, false
		}
	}
	return out, true
}

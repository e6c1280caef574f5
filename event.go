package brettspiel

import (
	"strconv"
	"strings"
)

// EventKind says what sort of thing an [Event] reports. Variant packages add
// kinds of their own; the kinds below are shared.
type EventKind string

// Shared event kinds.
const (
	EventThrow   EventKind = "throw"    // a chance outcome was applied
	EventMove    EventKind = "move"     // a stone moved From → To by Number
	EventPass    EventKind = "pass"     // the player could not play
	EventMark    EventKind = "mark"     // Player scored Amount marks
	EventHit     EventKind = "hit"      // a stone of Other was hit at To
	EventEnter   EventKind = "enter"    // a stone entered at To
	EventBearOff EventKind = "bear-off" // a stone was borne off from From
	EventPay     EventKind = "pay"      // Other paid Player Amount
	EventTake    EventKind = "take"     // Player took Amount from field From
	EventPlace   EventKind = "place"    // Player placed Amount on field To
	EventDecide  EventKind = "decide"   // Player took a decision
	EventEnd     EventKind = "end"      // a round or the game ended; Player won
)

// NoPlace fills From or To when an event concerns no point or field.
const NoPlace = -1

// Event is one thing that an Apply did, with the rule that made it happen.
// Points are in the track of Player unless the variant says otherwise; fields of
// a plan are the variant's field numbers.
//
// In JSON an event is an object with the keys of its fields in lower case;
// players are seat numbers (−1 chance, −3 nobody) and rule and note are left
// out when empty.
type Event struct {
	Kind   EventKind `json:"kind"`
	Rule   string    `json:"rule,omitempty"` // rule ID of RULES.md, e.g. "T-M2"; empty for plain bookkeeping
	Player Player    `json:"player"`         // whom the event concerns: who scores, receives, moves
	Other  Player    `json:"other"`          // the counterpart (who pays, whose stone is hit), or Nobody
	Amount int       `json:"amount"`         // marks, markers, stones, strokes
	From   int       `json:"from"`           // a point or field, or NoPlace
	To     int       `json:"to"`             // a point or field, or NoPlace
	Number int       `json:"number"`         // the number (die, or dice combined) that did it; 0 if none
	Note   string    `json:"note,omitempty"` // a short fixed explanation, may be empty
}

// String renders the event for a log, e.g.
// "player 0 mark 2: 3→13 by 10 (T-M2)".
func (e Event) String() string {
	var b strings.Builder
	b.WriteString(e.Player.String())
	b.WriteByte(' ')
	b.WriteString(string(e.Kind))
	if e.Amount != 0 {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(e.Amount))
	}
	if e.Other != Nobody && e.Other != e.Player {
		b.WriteString(" (")
		b.WriteString(e.Other.String())
		b.WriteByte(')')
	}
	if e.From != NoPlace || e.To != NoPlace {
		b.WriteString(": ")
		if e.From != NoPlace {
			b.WriteString(strconv.Itoa(e.From))
		}
		b.WriteString("→")
		if e.To != NoPlace {
			b.WriteString(strconv.Itoa(e.To))
		}
	}
	if e.Number != 0 {
		b.WriteString(" by ")
		b.WriteString(strconv.Itoa(e.Number))
	}
	if e.Note != "" {
		b.WriteString(", ")
		b.WriteString(e.Note)
	}
	if e.Rule != "" {
		b.WriteString(" (")
		b.WriteString(e.Rule)
		b.WriteByte(')')
	}
	return b.String()
}

package brettspiel

import (
	"slices"
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

// Event is one thing that an Apply did, with the rule that made it happen.
//
// From and To are in the coordinates in which the game is drawn: in the race
// games the absolute points 1…24 (player 0's track, the numbering of
// [Step.From]) or [Bar] and [Off] (Toccadille's hand is the bar's place); in the Festungsspiel the field's
// number (its FieldID). TrackFrom and TrackTo are the same places in the
// track of Player, the numbering of the race games' notation; in a game
// without tracks they equal From and To. FromName and ToName name a place
// that is no plain point: "bar", "hand" or "off", or a field of the plan
// ("W3.IV").
//
// In JSON an event is an object with the keys of its fields in lower camel
// case; players are seat numbers (−1 chance, −3 nobody); rule, note, dice
// and the names are left out when empty.
type Event struct {
	Kind      EventKind `json:"kind"`
	Rule      string    `json:"rule,omitempty"` // rule ID (see rules/rules.md), e.g. "T-M2"; empty for plain bookkeeping
	Player    Player    `json:"player"`         // whom the event concerns: who scores, receives, moves
	Other     Player    `json:"other"`          // the counterpart (who pays, whose stone is hit), or Nobody
	Amount    int       `json:"amount"`         // marks, markers, stones, strokes
	From      int       `json:"from"`           // a point or field, or NoPlace
	To        int       `json:"to"`             // a point or field, or NoPlace
	TrackFrom int       `json:"trackFrom"`      // From in Player's track, or NoPlace
	TrackTo   int       `json:"trackTo"`        // To in Player's track, or NoPlace
	FromName  string    `json:"fromName,omitempty"`
	ToName    string    `json:"toName,omitempty"`
	Number    int       `json:"number"`         // the number (die, or dice combined) that did it; 0 if none
	Dice      []int     `json:"dice,omitempty"` // the numbers thrown, for a throw (large die first in the Festungsspiel)
	Note      string    `json:"note,omitempty"` // a short fixed explanation, may be empty
}

// Equal reports whether e and f are the same event.
func (e Event) Equal(f Event) bool {
	if len(e.Dice) != len(f.Dice) {
		return false
	}
	for i := range e.Dice {
		if e.Dice[i] != f.Dice[i] {
			return false
		}
	}
	return e.Kind == f.Kind && e.Rule == f.Rule && e.Player == f.Player && e.Other == f.Other &&
		e.Amount == f.Amount && e.From == f.From && e.To == f.To && e.TrackFrom == f.TrackFrom &&
		e.TrackTo == f.TrackTo && e.FromName == f.FromName && e.ToName == f.ToName &&
		e.Number == f.Number && e.Note == f.Note
}

// String renders the event for a log in the board's coordinates, e.g.
// "player 0 mark 2: 3→13 by 10 (T-M2)", "player 1 move: bar→5 by 5",
// "player 0 take 1: W3.IV→".
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
		writePlace(&b, e.From, e.FromName)
		b.WriteString("→")
		writePlace(&b, e.To, e.ToName)
	}
	if len(e.Dice) > 0 {
		b.WriteString(" ")
		for i, d := range e.Dice {
			if i > 0 {
				b.WriteByte('-')
			}
			b.WriteString(strconv.Itoa(d))
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

func writePlace(b *strings.Builder, place int, name string) {
	switch {
	case name != "":
		b.WriteString(name)
	case place != NoPlace:
		b.WriteString(strconv.Itoa(place))
	}
}

// cloneEvents returns a deep copy of evs: a new slice whose events have
// dice of their own, so that a caller who writes into it changes nothing
// it was copied from.
func cloneEvents(evs []Event) []Event {
	if evs == nil {
		return nil
	}
	out := slices.Clone(evs)
	for i := range out {
		if out[i].Dice != nil {
			out[i].Dice = slices.Clone(out[i].Dice)
		}
	}
	return out
}

package session

import (
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
)

// SeatName names a seat for a person: seats count from 1 for people ("Player
// 1" is seat 0), as players at a table count.
func SeatName(p brettspiel.Player) string {
	switch {
	case p >= 0:
		return "Player " + strconv.Itoa(int(p)+1)
	case p == brettspiel.Chance:
		return "The dice"
	}
	return "Nobody"
}

// place names a place of an event: its name where it has one ("bar",
// "W3.IV"), else the point's number.
func place(n int, name string) string {
	if name != "" {
		return name
	}
	return strconv.Itoa(n)
}

func plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Words says what an event did in a plain sentence for a frontend.s event
// list, e.g. "Player 1 moves a stone from 13 to 18 (5)." or "Player 2
// pays Player 1 3 markers." The board's coordinates are used throughout.
func Words(e brettspiel.Event) string {
	who, other := SeatName(e.Player), SeatName(e.Other)
	from, to := place(e.From, e.FromName), place(e.To, e.ToName)
	var s string
	switch e.Kind {
	case brettspiel.EventThrow:
		s = who + " throws " + dice(e)
	case brettspiel.EventMove:
		s = who + " moves a stone from " + from + " to " + to
		if e.Number != 0 {
			s += " (" + strconv.Itoa(e.Number) + ")"
		}
	case brettspiel.EventPass:
		s = who + " cannot play"
	case brettspiel.EventMark:
		s = who + " scores " + plural(e.Amount, "mark", "marks")
		if e.From != brettspiel.NoPlace && e.To != brettspiel.NoPlace {
			s += " for " + from + "→" + to
		}
	case brettspiel.EventHit:
		s = who + " hits " + other + "'s stone"
		if e.To != brettspiel.NoPlace {
			s += " on " + to
		}
	case brettspiel.EventEnter:
		s = who + " enters a stone on " + to
	case brettspiel.EventBearOff:
		s = who + " bears a stone off from " + from
	case brettspiel.EventPay:
		s = other + " pays " + who + " " + plural(e.Amount, "marker", "markers")
	case brettspiel.EventTake:
		s = who + " takes " + plural(e.Amount, "marker", "markers") + " from " + from
	case brettspiel.EventPlace:
		s = who + " places " + plural(e.Amount, "marker", "markers") + " on " + to
	case brettspiel.EventDecide:
		s = who + " decides"
	case brettspiel.EventEnd:
		if e.Player >= 0 {
			s = who + " wins"
		} else {
			s = "The game ends"
		}
	default:
		s = who + " " + strings.ReplaceAll(string(e.Kind), "-", " ")
		if e.Amount != 0 {
			s += " " + strconv.Itoa(e.Amount)
		}
		if e.From != brettspiel.NoPlace || e.To != brettspiel.NoPlace {
			s += " " + from + "→" + to
		}
	}
	if e.Note != "" && e.Kind != brettspiel.EventThrow {
		s += ": " + e.Note
	}
	return s + "."
}

// dice writes the numbers of a throw, from its Dice or, where an event
// gives none, from its note.
func dice(e brettspiel.Event) string {
	if len(e.Dice) == 0 {
		return e.Note
	}
	parts := make([]string, len(e.Dice))
	for i, d := range e.Dice {
		parts[i] = strconv.Itoa(d)
	}
	if len(parts) == 3 {
		// the large die, then the two small ones, as the notation has it
		return parts[0] + "/" + parts[1] + "-" + parts[2]
	}
	return strings.Join(parts, "-")
}

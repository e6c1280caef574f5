package main

// The sentences the program says to people: who a seat is, what an event
// did, how a game ended. Every sentence about the game's events passes
// through this file, so that their wording — and, later, their language —
// is chosen in one place.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	table "github.com/brettspiel/brettspiel/session"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// seatName names a seat as people count them: seat 0 is "Player 1".
func seatName(p brettspiel.Player) string { return table.SeatName(p) }

// eventSentence says what an event did, in the board's points, with the
// rule that caused it: "Player 2 moves a stone from 24 to 21 (3) (T-D2)."
func eventSentence(e brettspiel.Event) string {
	var s string
	switch {
	case e.Kind == brettspiel.EventEnd:
		s = endSentence(e)
	default:
		s = table.Words(e)
	}
	return withRule(s, e.Rule)
}

// withRule puts the ID of a rule before the full stop of a sentence.
func withRule(s, rule string) string {
	if rule == "" {
		return s
	}
	return strings.TrimSuffix(s, ".") + " (" + rule + ")."
}

// partieWords are the names of a Partie won by its multiplier (T-W2).
var partieWords = [...]string{1: "single", 2: "double", 3: "triple", 4: "quadruple"}

// endSentence says what an end event means for the players: a Partie or
// match won, a game won and how, a game stopped.
func endSentence(e brettspiel.Event) string {
	who := seatName(e.Player)
	switch {
	case e.Rule == "T-W2" && e.Amount >= 1 && e.Amount < len(partieWords):
		return fmt.Sprintf("%s wins a %s Partie (%s).", who, partieWords[e.Amount], plural(e.Amount, "stroke", "strokes"))
	case e.Rule == "T-W4" && e.Player >= 0:
		return fmt.Sprintf("%s wins the match by %s.", who, plural(e.Amount, "stroke", "strokes"))
	case e.Rule == "T-W4":
		return "The match ends level."
	case e.Note == "turn cap":
		return "The game stops: the turn cap is reached."
	case strings.HasPrefix(e.Rule, "V-") && e.Player >= 0:
		return fmt.Sprintf("%s wins %s (%s).", who, verkehrenEnding(e.Note), plural(e.Amount, "point", "points"))
	case e.Rule == "V-W4":
		return "The game is drawn: both players are Junker and neither can move again."
	case e.Rule == "F-C3":
		return fmt.Sprintf("%s throws the fifth Pasch: the game is over.", who)
	case e.Player >= 0:
		return who + " wins."
	}
	return "The game is over."
}

func plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}

// gameOver says how a finished game ended, for the players: who won what,
// in the game's unit, or that it is a draw.
func gameOver(g brettspiel.Game) string {
	r := g.Returns()
	switch g := g.(type) {
	case *toccateglio.Game:
		st := g.Strokes()
		switch {
		case g.Capped():
			return fmt.Sprintf("The game stopped at the turn cap, %d strokes to %d.", st[0], st[1])
		case st[0] == st[1]:
			return fmt.Sprintf("The match is drawn, %s each.", plural(st[0], "stroke", "strokes"))
		}
		w, l := 0, 1
		if st[1] > st[0] {
			w, l = 1, 0
		}
		return fmt.Sprintf("%s wins the match, %d strokes to %d.", seatName(brettspiel.Player(w)), st[w], st[l])
	case *verkehren.Game:
		e := g.Ending()
		if w, ok := g.Winner(); ok {
			return fmt.Sprintf("%s wins %s, %s.", seatName(w), verkehrenEnding(e.String()), plural(e.Points(), "point", "points"))
		}
		if e == verkehren.DrawnBothJunker {
			return "The game is drawn: both players are Junker and neither can move again."
		}
		return "The game stopped at the turn cap: nobody wins."
	case *festung.Game:
		var parts []string
		for p, v := range r {
			parts = append(parts, fmt.Sprintf("%s %+d", seatName(brettspiel.Player(p)), v))
		}
		how := "The game stopped at the turn cap."
		if w, ok := g.Winner(); ok {
			how = seatName(w) + " threw the fifth Pasch."
		}
		return how + " Result in markers: " + strings.Join(parts, ", ") + "."
	}
	for _, v := range r[1:] {
		if v != r[0] {
			return fmt.Sprintf("The game is over, returns %v.", r)
		}
	}
	return "The game is over: a draw."
}

// verkehrenEndings say how a Verkehren game was won, by the ending's name.
var verkehrenEndings = map[verkehren.Ending]string{
	verkehren.SingleGame:    "a single game, all stones borne off first",
	verkehren.Conceded:      "a single game, the opponent conceded",
	verkehren.DoubleJunker:  "a double game (Jan): the opponent is Junker and can never enter",
	verkehren.DoubleSixOff:  "a double game (Jan): the opponent is Junker with six or more stones off the board",
	verkehren.DoublePoint24: "a double game: all 15 stones on point 24 of the own track",
}

// verkehrenEnding says how a Verkehren game was won, from the ending's
// name (an end event's note).
func verkehrenEnding(name string) string {
	for e, s := range verkehrenEndings {
		if e.String() == name {
			return s
		}
	}
	return name
}

// unit names the unit of a game's returns, for the estimates of hint.
func unit(game string) string {
	switch game {
	case "toccateglio":
		return "strokes"
	case "verkehren":
		return "points"
	case "festung":
		return "markers"
	}
	return "points"
}

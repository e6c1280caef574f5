package toccateglio

import (
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// own builds a side from counts by track point; the stones not named go to
// rest (a point, 0 for the hand or 25 for borne off).
func own(o Options, rest int, m map[int]int) board.Side {
	var s board.Side
	n := 0
	for p, c := range m {
		s[p] += int8(c)
		n += c
	}
	stones := o.Stones
	if stones == 0 {
		stones = 15
	}
	s[rest] += int8(stones - n)
	return s
}

// opp builds the opponent's side from counts given in the other player's
// track (so that a test reads in one track); rest is in the opponent's own
// track.
func opp(o Options, rest int, m map[int]int) board.Side {
	mm := make(map[int]int, len(m))
	for p, c := range m {
		mm[25-p] = c
	}
	return own(o, rest, mm)
}

// load builds a game at a position with player 0 to move.
func load(t testing.TB, o Options, s0, s1 board.Side, dice [2]int, marks [2]int) *Game {
	t.Helper()
	g, err := FromPosition(o, Position{Stones: [2]board.Side{s0, s1}, Dice: dice, Marks: marks})
	if err != nil {
		t.Fatalf("FromPosition: %v", err)
	}
	return g
}

// plays returns the legal moves in notation.
var plays = gametest.Plays

// play applies a move given in notation.
func play(t testing.TB, g *Game, s string) []brettspiel.Event {
	t.Helper()
	gametest.MustPlay(t, g, s)
	return slices.Clone(g.Events())
}

// sumMarks adds the marks of the events for player p under rule ("" for any).
func sumMarks(evs []brettspiel.Event, p brettspiel.Player, rule string) int {
	n := 0
	for _, e := range evs {
		if e.Kind == brettspiel.EventMark && e.Player == p && (rule == "" || e.Rule == rule) {
			n += e.Amount
		}
	}
	return n
}

func wantPlays(t *testing.T, g *Game, want ...string) {
	t.Helper()
	if got := plays(g); !slices.Equal(got, want) {
		t.Errorf("plays of %v:\n got %q\nwant %q\n%v", g.Dice(), got, want, g)
	}
}

func hasPlay(g *Game, s string) bool { return slices.Contains(plays(g), s) }

func eventsString(evs []brettspiel.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.String())
		b.WriteString("\n")
	}
	return b.String()
}

// throwPairs lists the dice of the 21 throws of the table throws, in its
// order: higher die first.
var throwPairs = func() (t [21][2]uint8) {
	for i := range t {
		p := throws.Outcome(i).Move.Payload()
		t[i] = [2]uint8{uint8(p >> 3), uint8(p & 7)}
	}
	return t
}()

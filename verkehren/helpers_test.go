package verkehren

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// o converts the player's track point p into the opponent's track point:
// opponent stones are written "on my point p" as o(p).
func o(p int) int { return int(oppPoint[p]) }

// at builds a game in which player 0 is to play the throw d1-d2 (0-0: he is to
// throw). me and opp give track positions → stones (opp in the opponent's own
// track; use o for the mover's points); stones not given are borne off.
func at(t testing.TB, opts Options, d1, d2 int, me, opp map[int]int) *Game {
	t.Helper()
	var pos Position
	for p, m := range [2]map[int]int{me, opp} {
		n := 0
		for i, c := range m {
			pos.Stones[p][i] = c
			n += c
		}
		pos.Stones[p][off] += 15 - n
	}
	pos.Dice = [2]int{d1, d2}
	g, err := FromPosition(opts, pos)
	if err != nil {
		t.Fatalf("FromPosition: %v", err)
	}
	return g
}

// plays returns the legal moves in notation.
var plays = gametest.Plays

func hasPlay(g *Game, s string) bool { return slices.Contains(plays(g), s) }

// play parses and applies a move, failing the test on error.
var play = gametest.MustPlay

// refused checks that s does not parse as a legal move and that the error
// wraps want and mentions every word of mention.
func refused(t *testing.T, g *Game, s string, want error, mention ...string) {
	t.Helper()
	m, err := g.ParseMove(s)
	if err == nil {
		t.Fatalf("ParseMove(%q) = %v, want an error; legal: %q", s, g.MoveString(m), plays(g))
	}
	if !errors.Is(err, want) {
		t.Fatalf("ParseMove(%q) = %v, want %v", s, err, want)
	}
	for _, w := range mention {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("ParseMove(%q) = %v, want it to mention %q", s, err, w)
		}
	}
}

// results returns the mover's side after each legal play, as a map of track
// position → stones (borne-off stones left out).
func results(g *Game) []map[int]int {
	var out []map[int]int
	for _, m := range g.LegalMoves() {
		if m.Payload() == concedePayload {
			continue
		}
		c := g.clone()
		p := c.toMove
		if err := c.Apply(m); err != nil {
			panic(err)
		}
		out = append(out, sideMap(&c.b.Sides[p]))
	}
	return out
}

func sideMap(s *board.Side) map[int]int {
	m := map[int]int{}
	for i := 0; i < off; i++ {
		if s[i] > 0 {
			m[i] = int(s[i])
		}
	}
	return m
}

func eventsOf(g *Game, kind brettspiel.EventKind) []brettspiel.Event {
	var out []brettspiel.Event
	for _, e := range g.Events() {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// throwDice applies a throw at a chance node.
func throwDice(t *testing.T, g *Game, s string) {
	t.Helper()
	if g.ToMove() != brettspiel.Chance {
		t.Fatalf("throw %s: %v is to move", s, g.ToMove())
	}
	play(t, g, s)
}

// winnerOf is g's winner, Nobody when there is none.
func winnerOf(g *Game) brettspiel.Player {
	w, _ := g.Winner()
	return w
}

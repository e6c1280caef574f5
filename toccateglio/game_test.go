package toccateglio

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/google/go-cmp/cmp"
)

// TestZeroGameRefuses: a zero Game, made by no constructor, refuses every
// call that would play or report a game, and can be loaded into.
func TestZeroGameRefuses(t *testing.T) {
	isZero := func(x brettspiel.Game) bool {
		g, ok := x.(*Game)
		return ok && cmp.Equal(&Game{}, g, cmp.AllowUnexported(Game{}, schule{}))
	}
	gametest.ZeroGameRefuses(t, &Game{}, []brettspiel.Move{throwMove(6, 2), kit.NewMove(0, decideGoOn)}, []string{"6-2"}, isZero)
	n, _ := New(Tokkadille1853(16))
	gametest.LoadsIntoZero(t, n, func() *Game { return new(Game) })
}

// TestDiceTurnTurnsWinnerCapped: the accessors that the three games share.
func TestDiceTurnTurnsWinnerCapped(t *testing.T) {
	g, _ := New(Toccateglispiel())
	if g.Turn() != brettspiel.Nobody || g.Dice() != nil {
		t.Errorf("the draw: Turn %v, Dice %v", g.Turn(), g.Dice())
	}
	play(t, g, "6-2")
	play(t, g, "2-1")
	if g.Turn() != 0 || g.Dice() != nil || g.Turns() != 0 {
		t.Errorf("player 0 won the draw: Turn %v, Dice %v, Turns %d", g.Turn(), g.Dice(), g.Turns())
	}
	play(t, g, "5-3")
	if g.Turn() != 0 || !slices.Equal(g.Dice(), []int{5, 3}) {
		t.Errorf("player 0 plays 5-3: Turn %v, Dice %v", g.Turn(), g.Dice())
	}
	d := g.Dice()
	d[0] = 1
	if g.Dice()[0] != 5 {
		t.Error("Dice returns the game's own slice")
	}
	play(t, g, "1/4 1/6")
	if g.Turn() != 1 || g.Turns() != 1 {
		t.Errorf("after the play: Turn %v, Turns %d", g.Turn(), g.Turns())
	}
	if _, ok := g.Winner(); ok || g.Capped() {
		t.Error("a winner, or capped, before the end")
	}
	// The match to its end, over and over: the winner is the seat with the
	// more strokes; the turn cap ends a match capped.
	for seed := range uint64(20) {
		o := Toccateglispiel()
		if seed%2 == 1 {
			o.TurnCap = 5
		}
		g, _ := New(o)
		g.Simulate(rand.New(rand.NewPCG(seed, 9)))
		st := g.Strokes()
		w, ok := g.Winner()
		switch {
		case st[0] == st[1] && (ok || w != brettspiel.Nobody):
			t.Errorf("seed %d: strokes %v, winner %v", seed, st, w)
		case st[0] != st[1] && (!ok || st[w] <= st[1-w]):
			t.Errorf("seed %d: strokes %v, winner %v", seed, st, w)
		case g.Capped() != (seed%2 == 1) || g.Turn() != brettspiel.Nobody || g.Turns() > g.Options().TurnCap:
			t.Errorf("seed %d: capped %v, turn %v, turns %d", seed, g.Capped(), g.Turn(), g.Turns())
		}
	}
}

package toccateglio

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

func TestFromPositionRejectsWhatCannotArise(t *testing.T) {
	start := own(ts, 1, nil)
	for _, c := range []struct {
		name   string
		o      Options
		s0, s1 board.Side
		mod    func(*Position)
		reason string
	}{
		{"wrong count", ts, own(ts, 1, nil), func() board.Side { s := own(ts, 1, nil); s[1]--; return s }(), nil, "14 stones"},
		{"lone stone on the Hucke", ts, own(ts, 1, map[int]int{12: 1}), start, nil, "lone stone on his Hucke"},
		{"stone on the opponent's Hucke", ts, own(ts, 1, map[int]int{13: 2}), start, nil, "opponent's Hucke"},
		{"two players on one point", ts, own(ts, 1, map[int]int{5: 2}), opp(ts, 1, map[int]int{5: 1}), nil, "both players"},
		{"borne off with stones outside", ts, own(ts, 20, map[int]int{25: 1, 18: 1}), start, nil, "borne off stones while others"},
		{"all borne off", ts, own(ts, 25, nil), start, nil, "all stones"},
		{"stones in hand under TS", ts, own(ts, 0, nil), start, nil, "in hand"},
		{"hand beside stones beyond Q1", td, own(td, 0, map[int]int{8: 2}), own(td, 0, nil), nil, "in hand and stones beyond"},
		{"negative", ts, own(ts, 1, map[int]int{3: -1, 4: 1}), start, nil, "-1 stones"},
		{"marks", ts, start, start, func(p *Position) { p.Marks[1] = 12 }, "marks"},
		{"dice", ts, start, start, func(p *Position) { p.Dice = [2]int{7, 1} }, "Dice"},
		{"turn", ts, start, start, func(p *Position) { p.Turn = brettspiel.Chance }, "Turn"},
		{"strokes without Partien", ts, start, start, func(p *Position) { p.Strokes[0] = 2 }, "strokes"},
		{"Partien beyond the match", ts, start, start, func(p *Position) { p.Partien = 1 }, "Partien"},
	} {
		pos := Position{Stones: [2]board.Side{c.s0, c.s1}}
		if c.mod != nil {
			c.mod(&pos)
		}
		_, err := FromPosition(c.o, pos)
		if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%s: err %v, want ErrBadPosition naming %q", c.name, err, c.reason)
		}
	}
}

// TestPositionRoundTrip: between turns, a position loaded from Position()
// plays on exactly like the game it came from.
func TestPositionRoundTrip(t *testing.T) {
	for _, v := range variants() {
		g, _ := New(v.o)
		r := rand.New(rand.NewPCG(5, 5))
		for g.ToMove() != brettspiel.Terminal {
			if g.phase == phaseThrow || g.phase == phaseMove {
				back, err := FromPosition(v.o, g.Position())
				if err != nil {
					t.Fatalf("%s: %v\n%v", v.name, err, g)
				}
				back.turns, back.draw0, back.resume, back.next = g.turns, g.draw0, g.resume, g.next
				back.events = g.events
				if back.String() != g.String() || !slicesEqual(back.LegalMoves(), g.LegalMoves()) {
					t.Fatalf("%s: round trip differs:\n%v\n%v", v.name, g, back)
				}
			}
			gametest.ApplyStep(t, g, r, carefulPolicy)
		}
	}
}

func slicesEqual(a, b []brettspiel.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBadInputLeavesTheStateAlone: an illegal play, a play for the wrong
// player, a throw that is not a throw, anything after the end.
func TestBadInputLeavesTheStateAlone(t *testing.T) {
	g := load(t, ts, own(ts, 1, nil), own(ts, 1, nil), [2]int{5, 4}, [2]int{})
	before := *g
	for _, c := range []struct {
		m    brettspiel.Move
		want error
	}{
		{kit.NewMove(0, uint64(mkStep(1, 3))<<10), brettspiel.ErrIllegalMove},
		{kit.NewMove(1, mkPlay(mkStep(1, 5), mkStep(1, 6))), brettspiel.ErrNotYourTurn},
		{throwMove(6, 5), brettspiel.ErrNotYourTurn},
		{kit.NewMove(0, 0), brettspiel.ErrIllegalMove},
		{kit.NewMove(0, decideGoOn), brettspiel.ErrIllegalMove},
		{brettspiel.Move(^uint64(0)), brettspiel.ErrNotYourTurn},
	} {
		if err := g.Apply(c.m); !errors.Is(err, c.want) {
			t.Errorf("Apply(%v) = %v, want %v", c.m, err, c.want)
		}
		if d := cmp.Diff(&before, g, cmp.AllowUnexported(Game{}, schule{})); d != "" {
			t.Errorf("Apply(%v) changed the state:\n%s", c.m, d)
		}
	}
	for _, s := range []string{"1/3", "1/5 1/5 1/5", "x", "25/off", "1/13", "0/5", "in/5", "7-1", "pass"} {
		if _, err := g.ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) accepted", s)
		}
	}
	g2, _ := New(ts)
	if err := g2.Apply(throwMove(7, 1)); !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Errorf("throw 7-1: %v", err)
	}
	if err := g2.Apply(kit.NewMove(0, mkPlay(mkStep(1, 5), 0))); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("a play at a throw: %v", err)
	}
	if _, err := g2.ParseMove("6-7"); !errors.Is(err, brettspiel.ErrBadNotation) {
		t.Errorf("ParseMove(6-7): %v", err)
	}
	// After the end.
	end := load(t, ts, own(ts, 1, map[int]int{15: 1}), opp(ts, 1, map[int]int{5: 2, 6: 2, 19: 1, 20: 2}), [2]int{}, [2]int{11, 0})
	play(t, end, "5-4")
	if end.ToMove() != brettspiel.Terminal {
		t.Fatal("not over")
	}
	if err := end.Apply(throwMove(2, 1)); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("after the end: %v", err)
	}
	if _, err := end.ParseMove("2-1"); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("ParseMove after the end: %v", err)
	}
}

package neural

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/bot/bearoff"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// raceSide puts 1…maxStones stones at random on points 19–24 of a side's
// own track, the rest of its 15 borne off.
func raceSide(r *rand.Rand, maxStones int) board.Side {
	var s board.Side
	n := 1 + r.IntN(maxStones)
	for range n {
		s[19+r.IntN(6)]++
	}
	s[board.BorneOff] = int8(15 - n)
	return s
}

// raceDecision returns a random race decision of a game, the throw to
// play included: each side 1…maxStones stones on its last six points.
func raceDecision(t *testing.T, r *rand.Rand, game string, opts toccateglio.Options, maxStones int) brettspiel.Game {
	t.Helper()
	me, other := raceSide(r, maxStones), raceSide(r, maxStones)
	dice := [2]int{1 + r.IntN(6), 1 + r.IntN(6)}
	turn := brettspiel.Player(r.IntN(2))
	if game == "verkehren" {
		var pos verkehren.Position
		for i := range 26 {
			pos.Stones[turn][i], pos.Stones[1-turn][i] = int(me[i]), int(other[i])
		}
		pos.Turn, pos.Dice, pos.Turns = turn, dice, 100
		g, err := verkehren.FromPosition(verkehren.VK(), pos)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	var pos toccateglio.Position
	pos.Stones[turn], pos.Stones[1-turn] = me, other
	pos.Marks = [2]int{10, 10}
	pos.Turn, pos.Dice = turn, dice
	g, err := toccateglio.FromPosition(opts, pos)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// exactWin returns the mover's chance of winning the race after playing m
// at g, read from the two-sided table by the positions the engine leaves:
// the judge's code path is not used.
func exactWin(t *testing.T, g brettspiel.Game, m brettspiel.Move, rules bearoff.Rules) float64 {
	t.Helper()
	p := g.ToMove()
	c := g.Clone()
	if err := c.Apply(m); err != nil {
		t.Fatal(err)
	}
	if c.ToMove() == brettspiel.Terminal {
		if c.Returns()[p] > 0 {
			return 1
		}
		return 0
	}
	sides := func(q brettspiel.Player) *board.Side {
		switch c := c.(type) {
		case *verkehren.Game:
			b := c.Board()
			return &b.Sides[q]
		case *toccateglio.Game:
			s := c.Stones(q)
			return &s
		}
		t.Fatalf("a game of %T", c)
		return nil
	}
	mine, ok1 := bearoff.PositionOf(sides(p))
	theirs, ok2 := bearoff.PositionOf(sides(1 - p))
	if !ok1 || !ok2 {
		t.Fatalf("no race after %s:\n%v", g.MoveString(m), c)
	}
	tb, err := bearoff.For(rules)
	if err != nil {
		t.Fatal(err)
	}
	if c.(turner).Turn() == p { // Toccadille: a doublet, and he throws again
		o, ok := tb.Exact(mine, theirs)
		if !ok {
			t.Fatalf("not covered: %v against %v", mine, theirs)
		}
		return o.Win
	}
	o, ok := tb.Exact(theirs, mine)
	if !ok {
		t.Fatalf("not covered: %v against %v", theirs, mine)
	}
	return 1 - o.Win
}

// TestT_B1_V_F1_EveryLevelPlaysABestBearOff plays random race decisions
// of up to six stones a side (T-B1, V-F1) by every level of the net and
// checks each chose a play of the highest chance of winning the race, as
// the two-sided table gives it for the positions the engine leaves. In
// Toccateglio the marks are 10–10, where winning the Marsch wins the
// Partie, so that the race's chance is the whole value.
func TestT_B1_V_F1_EveryLevelPlaysABestBearOff(t *testing.T) {
	perGame := 1000
	if testing.Short() {
		perGame = 200
	}
	type kind struct {
		name, game string
		opts       toccateglio.Options
		rules      bearoff.Rules
		share      int
	}
	kinds := []kind{
		{"VK", "verkehren", toccateglio.Options{}, bearoff.Verkehren, perGame},
		{"Toccateglispiel", "toccateglio", toccateglio.Toccateglispiel(), bearoff.Toccateglio, perGame / 2},
		{"Tokkadille1853", "toccateglio", toccateglio.Tokkadille1853(15), bearoff.Toccateglio, perGame / 4},
		{"Toccadille", "toccateglio", toccateglio.Toccadille(), bearoff.Toccadille, perGame / 4},
	}
	r := rand.New(rand.NewPCG(52, 6))
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			decisions := 0
			for decisions < k.share {
				g := raceDecision(t, r, k.game, k.opts, 6)
				legal := g.LegalMoves()
				if len(legal) < 2 {
					continue
				}
				decisions++
				best := -1.0
				for _, m := range legal {
					best = max(best, exactWin(t, g, m, k.rules))
				}
				for _, lv := range Levels() {
					m := NewBot(lv).Choose(g, legal, rand.New(rand.NewPCG(uint64(decisions), 1)))
					if got := exactWin(t, g, m, k.rules); got < best-1e-9 {
						t.Fatalf("%v plays %s (wins %.4f), the best wins %.4f:\n%v", lv, g.MoveString(m), got, best, g)
					}
				}
			}
		})
	}
}

// TestT_B1_V_F1_BearOffNotKeepOn24: the race decisions an outside check
// found the net misplaying (keeping stones on 24): each level now plays
// the best, at the values the exact solution gives.
func TestT_B1_V_F1_BearOffNotKeepOn24(t *testing.T) {
	side := func(pts map[int]int) board.Side {
		var s board.Side
		n := 0
		for p, c := range pts {
			s[p] = int8(c)
			n += c
		}
		s[board.BorneOff] = int8(15 - n)
		return s
	}
	vk := func(me, opp board.Side, d [2]int) brettspiel.Game {
		var pos verkehren.Position
		for i := range 26 {
			pos.Stones[0][i], pos.Stones[1][i] = int(me[i]), int(opp[i])
		}
		pos.Dice, pos.Turns = d, 100
		g, err := verkehren.FromPosition(verkehren.VK(), pos)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	tc := func(me, opp board.Side, d [2]int) brettspiel.Game {
		g, err := toccateglio.FromPosition(toccateglio.Toccateglispiel(), toccateglio.Position{
			Stones: [2]board.Side{me, opp}, Marks: [2]int{10, 10}, Dice: d})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, c := range []struct {
		g     brettspiel.Game
		best  string
		value float64
	}{
		{vk(side(map[int]int{21: 1, 22: 1, 24: 2}), side(map[int]int{21: 1, 22: 1}), [2]int{1, 4}), "21/off 24/off", -0.003},
		{vk(side(map[int]int{21: 1, 23: 2, 24: 2}), side(map[int]int{21: 1, 24: 2}), [2]int{1, 1}), "23/24 24/off 24/off 24/off", 0.100},
		{tc(side(map[int]int{21: 2, 22: 2}), side(map[int]int{19: 1, 24: 2}), [2]int{3, 4}), "21/off 22/off", -0.038},
	} {
		for _, lv := range Levels() {
			rk := NewBot(lv).Rank(c.g, c.g.LegalMoves(), rand.New(rand.NewPCG(1, 2)))
			if got := c.g.MoveString(rk[0].Move); got != c.best || fmt.Sprintf("%.3f", rk[0].Value) != fmt.Sprintf("%.3f", c.value) {
				t.Errorf("%v: %s %.3f, want %s %.3f", lv, got, rk[0].Value, c.best, c.value)
			}
		}
		e, _ := Load(c.g.Variant())
		if k := e.RaceJudgement(c.g); k != RaceExact {
			t.Errorf("judged %v, want race-exact", k)
		}
	}
}

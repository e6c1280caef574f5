package toccateglio

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// FuzzParseMove: any text is a legal move of the position or an error.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1/7 1/6", "1/10", "in/3", "20/off", "pass", "6-5", "go-on", "afresh", "1/13 13/17", "10/12 10/12", "mark 3", "schule 12", "right", "mark 13", "schule 0", "mark 03"} {
		f.Add(s)
	}
	positions := []*Game{
		load(f, ts, own(ts, 1, map[int]int{10: 2}), opp(ts, 1, nil), [2]int{5, 3}, [2]int{}),
		load(f, td, own(td, 0, nil), own(td, 0, nil), [2]int{6, 6}, [2]int{}),
		load(f, al, own(al, 25, map[int]int{20: 2}), opp(al, 1, map[int]int{5: 13}), [2]int{6, 5}, [2]int{}),
	}
	fresh, _ := New(ts)
	positions = append(positions, fresh)
	// the Schule's declaration, and its question
	for _, s := range []string{"", "mark 1"} {
		g := load(f, withSchule(ts), own(ts, 1, map[int]int{4: 1, 10: 1}), opp(ts, 1, map[int]int{15: 1, 21: 1}), [2]int{}, [2]int{})
		play(f, g, "6-5")
		if s != "" {
			play(f, g, s)
		}
		positions = append(positions, g)
	}
	for i, o := range []Options{ts, td, Tokkadille1853(16)} { // positions of played games
		n := 0
		walk(f, o, uint64(300+i), carefulPolicy, func(g *Game) {
			if n++; n%23 == 0 && g.phase == phaseMove {
				positions = append(positions, g.Clone().(*Game))
			}
		})
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range positions {
			m, err := g.ParseMove(s)
			if err != nil {
				var e *brettspiel.Error
				if !errors.As(err, &e) || e.Reason == "" {
					t.Fatalf("ParseMove(%q): %v is not a *brettspiel.Error with a reason", s, err)
				}
				continue
			}
			if !slicesContains(g.LegalMoves(), m) {
				t.Fatalf("ParseMove(%q) = %v, not legal", s, m)
			}
			if back, err := g.ParseMove(g.MoveString(m)); err != nil || back != m {
				t.Fatalf("%q: MoveString %q parses to %v, %v", s, g.MoveString(m), back, err)
			}
		}
	})
}

// FuzzFromPosition: any position is loaded with its invariant holding, or
// refused; nothing panics.
func FuzzFromPosition(f *testing.F) {
	f.Add([]byte{1, 15, 1, 15}, 0, 0, 5, 4)
	f.Fuzz(func(t *testing.T, stones []byte, m0, m1, d0, d1 int) {
		var pos Position
		for i, b := range stones {
			if i >= 2*26 {
				break
			}
			pos.Stones[i/26][i%26] = int8(b)
		}
		pos.Marks = [2]int{m0, m1}
		pos.Dice = [2]int{d0, d1}
		for _, o := range []Options{ts, td, Tokkadille1853(16)} {
			g, err := FromPosition(o, pos)
			if err != nil {
				continue
			}
			if err := checkInvariant(g); err != nil {
				t.Fatal(err)
			}
			for _, m := range g.LegalMoves() {
				c := g.Clone().(*Game)
				if err := c.Apply(m); err != nil {
					t.Fatal(err)
				}
				if err := checkInvariant(c); err != nil {
					t.Fatalf("after %s: %v", g.MoveString(m), err)
				}
			}
		}
	})
}

// FuzzUnmarshalJSONStrict: a valid state's JSON with a key in another case,
// a key given twice or data after the object is refused with a
// *brettspiel.Error, and the game is left as it was.
func FuzzUnmarshalJSONStrict(f *testing.F) {
	held := midGame(f, 9, 12)
	gametest.FuzzStrictJSON(f, []*Game{midGame(f, 1, 0), midGame(f, 2, 9), midGame(f, 3, 40), midGame(f, 4, 100000)}, func() gametest.State { return held.Clone().(*Game) })
}

// FuzzReadRecordBudget: a record that loads keeps within the step budget of
// its rules (the turn cap and the ties of the draw for the start), and
// reading it as a stream (ReadRecord) agrees with parsing it whole and
// loading it (LoadRecord).
func FuzzReadRecordBudget(f *testing.F) {
	gametest.FuzzReadRecord(f, []string{
		"game: toccateglio\noption: turn-cap=2\n\n" + strings.Repeat("6-5 ; 6-5\n", 3) + "6-5 ; 2-1\n",
		"# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\n\n4-1 ; 6-4 ; 3-1 ; 1/2 2/5\n5-3 ; 1/4 1/6\n6-2 ; 1/7 5/7\n",
		"game: toccateglio\npreset: Toccadille\noption: partien=2\noption: turn-cap=3\n\n2-1 ; 6-5\n",
	},
		ReadRecord, LoadRecord, func(g *Game) int { return maxRecordSteps(g.opts) })
}

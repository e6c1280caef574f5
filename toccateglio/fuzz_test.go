package toccateglio

import (
	"errors"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// FuzzParseMove: any text is a legal move of the position or an error.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1/7 1/6", "1/10", "in/3", "20/off", "pass", "6-5", "go-on", "afresh", "1/13 13/17", "10/12 10/12"} {
		f.Add(s)
	}
	positions := []*Game{
		load(f, ts, own(ts, 1, map[int]int{10: 2}), opp(ts, 1, nil), [2]int{5, 3}, [2]int{}),
		load(f, td, own(td, 0, nil), own(td, 0, nil), [2]int{6, 6}, [2]int{}),
		load(f, al, own(al, 25, map[int]int{20: 2}), opp(al, 1, map[int]int{5: 13}), [2]int{6, 5}, [2]int{}),
	}
	fresh, _ := New(ts)
	positions = append(positions, fresh)
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

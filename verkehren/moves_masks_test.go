package verkehren

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel/internal/conformance"
)

// rulesMask is the mask legal should return, judged point by point by the
// single-step rules.
func rulesMask(w *walker, d int) uint32 {
	var m uint32
	for from := 0; from <= 24; from++ {
		if w.me[from] == 0 || w.me[bar] > 0 && from != bar {
			continue
		}
		if _, _, why := w.o.step(w.me, w.opp, from, d); why == okStep {
			m |= 1 << from
		}
	}
	return m
}

// TestV_B1_LegalMasksMatchTheSingleStepRules checks the masks of legal
// single moves (V-B1, V-B2, V-O1, V-E1, V-E2, V-F1) against the rules judged
// point by point, at the play nodes of random games under every option set
// and after every single move of random walks through the throw, so that the
// masks kept move by move are checked too; and that the destination and hit
// of each legal move are the rules' (V-H1).
func TestV_B1_LegalMasksMatchTheSingleStepRules(t *testing.T) {
	per := conformance.Games(800, 100000)
	for i, h := range genOptions() {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewPCG(uint64(40+i), 9))
			randomPositions(t, h.opts, uint64(60+i), per, func(g *Game) {
				p := g.toMove
				me, opp := g.b.Sides[p], g.b.Sides[1-p] // the walker plays on copies
				w := newWalker(&g.opts, &me, &opp, int(g.dice[0]), int(g.dice[1]))
				for depth := 0; depth < 4; depth++ {
					if got, want := w.junker(), w.o.junker(w.me, w.opp); got != want {
						t.Fatalf("%s\nafter %d single moves: Junker %v, the rules %v (V-J1)", g, depth, got, want)
					}
					for d := 1; d <= 6; d++ {
						got, want := w.legal(d), rulesMask(&w, d)
						if got != want {
							t.Fatalf("%s\nmoves by %d after %d single moves: legal %025b, the rules %025b", g, d, depth, got, want)
						}
						for m := got; m != 0; m &= m - 1 {
							from := bits.TrailingZeros32(m)
							to, hit := w.dest(from, d)
							wto, whit, _ := w.o.step(w.me, w.opp, from, d)
							if to != wto || hit != whit {
								t.Fatalf("%s\n%d by %d: lands on %d hit %v, the rules %d %v", g, from, d, to, hit, wto, whit)
							}
						}
					}
					// a random legal single move of any number, kept
					// through play so that the walker's masks move on
					d := 1 + r.IntN(6)
					m := w.legal(d)
					if m == 0 {
						break
					}
					from := nthBit(uint64(m), r.IntN(bits.OnesCount32(m)))
					to, hit := w.dest(from, d)
					w.left[0]++ // play counts the number down
					w.play(from, to, 0, hit)
					if occ, two := sideMasks(w.me); occ != w.occ || two != w.two {
						t.Fatalf("%s\nafter %d/%d: masks %b %b, counted %b %b", g, from, to, w.occ, w.two, occ, two)
					}
				}
			})
		})
	}
}

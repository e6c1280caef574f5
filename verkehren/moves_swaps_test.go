package verkehren

import (
	"math/bits"
	"testing"

	"github.com/brettspiel/brettspiel/internal/conformance"
)

// TestV_D2_SwapsAreSwaps checks the orders the generator skips (V-D2: every
// order of single moves reaching a position is one play, listed once with
// its smallest notation): at the play nodes of random games under every
// option set, after every legal first move s1 and for every number d, each
// point that swaps reports starts a move s2 below s1's point, neither
// entering (V-E3 counts no hits), and when s2 is legal after s1 (only then
// does skipping it matter), s2 played before s1 from the position before
// it is legal, leaves s1 legal with the same landing, and reaches the same
// position as s1 then s2.
func TestV_D2_SwapsAreSwaps(t *testing.T) {
	per := conformance.Games(500, 100000)
	for i, h := range genOptions() {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			n, skipped := 0, 0
			randomPositions(t, h.opts, uint64(80+i), per, func(gm *Game) {
				p := gm.toMove
				g := gen{o: &gm.opts, me: gm.b.Sides[p], opp: gm.b.Sides[1-p]}
				g.prepare(int(gm.dice[0]), int(gm.dice[1]))
				for d1 := 1; d1 <= 6; d1++ {
					for m := g.legal(d1); m != 0; m &= m - 1 {
						a := bits.TrailingZeros32(m)
						ta, hit1 := g.dest(a, d1)
						s1 := pathStep{int8(a), int8(ta), int8(d1), 0, g.me[ta], hit1}
						before := g
						for d := 1; d <= 6; d++ {
							legalBefore := g.legal(d)
							saved := g.genMasks
							g.move(a, ta, hit1)
							sw := g.swaps(s1, legalBefore, d)
							n++
							for x := sw; x != 0; x &= x - 1 {
								from := bits.TrailingZeros32(x)
								skipped++
								if from >= a || from == bar || a == bar {
									t.Fatalf("%s\nafter %d/%d, %d by %d is reported a swap", gm, a, ta, from, d)
								}
								// only a move legal after s1 is ever skipped
								if g.legal(d)&(1<<from) == 0 {
									continue
								}
								c := g
								to, hit := c.dest(from, d)
								c.move(from, to, hit)
								// s2 then s1, from the position before s1
								b := before
								to2, h2, why := b.o.step(&b.me, &b.opp, from, d)
								if why != okStep {
									t.Fatalf("%s\n%d by %d before %d/%d: %v", gm, from, d, a, ta, why)
								}
								b.move(from, to2, h2)
								t1, h1, why := b.o.step(&b.me, &b.opp, a, d1)
								if why != okStep || t1 != ta {
									t.Fatalf("%s\n%d/%d after %d/%d: %d %v", gm, a, ta, from, to2, t1, why)
								}
								b.move(a, t1, h1)
								if c.me != b.me || c.opp != b.opp {
									t.Fatalf("%s\n%d/%d %d/%d and %d/%d %d/%d reach different positions", gm, a, ta, from, to, from, to2, a, t1)
								}
							}
							g.unmove(a, ta, hit1, saved)
						}
						if g.me != before.me || g.opp != before.opp || g.genMasks != before.genMasks {
							t.Fatalf("move and unmove do not restore the generator")
						}
						if occ, two := sideMasks(&g.me); occ != g.occ || two != g.two {
							t.Fatalf("the masks of the generator are not its sides'")
						}
					}
				}
			})
			t.Logf("%d first moves and numbers, %d swaps skipped", n, skipped)
		})
	}
}

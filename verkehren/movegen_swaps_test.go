package verkehren

import (
	"math/bits"
	"testing"

	"github.com/brettspiel/brettspiel/internal/conformance"
)

// independent is the test of gen.swaps move by move, as the generator had it
// before the masks: for a move from→to that was legal before the move s1
// and comes before it in the payload order, whether the two moves cannot
// touch each other's legality or hits.
func (g *gen) independent(s1 pathStep, from, to int) bool {
	a, ta := int(s1.from), int(s1.to)
	if ta == off || to >= off || to == ta || to == a || from == ta || a == bar {
		return false
	}
	r12 := g.o.Bands == BandsFiske && g.reached12Before(a, ta)
	house0 := g.me[house]
	if a == house {
		house0++
	}
	return g.freeLanding(ta, s1.own, from, a, r12, house0) && g.freeLanding(to, g.me[to], from, a, r12, house0)
}

// TestV_D2_SwapsAreSwaps checks the cheap test behind the skipped orders of
// the generator (V-D2: every order of single moves reaches its position
// once): at the play nodes of random games under every option set, after
// every legal first move s1 and for every number d, each point that swaps
// reports is one the move-by-move test accepts, and each such move, played
// before s1 instead of after it, is legal with the same landing and hit and
// leaves s1 legal with its own landing and hit. Where swaps is stricter than
// the move-by-move test (the house under five blots) it only costs time.
func TestV_D2_SwapsAreSwaps(t *testing.T) {
	per := conformance.Games(2000, 100000)
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
								to, hit := g.dest(from, d)
								if from >= a || legalBefore&(1<<from) == 0 || g.legal(d)&(1<<from) == 0 || !g.independent(s1, from, to) {
									t.Fatalf("%s\nafter %d/%d, %d by %d is reported a swap, but is not (independent %v)", gm, a, ta, from, d, g.independent(s1, from, to))
								}
								skipped++
								// the other order, from the position before s1
								b := before
								if t2, h2, why := b.o.step(&b.me, &b.opp, from, d); why != okStep || t2 != to || h2 != hit {
									t.Fatalf("%s\n%d by %d before %d/%d: %d %v %v, after it %d %v", gm, from, d, a, ta, t2, h2, why, to, hit)
								}
								b.move(from, to, hit)
								if t1, h1, why := b.o.step(&b.me, &b.opp, a, d1); why != okStep || t1 != ta || h1 != hit1 {
									t.Fatalf("%s\n%d/%d after %d by %d: %d %v %v", gm, a, ta, from, d, t1, h1, why)
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

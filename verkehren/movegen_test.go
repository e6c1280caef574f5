package verkehren

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
)

// genOptions are the rule sets the generator is compared under: every preset
// and every option set of the conformance harness.
func genOptions() []struct {
	name string
	opts Options
} {
	out := append([]struct {
		name string
		opts Options
	}{}, harnessOptions...)
	for _, p := range Presets() {
		out = append(out, struct {
			name string
			opts Options
		}{"preset " + p.Name, p.Options})
	}
	return out
}

// randomPositions plays random games under opts (uniform over the listed
// plays, never conceding) and calls visit at every play node, until visit
// has been called n times.
func randomPositions(t testing.TB, opts Options, seed uint64, n int, visit func(g *Game)) {
	r := rand.New(rand.NewPCG(seed, 7))
	var legal []brettspiel.Move
	for n > 0 {
		g, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		for g.ToMove() != brettspiel.Terminal && n > 0 {
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m, _ = brettspiel.SampleChance(g, r)
			} else {
				visit(g)
				n--
				legal = g.AppendLegalMoves(legal[:0])
				m = noConcede(g, legal, r)
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestV_D2_GeneratorMatchesReference compares the plays the generator lists
// (V-D2 as many numbers as possible and the higher die, V-E3 the entering
// hits, one play per position with the smallest notation) with the plain
// exhaustive search it replaced, over positions of random games under every
// option set: at each position the throw of the game, and at every tenth
// position all 21 throws. BRETTSPIEL_LONG=1 runs 10⁶ positions in all.
func TestV_D2_GeneratorMatchesReference(t *testing.T) {
	opts := genOptions()
	total := conformance.Games(24000, 1000000)
	per := total / len(opts)
	for i, h := range opts {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			var got, want []brettspiel.Move
			k := 0
			randomPositions(t, h.opts, uint64(500+i), per, func(g *Game) {
				p := g.toMove
				me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
				throws := [][2]int{{int(g.dice[0]), int(g.dice[1])}}
				if k++; k%10 == 0 {
					throws = throws[:0]
					for hi := 1; hi <= 6; hi++ {
						for lo := 1; lo <= hi; lo++ {
							throws = append(throws, [2]int{hi, lo})
						}
					}
				}
				for _, d := range throws {
					got = g.opts.appendPlays(got[:0], p, me, opp, d[0], d[1])
					want = g.opts.refAppendPlays(want[:0], p, me, opp, d[0], d[1])
					if !slices.Equal(got, want) {
						t.Fatalf("%s, throw %d-%d:\n got %v\nwant %v", g, d[0], d[1], got, want)
					}
				}
			})
		})
	}
}

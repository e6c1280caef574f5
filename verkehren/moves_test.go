package verkehren

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/kit"
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
// position all 21 throws. BRETTSPIEL_LONG=1 runs 10⁶ positions under each
// option set, the default run 1,500.
func TestV_D2_GeneratorMatchesReference(t *testing.T) {
	opts := genOptions()
	per := conformance.Games(1500, 1000000)
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

// candidatePlays returns payloads to judge at a play node: every listed
// play, the orders and prefixes of their single moves, single moves of the
// throw's numbers from random points, and random garbage.
func candidatePlays(g *Game, legal []brettspiel.Move, r *rand.Rand) []uint64 {
	var out []uint64
	hi, lo := int(g.dice[0]), int(g.dice[1])
	for _, m := range legal {
		pay := m.Payload()
		out = append(out, pay)
		var st [maxSteps]uint64
		k := 0
		for i := 0; i < maxSteps; i++ {
			if f := pay >> stepShift(i) & stepMask; f != 0 {
				st[k] = f
				k++
			}
		}
		if k == 0 {
			continue
		}
		for rep := 0; rep < 2; rep++ {
			r.Shuffle(k, func(i, j int) { st[i], st[j] = st[j], st[i] })
			kk := k
			if r.IntN(4) == 0 {
				kk = 1 + r.IntN(k)
			}
			p := uint64(0)
			for i := 0; i < kk; i++ {
				p |= st[i] << stepShift(i)
			}
			out = append(out, p)
		}
	}
	for i := 0; i < 8; i++ {
		p := uint64(0)
		for s := 0; s < 1+r.IntN(maxSteps); s++ {
			from := r.IntN(25)
			d := hi
			if r.IntN(2) == 0 {
				d = lo
			}
			to := min(from+d, off)
			if from == bar {
				to = d
			}
			if r.IntN(8) == 0 {
				to = r.IntN(32)
			}
			p |= stepField(from, to, d) << stepShift(s)
		}
		out = append(out, p, r.Uint64()>>r.IntN(64), r.Uint64()&(1<<52-1))
	}
	return out
}

// TestV_D2_ApplyJudgesLikeTheList checks that the play check behind Apply
// (V-D2, V-E3, V-J1, the single-step rules and the canonical form) accepts
// exactly the moves AppendLegalMoves lists, over random positions of every
// option set and payloads both legal, reordered, shortened and garbage; and
// that a refused Apply leaves the state as it was.
func TestV_D2_ApplyJudgesLikeTheList(t *testing.T) {
	opts := genOptions()
	per := conformance.Games(6000, 240000) / len(opts)
	for i, h := range opts {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewPCG(uint64(900+i), 3))
			var legal []brettspiel.Move
			randomPositions(t, h.opts, uint64(700+i), per, func(g *Game) {
				legal = g.AppendLegalMoves(legal[:0])
				for _, pay := range candidatePlays(g, legal, r) {
					m := kit.NewMove(g.toMove, pay)
					_, want := slices.BinarySearch(legal, m)
					if got := g.checkMove(m) == nil; got != want {
						t.Fatalf("%s\ncheck of %s (%#x): legal %v, listed %v (%s)", g, g.MoveString(m), pay, got, want, g.checkMove(m))
					}
					if !want && r.IntN(16) == 0 {
						before := *g
						before.events = slices.Clone(g.events)
						if err := g.Apply(m); !errors.Is(err, brettspiel.ErrIllegalMove) || !reflect.DeepEqual(*g, before) {
							t.Fatalf("Apply(%s) of an unlisted play: %v, state kept %v", g.MoveString(m), err, reflect.DeepEqual(*g, before))
						}
					}
				}
			})
		})
	}
}

package brettspiel_test

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// walkOutcome is the plain reading of SampleChance's documented draw: one
// r.IntN of the total weight, then the outcomes in order.
func walkOutcome(outs []brettspiel.Outcome, r *rand.Rand) brettspiel.Move {
	total := 0
	for _, o := range outs {
		total += o.Weight
	}
	x := r.IntN(total)
	for _, o := range outs {
		if x < o.Weight {
			return o.Move
		}
		x -= o.Weight
	}
	return brettspiel.NoMove
}

// chanceNodes returns a chance node of each variant.
func chanceNodes(t testing.TB) map[string]brettspiel.Game {
	t.Helper()
	f, err := festung.New(festung.ForPlayers(4))
	if err != nil {
		t.Fatal(err)
	}
	tc, err := toccateglio.New(toccateglio.Toccateglispiel())
	if err != nil {
		t.Fatal(err)
	}
	vk, err := verkehren.New(verkehren.VK())
	if err != nil {
		t.Fatal(err)
	}
	rc, err := race.New(race.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	return map[string]brettspiel.Game{"festung": f, "toccateglio": tc, "verkehren": vk, "race": rc}
}

// TestSampleChanceDrawsAsDocumented: the same source gives the same throw as
// the documented walk over the weights, so seeded games stay what they were.
func TestSampleChanceDrawsAsDocumented(t *testing.T) {
	for name, g := range chanceNodes(t) {
		if g.ToMove() != brettspiel.Chance {
			t.Fatalf("%s: %v to move", name, g.ToMove())
		}
		for seed := uint64(0); seed < 2000; seed++ {
			got, err := brettspiel.SampleChance(g, rand.New(rand.NewPCG(seed, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if want := walkOutcome(g.ChanceOutcomes(), rand.New(rand.NewPCG(seed, 1))); got != want {
				t.Fatalf("%s seed %d: %v, want %v", name, seed, got, want)
			}
		}
	}
}

// TestSampleChanceAllocatesNothing with a variant whose outcomes are a shared
// table (the Festungsspiel's).
func TestSampleChanceAllocatesNothing(t *testing.T) {
	g := chanceNodes(t)["festung"]
	r := rand.New(rand.NewPCG(1, 1))
	if a := testing.AllocsPerRun(200, func() {
		if _, err := brettspiel.SampleChance(g, r); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("%v allocations a throw", a)
	}
}

// TestPlayOutAllocatesPerGameNotPerStep: a Festungsspiel of hundreds of
// throws through PlayOut allocates a few times (the clone, the source, the
// list), not at every step.
func TestPlayOutAllocatesPerGameNotPerStep(t *testing.T) {
	start, err := festung.New(festung.ForPlayers(6))
	if err != nil {
		t.Fatal(err)
	}
	seed, throws := uint64(0), 0
	a := testing.AllocsPerRun(20, func() {
		g := start.Clone()
		seed++
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(seed, 2)), brettspiel.RandomPolicy, 0); err != nil {
			t.Fatal(err)
		}
		throws += g.(*festung.Game).Turns()
	})
	if throws < 21*100 {
		t.Fatalf("games too short to tell: %d throws in 21", throws)
	}
	if a > 8 {
		t.Errorf("%v allocations a game of %d throws on average", a, throws/21)
	}
}

// BenchmarkSampleChance draws one throw of the Festungsspiel (126 outcomes).
func BenchmarkSampleChance(b *testing.B) {
	g := chanceNodes(b)["festung"]
	r := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := brettspiel.SampleChance(g, r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlayOutStep plays three-player Festungsspiele through PlayOut; an
// op is one step (a throw or a decision), so allocs/op is what a step costs.
func BenchmarkPlayOutStep(b *testing.B) {
	start, err := festung.New(festung.ForPlayers(3))
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	steps, games := 0, 0
	countSteps := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		steps++
		return brettspiel.RandomPolicy(g, legal, r)
	}
	b.ReportAllocs()
	b.ResetTimer()
	// Whole games until b.N steps are played: a game's few allocations are
	// spread over its steps, as they are in use.
	for steps < b.N {
		g := start.Clone()
		if err := brettspiel.PlayOut(g, r, countSteps, 0); err != nil {
			b.Fatal(err)
		}
		steps += g.(*festung.Game).Turns()
		games++
	}
	b.ReportMetric(float64(steps)/float64(max(games, 1)), "steps/game")
}

// BenchmarkRandomPolicy chooses with RandomPolicy at the decisions of a few
// random games, their legal lists recorded beforehand: an op is one decision.
// Verkehren offers a concession at most of them, the Festungsspiel none.
func BenchmarkRandomPolicy(b *testing.B) {
	vk, err := verkehren.New(verkehren.VK())
	if err != nil {
		b.Fatal(err)
	}
	fe, err := festung.New(festung.ForPlayers(3))
	if err != nil {
		b.Fatal(err)
	}
	for _, start := range []brettspiel.Game{vk, fe} {
		b.Run(start.Variant(), func(b *testing.B) {
			type decision struct {
				g     brettspiel.Game
				legal []brettspiel.Move
			}
			var decisions []decision
			r := rand.New(rand.NewPCG(4, 4))
			for len(decisions) < 2000 {
				record := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
					decisions = append(decisions, decision{g.Clone(), append([]brettspiel.Move(nil), legal...)})
					return brettspiel.RandomPolicy(g, legal, r)
				}
				if err := brettspiel.PlayOut(start.Clone(), r, record, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				d := &decisions[i%len(decisions)]
				brettspiel.RandomPolicy(d.g, d.legal, r)
			}
		})
	}
}

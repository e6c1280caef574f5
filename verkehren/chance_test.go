package verkehren

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
)

// walkOutcome is the draw brettspiel.SampleChance documents: x of the total
// weight, the outcomes walked in their order.
func walkOutcome(outs []brettspiel.Outcome, x int) brettspiel.Move {
	for _, o := range outs {
		if x < o.Weight {
			return o.Move
		}
		x -= o.Weight
	}
	return brettspiel.NoMove
}

// chancePhases returns games at each kind of chance node: the first and the
// second throw of the draw for the start (V-S1), and a throw to be played.
func chancePhases(t *testing.T) map[string]*Game {
	t.Helper()
	out := map[string]*Game{}
	g, err := New(VK())
	if err != nil {
		t.Fatal(err)
	}
	out["draw, first throw"] = g.clone()
	for _, s := range []string{"4-1", "6-5"} {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		if s == "4-1" {
			out["draw, second throw"] = g.clone()
		}
	}
	if g.phase != phaseThrow {
		t.Fatalf("after the draw: %s", g)
	}
	out["throw"] = g.clone()
	return out
}

// TestV_S1_SampleChanceIsTheWalk: at every kind of chance node, the draw for
// the start included, the outcomes are the same 21 throws, every draw of 36
// gives the throw of the walk over their weights, and a seeded SampleChance
// takes the same number from the source as the walk, so seeded games are
// what they were. Off the chance nodes there is nothing to draw.
func TestV_S1_SampleChanceIsTheWalk(t *testing.T) {
	for name, g := range chancePhases(t) {
		outs := g.ChanceOutcomes()
		legal := g.LegalMoves()
		if len(outs) != 21 || len(legal) != 21 {
			t.Fatalf("%s: %d outcomes, %d legal moves", name, len(outs), len(legal))
		}
		total := 0
		for i, o := range outs {
			if o.Move != legal[i] {
				t.Fatalf("%s: outcome %d is %s, legal move %s", name, i, g.MoveString(o.Move), g.MoveString(legal[i]))
			}
			total += o.Weight
		}
		if total != 36 {
			t.Fatalf("%s: weights sum to %d, not 36", name, total)
		}
		for seed := uint64(0); seed < 500; seed++ {
			r1, r2, r3 := rand.New(rand.NewPCG(seed, 9)), rand.New(rand.NewPCG(seed, 9)), rand.New(rand.NewPCG(seed, 9))
			got := g.SampleChance(r1)
			generic, err := brettspiel.SampleChance(g, r3)
			want := walkOutcome(outs, r2.IntN(total))
			if err != nil || got != want || generic != want {
				t.Fatalf("%s seed %d: %v and %v (%v), want %v", name, seed, got, generic, err, want)
			}
			if a, b, c := r1.Uint64(), r2.Uint64(), r3.Uint64(); a != b || c != b {
				t.Fatalf("%s seed %d: the source is left elsewhere than by the walk", name, seed)
			}
		}
	}
	g := chancePhases(t)["throw"]
	if err := g.Apply(throwMove(dice.Throw{A: 3, B: 1})); err != nil {
		t.Fatal(err)
	}
	if m := g.SampleChance(rand.New(rand.NewPCG(1, 1))); m != brettspiel.NoMove || g.ChanceOutcomes() != nil {
		t.Errorf("at a play: %v, %d outcomes", m, len(g.ChanceOutcomes()))
	}
	g.Simulate(rand.New(rand.NewPCG(1, 1)))
	if m := g.SampleChance(rand.New(rand.NewPCG(1, 1))); m != brettspiel.NoMove || g.ChanceOutcomes() != nil {
		t.Errorf("at the end: %v, %d outcomes", m, len(g.ChanceOutcomes()))
	}
}

// TestChanceOutcomesAreTheCallers: every game and chance node returns its
// own copy of the table, so that a write into one changes no other, and
// drawing a throw, which reads the table itself, allocates nothing.
func TestChanceOutcomesAreTheCallers(t *testing.T) {
	var first []brettspiel.Outcome
	for name, g := range chancePhases(t) {
		outs := g.ChanceOutcomes()
		if first == nil {
			first = slices.Clone(outs)
		} else if &outs[0] == &first[0] {
			t.Errorf("%s: the same slice as another node's", name)
		} else if !slices.Equal(outs, first) {
			t.Errorf("%s: other outcomes than another node's", name)
		}
		outs[0].Weight = 99
		if again := g.ChanceOutcomes(); again[0].Weight == 99 {
			t.Errorf("%s: a write into the outcomes changed the game's", name)
		}
		r := rand.New(rand.NewPCG(1, 1))
		if a := testing.AllocsPerRun(100, func() {
			if _, err := brettspiel.SampleChance(g, r); err != nil {
				t.Fatal(err)
			}
		}); a != 0 {
			t.Errorf("%s: %v allocations a throw", name, a)
		}
	}
}

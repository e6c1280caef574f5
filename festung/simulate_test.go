package festung

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/google/go-cmp/cmp"
)

// applyLikeSimulate plays g to its end through Apply, drawing from r exactly
// what Simulate documents: a throw as one r.IntN(216), a decision as the
// r.IntN(n)-th of the n offered fortresses (LegalMoves lists them in fortress
// order).
func applyLikeSimulate(t *testing.T, g *Game, r *rand.Rand) {
	t.Helper()
	for g.ToMove() != brettspiel.Terminal {
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			x := r.IntN(216)
			m = ThrowMove(dice.Throw3{L: uint8(x/36 + 1), A: uint8(x/6%6 + 1), B: uint8(x%6 + 1)})
		} else {
			legal := g.LegalMoves()
			m = legal[r.IntN(len(legal))]
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
}

// sameEnd fails t when the two games do not stand alike.
func sameEnd(t *testing.T, what string, got, want *Game) {
	t.Helper()
	if d := cmp.Diff(want.Position(), got.Position()); d != "" {
		t.Fatalf("%s: Simulate and Apply end apart (-Apply +Simulate):\n%s", what, d)
	}
	gw, gok := got.Winner()
	ww, wok := want.Winner()
	if got.Turns() != want.Turns() || got.Capped() != want.Capped() || gw != ww || gok != wok || got.ToMove() != brettspiel.Terminal {
		t.Fatalf("%s: Simulate ended after %d throws (capped %v, winner %v), Apply after %d (capped %v, winner %v)",
			what, got.Turns(), got.Capped(), gw, want.Turns(), want.Capped(), ww)
	}
}

// TestF_C3_SimulateMatchesApply: Simulate plays the rules of Apply exactly —
// from the start, from the middle of a game and from a pending decision, for
// every player count, to the fifth Pasch (F-C3) — given the same draws.
func TestF_C3_SimulateMatchesApply(t *testing.T) {
	decisions := 0
	for n := 2; n <= 6; n++ {
		for seed := uint64(0); seed < 60; seed++ {
			start := newGame(t, n)
			// Walk a few throws into the game first, sometimes up to a decision.
			walk := rand.New(rand.NewPCG(seed, 77))
			for i := int(seed % 40); i > 0 && start.ToMove() == brettspiel.Chance; i-- {
				if err := start.Apply(ThrowMove(dice.Roll3(walk))); err != nil {
					t.Fatal(err)
				}
			}
			if start.ToMove() >= 0 {
				decisions++
			}
			sim, ref := start.clone(), start.clone()
			sim.Simulate(rand.New(rand.NewPCG(seed, uint64(n))))
			applyLikeSimulate(t, ref, rand.New(rand.NewPCG(seed, uint64(n))))
			sameEnd(t, start.ID(), sim, ref)
			if len(sim.Events()) != 0 || sim.quiet {
				t.Fatalf("after Simulate: %d events, quiet %v", len(sim.Events()), sim.quiet)
			}
			if err := conserved(sim); err != nil {
				t.Fatal(err)
			}
		}
	}
	if decisions == 0 {
		t.Error("no start at a pending decision was tried")
	}
}

// TestSimulateStopsAtTheTurnCap: a game that reaches its turn cap ends there,
// as through Apply.
func TestSimulateStopsAtTheTurnCap(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		g, err := New(Options{Players: 4, TurnCap: 7})
		if err != nil {
			t.Fatal(err)
		}
		ref := g.clone()
		g.Simulate(rand.New(rand.NewPCG(seed, 1)))
		applyLikeSimulate(t, ref, rand.New(rand.NewPCG(seed, 1)))
		sameEnd(t, "turn cap 7", g, ref)
		if _, won := g.Winner(); !won && (!g.Capped() || g.Turns() != 7) {
			t.Fatalf("ended after %d throws, capped %v", g.Turns(), g.Capped())
		}
	}
}

// TestSimulateAtTheEndDoesNothing: a finished game stays as it is.
func TestSimulateAtTheEndDoesNothing(t *testing.T) {
	g := newGame(t, 3)
	g.Simulate(rand.New(rand.NewPCG(1, 1)))
	before := g.Position()
	g.Simulate(rand.New(rand.NewPCG(2, 2)))
	if d := cmp.Diff(before, g.Position()); d != "" {
		t.Errorf("Simulate changed a finished game:\n%s", d)
	}
}

// TestSimulateDecidesUniformly: at a decision with two fortresses on offer,
// both are taken, each about half the time.
func TestSimulateDecidesUniformly(t *testing.T) {
	g := edit(t, newGame(t, 2), 1, func(p *Position) { p.Pasches[0] = 3 })
	if err := g.Apply(ThrowMove(dice.Throw3{L: 2, A: 3, B: 4})); err != nil || g.ToMove() != 0 {
		t.Fatal("no decision node", err)
	}
	offered, _ := g.decides(g.throw)
	counts := map[int]int{}
	r := rand.New(rand.NewPCG(3, 3))
	const n = 4000
	for range n {
		f := g.pick(g.throw, r)
		if offered&(1<<f) == 0 {
			t.Fatalf("picked fortress %d, offered %04b", f, offered)
		}
		counts[f]++
	}
	want := float64(n) / float64(len(g.LegalMoves()))
	for f, c := range counts {
		// 5 standard errors of a binomial share.
		if d := float64(c) - want; d*d > 25*want {
			t.Errorf("fortress %d taken %d times of %d, want about %.0f", f, c, n, want)
		}
	}
	if len(counts) != len(g.LegalMoves()) {
		t.Errorf("took %v, offered %v", counts, g.LegalMoves())
	}
}

// TestSimulateDoesNotAllocate: a playout allocates nothing.
func TestSimulateDoesNotAllocate(t *testing.T) {
	start := newGame(t, 6)
	g := start.clone()
	r := rand.New(rand.NewPCG(4, 4))
	if a := testing.AllocsPerRun(20, func() {
		*g = *start
		g.events = g.events[:0]
		g.Simulate(r)
	}); a != 0 {
		t.Errorf("Simulate allocates %v times a game", a)
	}
}

// TestChanceOutcomesAreTheCallers: each call returns a copy of the outcome
// table, so that a write into it changes no game, and PlayOut's sampling,
// which reads the table itself, allocates nothing.
func TestChanceOutcomesAreTheCallers(t *testing.T) {
	g := newGame(t, 3)
	outs := g.ChanceOutcomes()
	if len(outs) != 126 {
		t.Fatalf("len %d", len(outs))
	}
	other := g.clone().ChanceOutcomes()
	if &outs[0] == &other[0] {
		t.Error("two calls share one table")
	}
	outs[0].Weight = 99
	if other[0].Weight == 99 || g.ChanceOutcomes()[0].Weight == 99 {
		t.Error("a write into the outcomes changed another's")
	}
	r := rand.New(rand.NewPCG(5, 5))
	if a := testing.AllocsPerRun(100, func() {
		if _, err := brettspiel.SampleChance(g, r); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("SampleChance allocates %v times a throw", a)
	}
}

// TestSampleChanceIsTheWalk: a sampled throw is the throw of the walk over
// the weighted outcomes that brettspiel.SampleChance documents, for the same
// draw; enough draws come to every outcome of the 126.
func TestSampleChanceIsTheWalk(t *testing.T) {
	g := newGame(t, 2)
	seen := map[brettspiel.Move]bool{}
	for seed := range uint64(4000) {
		got := g.SampleChance(rand.New(rand.NewPCG(seed, 1)))
		want, err := brettspiel.SampleChance(g, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("seed %d: %s, want %s", seed, g.MoveString(got), g.MoveString(want))
		}
		seen[got] = true
	}
	if len(seen) != len(g.ChanceOutcomes()) {
		t.Fatalf("%d of %d throws drawn", len(seen), len(g.ChanceOutcomes()))
	}
	if err := g.Apply(ThrowMove(dice.Throw3{L: 1, A: 2, B: 3})); err != nil {
		t.Fatal(err)
	}
	for g.ToMove() != brettspiel.Terminal && g.ToMove() != brettspiel.Chance {
		t.Fatal("unexpected decision")
	}
	g.Simulate(rand.New(rand.NewPCG(1, 1)))
	if m := g.SampleChance(rand.New(rand.NewPCG(1, 1))); m != brettspiel.NoMove {
		t.Errorf("at the end: %v", m)
	}
}

package toccateglio

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
)

// replayDraws plays g to its end drawing from r exactly as Simulate
// documents it, through the reference's list of legal moves and its checked
// Apply, with the events: the slow replay of Simulate's choices.
func replayDraws(t testing.TB, g *Game, r *rand.Rand) {
	t.Helper()
	for g.phase != phaseOver {
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			x := r.IntN(36)
			a, b := uint8(x/6+1), uint8(x%6+1)
			m = throwMove(max(a, b), min(a, b))
		} else {
			legal := g.refAppendLegalMoves(nil)
			m = legal[r.IntN(len(legal))]
		}
		if err := g.refApply(m); err != nil {
			t.Fatalf("replay: %v", err)
		}
	}
}

// simulateStarts returns states to simulate from under o: the start, and
// states of a random game: throws to play, the winner's decision, and one
// turn before the cap.
func simulateStarts(t testing.TB, o Options, seed uint64) []*Game {
	var out []*Game
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, g)
	n := 0
	walk(t, o, seed, brettspiel.RandomPolicy, func(g *Game) {
		if n++; n%5 == 0 || g.phase == phaseDecide {
			out = append(out, g.Clone().(*Game))
		}
	})
	return out
}

// TestT_W4_SimulateEqualsReplayThroughApply: Simulate ends every seeded game
// in a terminal state with the marks, strokes, Partien and stones that a
// replay of the same draws through LegalMoves and Apply (the reference's)
// reaches; the end state keeps the invariants and survives the position ID
// and JSON round trips. Matches of several Partien (T-W3's decisions) and a
// small turn cap are among the rules.
func TestT_W4_SimulateEqualsReplayThroughApply(t *testing.T) {
	vs := compareVariants()
	multi := Toccateglispiel()
	multi.Partien = 4
	multiTD := Toccadille()
	multiTD.Partien = 3
	capped := Tokkadille1853(15)
	capped.TurnCap, capped.Partien = 14, 2
	vs = append(vs, variant{"TS 4 Partien", multi}, variant{"TD 3 Partien", multiTD}, variant{"AL turn cap 14", capped})
	games := conformance.Games(8, 1500)
	for k, v := range vs {
		ends := map[string]int{}
		for i := 0; i < games; i++ {
			for j, start := range simulateStarts(t, v.o, uint64(1000*k+i)) {
				if j > 0 && i%4 != 0 {
					break // the start of every game, the later states of some
				}
				seed := uint64(k<<20 | i<<8 | j)
				sim := *start
				sim.events = nil
				sim.Simulate(rand.New(rand.NewPCG(seed, 1)))
				want := *start
				want.events = nil
				replayDraws(t, &want, rand.New(rand.NewPCG(seed, 1)))
				if !sameState(&sim, &want) {
					t.Fatalf("%s seed %d: Simulate ends in\n%v\nmarks %v strokes %v partien %d turns %d\nthe replay in\n%v\nmarks %v strokes %v partien %d turns %d",
						v.name, seed, &sim, sim.marks, sim.strokes, sim.partien, sim.turns, &want, want.marks, want.strokes, want.partien, want.turns)
				}
				if sim.ToMove() != brettspiel.Terminal || len(sim.Events()) != 0 || sim.quiet {
					t.Fatalf("%s seed %d: after Simulate: to move %v, %d events, quiet %v", v.name, seed, sim.ToMove(), len(sim.Events()), sim.quiet)
				}
				if err := checkInvariant(&sim); err != nil {
					t.Fatalf("%s seed %d: %v", v.name, seed, err)
				}
				for _, rt := range []func(brettspiel.Game) (brettspiel.Game, error){idRoundTrip, jsonRoundTrip} {
					back, err := rt(&sim)
					if err != nil {
						t.Fatalf("%s seed %d: round trip: %v", v.name, seed, err)
					}
					if !sameState(back.(*Game), &sim) {
						t.Fatalf("%s seed %d: the round trip changed the end state", v.name, seed)
					}
				}
				ends[fmt.Sprintf("capped=%v partien=%d", sim.capped, sim.partien)]++
			}
		}
		t.Logf("%s: %v", v.name, ends)
		if v.o.TurnCap == 14 && ends["capped=true partien=0"]+ends["capped=true partien=1"] == 0 {
			t.Errorf("%s: the turn cap never ended a game", v.name)
		}
	}
}

// TestSimulateIsReproducible: the same state and seed give the same game,
// and brettspiel.Simulate uses the variant's Simulate.
func TestSimulateIsReproducible(t *testing.T) {
	a, _ := New(ts)
	b, _ := New(ts)
	a.Simulate(rand.New(rand.NewPCG(3, 4)))
	if err := brettspiel.Simulate(b, rand.New(rand.NewPCG(3, 4))); err != nil {
		t.Fatal(err)
	}
	if !sameState(a, b) {
		t.Fatalf("two simulations of one seed differ:\n%v\n%v", a, b)
	}
	over := *a
	over.Simulate(rand.New(rand.NewPCG(5, 6))) // over: nothing happens
	if !sameState(&over, a) {
		t.Fatal("Simulate changed a game that was over")
	}
}

// TestSimulateDoesNotAllocate: a playout allocates nothing.
func TestSimulateDoesNotAllocate(t *testing.T) {
	for _, p := range benchPresets {
		start, _ := New(p.o)
		r := rand.New(rand.NewPCG(1, 1))
		var g Game
		if n := testing.AllocsPerRun(50, func() {
			g = *start
			g.Simulate(r)
		}); n != 0 {
			t.Errorf("%s: %v allocations per playout", p.name, n)
		}
	}
}

// A random Partie of Toccateglispiel, played out at once from a seed.
func ExampleGame_Simulate() {
	g, err := New(Toccateglispiel())
	if err != nil {
		panic(err)
	}
	g.Simulate(rand.New(rand.NewPCG(2026, 11)))
	fmt.Println("over:", g.ToMove() == brettspiel.Terminal)
	fmt.Println("Partien:", g.Partien(), "strokes:", g.Strokes(), "returns:", g.Returns())
	// Output:
	// over: true
	// Partien: 1 strokes: [0 1] returns: [-1 1]
}

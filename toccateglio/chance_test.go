package toccateglio

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// chancePhases returns games at each kind of chance node: the first and the
// second throw of the draw for the start (T-S3), and a throw to be played.
func chancePhases(t *testing.T) map[string]*Game {
	t.Helper()
	out := map[string]*Game{}
	g, err := New(Toccateglispiel())
	if err != nil {
		t.Fatal(err)
	}
	out["draw, first throw"] = g.Clone().(*Game)
	for _, s := range []string{"4-1", "6-5"} {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
		if s == "4-1" {
			out["draw, second throw"] = g.Clone().(*Game)
		}
	}
	if g.phase != phaseThrow {
		t.Fatalf("after the draw: %s", g)
	}
	out["throw"] = g.Clone().(*Game)
	return out
}

// TestT_S3_SampleChanceIsTheWalk: at every kind of chance node, the draw for
// the start included, the outcomes are the same 21 throws of 36 in the
// order of the legal moves, and a seeded SampleChance draws what the walk
// over their weights draws, taking the same number from the source, so
// seeded games are what they were. Off the chance nodes there is nothing
// to draw.
func TestT_S3_SampleChanceIsTheWalk(t *testing.T) {
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
			t.Fatalf("%s: weights sum to %d, want 36", name, total)
		}
		gametest.SampleChanceIsTheWalk(t, name, g, 500)
	}
	g := chancePhases(t)["throw"]
	if err := g.Apply(throwMove(3, 1)); err != nil {
		t.Fatal(err)
	}
	gametest.NothingToSample(t, "at a play", g)
	g.Simulate(rand.New(rand.NewPCG(1, 1)))
	gametest.NothingToSample(t, "at the end", g)
}

// TestChanceOutcomesAreTheCallers: every game and chance node returns its
// own copy of the table, so that a write into one changes no other, and
// drawing a throw, which reads the table itself, allocates nothing.
func TestChanceOutcomesAreTheCallers(t *testing.T) {
	games := map[string]brettspiel.Game{}
	for name, g := range chancePhases(t) {
		games[name] = g
	}
	gametest.ChanceOutcomesAreTheCallers(t, games)
}

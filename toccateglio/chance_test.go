package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel/internal/gametest"
)

// chancePhases returns games at each kind of chance node: the first and the
// second throw of the draw for the start (T-S3), and a throw to be played.
func chancePhases(t *testing.T) map[string]*Game {
	t.Helper()
	g, err := New(Toccateglispiel())
	return gametest.DrawNodes(t, g, err, func(g *Game) *Game { return g.Clone().(*Game) }, func(g *Game) bool { return g.phase == phaseThrow })
}

// TestT_S3_SampleChanceIsTheWalk: at every kind of chance node, the draw for
// the start included, the outcomes are the same 21 throws of 36 in the
// order of the legal moves, and a seeded SampleChance draws what the walk
// over their weights draws, taking the same number from the source, so
// seeded games are what they were. Off the chance nodes there is nothing
// to draw.
func TestT_S3_SampleChanceIsTheWalk(t *testing.T) {
	for name, g := range chancePhases(t) {
		gametest.ChanceTableIsTheWalk(t, name, g, 21, 36, 500)
	}
	gametest.NothingToSampleInPlay(t, chancePhases(t)["throw"], throwMove(3, 1))
}

// TestChanceOutcomesAreTheCallers: every game and chance node returns its
// own copy of the table, so that a write into one changes no other, and
// drawing a throw, which reads the table itself, allocates nothing.
func TestChanceOutcomesAreTheCallers(t *testing.T) {
	gametest.ChanceOutcomesAreTheCallers(t, chancePhases(t))
}

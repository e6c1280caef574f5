package verkehren

import (
	"testing"

	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// chancePhases returns games at each kind of chance node: the first and the
// second throw of the draw for the start (V-S1), and a throw to be played.
func chancePhases(t *testing.T) map[string]*Game {
	t.Helper()
	g, err := New(VK())
	return gametest.DrawNodes(t, g, err, (*Game).clone, func(g *Game) bool { return g.phase == phaseThrow })
}

// TestV_S1_SampleChanceIsTheWalk: at every kind of chance node, the draw for
// the start included, the outcomes are the same 21 throws, every draw of 36
// gives the throw of the walk over their weights, and a seeded SampleChance
// takes the same number from the source as the walk, so seeded games are
// what they were. Off the chance nodes there is nothing to draw.
func TestV_S1_SampleChanceIsTheWalk(t *testing.T) {
	for name, g := range chancePhases(t) {
		gametest.ChanceTableIsTheWalk(t, name, g, 21, 36, 500)
	}
	gametest.NothingToSampleInPlay(t, chancePhases(t)["throw"], throwMove(dice.Throw{A: 3, B: 1}))
}

// TestChanceOutcomesAreTheCallers: every game and chance node returns its
// own copy of the table, so that a write into one changes no other, and
// drawing a throw, which reads the table itself, allocates nothing.
func TestChanceOutcomesAreTheCallers(t *testing.T) {
	gametest.ChanceOutcomesAreTheCallers(t, chancePhases(t))
}

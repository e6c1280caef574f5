package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel/internal/gametest"
)

// playOnSeeds returns position IDs of states of seeded games under several
// option sets: fresh, in play and finished.
func playOnSeeds(tb testing.TB) []string {
	tb.Helper()
	return gametest.PlayOnSeeds(tb, gametest.Fresh(tb, New, []Options{{}, Tokkadille1853(16), Toccadille(), {Partien: 3}, {Partien: 2, TurnCap: 40}}...), 23)
}

// FuzzPlayOnFromID decodes a position ID and, from a state it accepts, plays
// a few random steps (every legal move equally likely, the throws too),
// seeded from the input: every state reached must save and load again, as
// its ID and as JSON, to the same state.
func FuzzPlayOnFromID(f *testing.F) {
	gametest.FuzzPlayOnFromID(f, playOnSeeds(f), ParseID, func() *Game { return new(Game) })
}

package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// playOnSeeds returns position IDs of states of seeded games under several
// option sets: fresh, in play and finished.
func playOnSeeds(tb testing.TB) []string {
	tb.Helper()
	var games []brettspiel.Game
	for _, o := range []Options{{}, Tokkadille1853(16), Toccadille(), {Partien: 3}, {Partien: 2, TurnCap: 40}} {
		g, err := New(o)
		if err != nil {
			tb.Fatal(err)
		}
		games = append(games, g)
	}
	return gametest.PlayOnSeeds(tb, games, 23)
}

// FuzzPlayOnFromID decodes a position ID and, from a state it accepts, plays
// a few random steps (every legal move equally likely, the throws too),
// seeded from the input: every state reached must save and load again, as
// its ID and as JSON, to the same state.
func FuzzPlayOnFromID(f *testing.F) {
	for i, id := range playOnSeeds(f) {
		f.Add(id, uint64(i), uint8(i))
	}
	parseID := func(id []byte) (brettspiel.Game, error) { return ParseID(string(id)) }
	fromJSON := func(data []byte) (brettspiel.Game, error) {
		var g Game
		err := g.UnmarshalJSON(data)
		return &g, err
	}
	f.Fuzz(func(t *testing.T, id string, seed uint64, steps uint8) {
		gametest.PlayOn(t, id, seed, steps, parseID, fromJSON)
	})
}

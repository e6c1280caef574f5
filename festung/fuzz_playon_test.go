package festung

import (
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// playOnSeeds returns position IDs of states of seeded games of every player
// count (fresh, in play, at decisions, finished), and of states at the edge of
// what the decoder accepts.
func playOnSeeds(tb testing.TB) []string {
	tb.Helper()
	var opts []Options
	for n := 2; n <= 6; n++ {
		opts = append(opts, ForPlayers(n), Options{Players: n, Stock: 1, TurnCap: 90})
	}
	ids := gametest.PlayOnSeedsWhere(tb, gametest.Fresh(tb, New, opts...), func(step int, g brettspiel.Game) bool {
		return step%37 == 0 || g.ToMove() >= 0
	})
	// A seat as far below the setup as the throws allow, near the turn cap.
	g, err := New(Options{Players: 2, Stock: maxStock, TurnCap: maxTurnCap})
	if err != nil {
		tb.Fatal(err)
	}
	g.throws = maxTurnCap - 2
	g.balance[1] -= maxLossPerThrow * g.throws
	g.bought[1] = -g.balance[1]
	g.balance[0] += maxLossPerThrow * g.throws
	return append(ids, g.ID())
}

// FuzzPlayOnFromID decodes a position ID and, from a state it accepts, plays
// a few random steps (every legal move equally likely, the throws too),
// seeded from the input: every state reached must save and load again, as
// its ID and as JSON, to the same state.
func FuzzPlayOnFromID(f *testing.F) {
	var seeds []string
	all := playOnSeeds(f)
	for i, id := range all {
		// under the race detector an eighth of the seeds from the random
		// games, and the built seeds at the end, keep go test -race within
		// its time budget
		if !raceDetector || i%8 == 0 || i >= len(all)-4 {
			seeds = append(seeds, id)
		}
	}
	gametest.FuzzPlayOnFromID(f, seeds, ParseID, func() *Game { return new(Game) })
}

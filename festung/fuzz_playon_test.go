package festung

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// playOnSeeds returns position IDs of states of seeded games of every player
// count (fresh, in play, at decisions, finished), and of states at the edge of
// what the decoder accepts.
func playOnSeeds(tb testing.TB) []string {
	tb.Helper()
	var ids []string
	for n := 2; n <= 6; n++ {
		for _, o := range []Options{ForPlayers(n), {Players: n, Stock: 1, TurnCap: 90}} {
			g, err := New(o)
			if err != nil {
				tb.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(n), 9))
			for step := 0; ; step++ {
				if step%37 == 0 || g.ToMove() >= 0 || g.ToMove() == brettspiel.Terminal {
					ids = append(ids, g.ID())
				}
				if g.ToMove() == brettspiel.Terminal {
					break
				}
				legal := g.LegalMoves()
				if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
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
	seeds := playOnSeeds(f)
	for i, id := range seeds {
		if raceDetector && i%8 != 0 && i < len(seeds)-4 {
			// an eighth of the seeds from the random games, and the built
			// seeds at the end, keep go test -race within its time budget
			continue
		}
		f.Add(id, uint64(i), uint8(i))
	}
	f.Fuzz(func(t *testing.T, id string, seed uint64, steps uint8) {
		g, err := ParseID(id)
		if err != nil {
			return
		}
		r := rand.New(rand.NewPCG(seed, 1))
		for range int(steps%24) + 1 {
			legal := g.LegalMoves()
			if len(legal) == 0 {
				return
			}
			m := legal[r.IntN(len(legal))]
			if err := g.Apply(m); err != nil {
				t.Fatalf("%s, then %s: %v", id, g.MoveString(m), err)
			}
			back, err := ParseID(g.ID())
			if err != nil {
				t.Fatalf("%s played on to %s, which does not load: %v", id, g.ID(), err)
			}
			if back.ID() != g.ID() {
				t.Fatalf("%s reads back as %s", g.ID(), back.ID())
			}
			js, err := g.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			var fromJSON Game
			if err := fromJSON.UnmarshalJSON(js); err != nil {
				t.Fatalf("%s played on to %s, whose JSON does not load: %v", id, g.ID(), err)
			}
			if fromJSON.ID() != g.ID() {
				t.Fatalf("the JSON of %s reads back as %s", g.ID(), fromJSON.ID())
			}
		}
	})
}

package verkehren

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// playOnSeeds returns position IDs of states of seeded games under several
// option sets: fresh, in play and finished.
func playOnSeeds(tb testing.TB) []string {
	tb.Helper()
	var ids []string
	for i, o := range []Options{VK(), VKBandLimit(), Cotton(), Fiske(), {FirstPlayer: brettspiel.Starts(1), TurnCap: 60}} {
		g, err := New(o)
		if err != nil {
			tb.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 9))
		for step := 0; ; step++ {
			if step%23 == 0 || g.ToMove() == brettspiel.Terminal {
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
	return ids
}

// FuzzPlayOnFromID decodes a position ID and, from a state it accepts, plays
// a few random steps (every legal move equally likely, the throws too),
// seeded from the input: every state reached must save and load again, as
// its ID and as JSON, to the same state.
func FuzzPlayOnFromID(f *testing.F) {
	for i, id := range playOnSeeds(f) {
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

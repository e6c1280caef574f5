package catalog_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/schematest"
)

// TestRaceGamesShareOneBoardShape validates the states of random games of
// every preset of both race games against one schema, the race board's
// (kit.RaceJSON), and checks that the Festungsspiel, which has no
// race board, does not pass it.
func TestRaceGamesShareOneBoardShape(t *testing.T) {
	sch := schematest.Compile(t, schematest.RaceSchema())
	r := rand.New(rand.NewPCG(7, 11))
	for _, name := range []string{"toccateglio", "verkehren"} {
		v, ok := catalog.Lookup(name)
		if !ok {
			t.Fatalf("no variant %q", name)
		}
		for _, p := range v.Presets {
			g, err := catalog.New(name, p.Name, 2)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 400 && g.ToMove() != brettspiel.Terminal; step++ {
				if step%7 == 0 {
					data, err := json.Marshal(g)
					if err != nil {
						t.Fatal(err)
					}
					if err := schematest.Validate(sch, data); err != nil {
						t.Fatalf("%s/%s step %d: the race board schema refuses the state: %v\n%s", name, p.Name, step, err, data)
					}
				}
				m := brettspiel.RandomPolicy(g, g.LegalMoves(), r)
				if g.ToMove() == brettspiel.Chance {
					if m, err = brettspiel.SampleChance(g, r); err != nil {
						t.Fatal(err)
					}
				}
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	g, err := catalog.New("festung", "", 3)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if schematest.Validate(sch, data) == nil {
		t.Error("the Festungsspiel's state passes the race board schema")
	}
}

package catalog_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// Every game of the catalogue names its variant and gives its position ID
// through the Game interface, as its MarshalText does, at the start and
// during play.
func TestGameVariantAndID(t *testing.T) {
	for _, name := range catalog.Names() {
		g, err := catalog.New(name, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		for step := 0; step < 40 && g.ToMove() != brettspiel.Terminal; step++ {
			if got := g.Variant(); got != name {
				t.Fatalf("%s: Variant() = %q", name, got)
			}
			id := g.ID()
			if !strings.HasPrefix(id, name+":") {
				t.Fatalf("%s: ID() = %q, want the prefix %q", name, id, name+":")
			}
			text, err := g.(interface{ MarshalText() ([]byte, error) }).MarshalText()
			if err != nil || string(text) != id {
				t.Fatalf("%s: MarshalText() = %q, %v; ID() = %q", name, text, err, id)
			}
			back, err := catalog.ParseID(id)
			if err != nil || back.ID() != id || back.Variant() != name {
				t.Fatalf("%s: ParseID(%q) = %v, %v", name, id, back, err)
			}
			legal := g.LegalMoves()
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A zero Game names its variant and has no ID.
func TestZeroGameVariantAndID(t *testing.T) {
	for _, g := range []brettspiel.Game{new(toccateglio.Game), new(verkehren.Game), new(festung.Game)} {
		if g.Variant() == "" || g.ID() != "" {
			t.Errorf("%T: Variant() = %q, ID() = %q; want a name and no ID", g, g.Variant(), g.ID())
		}
	}
}

package verkehren

import (
	"reflect"
	"testing"

	"github.com/brettspiel/brettspiel"
)

func TestCopyFromPlaysOnAsClone(t *testing.T) {
	g, err := New(Options{FirstPlayer: brettspiel.Starts(0)})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(g.LegalMoves()[5]); err != nil {
		t.Fatal(err)
	}
	var c Game
	c.CopyFrom(g)
	if c.ID() != g.ID() {
		t.Fatalf("copy %s, original %s", c.ID(), g.ID())
	}
	m := c.LegalMoves()[len(c.LegalMoves())-1]
	before := g.ID()
	evs := g.Events()
	if err := c.Apply(m); err != nil {
		t.Fatal(err)
	}
	if g.ID() != before || !reflect.DeepEqual(g.Events(), evs) {
		t.Fatalf("playing on the copy changed the original: %s, events %v", g.ID(), g.Events())
	}
	c.CopyFrom(g)
	if c.ID() != g.ID() {
		t.Fatalf("copied again %s, original %s", c.ID(), g.ID())
	}
	if n := testing.AllocsPerRun(100, func() { c.CopyFrom(g); _ = c.Apply(m) }); n != 0 {
		t.Errorf("CopyFrom and Apply allocate %v times", n)
	}
	id := c.ID()
	c.CopyFrom(nil)
	if c.ID() != id {
		t.Error("CopyFrom(nil) changed the game")
	}
}

package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

func TestCopyFromPlaysOnAsClone(t *testing.T) {
	g, err := New(Options{FirstPlayer: brettspiel.Starts(0)})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Apply(g.LegalMoves()[5]); err != nil {
		t.Fatal(err)
	}
	gametest.CopyFromPlaysOnAsClone(t, g, &Game{})
}

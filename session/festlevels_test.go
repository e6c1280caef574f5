package session

import (
	"context"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// The Festungsspiel's level is offered by name in every build, and a seat
// named after it plays a game to its end.
func TestFestungBestSeated(t *testing.T) {
	var out struct {
		Bots []string `json:"bots"`
	}
	call(t, NewTable(Options{}), "games", nil, &out)
	if !slices.Contains(out.Bots, "festung-best") {
		t.Errorf("bots %v lack festung-best", out.Bots)
	}
	g, err := New(Config{Variant: "festung", Players: 3, Seed: SeedOf(7), Seats: []string{"festung-best", "festung-best", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Advance(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if p := g.Position(); p.ToMove() != brettspiel.Terminal {
		t.Errorf("the game did not end: %v", p.ToMove())
	}
}

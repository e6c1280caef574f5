package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
)

func TestSmokeHarness(t *testing.T) {
	for _, p := range Presets() {
		t.Run(p.Name, func(t *testing.T) {
			conformance.Run(t, func() brettspiel.Game {
				g, err := New(p.Options)
				if err != nil {
					t.Fatal(err)
				}
				return g
			}, conformance.Config{Games: 200, DeepGames: 5, Seed: 1})
		})
	}
}

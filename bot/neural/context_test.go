//go:build !js

package neural

import (
	"context"
	"testing"
)

// TestDoneContextStillPlays: a decision whose context is done on entry
// plays the one-ply best.
func TestDoneContextStillPlays(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, g := range positions(t, "toccateglio", 5) {
		legal := g.LegalMoves()
		want := NewBot(Advanced).Choose(g, legal, nil)
		if m := NewBot(Strongest).ChooseContext(ctx, g, legal, nil); m != want {
			t.Errorf("context done: %v, want the one-ply choice %v", m, want)
		}
	}
}

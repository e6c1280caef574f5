//go:build js && wasm

package neural

import (
	"context"
	"time"

	"github.com/brettspiel/brettspiel"
)

// deepen leaves the ranking as it is: see deep.go.
func (b Bot) deepen(_ context.Context, _ *judge, _ brettspiel.Game, ranked []Ranked, _ brettspiel.Player, _ int, _ float64, _ time.Time) []Ranked {
	return ranked
}

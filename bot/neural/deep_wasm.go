//go:build js && wasm

package neural

import (
	"context"
	"time"

	"github.com/brettspiel/brettspiel"
)

// deepen leaves the ranking as it is: see deep.go.
func (b Bot) deepen(_ context.Context, _ []*judge, _ brettspiel.Game, ranked []Ranked, _ brettspiel.Player, _ int, _ float64, _ time.Time) []Ranked {
	return ranked
}

// judges returns j alone: a js/wasm build judges on one goroutine.
func (b Bot) judges(j *judge) []*judge { return []*judge{j} }

// sharedAfter2 is the judge's after2.
func sharedAfter2(js []*judge, g brettspiel.Game, m brettspiel.Move, p brettspiel.Player, deadline time.Time) (float64, bool) {
	return js[0].after2(g, m, p, deadline)
}

package verkehren

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// BenchmarkApplyGame replays the moves of one recorded random game through
// Apply, events included: ns/op is one whole game of Apply calls.
func BenchmarkApplyGame(b *testing.B) {
	g, _ := New(Options{})
	r := rand.New(rand.NewPCG(8, 8))
	var moves []brettspiel.Move
	for g.ToMove() != brettspiel.Terminal {
		m := gametest.ApplyStep(b, g, r, noConcede)
		moves = append(moves, m)
	}
	start, _ := New(Options{})
	g = start.clone()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		ev := g.events[:0] // the events' room is kept from game to game
		*g = *start
		g.events = ev
		for _, m := range moves {
			if err := g.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(moves)), "applies/op")
}

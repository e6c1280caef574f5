package brettspiel_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
)

// BenchmarkHistory measures what the checkpoint interval costs: Apply of a
// whole seeded game through a History, and going back through it step by
// step with Undo and forward again with Redo, per step. "replay" keeps only
// the start, so that every Undo replays the game from its beginning.
//
//	go test -run '^$' -bench History -count 5 .
func BenchmarkHistory(b *testing.B) {
	for _, c := range []config{{"toccateglio", "", 2}, {"festung", "", 6}} {
		moves := seededGame(b, c)
		for _, every := range []int{1, 4, 16, 64, 1 << 30} {
			name := fmt.Sprint(every)
			if every == 1<<30 {
				name = "replay"
			}
			b.Run(fmt.Sprintf("%s/apply/every=%s", c.variant, name), func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					h := newHistory(b, c, every)
					for _, m := range moves {
						if err := h.Apply(m); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/step")
			})
			b.Run(fmt.Sprintf("%s/undo-redo/every=%s", c.variant, name), func(b *testing.B) {
				h := newHistory(b, c, every)
				for _, m := range moves {
					if err := h.Apply(m); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					for h.Undo() {
					}
					for h.Redo() {
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/step")
			})
		}
	}
}

// BenchmarkHistoryRead measures reading a whole game's history: every
// entry with its events (All), and its record, per step.
//
//	go test -run '^$' -bench HistoryRead -count 5 .
func BenchmarkHistoryRead(b *testing.B) {
	for _, c := range []config{{"toccateglio", "", 2}, {"verkehren", "", 2}, {"festung", "", 6}} {
		h := newHistory(b, c, 16)
		for _, m := range seededGame(b, c) {
			if err := h.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(c.variant+"/entries", func(b *testing.B) {
			b.ReportAllocs()
			events := 0
			for range b.N {
				for _, e := range h.All() {
					events += len(e.Events)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*h.Len()), "ns/step")
		})
		b.Run(c.variant+"/record", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if rec := h.Record(); len(rec.Steps) != h.Len() {
					b.Fatal(len(rec.Steps))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*h.Len()), "ns/step")
		})
	}
}

// seededGame plays a seeded game of c to its end and returns its moves.
func seededGame(b *testing.B, c config) []brettspiel.Move {
	g, err := catalog.New(c.variant, c.preset, c.players)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(11, 11))
	var moves []brettspiel.Move
	for g.ToMove() != brettspiel.Terminal {
		m := randomMove(g, r)
		if err := g.Apply(m); err != nil {
			b.Fatal(err)
		}
		moves = append(moves, m)
	}
	b.Logf("%s: %d steps", c.variant, len(moves))
	return moves
}

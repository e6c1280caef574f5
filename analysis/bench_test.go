package analysis

import "testing"

// BenchmarkGame analyses a whole seeded game of greedy bots: toccateglio
// (one Partie), verkehren and festung at one ply, verkehren at two.
func BenchmarkGame(b *testing.B) {
	for _, c := range []struct {
		name, variant string
		plies         int
	}{{"toccateglio", "toccateglio", 1}, {"verkehren", "verkehren", 1}, {"verkehren-2ply", "verkehren", 2}, {"festung", "festung", 1}} {
		b.Run(c.name, func(b *testing.B) {
			h := playGame(b, c.variant, named(b, "greedy"), 1, 0)
			b.ReportMetric(float64(h.Len()), "steps")
			b.ReportAllocs()
			for range b.N {
				if _, err := (Options{Plies: c.plies}).Game(h); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

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

// BenchmarkRollout rolls out a position in the middle of a game of
// Verkehren 1,296 times by the net at one ply, on every core: truncated
// after 10 turns and played to the end, each plain and with the variance
// reduced (the luck of every throw judged over its 21 throws); and
// truncated by net-intermediate, a level played through its Choose, and
// by net-expert (two plies), 324 games, plain and reduced.
func BenchmarkRollout(b *testing.B) {
	g := middleGame(b, "verkehren", 2, 60)
	for _, c := range []struct {
		name string
		o    RolloutOptions
	}{
		{"truncated-10", RolloutOptions{Truncate: true, Turns: 10}},
		{"truncated-10-vr", RolloutOptions{Truncate: true, Turns: 10, VarianceReduction: true}},
		{"truncated-10-intermediate", RolloutOptions{Truncate: true, Turns: 10, Bot: "net-intermediate"}},
		{"truncated-10-expert-324", RolloutOptions{Games: 324, Truncate: true, Turns: 10, Bot: "net-expert"}},
		{"truncated-10-expert-324-vr", RolloutOptions{Games: 324, Truncate: true, Turns: 10, Bot: "net-expert", VarianceReduction: true}},
		{"untruncated", RolloutOptions{}},
		{"untruncated-vr", RolloutOptions{VarianceReduction: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var r RolloutResult
			cpu := processCPU()
			for range b.N {
				r = rollout(b, g, c.o)
			}
			if d := processCPU() - cpu; d > 0 {
				b.ReportMetric(d.Seconds()/float64(b.N), "cpu-s/op")
			}
			b.ReportMetric(r.StdErr, "stderr")
		})
	}
}

package toccateglio

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel/internal/gametest"
)

// BenchmarkSimulate: whole Partien by Simulate from the draw for the start;
// turns/s counts the players' turns (plays and passes).
func BenchmarkSimulate(b *testing.B) {
	for _, p := range benchPresets {
		b.Run(p.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			start, err := New(p.o)
			if err != nil {
				b.Fatal(err)
			}
			var g Game
			turns := 0
			clock := gametest.StartClock(b)
			for i := 0; i < b.N; i++ {
				g = *start
				g.Simulate(r)
				turns += int(g.turns)
			}
			clock.Report(b, "cpu-ns/turn", float64(turns))
			b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}

// BenchmarkCheck: Apply's check of a legal play alone (checkPlay), over the
// recorded positions of BenchmarkGenerate: to compare with the generation of
// the list.
func BenchmarkCheck(b *testing.B) {
	names, sets := benchSets(b)
	set := sets[len(sets)-1]
	if names[len(names)-1] != "all" {
		b.Fatal("no set all")
	}
	ms := applySet(b, set)
	clock := gametest.StartClock(b)
	for i := 0; i < b.N; i++ {
		j := i % len(set)
		mv := set[j].newMover()
		if _, ok := set[j].checkPlay(&mv, ms[j].Payload()); !ok {
			b.Fatal("refused")
		}
	}
	clock.Report(b, "cpu-ns/op", float64(b.N))
}

package verkehren

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// BenchmarkRandomGame plays whole games with the harness's random policy
// through the checked Apply; games/s is reported.
func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	r := rand.New(rand.NewPCG(1, 2))
	turns := 0
	for i := 0; i < b.N; i++ {
		g, _ := New(VK)
		if err := brettspiel.PlayOut(g, r, noConcede, 0); err != nil {
			b.Fatal(err)
		}
		turns += g.Turns()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

package verkehren

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// middleGame returns a crowded middle-game position with the throw d1-d2 to
// play: player 0 with blots on 3, 5, 7, 9, 11 and Bände on 1, 12, 14; player
// 1 with five blots on player 0's side and Bände on his house, Hucke, 14, 18.
func middleGame(tb testing.TB, d1, d2 int) *Game {
	tb.Helper()
	var pos Position
	for p, m := range [2]map[int]int{
		{1: 4, 3: 1, 5: 1, 7: 1, 9: 1, 11: 1, 12: 2, 14: 2, 16: 1, 19: 1},
		{1: 3, 3: 1, 5: 1, 6: 1, 8: 1, 10: 1, 12: 2, 14: 2, 16: 1, 18: 2},
	} {
		for i, c := range m {
			pos.Stones[p][i] = c
		}
	}
	pos.Dice = [2]int{d1, d2}
	g, err := FromPosition(VK(), pos)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// BenchmarkAppendLegalMoves lists the plays of one throw in a crowded middle
// game: doublets played four times are the expensive case. 0 allocs/op.
func BenchmarkAppendLegalMoves(b *testing.B) {
	for _, c := range []struct {
		name   string
		d1, d2 int
	}{{"6-6", 6, 6}, {"1-1", 1, 1}, {"3-3", 3, 3}, {"6-5", 6, 5}, {"2-1", 2, 1}} {
		b.Run(c.name, func(b *testing.B) {
			g := middleGame(b, c.d1, c.d2)
			dst := make([]brettspiel.Move, 0, 1024)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				dst = g.AppendLegalMoves(dst[:0])
			}
			b.ReportMetric(float64(len(dst)), "plays")
		})
	}
}

// BenchmarkRandomGame plays whole games with the harness's random policy
// through the checked Apply; games/s is reported, and the thread's CPU time
// a game (cpu-ns/game), steadier on a busy machine.
func BenchmarkRandomGame(b *testing.B) {
	for _, o := range []struct {
		name string
		opts Options
	}{{"VK", VK()}, {"VKBandLimit", VKBandLimit()}} {
		b.Run(o.name, func(b *testing.B) {
			b.ReportAllocs()
			r := rand.New(rand.NewPCG(1, 2))
			turns := 0
			var legal []brettspiel.Move
			var clock gametest.CPUClock
			clock.Start()
			for i := 0; i < b.N; i++ {
				g, _ := New(o.opts)
				for g.ToMove() != brettspiel.Terminal {
					var m brettspiel.Move
					if g.ToMove() == brettspiel.Chance {
						m, _ = brettspiel.SampleChance(g, r)
					} else {
						legal = g.AppendLegalMoves(legal[:0])
						m = noConcede(g, legal, r)
					}
					if err := g.Apply(m); err != nil {
						b.Fatal(err)
					}
				}
				turns += g.Turns()
			}
			clock.Report(b, "cpu-ns/game", float64(b.N))
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}

func TestAppendLegalMovesDoesNotAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, d := range [][2]int{{6, 6}, {1, 1}, {6, 5}} {
		g := middleGame(t, d[0], d[1])
		dst := make([]brettspiel.Move, 0, 1024)
		if n := testing.AllocsPerRun(20, func() { dst = g.AppendLegalMoves(dst[:0]) }); n != 0 {
			t.Errorf("%d-%d: %v allocs per AppendLegalMoves", d[0], d[1], n)
		}
	}
}

package verkehren

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// benchPositions records the play nodes of random VK games (uniform over the
// listed plays, never conceding), split into mixed throws and doublets: a
// fixed set, the same in every run.
func benchPositions(tb testing.TB, n int) (mixed, doublets []*Game) {
	return benchPositionsOf(tb, VK(), n)
}

// benchPositionsOf is benchPositions under opts.
func benchPositionsOf(tb testing.TB, opts Options, n int) (mixed, doublets []*Game) {
	r := rand.New(rand.NewPCG(13, 1))
	var legal []brettspiel.Move
	for len(mixed)+len(doublets) < n {
		g, _ := New(opts)
		for g.ToMove() != brettspiel.Terminal && len(mixed)+len(doublets) < n {
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m, _ = brettspiel.SampleChance(g, r)
			} else {
				c := g.clone()
				c.events = nil
				if g.dice[0] == g.dice[1] {
					doublets = append(doublets, c)
				} else {
					mixed = append(mixed, c)
				}
				legal = g.AppendLegalMoves(legal[:0])
				m = noConcede(g, legal, r)
			}
			if err := g.Apply(m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return mixed, doublets
}

// BenchmarkGenerate lists the plays of the throw at the play nodes of random
// VK games (a fixed set of 5,000): ns/op is the mean time of one list over
// the positions, "all" weighting mixed throws and doublets as the games
// meet them. The "reference" variants run the exhaustive search it replaced
// (moves_ref_test.go) on the same positions, for a comparison within one
// run. cpu-ns/op is the thread's CPU time, steadier on a busy machine.
func BenchmarkGenerate(b *testing.B) {
	mixed, doublets := benchPositions(b, 5000)
	all := append(append([]*Game{}, mixed...), doublets...)
	rand.New(rand.NewPCG(1, 1)).Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	for _, c := range []struct {
		name string
		set  []*Game
	}{{"all", all}, {"mixed", mixed}, {"doublets", doublets}} {
		for _, ref := range []bool{false, true} {
			name := c.name
			if ref {
				name += "/reference"
			}
			b.Run(name, func(b *testing.B) {
				dst := make([]brettspiel.Move, 0, 4096)
				plays := 0
				clock := gametest.StartClock(b)
				for i := 0; i < b.N; i++ {
					g := c.set[i%len(c.set)]
					if ref {
						p := g.toMove
						dst = g.opts.refAppendPlays(dst[:0], p, &g.b.Sides[p], &g.b.Sides[1-p], int(g.dice[0]), int(g.dice[1]))
					} else {
						dst = g.AppendLegalMoves(dst[:0])
					}
					plays += len(dst)
				}
				clock.Report(b, "cpu-ns/op", float64(b.N))
				b.ReportMetric(float64(plays)/float64(b.N), "plays/op")
			})
		}
	}
}

// BenchmarkApplyCheck judges one listed play (drawn once per position) at
// the recorded positions: "check" is the check behind Apply, "list" what
// Apply did before it, listing every play and searching the list.
func BenchmarkApplyCheck(b *testing.B) {
	mixed, doublets := benchPositions(b, 5000)
	all := append(append([]*Game{}, mixed...), doublets...)
	r := rand.New(rand.NewPCG(2, 2))
	moves := make([]brettspiel.Move, len(all))
	for i, g := range all {
		legal := g.LegalMoves()
		moves[i] = noConcede(g, legal, r)
	}
	for _, list := range []bool{false, true} {
		name := "check"
		if list {
			name = "list"
		}
		b.Run(name, func(b *testing.B) {
			var buf [maxLegal]brettspiel.Move
			var clock gametest.CPUClock
			b.ReportAllocs()
			clock.Start()
			for i := 0; i < b.N; i++ {
				g, m := all[i%len(all)], moves[i%len(all)]
				if list {
					legal := g.AppendLegalMoves(buf[:0])
					if kit.CheckMove(g.ToMove(), m, legal, nil) != nil {
						b.Fatal("refused")
					}
				} else if g.checkMove(m) != nil {
					b.Fatal("refused")
				}
			}
			clock.Report(b, "cpu-ns/op", float64(b.N))
		})
	}
}

// BenchmarkSimulate plays whole VK games by Simulate, the draw for the start
// included; games/s is reported, and the thread's CPU time a game.
func BenchmarkSimulate(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	turns := 0
	var clock gametest.CPUClock
	b.ReportAllocs()
	clock.Start()
	for i := 0; i < b.N; i++ {
		g, _ := New(VK())
		g.Simulate(r)
		turns += g.Turns()
	}
	clock.Report(b, "cpu-ns/game", float64(b.N))
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkGeneratePresets is BenchmarkGenerate/all and /doublets for every
// preset, over 5,000 play nodes of random games under the preset.
func BenchmarkGeneratePresets(b *testing.B) {
	for _, p := range Presets() {
		mixed, doublets := benchPositionsOf(b, p.Options, 5000)
		all := append(append([]*Game{}, mixed...), doublets...)
		rand.New(rand.NewPCG(1, 1)).Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		for _, c := range []struct {
			name string
			set  []*Game
		}{{"all", all}, {"doublets", doublets}} {
			b.Run(strings.ReplaceAll(p.Name, " ", "_")+"/"+c.name, func(b *testing.B) {
				dst := make([]brettspiel.Move, 0, 4096)
				clock := gametest.StartClock(b)
				for i := 0; i < b.N; i++ {
					dst = c.set[i%len(c.set)].AppendLegalMoves(dst[:0])
				}
				clock.Report(b, "cpu-ns/op", float64(b.N))
			})
		}
	}
}

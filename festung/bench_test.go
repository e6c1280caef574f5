package festung

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
)

// BenchmarkThrow resolves one throw (and the decision when it leaves one) in
// a running three-player game; a finished game starts afresh.
func BenchmarkThrow(b *testing.B) {
	start := newGame(b, 3)
	g := start.clone()
	g.events = make([]event, 0, 256)
	r := rand.New(rand.NewPCG(1, 2))
	throws := make([]brettspiel.Move, 4096)
	for i := range throws {
		throws[i] = ThrowMove(dice.Roll3(r))
	}
	var buf [8]brettspiel.Move
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if g.ToMove() == brettspiel.Terminal {
			ev := g.events
			*g = *start
			g.events = ev
		}
		if err := g.Apply(throws[i&4095]); err != nil {
			b.Fatal(err)
		}
		if g.ToMove() >= 0 {
			if err := g.Apply(g.AppendLegalMoves(buf[:0])[0]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkAppendLegalMoves lists the 126 throws of a chance node.
func BenchmarkAppendLegalMoves(b *testing.B) {
	g := newGame(b, 3)
	buf := make([]brettspiel.Move, 0, 128)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = g.AppendLegalMoves(buf[:0])
	}
	if len(buf) != 126 {
		b.Fatal(len(buf))
	}
}

// BenchmarkAppendLegalMovesDecision lists the options of a decision node.
func BenchmarkAppendLegalMovesDecision(b *testing.B) {
	g := edit(b, newGame(b, 2), 1, func(p *Position) { p.Pasches[0] = 3 })
	if err := g.Apply(ThrowMove(dice.Throw3{L: 2, A: 3, B: 4})); err != nil || g.ToMove() != 0 {
		b.Fatal("no decision node", err)
	}
	buf := make([]brettspiel.Move, 0, 8)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = g.AppendLegalMoves(buf[:0])
	}
	if len(buf) != 4 {
		b.Fatal(len(buf))
	}
}

// BenchmarkGame plays whole three-player games to the fifth Pasch, dice drawn
// die by die and decisions at random, as Simulate does.
func BenchmarkGame(b *testing.B) {
	start := newGame(b, 3)
	var buf [8]brettspiel.Move
	throws := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g := start.clone()
		playRandom(g, rand.New(rand.NewPCG(9, uint64(i))), buf[:0])
		throws += g.throws
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(throws)/float64(b.N), "throws/game")
}

// BenchmarkGamePlayOut plays whole three-player games through the generic
// brettspiel.PlayOut, which samples each throw from ChanceOutcomes.
func BenchmarkGamePlayOut(b *testing.B) {
	start := newGame(b, 3)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g := start.clone()
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(9, uint64(i))), brettspiel.RandomPolicy, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkGameSimulate plays whole three-player games with Simulate, the
// playout without events.
func BenchmarkGameSimulate(b *testing.B) {
	start := newGame(b, 3)
	g := start.clone()
	throws := 0
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ev := g.events
		*g = *start
		g.events = ev
		g.Simulate(rand.New(rand.NewPCG(9, uint64(i))))
		throws += g.throws
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(throws)/float64(b.N), "throws/game")
}

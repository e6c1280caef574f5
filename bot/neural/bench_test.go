package neural

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/playon"
)

// throwPositions returns positions of random games at a throw, with a
// player to throw.
func throwPositions(b *testing.B, game string, n int) []brettspiel.Game {
	var out []brettspiel.Game
	for _, g := range positions(b, game, n) {
		// the position after the play is at the opponent's throw
		s := g.Clone()
		legal := s.LegalMoves()
		if s.Apply(legal[0]) == nil && s.ToMove() == brettspiel.Chance {
			out = append(out, s)
		}
	}
	return out
}

// BenchmarkEvaluate judges positions at a throw afresh: the encoding and the
// whole net. positions/s = 1e9 / ns/op.
func BenchmarkEvaluate(b *testing.B) {
	for _, game := range Games() {
		b.Run(game, func(b *testing.B) {
			e, err := Load(game)
			if err != nil {
				b.Fatal(err)
			}
			ps := throwPositions(b, game, 200)
			j := newJudge(e)
			b.ReportAllocs()
			b.ResetTimer()
			var clock gametest.CPUClock
			clock.Start()
			for i := 0; i < b.N; i++ {
				j.value(ps[i%len(ps)], 0, 2)
			}
			clock.Report(b, "cpu-ns/op", float64(b.N))
		})
	}
}

// BenchmarkRank1 judges every play of a position at one ply, incrementally;
// one op is one play judged (its move applied on a scratch game, encoded and
// judged from the position before).
func BenchmarkRank1(b *testing.B) {
	for _, game := range Games() {
		b.Run(game, func(b *testing.B) {
			e, err := Load(game)
			if err != nil {
				b.Fatal(err)
			}
			ps := positions(b, game, 200)
			j := newJudge(e)
			var vals []float64
			b.ReportAllocs()
			b.ResetTimer()
			var clock gametest.CPUClock
			clock.Start()
			done := 0
			for done < b.N {
				g := ps[done%len(ps)]
				moves := g.LegalMoves()
				vals = append(vals[:0], make([]float64, len(moves))...)
				j.rank1(g, moves, vals, 0)
				done += len(moves)
			}
			clock.Report(b, "cpu-ns/op", float64(done))
		})
	}
}

// BenchmarkDecision is one decision of each level at positions of games
// the net plays against itself at one ply.
func BenchmarkDecision(b *testing.B) {
	for _, game := range Games() {
		ps := netPositions(b, game, 200)
		for _, l := range Levels() {
			b.Run(game+"/"+l.String(), func(b *testing.B) {
				bot := NewBot(l)
				r := rand.New(rand.NewPCG(1, 2))
				b.ReportAllocs()
				var clock gametest.CPUClock
				clock.Start()
				for i := 0; i < b.N; i++ {
					g := ps[i%len(ps)]
					bot.Choose(g, g.LegalMoves(), r)
				}
				clock.Report(b, "cpu-ns/op", float64(b.N))
			})
		}
	}
}

// netPositions returns n positions with a throw to play and more than one
// play, from games the shipped net plays against itself at one ply.
func netPositions(b testing.TB, game string, n int) []brettspiel.Game {
	r := rand.New(rand.NewPCG(13, 14))
	bot := NewBot(Advanced)
	var out []brettspiel.Game
	for len(out) < n {
		v, _ := variantNamed(game)
		g, err := newEpisode(v)
		if err != nil {
			b.Fatal(err)
		}
		for g.ToMove() != brettspiel.Terminal && len(out) < n {
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m, _ = brettspiel.SampleChance(g, r)
			} else {
				legal := g.LegalMoves()
				if len(playon.Moves(g, legal, nil)) > 1 {
					out = append(out, g.Clone())
				}
				m = bot.Choose(g, legal, r)
			}
			if err := g.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

// BenchmarkThirdPly times the strongest level's decision with its third
// ply unbounded by time, in Toccateglio (where the level looks so deep) and
// in Verkehren (where it does not: this turns it on for the measurement),
// on the positions of BenchmarkDecision; plies3 is the share of decisions
// that reached the third ply.
func BenchmarkThirdPly(b *testing.B) {
	for _, game := range Games() {
		ps := netPositions(b, game, 40)
		b.Run(game, func(b *testing.B) {
			v, _ := variantNamed(game)
			was := v.deep3
			v.deep3 = true
			defer func() { v.deep3 = was }()
			bot := Bot{Level: Strongest, Time: time.Hour}
			b.ReportAllocs()
			var clock gametest.CPUClock
			clock.Start()
			deep := 0
			for i := 0; i < b.N; i++ {
				g := ps[i%len(ps)]
				if rk := bot.Rank(g, g.LegalMoves(), nil); rk[0].Plies == 3 {
					deep++
				}
			}
			clock.Report(b, "cpu-ns/op", float64(b.N))
			b.ReportMetric(float64(deep)/float64(b.N), "plies3")
		})
	}
}

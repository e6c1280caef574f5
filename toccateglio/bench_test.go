package toccateglio

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
)

func benchPositions(b testing.TB) map[string]*Game {
	opening := load(b, ts, own(ts, 1, nil), own(ts, 1, nil), [2]int{5, 4}, [2]int{})
	middle := load(b, ts,
		own(ts, 1, map[int]int{1: 3, 4: 2, 6: 2, 7: 2, 8: 2, 9: 1, 12: 2}),
		own(ts, 15, map[int]int{1: 2, 3: 2, 5: 1, 7: 2, 8: 2, 10: 2, 12: 2}),
		[2]int{6, 4}, [2]int{3, 5})
	bearOff := load(b, al,
		own(al, 25, map[int]int{19: 2, 20: 3, 21: 3, 22: 2, 23: 2, 24: 1}),
		own(al, 19, map[int]int{10: 2, 12: 3, 15: 2, 17: 2}),
		[2]int{5, 2}, [2]int{7, 4})
	return map[string]*Game{"opening": opening, "middle": middle, "bear-off": bearOff}
}

// BenchmarkAppendLegalMoves: the legal plays of a throw, into a slice with
// room (no allocation).
func BenchmarkAppendLegalMoves(b *testing.B) {
	for _, name := range []string{"opening", "middle", "bear-off"} {
		g := benchPositions(b)[name]
		b.Run(name, func(b *testing.B) {
			dst := make([]brettspiel.Move, 0, maxPlays+1)
			b.ReportAllocs()
			n := 0
			for i := 0; i < b.N; i++ {
				dst = g.AppendLegalMoves(dst[:0])
				n = len(dst)
			}
			b.ReportMetric(float64(n), "plays")
		})
	}
}

// BenchmarkPartie: whole random games of one Partie (Toccateglispiel), from
// the draw for the start to the end, with the random policy.
func BenchmarkPartie(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	games := 0
	var legal []brettspiel.Move
	for i := 0; i < b.N; i++ {
		g, _ := New(ts)
		for g.ToMove() != brettspiel.Terminal {
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m = randomThrow(r)
			} else {
				legal = g.AppendLegalMoves(legal[:0])
				m = legal[r.IntN(len(legal))]
			}
			if err := g.Apply(m); err != nil {
				b.Fatal(err)
			}
		}
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// randomThrow draws a throw as two dice, without building the outcome list.
func randomThrow(r *rand.Rand) brettspiel.Move {
	a, c := uint8(r.IntN(6)+1), uint8(r.IntN(6)+1)
	return throwMove(max(a, c), min(a, c))
}

func TestAppendLegalMovesDoesNotAllocate(t *testing.T) {
	for name, g := range benchPositions(t) {
		dst := make([]brettspiel.Move, 0, maxPlays+1)
		if n := testing.AllocsPerRun(20, func() { dst = g.AppendLegalMoves(dst[:0]) }); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

package toccateglio

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
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

// benchPresets are the presets by short names for the benchmarks.
var benchPresets = []struct {
	name string
	o    Options
}{
	{"TS", Toccateglispiel()},
	{"AL15", Tokkadille1853(15)},
	{"AL16", Tokkadille1853(16)},
	{"TD", Toccadille()},
}

// randomPositions records the positions with a throw to play of seeded
// random Partien (uniform random plays) under o, n in all, as independent
// games.
func randomPositions(tb testing.TB, o Options, seed uint64, n int) []*Game {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, 3))
	var out []*Game
	var legal []brettspiel.Move
	for len(out) < n {
		g, err := New(o)
		if err != nil {
			tb.Fatal(err)
		}
		for g.ToMove() != brettspiel.Terminal && len(out) < n {
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m = randomThrow(r)
			} else {
				if g.phase == phaseMove {
					out = append(out, g.Clone().(*Game))
				}
				legal = g.AppendLegalMoves(legal[:0])
				m = legal[r.IntN(len(legal))]
			}
			if err := g.Apply(m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// benchSets are the recorded positions of the generation benchmarks: 2000
// positions of random Partien per preset, split into doublets and other
// throws, and all of them together; each set is one array, in the order
// played.
func benchSets(tb testing.TB) (names []string, sets [][]Game) {
	var all []Game
	for i, p := range benchPresets {
		ps := randomPositions(tb, p.o, uint64(100+i), 2000)
		var plain, doublets []Game
		for _, g := range ps {
			all = append(all, *g)
			if g.dice[0] == g.dice[1] {
				doublets = append(doublets, *g)
			} else {
				plain = append(plain, *g)
			}
		}
		names = append(names, p.name+"/plain", p.name+"/doublets")
		sets = append(sets, plain, doublets)
	}
	return append(names, "all"), append(sets, all)
}

// BenchmarkGenerate: the legal plays of one throw (ns/op is per throw), over
// recorded positions of random Partien of every preset, doublets apart.
func BenchmarkGenerate(b *testing.B) {
	names, sets := benchSets(b)
	for k, set := range sets {
		b.Run(names[k], func(b *testing.B) {
			dst := make([]brettspiel.Move, 0, 1024)
			plays := 0
			clock := gametest.StartClock(b)
			for i := 0; i < b.N; i++ {
				dst = set[i%len(set)].AppendLegalMoves(dst[:0])
				plays += len(dst)
			}
			clock.Report(b, "cpu-ns/op", float64(b.N))
			b.ReportMetric(float64(plays)/float64(b.N), "plays/throw")
		})
	}
}

// applySet pairs the recorded positions with a legal play drawn at random.
func applySet(b *testing.B, set []Game) []brettspiel.Move {
	r := rand.New(rand.NewPCG(9, 9))
	ms := make([]brettspiel.Move, len(set))
	for i := range set {
		g := &set[i]
		legal := g.LegalMoves()
		ms[i] = legal[r.IntN(len(legal))]
	}
	return ms
}

// BenchmarkApply: Apply of a legal play drawn at random, over the recorded
// positions (ns/op is per play, a copy of the state included).
func BenchmarkApply(b *testing.B) {
	names, sets := benchSets(b)
	for k, set := range sets {
		if names[k] != "all" {
			continue
		}
		ms := applySet(b, set)
		b.Run(names[k], func(b *testing.B) {
			var g Game
			events := make([]brettspiel.Event, 0, 64)
			clock := gametest.StartClock(b)
			for i := 0; i < b.N; i++ {
				j := i % len(set)
				g = set[j]
				g.events = events[:0]
				if err := g.Apply(ms[j]); err != nil {
					b.Fatal(err)
				}
			}
			clock.Report(b, "cpu-ns/op", float64(b.N))
		})
	}
}

// BenchmarkRandomPartie: whole Partien from the draw for the start, throws
// drawn as two dice, plays drawn uniformly from the legal moves and applied
// through Apply; turns/s counts the players' turns (plays and passes).
func BenchmarkRandomPartie(b *testing.B) {
	for _, p := range benchPresets {
		b.Run(p.name, func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			start, err := New(p.o)
			if err != nil {
				b.Fatal(err)
			}
			var g Game
			events := make([]brettspiel.Event, 0, 64)
			legal := make([]brettspiel.Move, 0, 1024)
			turns := 0
			clock := gametest.StartClock(b)
			for i := 0; i < b.N; i++ {
				g = *start
				g.events = events[:0]
				for g.phase != phaseOver {
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
				turns += int(g.turns)
			}
			clock.Report(b, "cpu-ns/turn", float64(turns))
			b.ReportMetric(float64(turns)/b.Elapsed().Seconds(), "turns/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}

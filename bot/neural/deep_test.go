//go:build !(js && wasm)

package neural

import (
	"math"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
)

// afterMove returns a copy of g with m played.
func afterMove(t *testing.T, g brettspiel.Game, m brettspiel.Move) brettspiel.Game {
	t.Helper()
	s := g.Clone()
	if err := s.Apply(m); err != nil {
		t.Fatal(err)
	}
	return s
}

// refOverThrows is the mean over the throws at s of Equity as p sees the
// position after each (at a player's decision: the mover's best play at one
// ply), written plainly with Clone and the exported Equity.
func refOverThrows(t *testing.T, e *Evaluator, s brettspiel.Game, p brettspiel.Player) float64 {
	if s.ToMove() != brettspiel.Chance {
		return e.Equity(s, p)
	}
	sum, total := 0.0, 0
	for _, o := range s.ChanceOutcomes() {
		sum += float64(o.Weight) * e.Equity(afterMove(t, s, o.Move), p)
		total += o.Weight
	}
	return sum / float64(total)
}

// refAfter3 is after3 written plainly: after m, for each throw the
// mover's best play by one ply, and the position it gives judged over the
// throws that follow.
func refAfter3(t *testing.T, e *Evaluator, g brettspiel.Game, m brettspiel.Move, p brettspiel.Player) float64 {
	s := afterMove(t, g, m)
	if s.ToMove() != brettspiel.Chance {
		return e.Equity(s, p)
	}
	sum, total := 0.0, 0
	for _, o := range s.ChanceOutcomes() {
		u := afterMove(t, s, o.Move)
		x := e.Equity(u, p)
		if q := u.ToMove(); q == 0 || q == 1 {
			var best brettspiel.Game
			bv := math.Inf(-1)
			for _, a := range playon.Moves(u, u.LegalMoves(), nil) {
				v := afterMove(t, u, a)
				if ev := e.Equity(v, q); best == nil || ev > bv {
					best, bv = v, ev
				}
			}
			x = refOverThrows(t, e, best, p)
		}
		sum += float64(o.Weight) * x
		total += o.Weight
	}
	return sum / float64(total)
}

// TestThreePliesAsWrittenPlainly: the judge's three-ply value of a play,
// with its scratch games and incremental sums, is the plain computation's.
func TestThreePliesAsWrittenPlainly(t *testing.T) {
	for _, game := range Games() {
		e, err := Load(game)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range positions(t, game, 3) {
			p := g.ToMove()
			moves := playon.Moves(g, g.LegalMoves(), nil)
			for _, m := range moves[:min(2, len(moves))] {
				want := refAfter3(t, e, g, m, p)
				one, ok := after3([]*judge{newJudge(e)}, g, m, p, time.Time{})
				if !ok || math.Abs(one-want) > 1e-4 {
					t.Errorf("%s %v: three plies %v (ok %v), plainly %v", game, m, one, ok, want)
				}
				// shared among three goroutines, the same sum to the bit
				three, ok := after3([]*judge{newJudge(e), newJudge(e), newJudge(e)}, g, m, p, time.Time{})
				if !ok || three != one {
					t.Errorf("%s %v: three plies on three goroutines %v (ok %v), on one %v", game, m, three, ok, one)
				}
				got2, _ := newJudge(e).after2(g, m, p, time.Time{})
				if want2 := refOverThrows(t, e, afterMove(t, g, m), p); math.Abs(got2-want2) > 1e-4 {
					t.Errorf("%s %v: two plies %v, plainly %v", game, m, got2, want2)
				}
				if shared, ok := sharedAfter2([]*judge{newJudge(e), newJudge(e), newJudge(e)}, g, m, p, time.Time{}); !ok || shared != got2 {
					t.Errorf("%s %v: two plies on three goroutines %v (ok %v), on one %v", game, m, shared, ok, got2)
				}
			}
		}
	}
}

// TestStrongestJudgesThreePliesDeep: given the time, the strongest level
// ranks its first plays three plies deep in Toccateglio when the best two
// by two plies are within its margin, and leaves a clear decision at two
// plies; the expert looks two plies deep. Clear decisions are few under
// the margin, so many positions are classed by two plies and the costly
// third ply is checked at the first few close ones only.
func TestStrongestJudgesThreePliesDeep(t *testing.T) {
	const closeChecked = 5
	close, clear := 0, 0
	for _, g := range positions(t, "toccateglio", 40) {
		legal := g.LegalMoves()
		two := Bot{Level: Expert, Time: time.Minute}.Rank(g, legal, nil)
		if len(two) < 2 || two[0].Plies != 2 {
			t.Fatalf("expert ranked %+v", two)
		}
		// the expert's two-ply values are the strongest's before its third ply
		strongest2 := rankTwoPly(t, g, 16)
		isClose := strongest2[1].Value >= strongest2[0].Value-deepMargin
		if isClose && close == closeChecked {
			continue
		}
		rs := Bot{Level: Strongest, Time: time.Minute}.Rank(g, legal, nil)
		switch {
		case isClose:
			close++
			if rs[0].Plies != 3 || rs[1].Plies != 3 {
				t.Errorf("a close decision (%.3f, %.3f) ranked %+v", strongest2[0].Value, strongest2[1].Value, rs[:2])
			}
		default:
			clear++
			if rs[0].Plies != 2 || rs[0].Move != strongest2[0].Move {
				t.Errorf("a clear decision (%.3f, %.3f) ranked %+v", strongest2[0].Value, strongest2[1].Value, rs[:2])
			}
		}
	}
	if close == 0 || clear == 0 {
		t.Fatalf("the positions gave %d close and %d clear decisions", close, clear)
	}
}

// rankTwoPly returns the best n plays of g by one ply ranked by two.
func rankTwoPly(t *testing.T, g brettspiel.Game, n int) []Ranked {
	e, err := Load("toccateglio")
	if err != nil {
		t.Fatal(err)
	}
	j := newJudge(e)
	p := g.ToMove()
	moves := playon.Moves(g, g.LegalMoves(), nil)
	vals := make([]float64, len(moves))
	j.rank1(g, moves, vals, 0)
	out := make([]Ranked, len(moves))
	for i, m := range moves {
		out[i] = Ranked{Move: m, Value: vals[i]}
	}
	sortRanked(out)
	out = out[:min(n, len(out))]
	for i := range out {
		out[i].Value, _ = j.after2(g, out[i].Move, p, time.Time{})
	}
	sortRanked(out)
	return out
}

// TestStrongestSameOnAnyWorkers: given the time, the strongest level ranks
// the same plays with the same values on one goroutine as on three.
func TestStrongestSameOnAnyWorkers(t *testing.T) {
	for _, game := range Games() {
		for _, g := range positions(t, game, 6) {
			legal := g.LegalMoves()
			one := Bot{Level: Strongest, Time: time.Minute, Workers: 1}.Rank(g, legal, nil)
			three := Bot{Level: Strongest, Time: time.Minute, Workers: 3}.Rank(g, legal, nil)
			if !slices.Equal(one, three) {
				t.Errorf("%s: on one goroutine %+v, on three %+v", game, one, three)
			}
		}
	}
}

// TestSharedThrowsPanicOnCallersGoroutine: a panic while judging a throw on
// another goroutine is raised again on the caller's, where a recover (as
// session.Table.Call's) catches it, instead of ending the program.
func TestSharedThrowsPanicOnCallersGoroutine(t *testing.T) {
	e, err := Load("toccateglio")
	if err != nil {
		t.Fatal(err)
	}
	var s brettspiel.Game
	for _, g := range positions(t, "toccateglio", 20) {
		m := playon.Moves(g, g.LegalMoves(), nil)[0]
		if a := afterMove(t, g, m); a.ToMove() == brettspiel.Chance {
			s = a
			break
		}
	}
	if s == nil {
		t.Fatal("no position at a throw")
	}
	for _, on := range []string{"caller", "helper"} {
		got := func() (r any) {
			defer func() { r = recover() }()
			js := []*judge{newJudge(e), newJudge(e), newJudge(e)}
			// the other judges wait until the one meant to panic has taken
			// a throw, so that it does take one
			taken := make(chan struct{})
			var once sync.Once
			shareThrows(js, s, 0, time.Time{}, func(j *judge, _ brettspiel.Game, _ brettspiel.Move, _ brettspiel.Player, _ time.Time) (float64, bool, bool) {
				if (j == js[0]) == (on == "caller") {
					once.Do(func() { close(taken) })
					panic("judged on the " + on)
				}
				select {
				case <-taken:
				case <-time.After(10 * time.Second):
				}
				return 0, true, true
			})
			return nil
		}()
		if got != "judged on the "+on {
			t.Errorf("a panic on the %s: recovered %v", on, got)
		}
	}
}

// TestJudgesPerWorkers: a decision makes a judge for each goroutine it may
// use, no more than there are throws of two dice, and GOMAXPROCS of them
// when Workers is not above zero.
func TestJudgesPerWorkers(t *testing.T) {
	e, err := Load("toccateglio")
	if err != nil {
		t.Fatal(err)
	}
	want := min(runtime.GOMAXPROCS(0), twoDiceThrows)
	for workers, n := range map[int]int{1: 1, 3: 3, 21: 21, 100: 21, 0: want, -5: want} {
		if got := len(Bot{Workers: workers}.judges(newJudge(e))); got != n {
			t.Errorf("Workers %d: %d judges, want %d", workers, got, n)
		}
	}
}

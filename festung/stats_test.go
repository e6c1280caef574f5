package festung

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// valueIteration solves the same chain as ExactOdds by plain iteration over
// all states (counts, seat to throw) until it settles: an independent check of
// the closed-form solution of the cycles.
func valueIteration(n int) (throws float64, win []float64) {
	states := 1
	for range n {
		states *= 5
	}
	type vec []float64
	cur := make([]vec, states*n)
	for i := range cur {
		cur[i] = make(vec, 1+n)
	}
	counts := func(code int) []int {
		c := make([]int, n)
		for i := range c {
			c[i] = code % 5
			code /= 5
		}
		return c
	}
	encode := func(c []int) int {
		code := 0
		for i := n - 1; i >= 0; i-- {
			code = code*5 + c[i]
		}
		return code
	}
	for iter := 0; iter < 20000; iter++ {
		next := make([]vec, len(cur))
		delta := 0.0
		for code := range states {
			c := counts(code)
			for i := range n {
				v := make(vec, 1+n)
				v[0] = 1
				for _, st := range []struct {
					k int
					p float64
				}{{0, 210.0 / 216}, {1, 5.0 / 216}, {2, 1.0 / 216}} {
					if c[i]+st.k >= 5 {
						v[1+i] += st.p
						continue
					}
					d := append([]int(nil), c...)
					d[i] += st.k
					w := cur[encode(d)*n+(i+1)%n]
					for j := range v {
						v[j] += st.p * w[j]
					}
				}
				delta = math.Max(delta, math.Abs(v[0]-cur[code*n+i][0]))
				next[code*n+i] = v
			}
		}
		cur = next
		if delta < 1e-9 {
			break
		}
	}
	return cur[0][0], cur[0][1:]
}

func TestExactOddsAgreesWithValueIteration(t *testing.T) {
	for _, n := range []int{2, 3} {
		ex, err := ExactOdds(n)
		if err != nil {
			t.Fatal(err)
		}
		th, win := valueIteration(n)
		if math.Abs(ex.Throws-th) > 1e-6 {
			t.Errorf("%d players: ExactOdds %.6f throws, value iteration %.6f", n, ex.Throws, th)
		}
		sum := 0.0
		for j := range n {
			sum += ex.Win[j]
			if math.Abs(ex.Win[j]-win[j]) > 1e-6 {
				t.Errorf("%d players: seat %d wins %.6f, value iteration %.6f", n, j, ex.Win[j], win[j])
			}
		}
		if math.Abs(sum-1) > 1e-9 || ex.Win[0] <= ex.Win[n-1] {
			t.Errorf("%d players: win probabilities %v", n, ex.Win)
		}
	}
	if _, err := ExactOdds(7); err == nil {
		t.Error("ExactOdds(7) without error")
	}
}

// TestSimulateAgreesWithExact checks the whole engine against the chain: the
// mean number of throws and each seat's share of fifth Pasches in seeded games
// lie within four standard errors of the exact values.
func TestSimulateAgreesWithExact(t *testing.T) {
	games := 1500
	if raceDetector {
		games = 300
	}
	for n := 2; n <= 6; n++ {
		ex, _ := ExactOdds(n)
		st, err := Statistics(ForPlayers(n), games, 42, nil)
		if err != nil {
			t.Fatal(err)
		}
		if z := (st.Throws.Mean - ex.Throws) / st.Throws.StdErr(); math.Abs(z) > 4 {
			t.Errorf("%d players: %.1f ± %.1f throws simulated, %.2f exact (z = %.1f)", n, st.Throws.Mean, st.Throws.StdErr(), ex.Throws, z)
		}
		for j := range n {
			f := float64(st.Wins[j]) / float64(games)
			se := math.Sqrt(ex.Win[j] * (1 - ex.Win[j]) / float64(games))
			if math.Abs(f-ex.Win[j]) > 4*se {
				t.Errorf("%d players: seat %d won %.3f, exact %.3f (se %.3f)", n, j, f, ex.Win[j], se)
			}
		}
		// The fifth Pasch clears the plan, so the returns add up to zero.
		sum := 0.0
		for _, r := range st.Returns {
			sum += r.Mean
		}
		if st.Capped != 0 || math.Abs(sum) > 1e-9 {
			t.Errorf("%d players: %d capped, returns add up to %g", n, st.Capped, sum)
		}
		if st.WinnerGain.N != games || st.WinnerGain.Min > st.WinnerGain.Quantiles[0] || st.WinnerGain.Quantiles[4] > st.WinnerGain.Max {
			t.Errorf("%d players: winner's gain %+v", n, st.WinnerGain)
		}
	}
}

func TestSimulateIsRepeatable(t *testing.T) {
	calls := 0
	a, err := Statistics(ForPlayers(3), 200, 7, func(int) { calls++ })
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Statistics(ForPlayers(3), 200, 7, nil)
	if a.Throws != b.Throws || a.WinnerGain != b.WinnerGain || a.Wins[0] != b.Wins[0] || calls == 0 {
		t.Errorf("two runs differ or no progress: %+v / %+v, %d calls", a.Throws, b.Throws, calls)
	}
	// A simulated game runs through the checked Apply to the fifth Pasch.
	g, _ := New(ForPlayers(3))
	playRandom(g, rand.New(rand.NewPCG(7, 0)), nil)
	if _, won := g.Winner(); !won || g.ToMove() != brettspiel.Terminal {
		t.Errorf("playRandom did not finish:\n%v", g)
	}
	if _, err := Statistics(Options{Players: 9}, 10, 1, nil); err == nil {
		t.Error("bad options accepted")
	}
	if _, err := Statistics(Options{}, 0, 1, nil); err == nil {
		t.Error("zero games accepted")
	}
}

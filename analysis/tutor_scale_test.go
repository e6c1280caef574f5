package analysis

import (
	"fmt"
	"math"
	"testing"
)

// The tutor's amounts of the race games are placed on the published
// rollouts (testdata/rollouts-GAME.txt): at each decision every play the
// net at one ply calls worse than its best is set beside the rollouts of
// the two. A tutor that speaks after a play names the net's best as the
// better play, so what counts is how often the rollouts agree that it is
// better, and by how much.

// tutorBand is the width of the band of one-ply losses a placement reads.
const tutorBand = 0.03

// tutorPlacement is one amount's rule: the least loss at one ply, on a grid
// of 0.01, from which on the plays the net says lose within a band of
// tutorBand are worse than its best by the rollouts in at least agree of
// them, by at least loss on average.
type tutorPlacement struct {
	agree, loss float64
}

var (
	// strict: four in five, by a doubtful play's loss at least
	strictPlacement = tutorPlacement{agree: 0.8, loss: 0.04}
	// mild: nine in ten, by a bad play's loss at least
	mildPlacement = tutorPlacement{agree: 0.9, loss: 0.08}
)

// tutorPair is a play the net calls worse than its best at one ply: by how
// much (OnePly) and by how much the rollouts say (Rollout).
type tutorPair struct{ OnePly, Rollout float64 }

func tutorPairs(t *testing.T, v string) []tutorPair {
	t.Helper()
	rs, err := readRollouts(rolloutFile(v), rolloutHeader(rolloutDefaults(v)))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) < 500 {
		t.Fatalf("%s: %d decisions rolled out, want the published 500", v, len(rs))
	}
	var out []tutorPair
	for _, ps := range rs {
		best := ps[0]
		for _, p := range ps {
			if p.OnePly > best.OnePly {
				best = p
			}
		}
		for _, p := range ps {
			if l := best.OnePly - p.OnePly; l > 0 && p.Notation != best.Notation {
				out = append(out, tutorPair{l, best.Equity - p.Equity})
			}
		}
	}
	return out
}

// band returns, of the pairs whose one-ply loss is in (x, x+tutorBand],
// how many, the share the rollouts agree are worse, and their mean loss by
// the rollouts.
func band(pairs []tutorPair, x float64) (n int, agree, loss float64) {
	for _, p := range pairs {
		if p.OnePly > x && p.OnePly <= x+tutorBand {
			n++
			loss += p.Rollout
			if p.Rollout > 0 {
				agree++
			}
		}
	}
	if n == 0 {
		return 0, 0, 0
	}
	return n, agree / float64(n), loss / float64(n)
}

// tutorBands is the last band read: the rollouts hold the plays within
// 0.15 of the best at one ply (rolloutReach).
const tutorBands = 12

// place returns the amount the rule gives, the least x from which every
// band up to the last meets it; NaN when none does.
func (r tutorPlacement) place(pairs []tutorPair) float64 {
	at := math.NaN()
	for k := tutorBands; k >= 1; k-- {
		n, agree, loss := band(pairs, float64(k)/100)
		if n < 30 || agree < r.agree || loss < r.loss {
			break
		}
		at = float64(k) / 100
	}
	return at
}

// TestTutorScale checks that the race games' Strict and Mild are where
// the rollouts place them, and prints the bands they are read from.
func TestTutorScale(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren"} {
		pairs := tutorPairs(t, v)
		sc, _ := ScaleOf(v)
		strict, mild := strictPlacement.place(pairs), mildPlacement.place(pairs)
		if math.Abs(sc.Strict-strict) > 1e-9 || math.Abs(sc.Mild-mild) > 1e-9 {
			t.Errorf("%s: the scale's tutor amounts strict %v, mild %v; the rollouts place them at %v and %v", v, sc.Strict, sc.Mild, strict, mild)
		}
		t.Logf("%s, %d plays the net calls worse than its best (strict %v, mild %v):", v, len(pairs), strict, mild)
		for k := 1; k <= tutorBands; k++ {
			x := float64(k) / 100
			n, agree, loss := band(pairs, x)
			t.Logf("%s", fmt.Sprintf("| %.2f–%.2f | %d | %.3f | %.3f |", x, x+tutorBand, n, agree, loss))
		}
	}
}

package gametest

import (
	"errors"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// MustStep returns what g offers after the steps made, failing the test
// when it refuses them.
func MustStep(t *testing.T, g brettspiel.Stepper, made ...brettspiel.Step) ([]brettspiel.Step, brettspiel.Move) {
	t.Helper()
	next, c, err := g.NextSteps(made)
	if err != nil {
		t.Fatalf("NextSteps(%v): %v", made, err)
	}
	return next, c
}

// RefusedStep checks that g refuses the steps made as an illegal move
// naming rule.
func RefusedStep(t *testing.T, g brettspiel.Stepper, rule string, made ...brettspiel.Step) {
	t.Helper()
	_, _, err := g.NextSteps(made)
	var e *brettspiel.Error
	if !errors.Is(err, brettspiel.ErrIllegalMove) || !errors.As(err, &e) || !slices.Contains(e.Rules, rule) {
		t.Fatalf("NextSteps(%v): %v, want an illegal move naming %s", made, err, rule)
	}
}

// Click is a step as a frontend gives it: absolute from and to only.
func Click(from, to int) brettspiel.Step { return brettspiel.Step{From: from, To: to} }

// BenchNextSteps is the body of a benchmark of NextSteps: it asks each game
// of gs for what follows every prefix of its turn's steps, round the games,
// and reports the time a call.
func BenchNextSteps[G brettspiel.Stepper](b *testing.B, gs []G, steps [][]brettspiel.Step) {
	calls := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(gs)
		for j := 0; j <= len(steps[k]); j++ {
			if _, _, err := gs[k].NextSteps(steps[k][:j]); err != nil {
				b.Fatal(err)
			}
			calls++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(calls), "ns/call")
}

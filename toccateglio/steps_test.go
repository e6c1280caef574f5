package toccateglio

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/stepsearch"
	"github.com/brettspiel/brettspiel/internal/stepsearch/steptest"
	"github.com/brettspiel/brettspiel/kit"
)

func notate(_ steptest.Game, steps []brettspiel.Step) string { return stepsearch.Notation(steps, "in") }

// click is a step as a frontend gives it: absolute from and to only.
func click(from, to int) brettspiel.Step { return brettspiel.Step{From: from, To: to} }

func mustStep(t *testing.T, g *Game, made ...brettspiel.Step) ([]brettspiel.Step, brettspiel.Move) {
	t.Helper()
	next, c, err := g.NextSteps(made)
	if err != nil {
		t.Fatalf("NextSteps(%v): %v", made, err)
	}
	return next, c
}

func refusedStep(t *testing.T, g *Game, rule string, made ...brettspiel.Step) {
	t.Helper()
	_, _, err := g.NextSteps(made)
	var e *brettspiel.Error
	if !errors.Is(err, brettspiel.ErrIllegalMove) || !errors.As(err, &e) || !slices.Contains(e.Rules, rule) {
		t.Fatalf("NextSteps(%v): %v, want an illegal move naming %s", made, err, rule)
	}
}

func offered(next []brettspiel.Step, s brettspiel.Step) bool {
	return slices.ContainsFunc(next, func(x brettspiel.Step) bool { return x.Matches(s) })
}

func TestSteps_DriveEveryPresetBySteps(t *testing.T) {
	for _, v := range compareVariants() {
		t.Run(v.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 2; seed++ {
				g, err := New(v.o)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(seed, 11))
				n := steptest.Drive(t, g, r, notate, 20000)
				if n == 0 || g.ToMove() != brettspiel.Terminal {
					t.Errorf("seed %d: %d plays by steps, to move %v", seed, n, g.ToMove())
				}
			}
		})
	}
}

func TestSteps_DescribeEveryLegalMove(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		v := rapid.SampledFrom(compareVariants()).Draw(rt, "variant")
		seed := rapid.Uint64().Draw(rt, "seed")
		r := rand.New(rand.NewPCG(seed, 5))
		for _, g := range comparePositions(t, v.o, seed, 4) {
			steptest.CheckDescribe(t, g, r, notate, nil)
			steptest.CheckNoise(t, g, r, false)
		}
	})
	g, _ := New(Toccateglispiel())
	steptest.CheckDescribe(t, g, rand.New(rand.NewPCG(1, 1)), notate, nil) // the throws
}

// The example of the package doc: 6-2 from the setup, one stone both dice.
func TestT_D2_StepsOneStoneBothDice(t *testing.T) {
	g := load(t, ts, own(ts, 1, nil), own(ts, 1, nil), [2]int{6, 2}, [2]int{})
	next, c := mustStep(t, g)
	want := []brettspiel.Step{{From: 1, To: 3, TrackFrom: 1, TrackTo: 3, Die: 2}, {From: 1, To: 7, TrackFrom: 1, TrackTo: 7, Die: 6}}
	if !slices.Equal(next, want) || c != brettspiel.NoMove {
		t.Fatalf("first steps %v %v, want %v", next, c, want)
	}
	for _, route := range [][]brettspiel.Step{{click(1, 7), click(7, 9)}, {click(1, 3), click(3, 9)}} {
		_, c := mustStep(t, g, route...)
		if g.MoveString(c) != "1/3 3/9" {
			t.Errorf("%v: %q", route, g.MoveString(c))
		}
	}
	_, c = mustStep(t, g, click(1, 7), click(1, 3))
	if g.MoveString(c) != "1/3 1/7" {
		t.Errorf("two stones in the other order: %q", g.MoveString(c))
	}
	refusedStep(t, g, "T-D2", click(1, 5))
	refusedStep(t, g, "T-D2", click(1, 7), click(7, 9), click(9, 10))
}

func TestT_D3_StepOntoOpponentRefused(t *testing.T) {
	g := load(t, ts, own(ts, 1, nil), opp(ts, 1, map[int]int{5: 1}), [2]int{4, 2}, [2]int{})
	refusedStep(t, g, "T-D3", click(1, 5))
	next, _ := mustStep(t, g, click(1, 3))
	if offered(next, click(3, 7)) == false || offered(next, click(1, 5)) {
		t.Errorf("after 1/3: %v", next)
	}
}

func TestT_H1_StepsLoneStoneOnTheHucke(t *testing.T) {
	o := ts
	o.SinglesInForce = true
	g := load(t, o, own(o, 1, map[int]int{6: 1, 7: 1}), opp(o, 1, map[int]int{5: 2, 11: 2, 10: 2}), [2]int{6, 5}, [2]int{})
	next, _ := mustStep(t, g, click(6, 12))
	if !offered(next, click(7, 12)) {
		t.Fatalf("after 6/12: %v", next)
	}
	if next[slices.IndexFunc(next, func(s brettspiel.Step) bool { return s.Matches(click(7, 12)) })].Flags&brettspiel.StepHucke == 0 {
		t.Errorf("no Hucke flag: %v", next)
	}
	_, c := mustStep(t, g, click(6, 12), click(7, 12))
	if g.MoveString(c) != "6/12 7/12" {
		t.Errorf("complete %q", g.MoveString(c))
	}
	refusedStep(t, g, "T-H1", click(7, 12), click(12, 17))
}

func TestT_H3_StepsForcePlay(t *testing.T) {
	g := load(t, ts, own(ts, 1, map[int]int{7: 1, 8: 1}), opp(ts, 1, nil), [2]int{6, 5}, [2]int{})
	next, _ := mustStep(t, g)
	for _, s := range []brettspiel.Step{click(7, 12), click(8, 12)} {
		i := slices.IndexFunc(next, func(x brettspiel.Step) bool { return x.Matches(s) })
		if i < 0 || next[i].Flags&brettspiel.StepForce == 0 || next[i].Die != 13-s.From {
			t.Fatalf("force step %v in %v", s, next)
		}
	}
	for _, order := range [][]brettspiel.Step{{click(7, 12), click(8, 12)}, {click(8, 12), click(7, 12)}} {
		if _, c := mustStep(t, g, order...); g.MoveString(c) != "7/12 8/12" {
			t.Errorf("%v: %q", order, g.MoveString(c))
		}
	}
	refusedStep(t, g, "T-H3", click(7, 12), click(1, 6))
	// only the force can be played: the pass is complete beside its steps
	s1 := opp(ts, 1, map[int]int{4: 2, 6: 2, 11: 2, 15: 2, 16: 2, 18: 2})
	h := load(t, ts, own(ts, 1, map[int]int{8: 1, 10: 1}), s1, [2]int{5, 3}, [2]int{})
	next, c := mustStep(t, h)
	if h.MoveString(c) != "pass" || len(next) != 2 {
		t.Errorf("pass or force: %v %q", next, h.MoveString(c))
	}
}

func TestT_S4_StepsEnterFromTheHandFirst(t *testing.T) {
	g := load(t, td, own(td, 2, map[int]int{0: 1}), own(td, 0, nil), [2]int{5, 3}, [2]int{})
	next, _ := mustStep(t, g)
	for _, s := range next {
		if s.From != Hand || s.Flags&brettspiel.StepEnter == 0 {
			t.Errorf("a first step that does not enter: %v", s)
		}
	}
	refusedStep(t, g, "T-S4", click(2, 7))
	_, c := mustStep(t, g, click(Hand, 3), click(2, 7))
	if g.MoveString(c) != "in/3 2/7" {
		t.Errorf("complete %q", g.MoveString(c))
	}
}

func TestT_B1_StepsBearOff(t *testing.T) {
	g := load(t, al, own(al, 21, map[int]int{16: 1}), opp(al, 1, nil), [2]int{5, 4}, [2]int{})
	refusedStep(t, g, "T-B1", click(21, brettspiel.Off))
	refusedStep(t, g, "T-B1", click(16, 20), click(21, brettspiel.Off))
	_, c := mustStep(t, g, click(16, 21), click(21, brettspiel.Off))
	if g.MoveString(c) != "16/20 20/off" { // the same position, its smallest notation
		t.Errorf("complete %q", g.MoveString(c))
	}
	next, _ := mustStep(t, g, click(16, 21))
	for _, s := range next {
		if s.To == brettspiel.Off && s.Flags&brettspiel.StepBearOff == 0 {
			t.Errorf("no bear-off flag: %v", s)
		}
	}
}

func TestSteps_PlayerOneInAbsolutePoints(t *testing.T) {
	g := load(t, ts, own(ts, 1, nil), own(ts, 1, nil), [2]int{6, 2}, [2]int{})
	if err := g.Apply(g.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	for g.ToMove() == brettspiel.Chance {
		if err := g.Apply(throwMove(6, 2)); err != nil {
			t.Fatal(err)
		}
	}
	if g.ToMove() != 1 {
		t.Fatalf("to move %v", g.ToMove())
	}
	next, _ := mustStep(t, g)
	for _, s := range next {
		if s.From != board.Opposite.ToAbsolute(1, s.TrackFrom) || s.From != 24 {
			t.Errorf("player 1's step %+v", s)
		}
	}
	_, c := mustStep(t, g, click(24, 18), click(18, 16))
	if g.MoveString(c) != "1/3 3/9" {
		t.Errorf("complete %q", g.MoveString(c))
	}
}

func TestSteps_DescribeThrowAndDecisionErrors(t *testing.T) {
	g := load(t, ts, own(ts, 1, nil), opp(ts, 1, map[int]int{5: 1}), [2]int{}, [2]int{})
	info, err := g.Describe(throwMove(4, 2))
	if err != nil || info.Kind != brettspiel.MoveThrow || !slices.Equal(info.Dice, []int{4, 2}) || info.Marks[0] != 1 {
		t.Errorf("Describe(4-2) = %+v, %v", info, err)
	}
	if _, _, err := g.NextSteps(nil); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("NextSteps at a throw: %v", err)
	}
	if _, err := g.Describe(kit.NewMove(0, 1)); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("Describe of a play at a throw: %v", err)
	}
}

// BenchmarkNextSteps measures one call of NextSteps as a click-by-click UI
// makes them: the first steps, then after each step of a play, over the
// positions of the generator's comparison tests.
func BenchmarkNextSteps(b *testing.B) {
	var gs []*Game
	var steps [][]brettspiel.Step
	r := rand.New(rand.NewPCG(7, 7))
	for i, v := range compareVariants() {
		for _, g := range comparePositions(b, v.o, uint64(i), 40) {
			legal := g.LegalMoves()
			info, err := g.Describe(legal[r.IntN(len(legal))])
			if err != nil {
				b.Fatal(err)
			}
			gs, steps = append(gs, g), append(steps, info.Steps)
		}
	}
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

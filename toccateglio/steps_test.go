package toccateglio

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/stepsearch"
	"github.com/brettspiel/brettspiel/internal/stepsearch/steptest"
	"github.com/brettspiel/brettspiel/kit"
)

func notate(_ steptest.Game, steps []brettspiel.Step) string { return stepsearch.Notation(steps, "in") }

func offered(next []brettspiel.Step, s brettspiel.Step) bool {
	return slices.ContainsFunc(next, func(x brettspiel.Step) bool { return x.Matches(s) })
}

func TestSteps_DriveEveryPresetBySteps(t *testing.T) {
	for _, v := range compareVariants() {
		t.Run(v.name, func(t *testing.T) { gametest.DriveBySteps(t, New, v.o, 2, notate, 20000, true) })
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
	next, c := gametest.MustStep(t, g)
	want := []brettspiel.Step{{From: 1, To: 3, TrackFrom: 1, TrackTo: 3, Die: 2}, {From: 1, To: 7, TrackFrom: 1, TrackTo: 7, Die: 6}}
	if !slices.Equal(next, want) || c != brettspiel.NoMove {
		t.Fatalf("first steps %v %v, want %v", next, c, want)
	}
	for _, route := range [][]brettspiel.Step{{gametest.Click(1, 7), gametest.Click(7, 9)}, {gametest.Click(1, 3), gametest.Click(3, 9)}} {
		_, c := gametest.MustStep(t, g, route...)
		if g.MoveString(c) != "1/3 3/9" {
			t.Errorf("%v: %q", route, g.MoveString(c))
		}
	}
	_, c = gametest.MustStep(t, g, gametest.Click(1, 7), gametest.Click(1, 3))
	if g.MoveString(c) != "1/3 1/7" {
		t.Errorf("two stones in the other order: %q", g.MoveString(c))
	}
	gametest.RefusedStep(t, g, "T-D2", gametest.Click(1, 5))
	gametest.RefusedStep(t, g, "T-D2", gametest.Click(1, 7), gametest.Click(7, 9), gametest.Click(9, 10))
}

func TestT_D3_StepOntoOpponentRefused(t *testing.T) {
	g := load(t, ts, own(ts, 1, nil), opp(ts, 1, map[int]int{5: 1}), [2]int{4, 2}, [2]int{})
	gametest.RefusedStep(t, g, "T-D3", gametest.Click(1, 5))
	next, _ := gametest.MustStep(t, g, gametest.Click(1, 3))
	if offered(next, gametest.Click(3, 7)) == false || offered(next, gametest.Click(1, 5)) {
		t.Errorf("after 1/3: %v", next)
	}
}

func TestT_H1_StepsLoneStoneOnTheHucke(t *testing.T) {
	o := ts
	o.SinglesInForce = true
	g := load(t, o, own(o, 1, map[int]int{6: 1, 7: 1}), opp(o, 1, map[int]int{5: 2, 11: 2, 10: 2}), [2]int{6, 5}, [2]int{})
	next, _ := gametest.MustStep(t, g, gametest.Click(6, 12))
	if !offered(next, gametest.Click(7, 12)) {
		t.Fatalf("after 6/12: %v", next)
	}
	if next[slices.IndexFunc(next, func(s brettspiel.Step) bool { return s.Matches(gametest.Click(7, 12)) })].Flags&brettspiel.StepHucke == 0 {
		t.Errorf("no Hucke flag: %v", next)
	}
	_, c := gametest.MustStep(t, g, gametest.Click(6, 12), gametest.Click(7, 12))
	if g.MoveString(c) != "6/12 7/12" {
		t.Errorf("complete %q", g.MoveString(c))
	}
	gametest.RefusedStep(t, g, "T-H1", gametest.Click(7, 12), gametest.Click(12, 17))
}

func TestT_H3_StepsForcePlay(t *testing.T) {
	g := load(t, ts, own(ts, 1, map[int]int{7: 1, 8: 1}), opp(ts, 1, nil), [2]int{6, 5}, [2]int{})
	next, _ := gametest.MustStep(t, g)
	for _, s := range []brettspiel.Step{gametest.Click(7, 12), gametest.Click(8, 12)} {
		i := slices.IndexFunc(next, func(x brettspiel.Step) bool { return x.Matches(s) })
		if i < 0 || next[i].Flags&brettspiel.StepForce == 0 || next[i].Die != 13-s.From {
			t.Fatalf("force step %v in %v", s, next)
		}
	}
	for _, order := range [][]brettspiel.Step{{gametest.Click(7, 12), gametest.Click(8, 12)}, {gametest.Click(8, 12), gametest.Click(7, 12)}} {
		if _, c := gametest.MustStep(t, g, order...); g.MoveString(c) != "7/12 8/12" {
			t.Errorf("%v: %q", order, g.MoveString(c))
		}
	}
	gametest.RefusedStep(t, g, "T-H3", gametest.Click(7, 12), gametest.Click(1, 6))
	// only the force can be played: the pass is complete beside its steps
	s1 := opp(ts, 1, map[int]int{4: 2, 6: 2, 11: 2, 15: 2, 16: 2, 18: 2})
	h := load(t, ts, own(ts, 1, map[int]int{8: 1, 10: 1}), s1, [2]int{5, 3}, [2]int{})
	next, c := gametest.MustStep(t, h)
	if h.MoveString(c) != "pass" || len(next) != 2 {
		t.Errorf("pass or force: %v %q", next, h.MoveString(c))
	}
}

func TestT_S4_StepsEnterFromTheHandFirst(t *testing.T) {
	g := load(t, td, own(td, 2, map[int]int{0: 1}), own(td, 0, nil), [2]int{5, 3}, [2]int{})
	next, _ := gametest.MustStep(t, g)
	for _, s := range next {
		if s.From != Hand || s.Flags&brettspiel.StepEnter == 0 {
			t.Errorf("a first step that does not enter: %v", s)
		}
	}
	gametest.RefusedStep(t, g, "T-S4", gametest.Click(2, 7))
	_, c := gametest.MustStep(t, g, gametest.Click(Hand, 3), gametest.Click(2, 7))
	if g.MoveString(c) != "in/3 2/7" {
		t.Errorf("complete %q", g.MoveString(c))
	}
}

func TestT_B1_StepsBearOff(t *testing.T) {
	g := load(t, al, own(al, 21, map[int]int{16: 1}), opp(al, 1, nil), [2]int{5, 4}, [2]int{})
	gametest.RefusedStep(t, g, "T-B1", gametest.Click(21, brettspiel.Off))
	gametest.RefusedStep(t, g, "T-B1", gametest.Click(16, 20), gametest.Click(21, brettspiel.Off))
	_, c := gametest.MustStep(t, g, gametest.Click(16, 21), gametest.Click(21, brettspiel.Off))
	if g.MoveString(c) != "16/20 20/off" { // the same position, its smallest notation
		t.Errorf("complete %q", g.MoveString(c))
	}
	next, _ := gametest.MustStep(t, g, gametest.Click(16, 21))
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
	next, _ := gametest.MustStep(t, g)
	for _, s := range next {
		if s.From != board.Opposite.ToAbsolute(1, s.TrackFrom) || s.From != 24 {
			t.Errorf("player 1's step %+v", s)
		}
	}
	_, c := gametest.MustStep(t, g, gametest.Click(24, 18), gametest.Click(18, 16))
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
	gametest.BenchNextSteps(b, gs, steps)
}

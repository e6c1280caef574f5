package verkehren

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/stepsearch"
	"github.com/brettspiel/brettspiel/internal/stepsearch/steptest"
	"github.com/brettspiel/brettspiel/kit"
)

func notate(_ steptest.Game, steps []brettspiel.Step) string {
	return stepsearch.Notation(steps, "bar")
}

// orderLegal is the oracle for an order of single moves: ParseMove replays
// them in the order given, each by the single-move rules.
func orderLegal(g steptest.Game, steps []brettspiel.Step) bool {
	_, err := g.ParseMove(notate(g, steps))
	return err == nil
}

// abs1 is player 1's track point p in absolute points.
func abs1(p int) int { return board.SameDirection.ToAbsolute(1, p) }

func TestSteps_DriveEveryPresetBySteps(t *testing.T) {
	for _, p := range Presets() {
		t.Run(p.Name, func(t *testing.T) { gametest.DriveBySteps(t, New, p.Options, 6, notate, 1500, false) })
	}
}

func TestSteps_DescribeEveryLegalMove(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		opts := rapid.SampledFrom(propOptions).Draw(rt, "options")
		seed := rapid.Uint64().Draw(rt, "seed")
		n := rapid.IntRange(0, 300).Draw(rt, "moves")
		g := randomPosition(opts, seed, n)
		steptest.CheckDescribe(t, g, rand.New(rand.NewPCG(seed, 5)), notate, orderLegal)
		if g.ToMove() >= 0 {
			steptest.CheckNoise(t, g, rand.New(rand.NewPCG(seed, 6)), false)
		}
	})
}

// Every order of the steps of a legal play that ParseMove accepts is taken
// step by step, and gives the same move.
func TestSteps_EveryOrderOfRandomPlays(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		opts := rapid.SampledFrom(propOptions).Draw(rt, "options")
		seed := rapid.Uint64().Draw(rt, "seed")
		g := randomPosition(opts, seed, rapid.IntRange(1, 300).Draw(rt, "moves"))
		if g.ToMove() < 0 {
			return
		}
		legal := g.LegalMoves()
		m := legal[rapid.IntRange(0, len(legal)-1).Draw(rt, "move")]
		info, err := g.Describe(m)
		if err != nil || info.Kind != brettspiel.MovePlay {
			return
		}
		for _, perm := range permutations(info.Steps) {
			if !orderLegal(g, perm) {
				continue
			}
			var c brettspiel.Move
			for i := range perm {
				_, c = gametest.MustStep(t, g, perm[:i+1]...)
			}
			if c != m {
				t.Fatalf("%v gives %v, want %s", perm, c, g.MoveString(m))
			}
		}
	})
}

func permutations(s []brettspiel.Step) [][]brettspiel.Step {
	if len(s) <= 1 {
		return [][]brettspiel.Step{slices.Clone(s)}
	}
	var out [][]brettspiel.Step
	for i := range s {
		rest := append(slices.Clone(s[:i]), s[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]brettspiel.Step{s[i]}, p...))
		}
	}
	return out
}

func TestV_E1_StepsEnterFirst(t *testing.T) {
	g := at(t, VK(), 4, 2, map[int]int{0: 1, 1: 10, 13: 2, 15: 2}, map[int]int{22: 1})
	next, c := gametest.MustStep(t, g)
	if c != brettspiel.NoMove || len(next) == 0 {
		t.Fatalf("first steps %v, %v", next, c)
	}
	for _, s := range next {
		if s.From != brettspiel.Bar || s.Flags&brettspiel.StepEnter == 0 {
			t.Errorf("a first step that does not enter: %v", s)
		}
	}
	gametest.RefusedStep(t, g, "V-E1", gametest.Click(13, 17))
	_, c = gametest.MustStep(t, g, gametest.Click(brettspiel.Bar, 2), gametest.Click(13, 17))
	if g.MoveString(c) != "bar/2 13/17" {
		t.Errorf("complete: %q", g.MoveString(c))
	}
}

func TestV_E3_StepsCompulsoryHit(t *testing.T) {
	g := at(t, VK(), 5, 3, map[int]int{0: 1, 1: 3, 13: 11}, map[int]int{o(3): 1, 22: 14})
	next, _ := gametest.MustStep(t, g)
	want := []brettspiel.Step{{From: brettspiel.Bar, To: 3, TrackFrom: bar, TrackTo: 3, Die: 3, Flags: brettspiel.StepEnter | brettspiel.StepHit}}
	if !slices.Equal(next, want) {
		t.Errorf("first steps %v, want %v", next, want)
	}
	gametest.RefusedStep(t, g, "V-E3", gametest.Click(brettspiel.Bar, 5))
	next, c := gametest.MustStep(t, g, gametest.Click(brettspiel.Bar, 3))
	if c != brettspiel.NoMove || len(next) == 0 {
		t.Fatalf("after entering: %v, %v", next, c)
	}
	_, c = gametest.MustStep(t, g, gametest.Click(brettspiel.Bar, 3), gametest.Click(3, 8))
	if g.MoveString(c) != "bar/3* 3/8" {
		t.Errorf("complete: %q", g.MoveString(c))
	}
}

func TestV_D1_StepsDoubletOneStoneFourTimes(t *testing.T) {
	g := at(t, VK(), 2, 2, map[int]int{1: 10, 13: 5}, map[int]int{22: 15})
	made := []brettspiel.Step{gametest.Click(13, 15), gametest.Click(15, 17), gametest.Click(17, 19), gametest.Click(19, 21)}
	for i := range made {
		next, c := gametest.MustStep(t, g, made[:i]...)
		if c != brettspiel.NoMove || !slices.ContainsFunc(next, func(s brettspiel.Step) bool { return s.Matches(made[i]) }) {
			t.Fatalf("after %v: %v, %v", made[:i], next, c)
		}
	}
	next, c := gametest.MustStep(t, g, made...)
	if len(next) != 0 || g.MoveString(c) != "13/15 15/17 17/19 19/21" {
		t.Errorf("complete: %v %q", next, g.MoveString(c))
	}
	gametest.RefusedStep(t, g, "V-D1", append(made, gametest.Click(21, 23))...)
}

func TestV_B2_StepOntoClosedPointRefused(t *testing.T) {
	g := at(t, VK(), 5, 3, map[int]int{1: 14, 2: 1}, map[int]int{o(7): 2, 23: 13})
	gametest.RefusedStep(t, g, "V-B2", gametest.Click(2, 7))
	// by the other number first, the stone passes the closed point
	_, c := gametest.MustStep(t, g, gametest.Click(2, 5), gametest.Click(5, 10))
	if c == brettspiel.NoMove {
		t.Error("2/5 5/10 not complete")
	}
}

func TestV_F1_StepsBearOff(t *testing.T) {
	g := at(t, VK(), 6, 2, map[int]int{22: 1, 23: 1}, map[int]int{22: 15})
	next, _ := gametest.MustStep(t, g)
	for _, s := range next {
		if s.To == brettspiel.Off && s.Flags&brettspiel.StepBearOff == 0 {
			t.Errorf("bearing off without its flag: %v", s)
		}
	}
	_, c := gametest.MustStep(t, g, gametest.Click(22, brettspiel.Off), gametest.Click(23, brettspiel.Off))
	if c == brettspiel.NoMove {
		t.Fatal("two stones off by steps: not complete")
	}
	// player 1's steps are in absolute points
	h := at(t, VK(), 6, 2, map[int]int{1: 15}, map[int]int{22: 1, 23: 1})
	if err := h.Apply(h.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	for h.ToMove() != 1 {
		m, _ := brettspiel.SampleChance(h, rand.New(rand.NewPCG(1, 2)))
		if err := h.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	next, _ = gametest.MustStep(t, h)
	for _, s := range next {
		if s.From != abs1(s.TrackFrom) || s.TrackFrom < 22 {
			t.Errorf("player 1's step %+v", s)
		}
	}
}

func TestSteps_RefusedWhenNoPlay(t *testing.T) {
	g, _ := New(VK())
	if _, _, err := g.NextSteps(nil); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("at a throw: %v", err)
	}
	if _, err := g.Describe(kit.NewMove(0, 5)); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("Describe of a play at a throw: %v", err)
	}
	h := at(t, VK(), 3, 2, map[int]int{0: 1, 1: 3, 2: 1, 13: 10}, map[int]int{o(3): 2, 22: 13})
	next, c := gametest.MustStep(t, h)
	if len(next) != 0 || h.MoveString(c) != "pass" {
		t.Errorf("no play: %v %q", next, h.MoveString(c))
	}
	gametest.RefusedStep(t, h, "V-D2", gametest.Click(brettspiel.Bar, 2))
}

// benchTurns returns positions of random games with a throw to play, and
// for each the steps of one of its plays; doublets only when doublets is set.
func benchTurns(b *testing.B, doublets bool) ([]*Game, [][]brettspiel.Step) {
	var gs []*Game
	var steps [][]brettspiel.Step
	r := rand.New(rand.NewPCG(7, 7))
	for seed := uint64(0); len(gs) < 200; seed++ {
		g := randomPosition(propOptions[seed%4], seed, 1+int(seed%200))
		if g.phase != phasePlay || (doublets && g.dice[0] != g.dice[1]) {
			continue
		}
		legal := g.LegalMoves()
		info, err := g.Describe(legal[r.IntN(len(legal))])
		if err != nil {
			b.Fatal(err)
		}
		gs, steps = append(gs, g), append(steps, info.Steps)
	}
	return gs, steps
}

// BenchmarkNextSteps measures one call of NextSteps as a click-by-click UI
// makes them: the first steps, then after each step of a play.
func BenchmarkNextSteps(b *testing.B) {
	for _, c := range []struct {
		name     string
		doublets bool
	}{{"all", false}, {"doublets", true}} {
		b.Run(c.name, func(b *testing.B) {
			gs, steps := benchTurns(b, c.doublets)
			gametest.BenchNextSteps(b, gs, steps)
		})
	}
}

// TestSteps_RefusalSpeaksBoardPoints: a step of player 1 that no number
// makes is refused with the board's points, the coordinates it was given
// in, not player 1's own track.
func TestSteps_RefusalSpeaksBoardPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for tries := 0; tries < 2000; tries++ {
		g, err := New(VK())
		if err != nil {
			t.Fatal(err)
		}
		for g.ToMove() != brettspiel.Terminal && !(g.ToMove() == 1 && g.b.Sides[1][bar] == 0) {
			m := brettspiel.RandomPolicy(g, g.LegalMoves(), r)
			if g.ToMove() == brettspiel.Chance {
				m = g.SampleChance(r)
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		if g.ToMove() != 1 {
			continue
		}
		first, _, err := g.NextSteps(nil)
		if err != nil || len(first) == 0 {
			continue
		}
		s := first[0]
		dice := g.Dice()
		for d := 1; d <= 6; d++ {
			tt := s.TrackFrom + d
			if slices.Contains(dice, d) || tt > 24 || s.TrackFrom == bar {
				continue
			}
			to := board.SameDirection.ToAbsolute(1, tt)
			_, _, err := g.NextSteps([]brettspiel.Step{{From: s.From, To: to}})
			if !errors.Is(err, brettspiel.ErrIllegalMove) {
				t.Fatalf("%d→%d (track %d→%d) with %v: %v", s.From, to, s.TrackFrom, tt, dice, err)
			}
			if want := "from " + pointName(s.From) + " to " + pointName(to); !strings.Contains(err.Error(), want) {
				t.Fatalf("%d→%d (track %d→%d) with %v: %v; want it to say %q", s.From, to, s.TrackFrom, tt, dice, err, want)
			}
			return
		}
	}
	t.Fatal("no position found to try")
}

package festung

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/stepsearch/steptest"
)

func notate(_ steptest.Game, steps []brettspiel.Step) string {
	return FieldID(steps[0].Field).String()
}

// decisionGame returns a game of n players at a decision node.
func decisionGame(t *testing.T, n int, seed uint64) *Game {
	t.Helper()
	g, err := New(ForPlayers(n))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 9))
	for g.ToMove() == brettspiel.Chance {
		m, _ := brettspiel.SampleChance(g, r)
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if g.ToMove() == brettspiel.Terminal {
		t.Fatal("over before a decision")
	}
	return g
}

func TestSteps_DriveEveryPlayerCountBySteps(t *testing.T) {
	for n := 2; n <= 6; n++ {
		for seed := uint64(1); seed <= 2; seed++ {
			g, err := New(ForPlayers(n))
			if err != nil {
				t.Fatal(err)
			}
			steptest.Drive(t, g, rand.New(rand.NewPCG(seed, uint64(n))), notate, 20000)
			if g.ToMove() != brettspiel.Terminal {
				t.Errorf("%d players, seed %d: not over", n, seed)
			}
		}
	}
}

func TestSteps_DescribeEveryLegalMove(t *testing.T) {
	g, _ := New(ForPlayers(3))
	r := rand.New(rand.NewPCG(3, 3))
	steptest.CheckDescribe(t, g, r, notate, nil) // the 126 throws
	for seed := uint64(1); seed <= 20; seed++ {
		d := decisionGame(t, 2+int(seed%5), seed)
		steptest.CheckDescribe(t, d, r, notate, nil)
		for range 20 {
			steptest.CheckNoise(t, d, r, true)
		}
	}
}

func TestF_A2_StepTakesFromTheChosenField(t *testing.T) {
	g, _ := New(ForPlayers(3))
	info, err := g.Describe(ThrowMove(dice.Throw3{L: 5, A: 6, B: 1}))
	if err != nil || info.Kind != brettspiel.MoveThrow || len(info.Dice) != 3 || info.Dice[0] != 5 || info.Dice[1] != 1 || info.Dice[2] != 6 {
		t.Fatalf("Describe(5/1-6) = %+v, %v", info, err)
	}
	d := decisionGame(t, 3, 7)
	next, c, err := d.NextSteps(nil)
	if err != nil || c != brettspiel.NoMove || len(next) < 2 {
		t.Fatalf("offer: %v %v %v", next, c, err)
	}
	for _, s := range next {
		f, _ := FieldOf(FieldID(s.Field))
		if f.Kind != OuterWork || f.Number != s.Die || !d.Marker(f.ID) {
			t.Errorf("offered %v: %+v", s, f)
		}
		_, c, err := d.NextSteps([]brettspiel.Step{{Field: s.Field}})
		if err != nil || d.MoveString(c) != f.Name {
			t.Errorf("choosing %s: %s, %v", f.Name, d.MoveString(c), err)
		}
		if twin := OuterWorkID(f.Fortress, f.Number, 1-f.Twin); twin != NoField {
			if _, ct, err := d.NextSteps([]brettspiel.Step{{Field: int(twin)}}); err != nil || ct != c {
				t.Errorf("choosing the twin %s: %s, %v", twin, d.MoveString(ct), err)
			}
		}
		info, err := d.Describe(c)
		if err != nil || info.Field != s.Field || info.FieldName != f.Name || info.Decision != "field" {
			t.Errorf("Describe(%s) = %+v, %v", f.Name, info, err)
		}
	}
	for _, bad := range []brettspiel.Step{{Field: 70}, {Field: 999}, {Field: next[0].Field, Die: next[0].Die%6 + 1}} {
		_, _, err := d.NextSteps([]brettspiel.Step{bad})
		var e *brettspiel.Error
		if !errors.Is(err, brettspiel.ErrIllegalMove) || !errors.As(err, &e) || !slices.Contains(e.Rules, "F-A2") {
			t.Errorf("NextSteps(%v): %v", bad, err)
		}
	}
	if _, _, err := g.NextSteps(nil); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("at a throw: %v", err)
	}
}

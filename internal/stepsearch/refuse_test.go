package stepsearch

import (
	"errors"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// The refusal of the play going on from a step is the parser's, copied into
// a new refusal; a step that no edge matches is left to the variant; a
// matched step whose plays the parser takes, or refuses without a refusal,
// gives none.
func TestPlayRefusal(t *testing.T) {
	x := New[int](toy{})
	var read []string
	refuseAll := func(s string) (brettspiel.Move, error) {
		read = append(read, s)
		e := kit.Refuse(brettspiel.RefuseMoreNumbers, "uses fewer numbers", "X-1")
		e.Op, e.Refusal.Need, e.Refusal.Count, e.Refusal.At = "parse move", 4, 2, 3
		return brettspiel.NoMove, e
	}
	e, matched := x.PlayRefusal(0, nil, brettspiel.Step{From: 1, To: 3}, "bar", refuseAll)
	if !matched || e == nil || e.Refusal.Code != brettspiel.RefuseMoreNumbers || e.Reason != "uses fewer numbers" ||
		!slices.Equal(e.Rules, []string{"X-1"}) || e.Refusal.Need != 4 || e.Refusal.Count != 2 || e.Refusal.At != -1 || e.Op != "" {
		t.Errorf("PlayRefusal = %+v, %v", e, matched)
	}
	if len(read) != 1 {
		t.Errorf("parsed %q, want one play", read)
	}
	if e, matched := x.PlayRefusal(0, nil, brettspiel.Step{From: 1, To: 9}, "bar", refuseAll); e != nil || matched {
		t.Errorf("no such step: %+v, %v", e, matched)
	}
	takeAll := func(string) (brettspiel.Move, error) { return toyM, nil }
	if e, matched := x.PlayRefusal(0, nil, brettspiel.Step{From: 1, To: 2}, "bar", takeAll); e != nil || !matched {
		t.Errorf("taken plays: %+v, %v", e, matched)
	}
	plain := func(string) (brettspiel.Move, error) { return brettspiel.NoMove, errors.New("no") }
	if e, matched := x.PlayRefusal(0, nil, brettspiel.Step{From: 1, To: 2}, "bar", plain); e != nil || !matched {
		t.Errorf("errors without a refusal: %+v, %v", e, matched)
	}
}

func TestFailedAndRefused(t *testing.T) {
	made := []brettspiel.Step{{From: 1, To: 3}}
	f := Failed(made, brettspiel.ErrGameOver, "over")
	if f.Op != kit.OpNextSteps || f.Input != "1→3" || !errors.Is(f, brettspiel.ErrGameOver) || f.Reason != "over" {
		t.Errorf("Failed = %+v", f)
	}
	e := Refused(kit.Refuse(brettspiel.RefuseAllUsed, "used"), made, 1, 0, []int{6})
	r := e.Refusal
	if e.Op != kit.OpNextSteps || e.Input != "1→3" || r.Player != 1 || r.At != 0 || !slices.Equal(r.Steps, made) || !slices.Equal(r.Dice, []int{6}) {
		t.Errorf("Refused = %+v %+v", e, r)
	}
	made[0].To = 4
	if r.Steps[0].To != 3 {
		t.Error("Refused keeps the caller's steps")
	}
}

func TestStepRefused(t *testing.T) {
	made := []brettspiel.Step{{From: 1, To: 4, Die: 3}, {From: 13, To: 18, Die: 5}}
	e := kit.Refuse(brettspiel.RefuseDeadEnd, "no legal play goes on from it")
	got := StepRefused(e, made, 1)
	if got != e {
		t.Fatal("StepRefused made a new error")
	}
	if want := "step 2 (" + made[1].String() + "): no legal play goes on from it"; got.Reason != want {
		t.Fatalf("reason %q, want %q", got.Reason, want)
	}
}

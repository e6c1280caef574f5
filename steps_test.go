package brettspiel_test

import (
	"testing"

	"github.com/brettspiel/brettspiel"
)

func TestStepMatchesAndString(t *testing.T) {
	s := brettspiel.Step{From: brettspiel.Bar, To: 3, TrackFrom: 0, TrackTo: 3, Die: 3, Flags: brettspiel.StepEnter | brettspiel.StepHit}
	for _, c := range []struct {
		in   brettspiel.Step
		want bool
	}{
		{brettspiel.Step{From: brettspiel.Bar, To: 3}, true},
		{brettspiel.Step{From: brettspiel.Bar, To: 3, Die: 3, TrackTo: 9}, true},
		{brettspiel.Step{From: brettspiel.Bar, To: 3, Die: 4}, false},
		{brettspiel.Step{From: 1, To: 3}, false},
		{brettspiel.Step{From: brettspiel.Bar, To: 4}, false},
		{brettspiel.Step{From: brettspiel.Bar, To: 3, Field: 2}, false},
	} {
		if got := s.Matches(c.in); got != c.want {
			t.Errorf("%v.Matches(%+v) = %v", s, c.in, got)
		}
	}
	for _, c := range []struct {
		s    brettspiel.Step
		want string
	}{
		{s, "bar→3 by 3 (enter+hit)"},
		{brettspiel.Step{From: 20, To: brettspiel.Off, Die: 6, Flags: brettspiel.StepBearOff}, "20→off by 6 (bear-off)"},
		{brettspiel.Step{From: 7, To: 12, Flags: brettspiel.StepHucke | brettspiel.StepForce}, "7→12 (hucke+force)"},
		{brettspiel.Step{Field: 37, Die: 5}, "field 37"},
		{brettspiel.Step{From: 1, To: 2, Flags: 1 << 7}, "1→2 (flags(128))"},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

func TestMoveKindString(t *testing.T) {
	want := map[brettspiel.MoveKind]string{
		brettspiel.MoveThrow: "throw", brettspiel.MovePlay: "play", brettspiel.MovePass: "pass",
		brettspiel.MoveDecision: "decision", brettspiel.MoveConcede: "concede", 0: "MoveKind(0)", 9: "MoveKind(9)",
	}
	for k, w := range want {
		if got := k.String(); got != w {
			t.Errorf("%d: %q, want %q", k, got, w)
		}
	}
}

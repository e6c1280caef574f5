package stepsearch

import (
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

func TestInputIsBounded(t *testing.T) {
	made := make([]brettspiel.Step, 100000)
	for i := range made {
		made[i] = brettspiel.Step{From: 1, To: 3}
	}
	got := Input(made)
	if !strings.HasSuffix(got, ", … (100000 steps)") || strings.Count(got, "1→3") != maxInputSteps {
		t.Errorf("Input = %q", got)
	}
	if got := Input(made[:2]); got != "1→3, 1→3" {
		t.Errorf("Input = %q", got)
	}
}

func TestNotation(t *testing.T) {
	steps := []brettspiel.Step{{TrackFrom: brettspiel.Bar, TrackTo: 3}, {TrackFrom: 3, TrackTo: 9}, {TrackFrom: 20, TrackTo: brettspiel.Off}}
	if got := Notation(steps, "bar"); got != "bar/3 3/9 20/off" {
		t.Errorf("Notation = %q", got)
	}
}

// toy is a small graph: from state 0 the steps 1→2 (to state 1) and 1→3
// (to state 2, a dead end); from state 1 the step 2→4 by 2 or by 3 (states 3
// and 4), both ending move m, or 2→5 (state 5) ending move n.
type toy struct{}

func (toy) Edges(s int, dst []Edge[int]) []Edge[int] {
	e := func(from, to, die, next int) Edge[int] {
		return Edge[int]{Step: brettspiel.Step{From: from, To: to, Die: die}, To: next}
	}
	switch s {
	case 0:
		return append(dst, e(1, 3, 2, 2), e(1, 2, 1, 1))
	case 1:
		return append(dst, e(2, 5, 3, 5), e(2, 4, 3, 4), e(2, 4, 2, 3))
	}
	return dst
}

var toyM, toyN = kit.NewMove(0, 1), kit.NewMove(0, 2)

func (toy) Complete(s int) brettspiel.Move {
	switch s {
	case 3, 4:
		return toyM
	case 5:
		return toyN
	}
	return brettspiel.NoMove
}

func TestSearchNextAndPath(t *testing.T) {
	x := New[int](toy{})
	r := x.Next(0, nil)
	if len(r.Next) != 1 || r.Next[0].To != 2 || r.Complete != brettspiel.NoMove || r.Bad != -1 {
		t.Errorf("first steps %+v (the dead end 1→3 must not be offered)", r)
	}
	if r := x.Next(0, []brettspiel.Step{{From: 1, To: 3}}); r.Bad != 0 || len(r.At) != 1 || r.At[0] != 0 {
		t.Errorf("dead end accepted: %+v", r)
	}
	r = x.Next(0, []brettspiel.Step{{From: 1, To: 2}})
	if len(r.Next) != 3 || r.Next[0].To != 4 || r.Next[0].Die != 2 || r.Next[2].To != 5 {
		t.Errorf("second steps, sorted: %+v", r.Next)
	}
	// without its die the step 2→4 stands for both edges; both end m
	r = x.Next(0, []brettspiel.Step{{From: 1, To: 2}, {From: 2, To: 4}})
	if r.Complete != toyM || len(r.Next) != 0 {
		t.Errorf("complete %+v", r)
	}
	if r := x.Next(0, []brettspiel.Step{{From: 1, To: 2}, {From: 2, To: 4, Die: 5}}); r.Bad != 1 {
		t.Errorf("a wrong die accepted: %+v", r)
	}
	if p := x.Path(0, toyN, nil); len(p) != 2 || p[1].To != 5 {
		t.Errorf("path to n: %v", p)
	}
	if p := x.Path(0, toyM, []brettspiel.Step{{From: 1, To: 2}, {From: 2, To: 4, Die: 2}}); len(p) != 2 || p[1].Die != 2 {
		t.Errorf("path to m by the hint: %v", p)
	}
	if p := x.Path(0, kit.NewMove(0, 3), nil); p != nil {
		t.Errorf("path to no move: %v", p)
	}
	if e := x.Ends(0, nil, 10); len(e) != 4 {
		t.Errorf("ends %v", e)
	}
}

package toccateglio

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

func withPartien(o Options, n int) Options { o.Partien = n; return o }

func hasRule(evs []brettspiel.Event, rule string) bool {
	for _, e := range evs {
		if e.Rule == rule {
			return true
		}
	}
	return false
}

func TestT_W1_HitMarksWinBeforeTheMove(t *testing.T) {
	// Three hits from 10 marks make 13: the Partie is won at step 2 with a
	// Rest of 1; going on, the same throw is played without marking again.
	o := withPartien(al, 2)
	g := m4(t, o, false)
	g.marks = [2]int8{10, 0}
	evs := play(t, g, "6-5")
	if g.ToMove() != 0 || g.phase != phaseDecide || g.Strokes() != [2]int{4, 0} {
		t.Fatalf("won at step 2: phase %v strokes %v\n%s", g.phase, g.Strokes(), eventsString(evs))
	}
	for _, e := range evs {
		if e.Kind == brettspiel.EventMove {
			t.Errorf("no move before the decision: %v", e)
		}
	}
	evs = play(t, g, "go-on")
	if g.Marks() != [2]int{1, 0} || g.ToMove() != 0 || !slices.Equal(g.Dice(), []int{6, 5}) || sumMarks(evs, 0, "") != 0 {
		t.Fatalf("go on: marks %v, to move %v, dice %v\n%s", g.Marks(), g.ToMove(), g.Dice(), eventsString(evs))
	}
	play(t, g, "1/7 1/6")
	if g.ToMove() != brettspiel.Chance || g.turn != 1 {
		t.Errorf("after the play player 1 throws")
	}
}

func TestT_W1_NoUnplayableMarksAfterAWinAtStepTwo(t *testing.T) {
	s0 := own(ts, 1, map[int]int{15: 1})
	s1 := opp(ts, 1, map[int]int{5: 2, 6: 2, 19: 1, 20: 2})
	g := load(t, ts, s0, s1, [2]int{}, [2]int{11, 0})
	evs := play(t, g, "5-4")
	if g.ToMove() != brettspiel.Terminal || hasRule(evs, "T-D7") || g.Strokes() != [2]int{4, 0} {
		t.Errorf("to move %v, strokes %v\n%s", g.ToMove(), g.Strokes(), eventsString(evs))
	}
}

func TestT_W1_OpponentsMarksComeBeforeTheJan(t *testing.T) {
	s0 := own(ts, 24, map[int]int{7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2})
	s1 := opp(ts, 6, map[int]int{14: 2, 15: 2, 16: 2, 17: 2, 18: 2})
	g := load(t, ts, s0, s1, [2]int{6, 6}, [2]int{5, 11})
	evs := play(t, g, "pass")
	if hasRule(evs, "T-J3") || g.Strokes() != [2]int{0, 2} || g.ToMove() != brettspiel.Terminal {
		t.Errorf("the opponent reaches 12 at step 4, the Jan is not marked: strokes %v\n%s", g.Strokes(), eventsString(evs))
	}
}

func TestT_W2_Multipliers(t *testing.T) {
	wantTS := []int{4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1}
	wantTD := []int{4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1}
	for m := 0; m < 12; m++ {
		if got := MultipliersTS.Multiplier(m); got != wantTS[m] {
			t.Errorf("TS loser %d: ×%d, want ×%d", m, got, wantTS[m])
		}
		if got := MultipliersTD.Multiplier(m); got != wantTD[m] {
			t.Errorf("TD loser %d: ×%d, want ×%d", m, got, wantTD[m])
		}
	}
	// In play: the loser's marks at the moment of the win.
	for _, c := range []struct {
		o     Options
		loser int
		want  int
	}{{ts, 3, 2}, {td, 3, 3}, {ts, 7, 1}, {ts, 0, 4}} {
		s0 := own(c.o, 1, map[int]int{15: 1})
		s1 := opp(c.o, 1, map[int]int{5: 2, 6: 2, 19: 1, 20: 2})
		if c.o.EnterFromHand {
			s0 = own(c.o, 1, map[int]int{15: 1})
		}
		g := load(t, c.o, s0, s1, [2]int{}, [2]int{11, c.loser})
		play(t, g, "5-4")
		if g.Strokes() != [2]int{c.want, 0} || g.Returns()[0] != c.want || g.Returns()[1] != -c.want {
			t.Errorf("loser at %d: strokes %v returns %v, want %d", c.loser, g.Strokes(), g.Returns(), c.want)
		}
	}
}

func TestT_W3_GoOnWithTheRest(t *testing.T) {
	// 12 marks by doublet hits from 11 make 23 (and one more hit 25): the
	// Rest is at most 11.
	s0 := own(ts, 1, map[int]int{2: 1, 3: 1, 14: 1, 15: 1, 16: 1, 20: 1})
	s1 := opp(ts, 1, map[int]int{4: 1, 5: 1, 6: 1, 17: 1, 18: 1, 19: 1, 23: 1})
	g, err := FromPosition(withPartien(ts, 3), Position{Stones: [2]board.Side{s0, s1}, Marks: [2]int{11, 0}})
	if err != nil {
		t.Fatal(err)
	}
	evs := play(t, g, "3-3")
	if g.marks[0] != 25 || g.phase != phaseDecide {
		t.Fatalf("marks %v\n%s", g.Marks(), eventsString(evs))
	}
	play(t, g, "go-on")
	if g.Marks() != [2]int{11, 0} {
		t.Errorf("Rest: marks %v, want 11-0", g.Marks())
	}
}

func TestT_W3_AfterTheMarschAndAfresh(t *testing.T) {
	o := withPartien(al, 3)
	mk := func() *Game {
		return load(t, o, own(o, 25, map[int]int{23: 1}), opp(o, 6, map[int]int{1: 3}), [2]int{3, 2}, [2]int{10, 4})
	}
	g := mk()
	play(t, g, "23/off")
	if g.phase != phaseDecide || g.Strokes() != [2]int{2, 0} {
		t.Fatalf("Marsch to 12: %v", g)
	}
	fresh, _ := New(o)
	play(t, g, "go-on")
	if g.sides != fresh.sides || g.Marks() != [2]int{0, 0} || g.ToMove() != brettspiel.Chance || g.turn != 0 || g.phase != phaseThrow {
		t.Errorf("go on after the Marsch: the setup, the winner throws:\n%v", g)
	}
	g = mk()
	play(t, g, "23/off")
	play(t, g, "afresh")
	if g.sides != fresh.sides || g.Marks() != [2]int{0, 0} || g.phase != phaseDraw0 {
		t.Errorf("afresh: the setup and the draw:\n%v", g)
	}
	o.FirstPlayer = brettspiel.Starts(1)
	g = mk()
	play(t, g, "23/off")
	play(t, g, "afresh")
	if g.phase != phaseThrow || g.turn != 1 {
		t.Errorf("afresh with FirstPlayer: %v", g)
	}
}

func TestT_W3_GoOnAfterAPenaltyKeepsTheReroll(t *testing.T) {
	// TD: the mover cannot play 3-3; the opponent's 2 marks make his 12; going
	// on, the mover throws again after his doublet.
	o := withPartien(td, 2)
	g := load(t, o, own(o, 1, map[int]int{10: 1}), opp(o, 1, map[int]int{4: 2, 14: 2}), [2]int{3, 3}, [2]int{0, 10})
	play(t, g, "pass")
	if g.phase != phaseDecide || g.ToMove() != 1 {
		t.Fatalf("player 1 decides: %v", g)
	}
	play(t, g, "go-on")
	if g.phase != phaseThrow || g.turn != 0 || g.Marks() != [2]int{0, 0} {
		t.Errorf("go on: %v", g)
	}
	o = withPartien(ts, 2)
	g = load(t, o, own(o, 1, map[int]int{10: 1}), opp(o, 1, map[int]int{4: 2, 14: 2}), [2]int{3, 3}, [2]int{0, 10})
	play(t, g, "pass")
	play(t, g, "go-on")
	if g.phase != phaseThrow || g.turn != 1 {
		t.Errorf("TS go on: the winner (who would throw next) throws: %v", g)
	}
}

func TestT_W4_MatchOfPartien(t *testing.T) {
	for _, n := range []int{1, 3} {
		o := withPartien(ts, n)
		g, _ := New(o)
		r := rand.New(rand.NewPCG(4, uint64(n)))
		won := [2]int{}
		parties, decisions := 0, 0
		for g.ToMove() != brettspiel.Terminal {
			if g.ToMove() >= 0 && g.phase == phaseDecide {
				decisions++
			}
			gametest.ApplyStep(t, g, r, brettspiel.RandomPolicy)
			for _, e := range g.Events() {
				if e.Kind == brettspiel.EventEnd && e.Rule == "T-W2" {
					parties++
					won[e.Player] += e.Amount
				}
			}
		}
		if parties != n || decisions != n-1 || g.Strokes() != won || g.Partien() != n {
			t.Errorf("%d Partien: played %d, decisions %d, strokes %v, events %v", n, parties, decisions, g.Strokes(), won)
		}
		if r := g.Returns(); r[0] != won[0]-won[1] || r[1] != won[1]-won[0] {
			t.Errorf("returns %v for strokes %v", r, won)
		}
	}
}

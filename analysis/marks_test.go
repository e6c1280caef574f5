package analysis

import (
	"math"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot/neural"
)

// A loss is marked by the first bound it passes, a luck by the first it
// reaches either way; the bounds rise, and the tutor's lie among them.
func TestScaleMarks(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren", "festung"} {
		s, ok := ScaleOf(v)
		if !ok {
			t.Fatalf("%s: no scale", v)
		}
		if !(0 < s.Doubtful && s.Doubtful < s.Bad && s.Bad < s.VeryBad && 0 < s.Lucky && s.Lucky < s.VeryLucky) {
			t.Fatalf("%s: bounds out of order: %+v", v, s)
		}
		if !(0 < s.Strict && s.Strict < s.Mild && s.Mild <= s.VeryBad*2) {
			t.Fatalf("%s: tutor's amounts out of place: %+v", v, s)
		}
		for _, c := range []struct {
			loss float64
			want Mark
		}{{0, ""}, {s.Doubtful, ""}, {s.Doubtful + 1e-6, Doubtful}, {s.Bad, Doubtful}, {s.Bad + 1e-6, Bad}, {s.VeryBad + 1e-6, VeryBad}, {100, VeryBad}} {
			if got := s.Decision(c.loss); got != c.want {
				t.Errorf("%s: loss %v marked %q, want %q", v, c.loss, got, c.want)
			}
		}
		for _, c := range []struct {
			luck float64
			want Mark
		}{{0, ""}, {s.Lucky * 0.99, ""}, {-s.Lucky * 0.99, ""}, {s.Lucky, Lucky}, {-s.Lucky, Unlucky}, {s.VeryLucky, VeryLucky}, {-s.VeryLucky, VeryUnlucky}} {
			if got := s.Luck(c.luck); got != c.want {
				t.Errorf("%s: luck %v marked %q, want %q", v, c.luck, got, c.want)
			}
		}
	}
	if _, ok := ScaleOf("schach"); ok {
		t.Error("a scale for an unknown game")
	}
}

// Every counted decision and every throw of a report carries the mark of
// its loss or luck on the report's scale; each step carries every seat's
// equity; the race games' two are opposites and follow the judge's values,
// the Festungsspiel's are the balance; a finished game's last equities are
// its returns.
func TestReportMarksAndEquities(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren", "festung"} {
		h := playSteps(t, v, named(t, "random"), 11, 0, 100000)
		if h.ToMove() != brettspiel.Terminal {
			t.Fatalf("%s: the game did not end", v)
		}
		rep, err := Game(h)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ScaleOf(v)
		if rep.Scale != want {
			t.Fatalf("%s: scale %+v, want %+v", v, rep.Scale, want)
		}
		n := h.Game().NumPlayers()
		if len(rep.Before) != n {
			t.Fatalf("%s: before %v", v, rep.Before)
		}
		marked := 0
		for i, s := range rep.Steps {
			if d := s.Decision; d != nil {
				m := Mark("")
				if d.Counted {
					m = rep.Scale.Decision(d.Loss)
				}
				if d.Mark != m {
					t.Fatalf("%s step %d: mark %q, loss %v: want %q", v, i, d.Mark, d.Loss, m)
				}
				if m != "" {
					marked++
				}
			}
			if th := s.Throw; th != nil && th.Mark != rep.Scale.Luck(th.Luck) {
				t.Fatalf("%s step %d: mark %q, luck %v", v, i, th.Mark, th.Luck)
			}
			if len(s.Equities) != n {
				t.Fatalf("%s step %d: equities %v", v, i, s.Equities)
			}
			if v == "festung" {
				continue
			}
			if math.Abs(s.Equities[0]+s.Equities[1]) > 1e-9 {
				t.Fatalf("%s step %d: equities %v not opposites", v, i, s.Equities)
			}
			if d := s.Decision; d != nil && !near(s.Equities[s.Actor], d.Played) {
				t.Fatalf("%s step %d: the mover's equity %v, played %v", v, i, s.Equities[s.Actor], d.Played)
			}
		}
		if marked == 0 {
			t.Errorf("%s: the random bot's game has no marked decision", v)
		}
		last := rep.Steps[len(rep.Steps)-1].Equities
		for p, r := range h.Game().Returns() {
			if !near(last[p], float64(r)) {
				t.Errorf("%s: last equities %v, returns %v", v, last, h.Game().Returns())
				break
			}
		}
	}
}

// The race games' equities after a step come from its judgement, turned
// to each seat's view; a step the judge gives none (the draw) keeps the
// last.
func TestEquitiesAfterAStep(t *testing.T) {
	a := &analyst{rank: func(brettspiel.Game, []brettspiel.Move) []neural.Ranked { return nil }}
	prev := []float64{0.7, -0.7}
	for _, c := range []struct {
		st   Step
		want float64
	}{
		{Step{Actor: 1, Decision: &Decision{Played: 0.3}}, -0.3},
		{Step{Actor: 0, Decision: &Decision{Played: 0.3}}, 0.3},
		{Step{Actor: -1, Throw: &Throw{Mover: 1, Equity: -0.25}}, 0.25},
		{Step{Actor: -1, Throw: &Throw{Mover: -1}}, 0.7},
	} {
		got := a.equitiesAfter(nil, c.st, prev)
		if len(got) != 2 || math.Abs(got[0]-c.want) > 1e-12 || math.Abs(got[0]+got[1]) > 1e-12 {
			t.Errorf("step %+v: equities %v, want Player 1's %v", c.st, got, c.want)
		}
	}
}

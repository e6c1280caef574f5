package toccateglio

import (
	"math"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/bot"
)

var _ bot.Evaluator = (*Game)(nil)

// At the end Evaluate is the return; on the way it is zero-sum and finite.
func TestEvaluateEqualsReturnsAtTheEnd(t *testing.T) {
	for i, v := range variants() {
		o := v.o
		o.Partien = max(o.Partien, 2)
		walk(t, o, uint64(40+i), brettspiel.RandomPolicy, func(g *Game) {
			e0, e1 := g.Evaluate(0), g.Evaluate(1)
			if math.IsNaN(e0) || math.IsInf(e0, 0) || e0 != -e1 {
				t.Fatalf("%s: Evaluate %v, %v\n%v", v.name, e0, e1, g)
			}
			if g.ToMove() == brettspiel.Terminal {
				for p := range 2 {
					if got, want := g.Evaluate(brettspiel.Player(p)), float64(g.Returns()[p]); got != want {
						t.Errorf("%s: at the end Evaluate(%d) = %v, Returns %v", v.name, p, got, want)
					}
				}
			}
		})
	}
	// Ended by the turn cap, with a Partie half played.
	o := Toccateglispiel()
	o.TurnCap = 7
	walk(t, o, 1, brettspiel.RandomPolicy, func(g *Game) {
		if g.ToMove() == brettspiel.Terminal && g.Evaluate(0) != float64(g.Returns()[0]) {
			t.Errorf("capped: Evaluate %v, Returns %v", g.Evaluate(0), g.Returns())
		}
	})
	if g, _ := New(ts); g.Evaluate(0) != 0 || g.Evaluate(brettspiel.Chance) != 0 {
		t.Errorf("the start: %v", g.Evaluate(0))
	}
}

// A clear lead of p is worth more to p than the mirror position, and more
// marks for the opponent (a smaller multiplier) make a lead worth less.
func TestEvaluateLeadBeatsMirror(t *testing.T) {
	start := own(ts, 1, nil)
	at := func(marks [2]int, strokes [2]int, partien int) *Game {
		o := ts
		o.Partien = 3
		g, err := FromPosition(o, Position{Stones: [2]board.Side{start, start}, Marks: marks, Strokes: strokes, Partien: partien})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	lead, mirror := at([2]int{10, 2}, [2]int{}, 0), at([2]int{2, 10}, [2]int{}, 0)
	if lead.Evaluate(0) <= 0 || lead.Evaluate(0) <= mirror.Evaluate(0) || lead.Evaluate(0) != mirror.Evaluate(1) {
		t.Errorf("lead %v, mirror %v", lead.Evaluate(0), mirror.Evaluate(0))
	}
	if a, b := at([2]int{10, 0}, [2]int{}, 0).Evaluate(0), at([2]int{10, 7}, [2]int{}, 0).Evaluate(0); a <= b {
		t.Errorf("10–0 is worth %v, 10–7 %v", a, b)
	}
	if a, b := at([2]int{0, 0}, [2]int{2, 0}, 1).Evaluate(0), at([2]int{0, 0}, [2]int{0, 2}, 1).Evaluate(0); a != 2 || b != -2 {
		t.Errorf("strokes won: %v, %v", a, b)
	}
}

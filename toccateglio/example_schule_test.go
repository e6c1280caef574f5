package toccateglio_test

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// The Schule (T-W5): player 0 throws 6-5, worth 3 hit marks (Alvensleben's
// example, T-M4), but declares 1; player 1 sends him to school for the 2
// he forgot, and marks them himself.
func ExampleOptions_schule() {
	o := toccateglio.Tokkadille1853(15)
	o.Schule = true
	var s0, s1 board.Side
	s0[1], s0[4], s0[10] = 13, 1, 1        // player 0's track
	s1[1], s1[25-15], s1[25-21] = 13, 1, 1 // blots on player 0's 15 and 21
	g, err := toccateglio.FromPosition(o, toccateglio.Position{Stones: [2]board.Side{s0, s1}})
	if err != nil {
		panic(err)
	}
	for _, s := range []string{"6-5", "mark 1", "schule 2", "pass"} {
		m, err := g.ParseMove(s)
		if err != nil {
			panic(err)
		}
		who := g.ToMove()
		if err := g.Apply(m); err != nil {
			panic(err)
		}
		if rule, ok := g.RuleMove(); ok {
			fmt.Printf("%v: %-8s marks %v; next %v, whose fair move is %s\n", who, s, g.Marks(), g.ToMove(), g.MoveString(rule))
		} else {
			fmt.Printf("%v: %-8s marks %v; what was due:\n", who, s, g.Marks())
		}
	}
	for _, e := range g.Events() {
		if e.Kind == brettspiel.EventMark {
			fmt.Println(" ", e)
		}
	}
	// Output:
	// chance: 6-5      marks [0 0]; next player 0, whose fair move is mark 3
	// player 0: mark 1   marks [1 0]; next player 1, whose fair move is schule 2
	// player 1: schule 2 marks [1 2]; next player 0, whose fair move is pass
	// player 0: pass     marks [1 2]; what was due:
	//   player 0 mark 1 (player 1): 4→15 by 11, hit (T-M1)
	//   player 0 mark 1 (player 1): 10→15 by 5, hit (T-M1)
	//   player 0 mark 1 (player 1): 10→21 by 11, hit (T-M1)
}

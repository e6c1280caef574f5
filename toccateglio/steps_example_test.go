package toccateglio_test

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// A board UI takes a play one step at a time: with 6-2 from the setup the
// player drags a stone from 1 to 7, then on to 9. The steps are in absolute
// points; the move they complete is the legal move with its notation.
func ExampleGame_NextSteps() {
	o := toccateglio.Toccateglispiel()
	o.FirstPlayer = brettspiel.Starts(0)
	g, _ := toccateglio.New(o)
	throw, _ := g.ParseMove("6-2")
	_ = g.Apply(throw)

	var made []brettspiel.Step
	for _, click := range []brettspiel.Step{{From: 1, To: 7}, {From: 7, To: 9}} {
		next, _, err := g.NextSteps(made)
		if err != nil {
			panic(err)
		}
		fmt.Println("may come next:", next)
		made = append(made, click)
	}
	_, complete, err := g.NextSteps(made)
	if err != nil {
		panic(err)
	}
	fmt.Println("complete:", g.MoveString(complete))
	_, _, err = g.NextSteps([]brettspiel.Step{{From: 1, To: 5}})
	fmt.Println(err)
	// Output:
	// may come next: [1→3 by 2 1→7 by 6]
	// may come next: [1→3 by 2 7→9 by 2]
	// complete: 1/3 3/9
	// brettspiel: next steps "1→5": illegal move: step 1 (1→5): 1/5 moves 4; the throw is 6-2 (T-D2)
}

// Describe takes a legal move apart: its steps in absolute points and in
// the mover's own track, with the number each uses and what it does.
func ExampleGame_Describe() {
	o := toccateglio.Toccateglispiel()
	o.FirstPlayer = brettspiel.Starts(1)
	g, _ := toccateglio.New(o)
	throw, _ := g.ParseMove("6-2")
	_ = g.Apply(throw)
	m, _ := g.ParseMove("1/3 3/9")
	info, _ := g.Describe(m)
	fmt.Println(info.Kind, info.Player, info.Notation, info.Dice)
	for _, s := range info.Steps {
		fmt.Printf("%v (track %d→%d)\n", s, s.TrackFrom, s.TrackTo)
	}
	// Output:
	// play player 1 1/3 3/9 [6 2]
	// 24→22 by 2 (track 1→3)
	// 22→16 by 6 (track 3→9)
}

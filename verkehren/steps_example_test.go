package verkehren_test

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/verkehren"
)

// A doublet by single steps: with 2-2 the player moves one stone from his
// house four times, clicking from and to in absolute points. The order of
// the clicks is free where the rules allow it.
func ExampleGame_NextSteps() {
	o := verkehren.VK()
	o.FirstPlayer = brettspiel.Starts(0)
	g, _ := verkehren.New(o)
	throw, _ := g.ParseMove("2-2")
	_ = g.Apply(throw)

	made := []brettspiel.Step{{From: 1, To: 3}, {From: 3, To: 5}, {From: 5, To: 7}}
	next, complete, _ := g.NextSteps(made)
	fmt.Println("may come next:", next, "complete:", complete == brettspiel.NoMove)
	made = append(made, brettspiel.Step{From: 7, To: 9})
	_, complete, _ = g.NextSteps(made)
	fmt.Println("complete:", g.MoveString(complete))
	// Output:
	// may come next: [1→3 by 2 7→9 by 2] complete: true
	// complete: 1/3 3/5 5/7 7/9
}

// Player 1's house is absolute point 13; his steps carry his own track
// beside. The move is described by its notation's route (the same position
// as 1/7 7/12).
func ExampleGame_Describe() {
	o := verkehren.VK()
	o.FirstPlayer = brettspiel.Starts(1)
	g, _ := verkehren.New(o)
	throw, _ := g.ParseMove("6-5")
	_ = g.Apply(throw)
	m, _ := g.ParseMove("1/7 7/12")
	info, _ := g.Describe(m)
	fmt.Println(info.Kind, info.Player, info.Notation, info.Dice)
	for _, s := range info.Steps {
		fmt.Printf("%v (track %d→%d)\n", s, s.TrackFrom, s.TrackTo)
	}
	// Output:
	// play player 1 1/6 6/12 [6 5]
	// 13→18 by 5 (track 1→6)
	// 18→24 by 6 (hucke) (track 6→12)
}

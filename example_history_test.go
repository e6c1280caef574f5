package brettspiel_test

import (
	"fmt"
	"os"

	"github.com/brettspiel/brettspiel/catalog"
)

// A game kept with its history: the move list, a takeback and a redo, and the
// record of the game so far.
func ExampleHistory() {
	h, err := catalog.NewHistory("toccateglio", "Toccateglispiel", 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	// The draw for the start (the higher total begins and throws anew), the
	// first play, and the next throw.
	play := func(notation string) {
		m, err := h.Game().ParseMove(notation)
		if err == nil {
			err = h.Apply(m)
		}
		if err != nil {
			fmt.Println(err)
		}
	}
	play("4-1")
	play("6-4")
	play("3-1")
	play(h.Game().MoveString(h.Game().LegalMoves()[0]))
	play("5-3")
	for i, e := range h.All() {
		fmt.Printf("%d. %-8v %s\n", i+1, e.Actor, e.Notation)
	}

	// Player 1 takes his play back: the throw after it goes too, and he
	// chooses again from his 3-1.
	fmt.Println("taken back:", h.Takeback(1), "steps;", h.ToMove(), "to move, redo", h.RedoLen())
	fmt.Println("redo:", h.Redo(), "then undo:", h.Undo(), h.Undo(), "-", h.Len(), "steps")

	rec := h.Record()
	if _, err := rec.WriteTo(os.Stdout, h.Start()); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1. chance   4-1
	// 2. chance   6-4
	// 3. chance   3-1
	// 4. player 1 1/2 1/4
	// 5. chance   5-3
	// taken back: 2 steps; player 1 to move, redo 2
	// redo: true then undo: true true - 2 steps
	// # brettspiel record
	// game: toccateglio
	// preset: Toccateglispiel
	//
	// 4-1 ; 6-4
}

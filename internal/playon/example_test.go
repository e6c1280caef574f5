package playon_test

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/kit"
)

// resigning is a game in which the move of payload 0 gives the game up.
type resigning struct{ brettspiel.Game }

func (resigning) Concedes(m brettspiel.Move) bool { return m.Payload() == 0 }

func ExampleMoves() {
	resign, play := kit.NewMove(0, 0), kit.NewMove(0, 5)
	fmt.Println(len(playon.Moves(resigning{}, []brettspiel.Move{resign, play}, nil)))
	fmt.Println(len(playon.Moves(resigning{}, []brettspiel.Move{resign}, nil)))
	// Output:
	// 1
	// 1
}

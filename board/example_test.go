package board_test

import (
	"fmt"

	"github.com/brettspiel/brettspiel/board"
)

// In Verkehren both players run the same way round, each starting on the
// other's side: player 1's house (his point 1) is player 0's point 13.
func ExampleGeometry_OtherTrack() {
	fmt.Println(board.SameDirection.OtherTrack(1), board.SameDirection.ToAbsolute(1, 12))
	// In Toccateglio they run against each other: A's Hucke (12) is B's 13.
	fmt.Println(board.Opposite.OtherTrack(12))
	// Output:
	// 13 24
	// 13
}

func ExampleBoard() {
	b := board.New(board.Opposite)
	b.Sides[0][1] = 15 // player 0's start heap on his point 1
	b.Sides[1][1] = 15 // player 1's on his point 1, player 0's 24
	b.Move(0, 1, 7)
	fmt.Print(b.String())
	// Output:
	// 13  14  15  16  17  18  19  20  21  22  23  24
	//    .   .   .   .   .   .   .   .   .   .   . 15O
	//   12  11  10   9   8   7   6   5   4   3   2   1
	//    .   .   .   .   .  1X   .   .   .   .   . 14X
	// X: waiting 0, borne off 0
	// O: waiting 0, borne off 0
}

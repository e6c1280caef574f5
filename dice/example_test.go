package dice_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel/dice"
)

// TS's rule "add ten": with doublets played once, a blot one to six points away
// is hit by 11 to 16 of the 36 throws.
func ExampleShots() {
	var shots []int
	for n := 1; n <= 6; n++ {
		shots = append(shots, dice.Shots(n, dice.DoubletsOnce, 0))
	}
	fmt.Println(shots)
	// With the points 1 and 4 ahead blocked, 5 is no longer reached by 1-4 or 4-1.
	fmt.Println(dice.Shots(5, dice.DoubletsOnce, dice.Blocked(0).Block(1).Block(4)))
	// Output:
	// [11 12 13 14 15 16]
	// 13
}

// Dice come from the caller's seeded source: the same seed, the same throws.
func ExampleRoll2() {
	r := rand.New(rand.NewPCG(42, 0))
	for i := 0; i < 3; i++ {
		t := dice.Roll2(r)
		fmt.Println(t, t.Name())
	}
	// Output:
	// 6-6 Sonnes
	// 1-1 Bezet
	// 2-6 Sechs Daus
}

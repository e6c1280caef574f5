// Command dice-tables prints the dice tables the games rest on: the throws of two
// dice, the sums of two and three dice, and how many throws hit a blot at each
// distance when doublets are played once (Toccateglio) or four times
// (Verkehren).
package main

import (
	"fmt"

	"github.com/brettspiel/brettspiel/dice"
)

func main() {
	fmt.Println("Throws of two dice (21 distinct, weights of 36):")
	for _, w := range dice.Distinct2() {
		fmt.Printf("  %v  %-20s %d/36\n", w.Throw, w.Throw.Name(), w.Weight)
	}
	fmt.Println("\nSums of two dice (of 36) and of three dice (of 216):")
	for s := 2; s <= 18; s++ {
		fmt.Printf("  %2d  %2d  %3d\n", s, dice.SumWays2(s), dice.SumWays3(s))
	}
	once, four := dice.ShotTable(dice.DoubletsOnce), dice.ShotTable(dice.DoubletsFour)
	fmt.Println("\nThrows of 36 that hit a blot at distance n, nothing in the way:")
	fmt.Println("   n  doublets once  doublets four times")
	for n := 1; n <= 24; n++ {
		if once[n] == 0 && four[n] == 0 {
			continue
		}
		fmt.Printf("  %2d  %13d  %19d\n", n, once[n], four[n])
	}
}

package bearoff_test

import (
	"fmt"

	"github.com/brettspiel/brettspiel/bot/bearoff"
)

// A race of Verkehren: one stone six pips from the end on each side. The
// side on roll bears off at once with 27 of the 36 throws (all but those
// of four pips or fewer); otherwise the other does with 27, and if he
// misses too, the side on roll finishes next turn: 3/4 + 1/4·1/4.
func ExampleTables_Exact() {
	tables, err := bearoff.For(bearoff.Verkehren)
	if err != nil {
		panic(err)
	}
	one := bearoff.Position{5: 1} // a stone on point 19
	odds, _ := tables.Exact(one, one)
	fmt.Printf("win %.4f\n", odds.Win)
	fmt.Printf("turns %.4f\n", tables.MeanTurns(one))
	// Output:
	// win 0.8125
	// turns 1.2500
}

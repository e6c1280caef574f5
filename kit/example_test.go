package kit_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// A position ID frames a game's own bytes with its name, a version and a
// checksum; a mistyped ID is refused before the game reads it.
func ExampleEncodeID() {
	id := kit.EncodeID("einbahn", 1, []byte{3, 12, 0, 0, 0})
	fmt.Println(id)
	payload, err := kit.DecodeID("einbahn", 1, id)
	fmt.Println(payload, err)
	_, err = kit.DecodeID("einbahn", 1, "einbahn:1:AwwBAAAwbA") // one letter mistyped
	fmt.Println(err)
	// Output:
	// einbahn:1:AwwAAAAwbA
	// [3 12 0 0 0] <nil>
	// brettspiel: decode position ID "einbahn:1:AwwBAAAwbA": bad notation: the checksum does not match: the ID is mistyped or cut short
}

// A Chance table is built once from a game's throws and draws a throw by
// one lookup, as brettspiel.SampleChance's walk over the weights would.
func ExampleNewChance() {
	die := make([]brettspiel.Outcome, 6)
	for n := range die {
		die[n] = brettspiel.Outcome{Move: kit.NewMove(brettspiel.Chance, uint64(n+1)), Weight: 1}
	}
	throws := kit.NewChance(die)
	r := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		fmt.Print(throws.Sample(r).Payload(), " ")
	}
	fmt.Println(throws.Len(), throws.OutcomesAt(brettspiel.Player(0)) == nil)
	// Output: 5 4 5 5 2 6 true
}

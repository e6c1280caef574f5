package festung_test

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
)

// The one choice of the game as a step: the thrower clicks the field to take
// the marker from, among those NextSteps offers.
func ExampleGame_NextSteps() {
	g, _ := festung.New(festung.ForPlayers(3))
	for _, t := range []string{"5/1-6", "6/5-5", "1/1-1", "4/2-3", "3/1-2", "2/3-4"} {
		m, err := g.ParseMove(t)
		if err != nil {
			panic(err)
		}
		_ = g.Apply(m)
	}
	next, _, _ := g.NextSteps(nil)
	for _, s := range next {
		fmt.Println("offered:", festung.FieldID(s.Field))
	}
	_, m, _ := g.NextSteps([]brettspiel.Step{next[1]})
	info, _ := g.Describe(m)
	fmt.Println(info.Kind, info.Decision, info.FieldName, info.Field, info.Dice)
	// Output:
	// offered: W1.II
	// offered: W2.II
	// decision field W2.II 14 [2 3 4]
}

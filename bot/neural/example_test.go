package neural_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/verkehren"
)

// A bot of the strongest level chooses the first play of a game of
// Verkehren.
func Example() {
	g, err := verkehren.New(verkehren.Options{FirstPlayer: brettspiel.Starts(0)})
	if err != nil {
		panic(err)
	}
	throw, _ := g.ParseMove("6-5")
	if err := g.Apply(throw); err != nil {
		panic(err)
	}
	legal := g.LegalMoves()
	m := neural.NewBot(neural.Strongest).Choose(g, legal, nil)
	fmt.Println(slices.Contains(legal, m), g.Apply(m) == nil)
	// Output: true true
}

// The levels, weakest first, by the names a menu shows.
func ExampleLevels() {
	var names []string
	for _, l := range neural.Levels() {
		names = append(names, l.String())
	}
	fmt.Println(strings.Join(names, " "))
	l, err := neural.LevelNamed("Expert")
	fmt.Println(l, err)
	// Output:
	// beginner casual intermediate advanced expert strongest
	// expert <nil>
}

// The shipped weights, and a file that is none.
func ExampleParse() {
	e, err := neural.Load("toccateglio")
	if err != nil {
		panic(err)
	}
	in, _, out := e.Sizes()
	fmt.Println(e.Game(), in, "inputs", out, "outputs")
	_, err = neural.Parse([]byte("GIF89a"))
	fmt.Println(err)
	// Output:
	// toccateglio 240 inputs 7 outputs
	// brettspiel: load weights: bad weights: not a weights file (no "BSNN" at its start)
}

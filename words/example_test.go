package words_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/verkehren"
	"github.com/brettspiel/brettspiel/words"
)

// The events of a few steps of a seeded Verkehren game, in both languages.
func ExampleLang_Event() {
	g, err := verkehren.New(verkehren.Options{})
	if err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 9 {
		if err := g.Apply(brettspiel.RandomPolicy(g, g.LegalMoves(), r)); err != nil {
			panic(err)
		}
		for _, e := range g.Events() {
			fmt.Println(words.English.Event(e))
			fmt.Println(words.German.Event(e))
		}
	}
	// Output:
	// Player 1 throws 6 and 4 for the start (10).
	// Spieler 1 wirft 6 und 4 um den Anfang (10).
	// Player 2 throws 6 and 5 for the start (11).
	// Spieler 2 wirft 6 und 5 um den Anfang (11).
	// Player 2 has the higher total, begins and throws anew.
	// Spieler 2 hat die höhere Summe, beginnt und wirft neu.
	// Player 2 throws 4 and 4, a doublet.
	// Spieler 2 wirft 4 und 4, einen Pasch.
	// Player 2 moves a stone from 13 to 17 (4).
	// Spieler 2 zieht einen Stein von 13 nach 17 (4).
	// Player 2 moves a stone from 17 to 21 (4).
	// Spieler 2 zieht einen Stein von 17 nach 21 (4).
	// Player 2 moves a stone from 13 to 17 (4).
	// Spieler 2 zieht einen Stein von 13 nach 17 (4).
	// Player 1 throws 6 and 5.
	// Spieler 1 wirft 6 und 5.
	// Player 1 moves a stone from 1 to 6 (5).
	// Spieler 1 zieht einen Stein von 1 nach 6 (5).
	// Player 1 moves a stone from 6 to 12 (6).
	// Spieler 1 zieht einen Stein von 6 nach 12 (6).
	// Player 2 throws 5 and 2.
	// Spieler 2 wirft 5 und 2.
	// Player 2 moves a stone from 13 to 15 (2).
	// Spieler 2 zieht einen Stein von 13 nach 15 (2).
	// Player 2 moves a stone from 13 to 18 (5).
	// Spieler 2 zieht einen Stein von 13 nach 18 (5).
	// Player 1 throws 5 and 1.
	// Spieler 1 wirft 5 und 1.
}

// The end of a Partie of Toccateglio, with its worth.
func ExampleLang_Event_end() {
	e := brettspiel.Event{Kind: brettspiel.EventEnd, Rule: "T-W2", Player: 1, Other: 0, Amount: 3,
		From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace}
	fmt.Println(words.English.Event(e))
	fmt.Println(words.German.Event(e))
	// Output:
	// Player 2 wins a triple Partie (3 strokes).
	// Spieler 2 gewinnt eine dreifache Partie (3 Striche).
}

func ExampleParse() {
	for _, tag := range []string{"de-AT", "en", "fr"} {
		l, err := words.Parse(tag)
		fmt.Println(l, err)
	}
	fmt.Println(words.German.Seat(2))
	// Output:
	// de <nil>
	// en <nil>
	// en brettspiel: parse language "fr": unknown language: the languages are "en" and "de"
	// Spieler 3
}

// A step refused in Verkehren: with 4-1 thrown, no number moves a stone
// from 13 to 15. The rule behind it is data, not text.
func ExampleLang_Refusal() {
	g, err := verkehren.New(verkehren.Options{})
	if err != nil {
		panic(err)
	}
	for _, throw := range []string{"1-1", "6-5", "4-1"} { // the draw, then the first throw
		m, err := g.ParseMove(throw)
		if err != nil {
			panic(err)
		}
		if err := g.Apply(m); err != nil {
			panic(err)
		}
	}
	_, _, err = g.NextSteps([]brettspiel.Step{{From: 13, To: 15}})
	fmt.Println(words.English.Refusal(err))
	fmt.Println(words.German.Refusal(err))
	fmt.Println(brettspiel.RulesOf(err))
	fmt.Println(err)
	// Output:
	// You have 4 and 1 to play; 13 to 15 needs a 2.
	// Du hast 4 und 1 zu spielen; der Zug von 13 nach 15 braucht eine 2.
	// [V-D2]
	// brettspiel: next steps "13→15": illegal move: step 1 (13→15): no number of the throw left (4, 1) moves a stone from 13 to 15 (V-D2)
}

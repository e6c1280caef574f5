package catalog_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
)

// Every preset of every game, built by name at each seat count it allows and
// played eight seeded steps.
func Example() {
	for _, v := range catalog.Variants() {
		fmt.Printf("%s (%s), %d–%d players\n", v.Title, v.Name, v.MinPlayers, v.MaxPlayers)
		for _, p := range v.Presets {
			var seats []int
			for n := v.MinPlayers; n <= v.MaxPlayers; n++ {
				g, err := catalog.New(v.Name, p.Name, n)
				if err == nil {
					r := rand.New(rand.NewPCG(1, uint64(n)))
					err = brettspiel.PlayOut(g, r, bot.Policy(bot.Random{}), 8)
				}
				if err != nil && err != brettspiel.ErrStepLimit {
					fmt.Println(err)
					continue
				}
				seats = append(seats, g.NumPlayers())
			}
			fmt.Printf("  %s: played with %v seats\n", p.Name, seats)
		}
	}
	// Output:
	// Festungsspiel (festung), 2–6 players
	//   Standard: played with [2 3 4 5 6] seats
	// Toccateglio (toccateglio), 2–2 players
	//   Toccateglispiel: played with [2] seats
	//   Tokkadille 1853: played with [2] seats
	//   Tokkadille 1853, 16 stones: played with [2] seats
	//   Toccadille: played with [2] seats
	// Verkehren (verkehren), 2–2 players
	//   VK: played with [2] seats
	//   VK band limit 5: played with [2] seats
	//   Cotton: played with [2] seats
	//   Fiske: played with [2] seats
}

// A preset named as on a command line, and a name the catalogue does not
// know.
func ExampleNew() {
	g, err := catalog.New("Toccateglio", "tokkadille-1853-16-stones", 0)
	fmt.Println(g.NumPlayers(), err)

	_, err = catalog.New("chess", "", 2)
	fmt.Println(err)
	// Output:
	// 2 <nil>
	// brettspiel: new game "chess": bad options: unknown game; the games are festung, toccateglio, verkehren
}

// A position ID names its game; ParseID hands it to that game's package.
func ExampleParseID() {
	g, _ := catalog.New("festung", "", 3)
	id, _ := g.(interface{ MarshalText() ([]byte, error) }).MarshalText()
	back, err := catalog.ParseID(string(id))
	fmt.Println(back.NumPlayers(), back.ToMove(), err)
	// Output: 3 chance <nil>
}

// A saved game of any variant loaded with its history: the record names the
// game, and every step can be taken back.
func ExampleLoadHistory() {
	rec, err := brettspiel.ParseRecord(strings.NewReader(`# brettspiel record
game: verkehren
preset: Cotton

6-3 ; 5-2 ; 4-1 ; 1/2 2/6
3-3
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := catalog.LoadHistory(rec)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, e := range h.All() {
		fmt.Println(i+1, e.Actor, e.Notation)
	}
	fmt.Println(h.ToMove(), "to move")
	fmt.Println("player 0 takes back", h.Takeback(0), "steps;", h.ToMove(), "to move")
	// Output:
	// 1 chance 6-3
	// 2 chance 5-2
	// 3 chance 4-1
	// 4 player 0 1/2 2/6
	// 5 chance 3-3
	// player 1 to move
	// player 0 takes back 2 steps; player 0 to move
}

// The catalogue in German: the same names, the texts for a German player.
func ExampleVariantsIn() {
	for _, v := range catalog.VariantsIn("de") {
		if v.Name == "verkehren" {
			fmt.Println(v.Presets[1].Name, "→", v.Presets[1].Title)
			fmt.Println(v.Presets[1].Description)
		}
	}
	// Output:
	// VK band limit 5 → VK, höchstens 5 Bände
	// die Regeln von VK mit der zweiten Eröffnung, die der Text nennt: nie mehr als 5 Bände zugleich
}

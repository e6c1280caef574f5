package rules_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// The text of the rule that an event names.
func Example() {
	r, ok := rules.Lookup("T-M3")
	if !ok {
		fmt.Println("no such rule")
		return
	}
	fmt.Printf("%s %s (%s, %s)\n", r.ID, r.Title, r.Game, r.Section)
	fmt.Println(r.Text)
	fmt.Println("Source:", r.Source)
	// Output:
	// T-M3 Hitting the opponent's Hucke (toccateglio, Marking)
	// A player who holds his own Hucke scores 2 (4 with a doublet), once for the throw, when the opponent's Hucke is empty and the throw could carry two of his stones onto it together, one by each die. The two stones that keep his own Hucke do not count as movers for this.
	// Source: Toccateglispiel (TS), Alvensleben 1853 (AL)
}

// A frontend shows each event of a move with the title of its rule; the
// whole text is one Lookup away.
func Example_events() {
	g, err := toccateglio.New(toccateglio.Toccateglispiel())
	if err != nil {
		panic(err)
	}
	r := rand.New(rand.NewPCG(2026, 11))
	if err := brettspiel.PlayOut(g, r, brettspiel.RandomPolicy, 0); err != nil {
		panic(err)
	}
	for _, e := range g.Events() {
		if rule, ok := rules.Lookup(e.Rule); ok {
			fmt.Printf("%-48s %s\n", e, rule.Title)
		} else {
			fmt.Println(e)
		}
	}
	// Output:
	// player 0 throw 6-2 by 8, 6-2
	// player 0 mark 1 (player 1): 7→15 by 8, hit (T-M1) Hitting a single stone
	// player 0 mark 1 (player 1): 9→15 by 6, hit (T-M1) Hitting a single stone
	// player 0 mark 1 (player 1): 9→17 by 8, hit (T-M1) Hitting a single stone
	// player 0 mark 1 (player 1): 10→16 by 6, hit (T-M1) Hitting a single stone
	// player 0 mark 1 (player 1): 11→17 by 6, hit (T-M1) Hitting a single stone
	// player 0 end 1 (player 1) by 11, Partie won (T-W2) What a Partie is worth
	// player 0 end 1 (player 1), match over (T-W4)     The match
}

// The rules of one game, in the contract's order.
func ExampleAll() {
	for _, r := range rules.All() {
		if r.Game == rules.Festung && r.Section == "The large die" {
			fmt.Println(r.ID, r.Title)
		}
	}
	// Output:
	// F-A1 Outer works open to a player
	// F-A2 The large die shows 1 to 5
	// F-A3 The large die shows 6
}

// The rules in German: the same rule, by the same ID, for a player who
// reads German.
func ExampleIn() {
	de, ok := rules.In("de")
	if !ok {
		fmt.Println("no German rules")
		return
	}
	r, _ := de.Lookup("T-M3")
	fmt.Printf("%s %s (%s, %s)\n", r.ID, r.Title, r.Game, r.Section)
	fmt.Println(r.Text)
	fmt.Println("Quelle:", r.Source)
	_, ok = rules.In("fr")
	fmt.Println(rules.Languages(), ok)
	// Output:
	// T-M3 Die Hucke des Gegners schlagen (toccateglio, Markieren)
	// Wer seine eigene Hucke besetzt hat, markiert 2 (mit einer Doublette 4), einmal für den Wurf, wenn die Hucke des Gegners leer ist und der Wurf zwei seiner Steine zugleich hineinbringen könnte, mit jedem Würfel einen. Die beiden Steine, die seine eigene Hucke halten, zählen dabei nicht als ziehende Steine.
	// Quelle: Toccateglispiel (TS), Alvensleben 1853 (AL)
	// [en de] false
}

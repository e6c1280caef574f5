package festungbot_test

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/festung"
)

// Seat 0 has thrown a Pasch, so fortress 2's works are open to him; a large
// die 2 offers fortress 1's II and fortress 2's II. The level takes from
// fortress 1 and keeps fortress 2's marker in reserve.
func Example() {
	g, _ := festung.New(festung.ForPlayers(2))
	pos := g.Position()
	pos.Pasches[0] = 1
	g, _ = festung.FromPosition(g.Options(), pos)
	m, _ := g.ParseMove("2/3-4")
	_ = g.Apply(m)
	var offer []string
	for _, m := range g.LegalMoves() {
		offer = append(offer, g.MoveString(m))
	}
	fmt.Println(strings.Join(offer, " "))
	b, _ := bot.Named("festung-best")
	fmt.Println(g.MoveString(b.Choose(g, g.LegalMoves(), nil)))
	// Output:
	// W1.II W2.II
	// W1.II
}

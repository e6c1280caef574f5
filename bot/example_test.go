package bot_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/internal/race"
)

// Two bots play each other; seat 0 is the searcher, seat 1 the random bot.
func ExamplePolicy() {
	g, _ := race.New(race.Rules{Goal: 12})
	search, random := bot.Policy(bot.Searcher{Rollouts: 40, Depth: -1}), bot.Policy(bot.Random{})
	both := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		if g.ToMove() == 0 {
			return search(g, legal, r)
		}
		return random(g, legal, r)
	}
	_ = brettspiel.PlayOut(g, rand.New(rand.NewPCG(1, 2)), both, 0)
	fmt.Println(g.Returns())
	// Output: [1 -1]
}

package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/toccateglio"
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

// Hint ranks the plays of a throw for the player to move and says what each
// scores at once, with the rule, and what the expectimax bot expects of it.
func ExampleHint() {
	g, _ := toccateglio.New(toccateglio.Toccateglispiel())
	r := rand.New(rand.NewPCG(7, 7))
	for turn := 0; turn < 9 || g.ToMove() == brettspiel.Chance; turn++ { // 9 random steps, then a throw
		m := brettspiel.RandomPolicy(g, g.LegalMoves(), r)
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		}
		_ = g.Apply(m)
	}
	fmt.Println(g.ToMove(), "to play", g.Events()[0].Note)
	for i, rk := range bot.Hint(g, bot.Expectimax{}, r) {
		if i == 3 {
			break
		}
		fmt.Printf("%-9s %s\n", g.MoveString(rk.Move), rk.Reason)
	}
	// Output:
	// player 0 to play 6-1
	// 1/2 1/7   nothing scored at once; expected -0.21
	// 1/2 2/8   nothing scored at once; expected -0.25
	// 1/7 9/10  nothing scored at once; expected -0.26
}

// A frontend lists the bots by name and seats one of them.
func ExampleNamed() {
	fmt.Println(strings.Join(bot.Names(), " "))
	b, err := bot.Named("greedy")
	fmt.Printf("%T %v\n", b, err)
	_, err = bot.Named("gnubg")
	fmt.Println(brettspiel.ErrorName(err))
	// Output:
	// random greedy search expectimax
	// bot.Greedy <nil>
	// ErrUnknownBot
}

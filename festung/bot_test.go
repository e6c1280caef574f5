package festung

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
)

// The decisions make the game playable by the module's bots: a greedy seat
// plays whole games through PlayOut against random ones, and its choices are
// among the offered ones.
func TestBotsPlay(t *testing.T) {
	greedy := bot.Policy(bot.Greedy{})
	policy := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		if g.ToMove() == 0 {
			return greedy(g, legal, r)
		}
		return brettspiel.RandomPolicy(g, legal, r)
	}
	for i := range 3 {
		g := newGame(t, 3)
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(5, uint64(i))), policy, 0); err != nil {
			t.Fatal(err)
		}
		if _, won := g.Winner(); !won {
			t.Errorf("game %d did not end by a fifth Pasch:\n%v", i, g)
		}
		checkConserved(t, g)
	}
	// At a decision, Evaluate (the return now) is what the greedy bot weighs.
	g := edit(t, newGame(t, 2), 1, func(p *Position) { p.Pasches[0] = 1 })
	play(t, g, "2/3-4")
	if v := bot.Evaluate(g, 0); v != float64(g.Returns()[0]) {
		t.Errorf("Evaluate %v, Returns %v", v, g.Returns())
	}
}

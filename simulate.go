package brettspiel

import "math/rand/v2"

// Simulator is implemented by games that can play themselves to the end at
// random much faster than [PlayOut]: search code runs many such playouts and
// needs neither the list of every legal play nor the events.
type Simulator interface {
	// Simulate plays the game to its end in place: every throw is drawn from
	// r with the probabilities of the dice, every player's play is drawn from
	// r as the variant documents (not necessarily uniformly over the distinct
	// plays), and no events are recorded. The variant's turn cap ends a game
	// that would not end. The same state and seed give the same game.
	Simulate(r *rand.Rand)
}

// Simulate plays g to its end at random: by g's own Simulate where g is a
// [Simulator], and otherwise by [PlayOut] with [RandomPolicy].
func Simulate(g Game, r *rand.Rand) error {
	if s, ok := g.(Simulator); ok {
		s.Simulate(r)
		return nil
	}
	return PlayOut(g, r, RandomPolicy, 0)
}

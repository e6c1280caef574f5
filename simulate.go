package brettspiel

import "math/rand/v2"

// simulator is kit.Simulator, a game that plays itself out fast.
type simulator interface {
	Simulate(r *rand.Rand)
}

// Simulate plays g to its end at random: by g's own Simulate where g is a
// kit.Simulator, and otherwise by [PlayOut] with [RandomPolicy].
func Simulate(g Game, r *rand.Rand) error {
	if s, ok := g.(simulator); ok {
		s.Simulate(r)
		return nil
	}
	return PlayOut(g, r, RandomPolicy, 0)
}

package kit

import (
	"math/rand/v2"
	"slices"

	"github.com/brettspiel/brettspiel"
)

// Chance is the table of a chance node that is the same in every state of
// a game, such as the throws of two or three dice: the outcomes with their
// weights, and for each draw of their total weight the outcome it gives.
// It is built once, at package initialisation, and read by any number of
// games at once.
type Chance struct {
	outcomes []brettspiel.Outcome
	drawn    []brettspiel.Move
}

// NewChance builds the table of outcomes, in the order of the game's
// LegalMoves at the node, with positive weights.
func NewChance(outcomes []brettspiel.Outcome) *Chance {
	c := &Chance{outcomes: slices.Clone(outcomes)}
	for _, o := range outcomes {
		for range o.Weight {
			c.drawn = append(c.drawn, o.Move)
		}
	}
	return c
}

// Outcomes returns a copy of the outcomes, for a game's ChanceOutcomes: the
// caller may change it without changing the throws of another game.
func (c *Chance) Outcomes() []brettspiel.Outcome { return slices.Clone(c.outcomes) }

// Len is the number of outcomes.
func (c *Chance) Len() int { return len(c.outcomes) }

// Outcome returns the i-th outcome, 0 ≤ i < Len.
func (c *Chance) Outcome(i int) brettspiel.Outcome { return c.outcomes[i] }

// Sample draws an outcome from r as [brettspiel.SampleChance]'s walk over
// Outcomes would — one r.IntN of the total weight — but by one lookup, for
// a game's [ChanceSampler].
func (c *Chance) Sample(r *rand.Rand) brettspiel.Move { return c.drawn[r.IntN(len(c.drawn))] }

// OutcomesAt is a game's ChanceOutcomes at a node where toMove is to move:
// [Chance.Outcomes] at a chance node, nil at any other.
func (c *Chance) OutcomesAt(toMove brettspiel.Player) []brettspiel.Outcome {
	if toMove != brettspiel.Chance {
		return nil
	}
	return c.Outcomes()
}

// SampleAt is a game's SampleChance at a node where toMove is to move:
// [Chance.Sample] at a chance node, [brettspiel.NoMove] at any other.
func (c *Chance) SampleAt(toMove brettspiel.Player, r *rand.Rand) brettspiel.Move {
	if toMove != brettspiel.Chance {
		return brettspiel.NoMove
	}
	return c.Sample(r)
}

package brettspiel

import (
	"math/rand/v2"
)

// SampleChance draws one outcome of g's chance node from r, with the
// probabilities given by the weights: it takes one r.IntN of the total weight
// and walks the outcomes in their order, or asks g when g is a
// kit.ChanceSampler (which draws the same outcome). It returns an error wrapping
// [ErrNotYourTurn] if g is not at a chance node. It allocates nothing beyond
// what g's ChanceOutcomes allocates.
func SampleChance(g Game, r *rand.Rand) (Move, error) {
	if s, ok := g.(chanceSampler); ok && g.ToMove() == Chance {
		if m := s.SampleChance(r); m != NoMove {
			return m, nil
		}
	}
	outs := g.ChanceOutcomes()
	total := 0
	for _, o := range outs {
		total += o.Weight
	}
	if g.ToMove() != Chance || total <= 0 {
		return NoMove, &Error{Op: "sample chance", Err: ErrNotYourTurn, Reason: g.ToMove().String() + " is to move"}
	}
	x := r.IntN(total)
	for _, o := range outs {
		if x < o.Weight {
			return o.Move, nil
		}
		x -= o.Weight
	}
	return outs[len(outs)-1].Move, nil // unreachable: x < total
}

// chanceSampler is kit.ChanceSampler, the fast way to draw a throw.
type chanceSampler interface {
	SampleChance(r *rand.Rand) Move
}

// Policy chooses one of the legal moves of g for the player to move. legal is
// never empty. A policy may use r for its own randomness.
type Policy func(g Game, legal []Move, r *rand.Rand) Move

// conceder is kit.Conceder, a game in which a move can give the game up.
type conceder interface {
	Concedes(m Move) bool
}

// RandomPolicy chooses uniformly among the legal moves that do not concede
// (see kit.Conceder): a random player never gives up a game it can play on.
// Only when every legal move concedes does it pick one of them. Conceding stays
// a legal move for callers that choose it themselves. In a game without
// concessions it draws exactly one number from r, as it always has.
func RandomPolicy(g Game, legal []Move, r *rand.Rand) Move {
	c, ok := g.(conceder)
	if !ok {
		return legal[r.IntN(len(legal))]
	}
	// Count the moves that play on, then take the k-th of them: no
	// allocation, and the same draw from r as in a game without concessions
	// whenever no move concedes.
	n, conceding := 0, -1
	for i, m := range legal {
		if !c.Concedes(m) {
			n++
		} else if conceding < 0 {
			conceding = i
		}
	}
	if n == 0 || n == len(legal) {
		return legal[r.IntN(len(legal))]
	}
	k := r.IntN(n)
	if n == len(legal)-1 {
		// One move concedes, the usual offer: the k-th move that plays on
		// is found without asking every move again.
		if k >= conceding {
			k++
		}
		return legal[k]
	}
	for _, m := range legal {
		if !c.Concedes(m) {
			if k == 0 {
				return m
			}
			k--
		}
	}
	return legal[0] // unreachable: k < n
}

// PlayOut plays g to its end in place: chance nodes are drawn from r with
// [SampleChance], players' moves chosen by policy. The same g, seed and policy
// always give the same game. maxSteps (0 for no limit) stops a run that does not
// end; every variant also has a turn cap of its own. PlayOut returns the first
// error of Apply, which with a policy that chooses from the list it is given
// does not happen.
//
// Apart from one list of moves per call, PlayOut allocates only what the
// game's own methods allocate; with a variant whose ChanceOutcomes,
// AppendLegalMoves and Apply do not allocate (all of this module's), a step
// allocates nothing.
func PlayOut(g Game, r *rand.Rand, policy Policy, maxSteps int) error {
	// Room for the plays of most turns, so that the list rarely grows.
	legal := make([]Move, 0, 64)
	for steps := 0; ; steps++ {
		p := g.ToMove()
		if p == Terminal {
			return nil
		}
		if maxSteps > 0 && steps >= maxSteps {
			return ErrStepLimit
		}
		var m Move
		if p == Chance {
			var err error
			if m, err = SampleChance(g, r); err != nil {
				return err
			}
		} else {
			legal = g.AppendLegalMoves(legal[:0])
			if len(legal) == 0 {
				return &Error{Op: "play out", Err: ErrIllegalMove, Reason: "no legal move at a player's node"}
			}
			m = policy(g, legal, r)
		}
		if err := g.Apply(m); err != nil {
			return err
		}
	}
}

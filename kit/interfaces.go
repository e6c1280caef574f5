package kit

import (
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
)

// ChanceSampler is implemented by games that draw a chance outcome faster
// than [SampleChance]'s walk over [Game.ChanceOutcomes], typically from a
// table indexed by the draw. SampleChance(r) must consume r and return the
// outcome exactly as that walk would — one r.IntN of the total weight, the
// outcomes taken in their order — so that a seeded game is the same either
// way; it returns NoMove when g is not at a chance node.
type ChanceSampler interface {
	SampleChance(r *rand.Rand) brettspiel.Move
}

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

// RecordLimiter is implemented by a game whose rules bound a record of it.
// Every replay of a record — [Record.Replay], [Record.ReplayLimited],
// [RecordReader.Replay] and [NewHistory] — enforces these limits, so that no
// way of loading a record can skip them. The variants of this module are
// RecordLimiters: their records are bounded by the turn cap of the rules
// and by [MaxTiedDraws].
type RecordLimiter interface {
	// RecordLimits returns the most steps a record of the game's rules can
	// have (0 for no bound), and a check to call after every step replayed
	// on this game (nil for none): it refuses, with an error wrapping
	// ErrBadNotation, what no real game does, such as a draw for the
	// start that ties more than MaxTiedDraws times in a row. Each call
	// returns a fresh check, for one replay.
	RecordLimits() (maxSteps int, check func() error)
}

// Conceder is implemented by games in which a move gives the game up while it
// could still be played on, such as Verkehren's concession (rule V-W2); such a move is described with kind
// brettspiel.MoveConcede.
// Concedes reports whether m is such a move.
type Conceder interface {
	Concedes(m brettspiel.Move) bool
}

// RuleMover is implemented by games with decisions that the rules settle
// for a fair player, such as Toccateglio's Schule (T-W5g), where a player
// declares the points he has won and may claim the points the other forgot:
// RuleMove returns the move that declares exactly what is due and claims
// every error whole, and ok false at any other node. The module's bots play
// it there, and their searches step through such decisions by it, so that
// they judge the positions between plays as without those rules.
type RuleMover interface {
	RuleMove() (m brettspiel.Move, ok bool)
}

// Settle plays g's rule moves (see [RuleMover]) until a node without one:
// a throw, a play, another decision or the end. A game that is no
// RuleMover is left as it is. It returns the first error of an Apply.
func Settle(g brettspiel.Game) error {
	r, ok := g.(RuleMover)
	if !ok {
		return nil
	}
	for {
		m, ok := r.RuleMove()
		if !ok {
			return nil
		}
		if err := g.Apply(m); err != nil {
			return err
		}
	}
}

package festungbot

import (
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/festung"
)

// Bot plays the Festungsspiel's one decision (rule F-A2: which open
// fortress's field numbered as the large die gives the marker) by taking
// from the lowest fortress on offer — fortress 1's works first — and so keeps
// the markers of the higher fortresses, which only players with Pasches
// reach, in reserve. The package doc gives the exact gain over a random
// choice. In any other game, and for moves that are no such decision, it
// plays as Fallback.
//
// Bot keeps no state and uses no randomness of its own (its fallback may),
// so one value serves every game and a seeded game is repeatable.
type Bot struct {
	// Fallback plays where the rule does not apply; nil means bot.Greedy.
	Fallback bot.Bot
}

// Choose implements bot.Bot: of the listed moves that are decisions of g,
// the one that takes from the lowest fortress; when none is, the fallback's
// choice. With an empty list it returns brettspiel.NoMove. g is not changed.
func (b Bot) Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	if len(legal) == 0 {
		return brettspiel.NoMove
	}
	if fg, ok := g.(*festung.Game); ok {
		best, bestF := brettspiel.NoMove, 0
		for _, m := range legal {
			if f := fortressOf(fg, m); f != 0 && (bestF == 0 || f < bestF) {
				best, bestF = m, f
			}
		}
		if bestF != 0 {
			return best
		}
	}
	fb := b.Fallback
	if fb == nil {
		fb = bot.Greedy{}
	}
	return fb.Choose(g, legal, r)
}

// fortressOf returns the fortress whose works decision m takes from, or 0 when
// m is not a legal decision of g.
func fortressOf(g *festung.Game, m brettspiel.Move) int {
	info, err := g.Describe(m)
	if err != nil || info.Kind != brettspiel.MoveDecision {
		return 0
	}
	f, ok := festung.FieldOf(festung.FieldID(info.Field))
	if !ok || f.Kind != festung.OuterWork {
		return 0
	}
	return f.Fortress
}

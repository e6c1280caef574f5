package playon

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// Moves returns the moves of legal that do not concede (see
// [kit.Conceder]), or legal itself when every move concedes or the
// game has no concessions. It reuses buf.
//
// At a decision that the rules settle for a fair player (a
// [kit.RuleMover]'s, such as Toccateglio's Schule), it is the rule's move
// alone, when legal holds it: a bot declares what is due and claims every
// error whole (T-W5g), and does not weigh the other answers.
func Moves(g brettspiel.Game, legal, buf []brettspiel.Move) []brettspiel.Move {
	if rm, ok := g.(kit.RuleMover); ok {
		if m, ok := rm.RuleMove(); ok {
			for i, x := range legal {
				if x == m {
					return legal[i : i+1 : i+1]
				}
			}
		}
	}
	c, ok := g.(kit.Conceder)
	if !ok {
		return legal
	}
	out := buf[:0]
	for _, m := range legal {
		if !c.Concedes(m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return legal
	}
	return out
}

// Apply plays m on g and then the rule moves that follow it (kit.Settle):
// a search steps through the decisions that the rules settle, as the bots
// play them, and judges the position after them as it would without those
// rules.
func Apply(g brettspiel.Game, m brettspiel.Move) error {
	if err := g.Apply(m); err != nil {
		return err
	}
	return kit.Settle(g)
}

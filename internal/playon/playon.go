package playon

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// Moves returns the moves of legal that do not concede (see
// [kit.Conceder]), or legal itself when every move concedes or the
// game has no concessions. It reuses buf.
func Moves(g brettspiel.Game, legal, buf []brettspiel.Move) []brettspiel.Move {
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

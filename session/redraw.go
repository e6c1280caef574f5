package session

import (
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
)

// Takebacks and the dice. The throw after n steps is fixed by the seed
// and n, so a takeback that went back over a throw would let its asker
// choose again knowing the throw that follows. A takeback granted by the
// other people of an owned game therefore draws every throw it took back
// anew: the game notes the length it went back to (its redraws), and a
// throw is drawn from the stream of the last redraw at or before its
// step (DiceRand). The redraws are public, as the takebacks were, and the
// proof of the dice names them ([DiceProof].Redraws).
//
// Alone against bots a person undoes and takes back at will, and the
// throws stay as the seed gives them (undo is no way to throw again); a
// game in which he went back over a throw he had seen is marked practice
// ([Info].Practice): its result says nothing of his play.

// maxRedraws bounds the redraws of a game: a takeback is a change, and a
// game has at most MaxRecordSteps steps, so a game that goes back more
// often is one nobody plays.
const maxRedraws = 1 << 16

// DiceRand returns the random source of the throw after n steps of a game
// with the given seed whose granted takebacks went back to the lengths
// redraws, in order: Rand(seed, n, Dice) while no redraw is at n or
// before, else PCG seeded with (seed, e<<40 | 2n), where e is the last
// redraw (1 for the first) at n or before. A takeback to length m thus
// draws every throw from step m on anew, and a throw played before it
// keeps its stream.
func DiceRand(seed uint64, n int, redraws []int) *rand.Rand {
	e := epochAt(n, redraws)
	if e == 0 {
		return Rand(seed, n, Dice)
	}
	return rand.New(rand.NewPCG(seed, uint64(e)<<40|2*uint64(n)))
}

// epochAt is the index, from 1, of the last redraw at step n or before,
// 0 for none.
func epochAt(n int, redraws []int) int {
	e := 0
	for k, m := range redraws {
		if m <= n {
			e = k + 1
		}
	}
	return e
}

// tookBackThrow reports whether the steps of g's history from length on
// (those a takeback or an undo to length removes) hold a throw.
func (g *Game) tookBackThrow(length int) bool {
	for i := max(length, 0); i < g.h.Len(); i++ {
		if e, ok := g.h.Entry(i); ok && e.Actor == brettspiel.Chance {
			return true
		}
	}
	return false
}

// wentBack notes a step back of g to length, before it is made: a
// takeback granted by other people redraws the throws it takes back; a
// person alone against bots who goes back over a throw plays practice.
func (g *Game) wentBack(length int, granted bool) {
	if g.own == nil || !g.secretDice() || !g.tookBackThrow(length) {
		return
	}
	if granted {
		if len(g.redraws) < maxRedraws {
			g.redraws = append(g.redraws, length)
		}
		return
	}
	g.practice = true
}

// redrawsJSON is the game's redraws for a state or a change, nil for none.
func (g *Game) redrawsJSON() []int {
	if len(g.redraws) == 0 {
		return nil
	}
	return append([]int(nil), g.redraws...)
}

// restoreRedraws sets the redraws and the practice mark of a snapshot:
// redraws only in an owned game of secret dice, each a length of 0 or
// more, and no more than a game makes.
func (g *Game) restoreRedraws(head *snapshotHead) error {
	if head.Redraws == nil && !head.Practice {
		return nil
	}
	if g.own == nil || !g.secretDice() {
		return badSnapshot("redraws or practice in a game whose dice are not secret")
	}
	if len(head.Redraws) > maxRedraws {
		return badSnapshot("more redraws than a game makes")
	}
	for _, m := range head.Redraws {
		if m < 0 || m > brettspiel.MaxRecordSteps {
			return badSnapshot("a redraw at a length no game has")
		}
	}
	g.redraws, g.practice = append([]int(nil), head.Redraws...), head.Practice
	return nil
}

package verkehren

import (
	"math"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
)

// Evaluate estimates p's expected return (bot.Evaluator): once the game is
// over it is Returns()[p] exactly (±1, ±2, or 0 after a draw by V-W4 or the turn cap; 0 for a zero Game); before,
// a number in (−1, 1) from a simple heuristic, tanh(x/40) of the lead x in
// pips, where
//
//	x = pips(opponent) − pips(p)
//	    − 4 · (p's blots in reach of an opponent stone) + 4 · (the opponent's)
//	    − 30 if p is Junker + 30 if the opponent is
//
// The pip count is what a side still has to go; a stone off the board counts
// 25, as far back as a stone can be. A blot (a single stone on 2–24) is in
// reach when an opponent stone stands 1…12 points behind it or, on an entry
// point, the opponent has a stone to enter. Evaluate(0) = −Evaluate(1) before
// the end. The estimate does not look at the dice or whose turn it is.
func (g *Game) Evaluate(p brettspiel.Player) float64 {
	if p != 0 && p != 1 || g.zero() {
		return 0
	}
	if g.phase == phaseOver {
		return float64(g.Returns()[p])
	}
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	x := float64(pipCount(opp) - pipCount(me))
	x += 4 * float64(blotsInReach(opp, me)-blotsInReach(me, opp))
	if g.opts.junker(me, opp) {
		x -= 30
	}
	if g.opts.junker(opp, me) {
		x += 30
	}
	return math.Tanh(x / 40)
}

// blotsInReach counts me's blots that an opponent stone could hit with one
// number up to 12.
func blotsInReach(me, opp *board.Side) int {
	n := 0
	for t := 2; t <= 24; t++ {
		if me[t] != 1 {
			continue
		}
		u := int(oppPoint[t]) // the point in the opponent's track
		if u <= 6 && opp[bar] > 0 {
			n++
			continue
		}
		for q := max(1, u-12); q < u; q++ {
			if opp[q] > 0 {
				n++
				break
			}
		}
	}
	return n
}

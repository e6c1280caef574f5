package verkehren

import (
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
)

var _ brettspiel.Simulator = (*Game)(nil)

// Simulate plays the game to its end at random, in place, much faster than
// brettspiel.PlayOut over LegalMoves (it implements brettspiel.Simulator).
// Nothing is conceded (V-W2 is a choice, not a random play), no events are
// recorded, and the turn cap ends a game that would not end; the game is then
// over, with its ending, winner and Returns as if played through Apply.
//
// The distribution: every throw, the draw for the start included, is drawn
// from r with the probabilities of two dice (one draw of r.IntN(36)). A play
// is built single move by single move: at each, among the single moves (a
// stone's point and a number left) that are legal now and after which the
// rest of the throw can still make a whole play by the rules of V-D2 (as many
// numbers as any play uses, the higher one under Options.HigherDie), one is
// drawn uniformly. Plays reached by more orders of their single moves are
// therefore more likely than others; the pass comes only when nothing can be
// played. When a stone waits to enter and a number of the throw leads onto an
// opponent blot, plays can differ in entering hits (V-E3): then the play is
// drawn uniformly from the listed plays instead. The same state and the same
// r give the same game.
func (g *Game) Simulate(r *rand.Rand) { g.simulate(r, nil) }

// simulate is Simulate, calling after, when not nil, after each throw and
// play with the move made (a play as its payload in the order played, which
// need not be the listed representative).
func (g *Game) simulate(r *rand.Rand, after func(brettspiel.Move)) {
	g.events = g.events[:0]
	for g.phase != phaseOver {
		if g.phase != phasePlay {
			x := r.IntN(36)
			a, b := uint8(x/6+1), uint8(x%6+1)
			g.simThrow(max(a, b), min(a, b))
			if after != nil {
				after(brettspiel.NewMove(brettspiel.Chance, uint64(max(a, b))<<3|uint64(min(a, b))))
			}
			continue
		}
		p := g.toMove
		w := newWalker(&g.opts, &g.b.Sides[p], &g.b.Sides[1-p], int(g.dice[0]), int(g.dice[1]))
		pay := w.randomPlay(r)
		g.b.Sides[p], g.b.Sides[1-p] = w.me, w.opp
		g.endTurn()
		g.events = g.events[:0]
		if after != nil {
			after(brettspiel.NewMove(p, pay))
		}
	}
}

// simThrow is applyThrow without its events: the draw for the start (V-S1)
// or the throw hi-lo to be played.
func (g *Game) simThrow(hi, lo uint8) {
	switch g.phase {
	case phaseDraw0:
		g.draw0, g.phase = hi+lo, phaseDraw1
	case phaseDraw1:
		if s := hi + lo; s == g.draw0 {
			g.phase = phaseDraw0
		} else {
			g.toMove = 0
			if s > g.draw0 {
				g.toMove = 1
			}
			g.phase = phaseThrow
		}
		g.draw0 = 0
	default:
		g.dice = [2]uint8{hi, lo}
		g.phase = phasePlay
	}
}

// randomPlay makes a random play of the throw on the walker's sides (see
// Simulate) and returns its payload, single moves in the order played.
func (w *walker) randomPlay(r *rand.Rand) uint64 {
	m := w.maxUsed()
	if m == 0 {
		return 0
	}
	hi := int(w.dice[1])
	if w.enteringHitPossible() {
		return w.randomListed(r)
	}
	higherOnly := false
	if w.o.HigherDie && w.n == 2 && m == 1 {
		for from := 0; from <= 24 && !higherOnly; from++ {
			if w.me[from] > 0 && (w.me[bar] == 0 || from == bar) {
				_, _, why := w.o.step(&w.me, &w.opp, from, hi)
				higherOnly = why == okStep
			}
		}
	}
	type cand struct{ from, to, j int8 }
	var cands [2 * off]cand
	pay := uint64(0)
	for depth := 0; depth < m && w.me[off] < 15; depth++ {
		nc := 0
		for from := 0; from <= 24; from++ {
			if w.me[from] == 0 || w.me[bar] > 0 && from != bar {
				continue
			}
			for j := 0; j < 2; j++ {
				if w.left[j] == 0 || j == 1 && w.dice[1] == w.dice[0] || higherOnly && int(w.dice[j]) != hi {
					continue
				}
				if to, _, why := w.o.step(&w.me, &w.opp, from, int(w.dice[j])); why == okStep {
					cands[nc] = cand{int8(from), int8(to), int8(j)}
					nc++
				}
			}
		}
		// draw among the legal single moves, dropping those after which the
		// rest of the throw cannot make a whole play; one always can
		for nc > 0 {
			i := r.IntN(nc)
			c := cands[i]
			from, to, j := int(c.from), int(c.to), int(c.j)
			hit := to < off && w.opp[oppPoint[to]] == 1
			w.play(from, to, j, hit)
			if w.reach(m - depth - 1) {
				pay |= stepField(from, to, int(w.dice[j])) << stepShift(depth)
				break
			}
			w.unplay(from, to, j, hit)
			nc--
			cands[i] = cands[nc]
		}
	}
	return pay
}

// randomListed draws one of the listed plays uniformly and plays it.
func (w *walker) randomListed(r *rand.Rand) uint64 {
	var buf [maxLegal]brettspiel.Move
	legal := w.o.appendPlays(buf[:0], 0, &w.me, &w.opp, int(w.dice[1]), int(w.dice[0]))
	pay := legal[r.IntN(len(legal))].Payload()
	playOn(&w.me, &w.opp, pay)
	return pay
}

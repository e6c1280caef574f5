package verkehren

import (
	"math/bits"
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
// played. When plays can differ in entering hits (V-E3), only the single
// moves after which a whole play with the most entering hits remains possible
// are drawn from; when the higher-die option meets V-E3 in a throw of which
// only one number can be played, the play is drawn uniformly from the listed
// plays instead. The same state and the same r give the same game. A zero
// Game is left as it is.
func (g *Game) Simulate(r *rand.Rand) {
	if g.zero() {
		return
	}
	g.simulate(r, nil)
}

// simulate is Simulate, calling after, when not nil, after each throw and
// play with the move made (a play as its payload in the order played, which
// need not be the listed representative).
func (g *Game) simulate(r *rand.Rand, after func(brettspiel.Move)) {
	g.events = g.events[:0]
	// the occupied points of each side, kept from turn to turn
	occ := [2]uint32{occupied(&g.b.Sides[0]), occupied(&g.b.Sides[1])}
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
		w := newWalkerOcc(&g.opts, &g.b.Sides[p], &g.b.Sides[1-p], int(g.dice[0]), int(g.dice[1]), occ[p], occ[1-p])
		pay := w.randomPlay(r)
		occ[p], occ[1-p] = w.occ, w.oppOcc
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
	if w.o.junker(&w.me, &w.opp) {
		return 0
	}
	if w.enteringHitPossible() {
		// V-E3: the play must make as many entering hits as any play of the
		// most numbers (V-D2) can
		m := w.maxUsed()
		if m == 0 {
			return 0
		}
		if w.o.HigherDie && m == 1 && w.n == 2 {
			return w.randomListed(r) // the higher number first, then V-E3
		}
		pay, _ := w.randomWalk(r, m, w.mostEnteringHits(m))
		return pay
	}
	// m is the most numbers a play can use (V-D2): first assumed to be all,
	// and lowered when no first move allows a play that long
	for m := w.n; m > 0; m-- {
		if pay, ok := w.randomWalk(r, m, 0); ok {
			return pay
		}
	}
	return 0
}

// randomWalk draws the single moves of a play that uses m numbers and makes
// hits entering hits (see Simulate); ok is false, with nothing played, when
// no play does.
func (w *walker) randomWalk(r *rand.Rand, m, hits int) (pay uint64, ok bool) {
	hi := int(w.dice[1])
	higherOnly := false
	if w.o.HigherDie && w.n == 2 && m == 1 {
		for from := 0; from <= 24 && !higherOnly; from++ {
			if w.me[from] > 0 && (w.me[bar] == 0 || from == bar) {
				_, _, why := w.o.step(&w.me, &w.opp, from, hi)
				higherOnly = why == okStep
			}
		}
	}
	for depth := 0; depth < m && w.me[off] < 15; depth++ {
		// the candidates: bit j*32+from for a stone on from and a number j
		// left; drawn in random order, the first that is legal and leaves a
		// whole play possible is taken, which is a uniform draw among those
		srcs := uint64(w.sources())
		cands := uint64(0)
		for j := 0; j < 2; j++ {
			if w.left[j] > 0 && !(j == 1 && w.dice[1] == w.dice[0]) && !(higherOnly && int(w.dice[j]) != hi) {
				cands |= srcs << (32 * j)
			}
		}
		found := false
		for cands != 0 {
			b := nthBit(cands, r.IntN(bits.OnesCount64(cands)))
			cands &^= 1 << b
			from, j := b&31, b>>5
			to, hit, why := w.step(from, int(w.dice[j]))
			if why != okStep {
				continue
			}
			h := hits
			if hit && from == bar {
				h--
			}
			w.play(from, to, j, hit)
			if w.reachHits(m-depth-1, h) {
				pay |= stepField(from, to, int(w.dice[j])) << stepShift(depth)
				hits = h
				found = true
				break
			}
			w.unplay(from, to, j, hit)
		}
		if !found {
			// only at the first move: after it a whole play was possible
			return 0, false
		}
	}
	return pay, true
}

// nthBit returns the index of the n-th (from 0) set bit of x.
func nthBit(x uint64, n int) int {
	at := 0
	if c := bits.OnesCount32(uint32(x)); n >= c {
		n, x, at = n-c, x>>32, 32
	}
	if c := bits.OnesCount16(uint16(x)); n >= c {
		n, x, at = n-c, x>>16, at+16
	}
	if c := bits.OnesCount8(uint8(x)); n >= c {
		n, x, at = n-c, x>>8, at+8
	}
	return at + int(selectInByte[uint8(x)][n&7])
}

// selectInByte[b][n] is the index of the n-th (from 0) set bit of the byte
// b (0 where b has fewer bits), so that nthBit ends in one lookup.
var selectInByte = func() (t [256][8]uint8) {
	for b := 0; b < 256; b++ {
		n := 0
		for i := 0; i < 8; i++ {
			if b&(1<<i) != 0 {
				t[b][n] = uint8(i)
				n++
			}
		}
	}
	return t
}()

// randomListed draws one of the listed plays uniformly and plays it.
func (w *walker) randomListed(r *rand.Rand) uint64 {
	var buf [maxLegal]brettspiel.Move
	legal := w.o.appendPlays(buf[:0], 0, &w.me, &w.opp, int(w.dice[1]), int(w.dice[0]))
	pay := legal[r.IntN(len(legal))].Payload()
	playOn(&w.me, &w.opp, pay)
	w.occ, w.oppOcc = occupied(&w.me), occupied(&w.opp)
	return pay
}

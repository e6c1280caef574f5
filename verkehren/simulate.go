package verkehren

import (
	"math/bits"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

var _ kit.Simulator = (*Game)(nil)

// Simulate plays the game to its end at random, in place, much faster than
// brettspiel.PlayOut over LegalMoves (it implements kit.Simulator).
// Nothing is conceded (V-W2 is a choice, not a random play), no events are
// recorded, and the turn cap ends a game that would not end; the game is then
// over, with its ending, winner and Returns as if played through Apply.
//
// The distribution: every throw, the draw for the start included, is drawn
// from r with the probabilities of two dice (one of the 36 ordered pairs of
// numbers, uniformly). A play is built single move by single move: at each,
// among the single moves (a stone's point and a number left) that are legal
// now and after which the rest of the throw can still make a whole play by
// the rules of V-D2 (as many numbers as any play uses, the higher one under
// Options.HigherDie), one is drawn uniformly. Plays reached by more orders of their single moves are
// therefore more likely than others; the pass comes only when nothing can be
// played. When plays can differ in entering hits (V-E3), only the single
// moves after which a whole play with the most entering hits remains possible
// are drawn from; when the higher-die option meets V-E3 in a throw of which
// only one number can be played, the play is drawn uniformly from the listed
// plays instead. Every draw is exactly uniform; the draws take r.Uint64
// sixteen bits at a time, so one call serves about four of them. The same
// state and the same r give the same game. A zero Game is left as it is.
func (g *Game) Simulate(r *rand.Rand) {
	if g.zero() {
		return
	}
	g.simulate(r, nil)
}

// simulate is Simulate, calling after, when not nil, after each throw and
// play with the move made (a play as its payload in the order played, which
// need not be the listed representative).
func (g *Game) simulate(rr *rand.Rand, after func(brettspiel.Move)) {
	r := &draws{r: rr}
	g.events = g.events[:0]
	// the masks of each side's points with one or more and with two or more
	// stones, kept from turn to turn
	var occ, two [2]uint32
	occ[0], two[0] = sideMasks(&g.b.Sides[0])
	occ[1], two[1] = sideMasks(&g.b.Sides[1])
	w := walker{o: &g.opts}
	for g.phase != phaseOver {
		if g.phase != phasePlay {
			t := throws36[r.intn(36)]
			g.simThrow(t[0], t[1])
			if after != nil {
				after(kit.NewMove(brettspiel.Chance, uint64(t[0])<<3|uint64(t[1])))
			}
			continue
		}
		p := g.toMove
		me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
		// the walker plays on the game's sides; it is set field by field,
		// not built anew each turn
		w.me, w.opp = me, opp
		w.occ, w.two = occ[p], two[p]
		w.closed, w.blots = inOwnTrack(two[1-p]), inOwnTrack(occ[1-p]&^two[1-p])
		w.dice = [2]int8{int8(g.dice[1]), int8(g.dice[0])}
		w.left, w.n = [2]int8{1, 1}, 2
		if g.dice[0] == g.dice[1] {
			w.left, w.n = [2]int8{4, 0}, 4
		}
		oppBar := opp[bar]
		pay := w.randomPlay(r)
		occ[p], two[p] = w.occ, w.two
		if opp[bar] != oppBar {
			// hits took opponent blots off the board
			occ[1-p], two[1-p] = sideMasks(opp)
		}
		g.simEndTurn(&occ, &two)
		g.events = g.events[:0]
		if after != nil {
			after(kit.NewMove(p, pay))
		}
	}
}

// simEndTurn is endTurn with a shortcut for the common case: when neither
// player is Junker (V-J1), no double game (V-W3) and no draw (V-W4) can
// hold, so unless the mover has borne off all, a player has all on 24 or the
// turn cap is reached, the turn passes. occ and two are the masks of the
// sides (sideMasks).
func (g *Game) simEndTurn(occ, two *[2]uint32) {
	p := g.toMove
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	if me[off] < 15 && me[24] < 15 && opp[24] < 15 && g.turns+1 < g.opts.turnCap() &&
		!g.opts.junkerMasks(me, occ[p], two[p], inOwnTrack(two[1-p]), opp[oppPoint[house]] > 0) &&
		!g.opts.junkerMasks(opp, occ[1-p], two[1-p], inOwnTrack(two[p]), me[oppPoint[house]] > 0) {
		g.turns++
		g.dice = [2]uint8{}
		g.toMove = 1 - p
		g.phase = phaseThrow
		return
	}
	g.endTurn()
}

// throws36 are the 36 equally likely throws of two dice, higher die first.
var throws36 = func() (t [36][2]uint8) {
	for x := range t {
		a, b := uint8(x/6+1), uint8(x%6+1)
		t[x] = [2]uint8{max(a, b), min(a, b)}
	}
	return t
}()

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
func (w *walker) randomPlay(r *draws) uint64 {
	if w.junker() {
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
func (w *walker) randomWalk(r *draws, m, hits int) (pay uint64, ok bool) {
	hi := int(w.dice[1])
	// under the higher-die option, a play of one number of a mixed throw
	// uses the higher one when it can be played (V-D2)
	higherOnly := w.o.HigherDie && w.n == 2 && m == 1 && w.legal(hi) != 0
	var next uint64 // the candidates of the next move, when the check found them
	for depth := 0; depth < m && w.me[off] < 15; depth++ {
		// the candidates: bit j*32+from for a legal move from from by the
		// number j; drawn in random order, the first that leaves a whole
		// play possible is taken, which is a uniform draw among those
		cands := next
		if depth == 0 || cands == 0 {
			cands = w.candidates(higherOnly, hi)
		}
		next = 0
		found := false
		for cands != 0 {
			b := bits.TrailingZeros64(cands)
			if cands&(cands-1) != 0 { // more than one
				b = r.pick(cands)
			}
			cands &^= 1 << b
			from, j := b&31, b>>5
			d := int(w.dice[j])
			to, hit := w.dest(from, d)
			h := hits
			if hit && from == bar {
				h--
			}
			w.play(from, to, j, hit)
			if need := m - depth - 1; need == 1 && h == 0 && w.me[off] < 15 {
				// one more move: any legal one will do, and they are the
				// next move's candidates (higherOnly needs m == 1)
				next = w.candidates(false, hi)
				found = next != 0
			} else {
				found = w.reachHits(need, h)
			}
			if found {
				pay |= stepField(from, to, d) << stepShift(depth)
				hits = h
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

// candidates returns the legal single moves of the numbers left, bit
// j*32+from for a stone on from and the number j; with higherOnly, those of
// the number hi alone.
func (w *walker) candidates(higherOnly bool, hi int) uint64 {
	cands := uint64(0)
	for j := 0; j < 2; j++ {
		if w.left[j] > 0 && !(j == 1 && w.dice[1] == w.dice[0]) && !(higherOnly && int(w.dice[j]) != hi) {
			cands |= uint64(w.legal(int(w.dice[j]))) << (32 * j)
		}
	}
	return cands
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
func (w *walker) randomListed(r *draws) uint64 {
	var buf [maxLegal]brettspiel.Move
	legal := w.o.appendPlays(buf[:0], 0, w.me, w.opp, int(w.dice[1]), int(w.dice[0]))
	i := 0
	if n := len(legal); n <= 1<<15 {
		i = r.intn(n)
	} else {
		i = r.r.IntN(n) // more plays than intn draws among; never seen
	}
	pay := legal[i].Payload()
	playOn(w.me, w.opp, pay)
	w.occ, w.two = sideMasks(w.me)
	return pay
}

package verkehren

import (
	"slices"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// checkPlay judges the play pay (a payload of single moves, or 0 for the
// pass) of the throw hi-lo for the side me against opp, without listing the
// plays. It returns "" when pay is one of the moves AppendLegalMoves lists,
// and otherwise why not, with the index of the failing single move (−1 when
// the play as a whole fails):
//
//   - the payload must be well formed, and each single move, in the order
//     given, must be legal by the single-step rules (Options.step) with a
//     number of the throw not yet used, landing where the payload says;
//   - a Junker (V-J1) plays nothing, and the pass is for a throw of which no
//     number can be played (V-D2);
//   - the play must use as many numbers as any play can (V-D2; bearing the
//     last stone off counts as using every number), and with the higher-die
//     option the higher number when only one can be played;
//   - V-E3: when a stone waits and a number of the throw leads onto an
//     opponent blot, plays can differ in entering hits: a play that makes as
//     many as the best plays passes; one that makes fewer (its position may
//     still count with more, reached in another order) or one under the
//     higher-die rule is judged by listing the plays;
//   - pay must be the representative of its position, the play with the
//     smallest payload among the plays that reach it: a search in payload
//     order looks for a smaller one, following only moves that can still
//     reach the position (stones only move on, so no point may gain more
//     stones from behind than the position has, and no blot may be hit that
//     the position still shows).
//
// The sides are not changed. Whole-turn input (Apply) and single-step input
// for frontends rest on it.
func (o *Options) checkPlay(me, opp *board.Side, hi, lo int, pay uint64) (int, *brettspiel.Error) {
	// w plays the payload's single moves on copies of the sides, start
	// searches from the position before them
	w0, w1, s0, s1 := *me, *opp, *me, *opp
	w := newWalker(o, &w0, &w1, hi, lo)
	start := w
	start.me, start.opp = &s0, &s1
	if pay>>(stepBits*maxSteps) != 0 {
		return -1, kit.Refuse(brettspiel.RefuseNotListed, "no play of this game")
	}
	if pay == 0 {
		if w.junker() || !w.canPlayAny() {
			return -1, nil
		}
		return -1, kit.Refuse(brettspiel.RefuseMustPlay, "a number of the throw can be played, so passing is not allowed", "V-D2")
	}
	if w.junker() {
		return -1, kit.Refuse(RefuseJunker, "the player is Junker: more stones off the board than open entry points", "V-J1")
	}
	var path playedPath
	if i, e := w.playPath(pay, &path); e != nil {
		return i, e
	}
	used := path.k
	if w.me[off] == 15 {
		used = w.n
	}
	if used < w.n && w.canPlayAny() {
		return -1, kit.Refuse(brettspiel.RefuseMoreNumbers, "a further number of the throw can be played", "V-D2")
	}
	if used < w.n && start.reach(used+1) {
		return -1, kit.Refuse(brettspiel.RefuseMoreNumbers, "the play uses "+strconv.Itoa(path.k)+" numbers, but more can be played", "V-D2")
	}
	higherOnly := false
	if o.HigherDie && w.n == 2 && used == 1 {
		higherOnly = o.higherPlayable(me, opp, hi)
		if higherOnly && path.first != hi {
			return -1, higherDie(hi)
		}
	}
	if start.enteringHitPossible() && !(higherOnly || path.hits >= start.mostEnteringHits(used)) {
		// the path makes fewer entering hits than the best plays: its
		// position may still be reached with more, so judge by the list
		return -1, o.checkListed(me, opp, hi, lo, pay, &w)
	}
	if higherOnly {
		return -1, nil // a single move of the higher number: no other play reaches its position
	}
	return -1, smallerPlay(me, opp, &start, &w, &path)
}

// playedPath is what checkPlay learns playing a payload's single moves.
type playedPath struct {
	steps [maxSteps]pathStep
	k     int // the single moves played
	first int // the number of the first one
	hits  int // the hits made entering
}

// playPath plays the single moves of pay on the walker, each judged by
// the single-step rules with a number of the throw not yet used, and
// records them in path. On a refusal it returns the index of the failing
// single move (−1 when the payload is malformed).
func (w *walker) playPath(pay uint64, path *playedPath) (int, *brettspiel.Error) {
	o := w.o
	for i := 0; i < maxSteps; i++ {
		from, to, die, ok := stepAt(pay, i)
		if !ok {
			if pay&(1<<stepShift(i)-1) != 0 {
				return -1, kit.Refuse(brettspiel.RefuseNotListed, "no play of this game")
			}
			break
		}
		j := -1
		for jj := 0; jj < 2; jj++ {
			if w.left[jj] > 0 && int(w.dice[jj]) == die {
				j = jj
			}
		}
		if j < 0 || from > 24 || to < 1 || to > off {
			return i, o.noNumber(from, to, w.leftNumbers())
		}
		t, hit, why := o.step(w.me, w.opp, from, die)
		if why != okStep {
			e := why.refuse(o, from, to, from, to)
			e.Refusal.Dice = numbersLeft(w.leftNumbers())
			return i, e
		}
		if t != to {
			return i, o.noNumber(from, to, w.leftNumbers())
		}
		if i == 0 {
			path.first = die
		}
		if hit && from == bar {
			path.hits++
		}
		w.play(from, to, j, hit)
		path.steps[i] = pathStep{from: int8(from), to: int8(to), die: int8(die)}
		path.k++
	}
	return -1, nil
}

// higherPlayable reports whether the higher number hi of the throw can be
// played from the position me against opp (V-D2's higher-die option).
func (o *Options) higherPlayable(me, opp *board.Side, hi int) bool {
	for from := 0; from <= 24; from++ {
		if me[from] > 0 && (me[bar] == 0 || from == bar) {
			if _, _, why := o.step(me, opp, from, hi); why == okStep {
				return true
			}
		}
	}
	return false
}

// checkListed judges the play pay, which reached the position of w from
// me against opp, by the list of the plays (checkPlay's V-E3 case).
func (o *Options) checkListed(me, opp *board.Side, hi, lo int, pay uint64, w *walker) *brettspiel.Error {
	var buf [maxLegal]brettspiel.Move
	legal := o.appendPlays(buf[:0], 0, me, opp, hi, lo)
	if _, found := slices.BinarySearch(legal, kit.NewMove(0, pay)); found {
		return nil
	}
	for _, m := range legal {
		a, b := *me, *opp
		playOn(&a, &b, m.Payload())
		if a == *w.me && b == *w.opp {
			return kit.Refuse(brettspiel.RefuseNotListed, "the same play is written "+pointsText(me, opp, m.Payload()))
		}
	}
	return kit.Refuse(RefuseMustHit, "another play hits more stones while entering, and hitting while entering is compulsory", "V-E3")
}

// smallerPlay refuses the path played on w from start when a play with a
// smaller payload reaches the same position (a search by finder).
func smallerPlay(me, opp *board.Side, start, w *walker, path *playedPath) *brettspiel.Error {
	f := finder{walker: *start, target: [2]board.Side{*w.me, *w.opp}, k: path.k, allOff: w.me[off] == 15, ours: path.steps}
	c, c0 := int8(0), int8(0)
	for p := off; p >= 1; p-- {
		c += w.me[p]
		c0 += start.me[p]
		f.def[p] = c - c0
		f.full |= fullBit(c-c0, p)
	}
	if f.search(0, true, 0) {
		return kit.Refuse(brettspiel.RefuseNotListed, "the same play is written "+pointsText(me, opp, f.found))
	}
	return nil
}

// pointsText writes a play in the notation, for messages.
func pointsText(me, opp *board.Side, pay uint64) string {
	g := Game{}
	g.b.Sides[0], g.b.Sides[1] = *me, *opp
	return g.MoveString(kit.NewMove(0, pay))
}

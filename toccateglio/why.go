package toccateglio

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// whyIllegal says why the steps st (st[1] may be 0) are not a legal play of
// the throw: the first rule they break, with the index of the step that
// breaks it (−1 for the play as a whole).
func (g *Game) whyIllegal(st [2]step) (*brettspiel.Error, int) {
	me := int(g.turn)
	s, occ := g.view(me)
	d1, d2 := int(g.dice[0]), int(g.dice[1])
	n := 1
	if st[1] != 0 {
		n = 2
	}
	dist := func(x step) int { return x.to() - x.from() }
	fits := func(x step, d int) bool { return dist(x) == d || (x.to() == off && d > dist(x)) }
	// The numbers: each step a die, or one step both dice combined.
	combined := false
	switch {
	case n == 1 && !fits(st[0], d1) && !fits(st[0], d2):
		if !fits(st[0], d1+d2) {
			return noNumber(fmt.Sprintf("%s moves %d; the throw %s gives %d, %d or %d", stepString(st[0]), dist(st[0]), g.throwString(), d1, d2, d1+d2), dist(st[0]), nil), 0
		}
		combined = true
	case n == 2:
		for i, x := range st {
			if !fits(x, d1) && !fits(x, d2) {
				return noNumber(fmt.Sprintf("%s moves %d; the throw is %s", stepString(x), dist(x), g.throwString()), dist(x), nil), i
			}
		}
		if !(fits(st[0], d1) && fits(st[1], d2)) && !(fits(st[0], d2) && fits(st[1], d1)) {
			return kit.Refuse(RefuseSameNumber, fmt.Sprintf("%s and %s need the same number twice; the throw is %s", stepString(st[0]), stepString(st[1]), g.throwString()), "T-D2"), 1
		}
	}
	// The steps one by one, in the order written or the other way round.
	order := func(a, b step) (*brettspiel.Error, int) {
		cur := s
		for i, x := range [2]step{a, b} {
			if x == 0 {
				continue
			}
			if why := g.whyStep(&cur, &occ, x, combined, i == 0 && b != 0); why != nil {
				return why, i
			}
			cur[x.from()]--
			cur[x.to()]++
		}
		return nil, -1
	}
	why, at := order(st[0], st[1])
	if why != nil && n == 2 {
		if w, _ := order(st[1], st[0]); w == nil {
			why = nil
		}
	}
	if why != nil {
		return why, at
	}
	f := s
	for _, x := range st {
		if x != 0 {
			f[x.from()]--
			f[x.to()]++
		}
	}
	stopsOnHucke := n == 2 && s[ownHucke] == 0 &&
		(st[0].to() == ownHucke && st[1].from() == ownHucke || st[1].to() == ownHucke && st[0].from() == ownHucke)
	switch {
	case f[oppHucke] > 0:
		return kit.Refuse(RefuseOppHucke, "no stone may stay on the opponent's Hucke", "T-D4"), -1
	case stopsOnHucke:
		return kit.Refuse(RefuseLoneHucke, "a lone stone may not stop on the empty own Hucke on its way", "T-H1"), -1
	case f[ownHucke] == 1:
		return kit.Refuse(RefuseHuckeSingle, "the own Hucke may not hold a single stone: it is taken by two stones at once and its last two leave together", "T-H1", "T-H2"), -1
	case !g.opts.SinglesInForce && hasForce(&occ) && singleInForce(&s, &f):
		return kit.Refuse(RefuseForceQuarter, "no single stone may be set into the opponent's second quarter (13–18) while he has his Force", "T-D8"), -1
	}
	used := g.numbersUsed()
	if used == 2 && n == 1 && !combined {
		e := kit.Refuse(brettspiel.RefuseMoreNumbers, fmt.Sprintf("both numbers of %s must be played when a play uses both", g.throwString()), "T-D6")
		e.Refusal.Count = 2
		return e, -1
	}
	if used <= 1 && g.opts.HigherDie && n == 1 && d1 != d2 && fits(st[0], d2) && !fits(st[0], d1) {
		e := kit.Refuse(brettspiel.RefuseHigherDie, fmt.Sprintf("only one number of %s can be played: it must be the higher, %d", g.throwString(), d1), "T-D6")
		e.Refusal.Need = d1
		return e, -1
	}
	return kit.Refuse(brettspiel.RefuseNotListed, fmt.Sprintf("not a legal play of %s", g.throwString())), -1
}

func singleInForce(s, f *board.Side) bool {
	for q := 13; q <= 18; q++ {
		if s[q] == 0 && f[q] == 1 {
			return true
		}
	}
	return false
}

// whyStep says why one stone may not make step x from side s, or nil. For a
// step of both dice combined it also checks the point in between; first
// tells that another step follows this one.
func (g *Game) whyStep(s *board.Side, occ *[26]int8, x step, combined, first bool) *brettspiel.Error {
	from, to := x.from(), x.to()
	name := stepString(x)
	switch {
	case s[from] <= 0 && from == hand:
		return kit.Refuse(brettspiel.RefuseNoStone, fmt.Sprintf("%s: no stone is left in hand", name))
	case s[from] <= 0:
		return kit.Refuse(brettspiel.RefuseNoStone, fmt.Sprintf("%s: no stone of %v on point %d", name, g.turn, from))
	case s[hand] > 0 && from != hand:
		return kit.Refuse(brettspiel.RefuseMustEnter, fmt.Sprintf("%s: all stones in hand must be entered before a stone on the board moves", name), "T-S4")
	case to == oppHucke && !first:
		return kit.Refuse(RefuseOppHucke, fmt.Sprintf("%s: no stone may stay on the opponent's Hucke", name), "T-D4")
	case to == oppHucke && g.opts.ClosedOpponentHucke:
		return kit.Refuse(RefuseOppHuckeClosed, fmt.Sprintf("%s: the opponent's Hucke may not be touched, not even on the way", name), "T-D4")
	case to < off && occ[to] > 0:
		return kit.Refuse(brettspiel.RefuseBlocked, fmt.Sprintf("%s: point %d holds a stone of the opponent", name, to), "T-D3")
	}
	if to == off {
		if s.CountIn(0, 18) > 0 {
			return kit.Refuse(brettspiel.RefuseNotHome, fmt.Sprintf("%s: stones are borne off only when all are in the last quarter", name), "T-B1")
		}
		if d := int(g.dice[0]); 25-from != int(g.dice[0]) && 25-from != int(g.dice[1]) && s.CountIn(19, from-1) > 0 && d > 25-from {
			return kit.Refuse(brettspiel.RefuseFartherBack, fmt.Sprintf("%s: a higher number bears off only from the farthest occupied point", name), "T-B1")
		}
		if !g.opts.ExactBearOffAlways && occ[24] > 0 && (25-from == int(g.dice[0]) || 25-from == int(g.dice[1])) {
			return kit.Refuse(RefuseExactBearOff, fmt.Sprintf("%s: no stone is borne off by its exact number while the opponent has a stone on his start point", name), "T-B2")
		}
	}
	if combined {
		open := false
		for _, d := range [2]int{int(g.dice[0]), int(g.dice[1])} {
			m := from + d
			switch {
			case m >= off || occ[m] > 0:
			case m == ownHucke && s[ownHucke] == 0:
			case m == oppHucke && g.opts.ClosedOpponentHucke:
			default:
				open = true
			}
		}
		if !open {
			return kit.Refuse(RefuseNoStop, fmt.Sprintf("%s: a stone moving both dice needs a point on the way to stop on", name), "T-D2")
		}
	}
	return nil
}

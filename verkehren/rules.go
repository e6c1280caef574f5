package verkehren

import (
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// Track positions of a side (board.Side): 0 off the board, 1…24, 25 borne off.
const (
	bar   = board.Waiting
	off   = board.BorneOff
	house = 1
	hucke = 12
)

// opp[p] is the opponent's track point under a player's track point p (B-3):
// both run the same way round, so A's i is B's i+12.
var oppPoint = func() (t [26]int8) {
	for p := 1; p <= 24; p++ {
		t[p] = int8(board.SameDirection.OtherTrack(p))
	}
	return t
}()

// reason says why a single move (one die) is not legal; 0 means it is.
type reason uint8

const (
	okStep         reason = iota
	rNoStone              // no own stone on the point
	rNoneWaiting          // entering without a stone off the board
	rMustEnter            // V-E1
	rHouseOccupied        // V-E2
	rClosed               // V-B2
	rBandOpp              // V-B1
	rFiveBlots            // V-O1 five blots
	rBandLimit            // V-O1 band limit
	rNotHome              // V-F1
	rFartherBack          // V-F1
	rBadPoint             // outside the track
)

// refuse returns the refusal of a single move from from to to (track
// points) for the reason r, with the rule that forbids it (none for a move
// that no rule needs to forbid: no stone there, no such point). Its
// message names the points as shownFrom and shownTo: the track's in the
// notation, the board's for steps.
func (r reason) refuse(o *Options, from, to, shownFrom, shownTo int) *brettspiel.Error {
	p := pointName(shownTo)
	switch r {
	case rNoStone:
		return kit.Refuse(brettspiel.RefuseNoStone, "no own stone on point "+pointName(shownFrom))
	case rNoneWaiting:
		return kit.Refuse(brettspiel.RefuseNoStone, "no stone is off the board to enter")
	case rMustEnter:
		return kit.Refuse(brettspiel.RefuseMustEnter, "the stones off the board must enter before any other stone moves", "V-E1")
	case rHouseOccupied:
		return kit.Refuse(RefuseHouseClosed, "the house (point 1) is closed to entering while an opponent stone stands on it", "V-E2")
	case rClosed:
		return kit.Refuse(brettspiel.RefuseBlocked, "point "+p+" holds two or more opponent stones", "V-B2")
	case rBandOpp:
		var e *brettspiel.Error
		switch o.Bands {
		case BandsCotton:
			e = kit.Refuse(RefuseNoBand, "no Band on points 2–12 of the opponent's side: point "+p+" holds an own stone", "V-B1")
		case BandsFiske:
			e = kit.Refuse(RefuseNoBand, "no Band on points 2–11 until a stone has reached 12: point "+p+" holds an own stone", "V-B1")
		default:
			e = kit.Refuse(RefuseNoBand, "no Band on points 2–11 of the opponent's side: point "+p+" holds an own stone", "V-B1")
		}
		if to >= 2 && to <= 6 && from == bar {
			e.Rules = append(e.Rules, "V-E2") // an entry point closed by the band rule
		}
		return e
	case rFiveBlots:
		return kit.Refuse(RefuseFiveBlots, "no Band outside the house before five stones have left it", "V-O1")
	case rBandLimit:
		e := kit.Refuse(RefuseBandLimit, "a Band on point "+p+" would make more than "+strconv.Itoa(o.limit())+" Bände", "V-O1")
		e.Refusal.Count = o.limit()
		return e
	case rNotHome:
		return kit.Refuse(brettspiel.RefuseNotHome, "bearing off needs all stones on 19–24 and none off the board", "V-F1")
	case rFartherBack:
		return kit.Refuse(brettspiel.RefuseFartherBack, "a higher number bears off only when no stone stands farther back", "V-F1")
	}
	return kit.Refuse(brettspiel.RefuseNoSuchStep, "no such point")
}

// reached12 reports whether some own stone stands on 12–24 or has been borne
// off (Fiske's reading of V-B1).
func reached12(me *board.Side) bool {
	if me[off] > 0 {
		return true
	}
	for p := hucke; p <= 24; p++ {
		if me[p] > 0 {
			return true
		}
	}
	return false
}

// bands counts the own Bände (points 2–24 with two or more stones).
func bands(me *board.Side) int {
	n := 0
	for p := 2; p <= 24; p++ {
		if me[p] >= 2 {
			n++
		}
	}
	return n
}

// allHome reports whether all stones not borne off stand on 19–24 (V-F1).
func allHome(me *board.Side) bool {
	for p := 0; p <= 18; p++ {
		if me[p] > 0 {
			return false
		}
	}
	return true
}

// landing judges the landing rules V-B1 and V-O1 for one stone moving from
// from (0 when entering) to the point to (1…24).
func (o *Options) landing(me *board.Side, from, to int) reason {
	own := me[to]
	if own > 0 && to >= 2 {
		switch o.Bands {
		case BandsVK:
			if to <= 11 {
				return rBandOpp
			}
		case BandsCotton:
			if to <= 12 {
				return rBandOpp
			}
		case BandsFiske:
			if to <= 11 && !reached12(me) {
				return rBandOpp
			}
		}
	}
	if own == 1 && to != house {
		switch o.Opening {
		case FiveBlots:
			if me[house] > 10 {
				return rFiveBlots
			}
		case BandLimit:
			if !(from >= 2 && me[from] == 2) && bands(me)+1 > o.limit() {
				return rBandLimit
			}
		}
	}
	return okStep
}

// step judges one move of a stone from from (0: entering) by the number d and
// returns where it lands (25 when borne off) and whether it hits.
func (o *Options) step(me, opp *board.Side, from, d int) (to int, hit bool, why reason) {
	if from == bar {
		if me[bar] == 0 {
			return 0, false, rNoneWaiting
		}
		to = d
		oc := opp[oppPoint[to]]
		if to == house {
			if oc > 0 {
				return to, false, rHouseOccupied
			}
		} else if oc >= 2 {
			return to, false, rClosed
		}
		if r := o.landing(me, bar, to); r != okStep {
			return to, false, r
		}
		return to, oc == 1, okStep
	}
	if from < 1 || from > 24 {
		return 0, false, rBadPoint
	}
	if me[from] == 0 {
		return from + d, false, rNoStone
	}
	if me[bar] > 0 {
		return from + d, false, rMustEnter
	}
	to = from + d
	if to >= off {
		if !allHome(me) {
			return off, false, rNotHome
		}
		if to > off {
			for p := 19; p < from; p++ {
				if me[p] > 0 {
					return off, false, rFartherBack
				}
			}
		}
		return off, false, okStep
	}
	oc := opp[oppPoint[to]]
	if oc >= 2 {
		return to, false, rClosed
	}
	if r := o.landing(me, from, to); r != okStep {
		return to, false, r
	}
	return to, oc == 1, okStep
}

// openEntries counts the entry points 1…6 on which one stone could enter now
// (V-E2, judged with the landing rules V-B1 and V-O1 as every single move is).
func (o *Options) openEntries(me, opp *board.Side) int {
	if me[bar] == 0 {
		return 6
	}
	n := 0
	for d := 1; d <= 6; d++ {
		if _, _, r := o.step(me, opp, bar, d); r == okStep {
			n++
		}
	}
	return n
}

// junker reports V-J1: more stones off the board than open entry points.
// It stops counting the open points once they are as many as the stones.
func (o *Options) junker(me, opp *board.Side) bool {
	if me[bar] == 0 {
		return false
	}
	open := int8(0)
	for d := 1; d <= 6; d++ {
		if _, _, r := o.step(me, opp, bar, d); r == okStep {
			if open++; open >= me[bar] {
				return false
			}
		}
	}
	return true
}

// oppBandOnEntry reports whether the opponent has a Band on the player's
// points 1–6 (V-W3 a).
func oppBandOnEntry(opp *board.Side) bool {
	for p := 1; p <= 6; p++ {
		if opp[oppPoint[p]] >= 2 {
			return true
		}
	}
	return false
}

// ownSideBand reports whether the player has a Band on his own side, points
// 13–24 (V-W2).
func ownSideBand(me *board.Side) bool {
	for p := 13; p <= 24; p++ {
		if me[p] >= 2 {
			return true
		}
	}
	return false
}

// doubleLoss reports whether the player loses double under V-W3 (a) or (b),
// and which.
func (o *Options) doubleLoss(me, opp *board.Side) Ending {
	if !o.junker(me, opp) {
		return NotEnded
	}
	if me[bar] >= 6 {
		return DoubleSixOff
	}
	if !oppBandOnEntry(opp) {
		return DoubleJunker
	}
	return NotEnded
}

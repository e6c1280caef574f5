package toccateglio

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// Refusal codes of Toccateglio's own rules, besides the shared ones of
// brettspiel (see brettspiel.Refusal).
const (
	// RefuseOppHucke: no stone may stay on the opponent's Hucke (T-D4).
	RefuseOppHucke brettspiel.RefusalCode = "opp-hucke"
	// RefuseOppHuckeClosed: in these rules the opponent's Hucke may not be
	// touched, not even on the way (T-D4).
	RefuseOppHuckeClosed brettspiel.RefusalCode = "opp-hucke-closed"
	// RefuseOppHuckeMoveOn: the stone on the opponent's Hucke must move on
	// with the other number (T-D4).
	RefuseOppHuckeMoveOn brettspiel.RefusalCode = "opp-hucke-move-on"
	// RefuseLoneHucke: a lone stone may not stop on the empty own Hucke on
	// its way (T-H1).
	RefuseLoneHucke brettspiel.RefusalCode = "lone-hucke"
	// RefuseHuckeSingle: the own Hucke may not hold a single stone: two
	// take it at once and its last two leave together (T-H1, T-H2).
	RefuseHuckeSingle brettspiel.RefusalCode = "hucke-single"
	// RefuseForceQuarter: no single stone may be set into the opponent's
	// second quarter while he has his Force (T-D8).
	RefuseForceQuarter brettspiel.RefusalCode = "force-quarter"
	// RefuseForceFollow: the own Hucke is being taken by force; the
	// second stone must follow (T-H3).
	RefuseForceFollow brettspiel.RefusalCode = "force-follow"
	// RefuseShortHucke: a stone stops one point short on the own Hucke only
	// when two take it by force together (T-H3).
	RefuseShortHucke brettspiel.RefusalCode = "short-hucke"
	// RefuseExactBearOff: no stone is borne off by its exact number while
	// the opponent has a stone on his start point (T-B2).
	RefuseExactBearOff brettspiel.RefusalCode = "exact-bear-off"
	// RefuseNoStop: a stone moving both numbers needs a point on the way
	// to stop on (T-D2).
	RefuseNoStop brettspiel.RefusalCode = "no-stop"
	// RefuseSameNumber: the two steps need the same number twice, and the
	// throw has it once (T-D2).
	RefuseSameNumber brettspiel.RefusalCode = "same-number"
	// RefuseNoHand: no stones are entered from the hand in these rules.
	RefuseNoHand brettspiel.RefusalCode = "no-hand"
	// RefuseDecision: the winner of the Partie decides to go on or to
	// start afresh, a decision and no step (T-W3).
	RefuseDecision brettspiel.RefusalCode = "decision"
)

// boardPoint is player p's track position q in the board's points: the
// hand (0) and off (25) are the same for both.
func boardPoint(p brettspiel.Player, q int) int {
	if q <= hand || q >= off || (p != 0 && p != 1) {
		return q
	}
	return board.Opposite.ToAbsolute(int(p), q)
}

// tried completes the refusal e with what was tried: the player to move,
// the steps st (track steps, 0 for none) in the board's points, at the
// index of the step refused (−1: the play), and the numbers of the throw
// unless e says which were left.
func (g *Game) tried(e *brettspiel.Error, st []step, at int) *brettspiel.Error {
	r := e.Refusal
	r.Player, r.At = g.turn, at
	for _, x := range st {
		if x == 0 {
			continue
		}
		from, to := x.from(), x.to()
		r.Steps = append(r.Steps, brettspiel.Step{From: boardPoint(g.turn, from), To: boardPoint(g.turn, to), TrackFrom: from, TrackTo: to})
	}
	if r.At >= len(r.Steps) {
		r.At = -1
	}
	if r.Dice == nil {
		r.Dice = g.throwNumbers()
	}
	return e
}

// throwNumbers lists the numbers of the throw being played, higher first
// (a doublet is played once, T-D1: its number twice).
func (g *Game) throwNumbers() []int {
	if g.dice[0] == 0 {
		return nil
	}
	return []int{int(max(g.dice[0], g.dice[1])), int(min(g.dice[0], g.dice[1]))}
}

// noNumber is the refusal of a step that moves dist points when no number
// of the throw left (left) moves that far (T-D2).
func noNumber(reason string, dist int, left []int) *brettspiel.Error {
	e := kit.Refuse(brettspiel.RefuseNoNumber, reason, "T-D2")
	e.Refusal.Need, e.Refusal.Dice = dist, left
	return e
}

// refusePlay says why the play m of the player to move is not legal: the
// rule it breaks, as ParseMove names it for its steps.
func (g *Game) refusePlay(m brettspiel.Move) *brettspiel.Error {
	pay := m.Payload()
	var e *brettspiel.Error
	var st []step
	at := -1
	a, b := playSteps(pay)
	switch {
	case pay == 0:
		e = kit.Refuse(brettspiel.RefuseMustPlay, "a number of "+g.throwString()+" can be played", "T-D6")
	case pay>>20 != 0 || !a.valid() || (b != 0 && !b.valid()):
		e = kit.Refuse(brettspiel.RefuseNotListed, "no play of this game")
	default:
		st = []step{a, b}
		e, at = g.whyIllegal([2]step{a, b})
	}
	e.Op, e.Input = kit.OpApply, g.MoveString(m)
	return g.tried(e, st, at)
}

// valid reports whether x is a step of the notation: from the hand or 1…24
// forward to 1…24 or off.
func (x step) valid() bool {
	return x.from() >= hand && x.from() <= 24 && x.to() > x.from() && x.to() <= off
}

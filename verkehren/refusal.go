package verkehren

import (
	"errors"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// Refusal codes of Verkehren's own rules, besides the shared ones of
// brettspiel (see brettspiel.Refusal).
const (
	// RefuseHouseClosed: the house (point 1) is closed to entering while
	// an opponent stone stands on it (V-E2).
	RefuseHouseClosed brettspiel.RefusalCode = "house-closed"
	// RefuseNoBand: the step would make a Band on the opponent's side
	// (V-B1).
	RefuseNoBand brettspiel.RefusalCode = "no-band"
	// RefuseFiveBlots: no Band outside the house before five stones have
	// left it (V-O1, the five-blots opening).
	RefuseFiveBlots brettspiel.RefusalCode = "five-blots"
	// RefuseBandLimit: the step would make more Bände than the limit,
	// Count (V-O1, the band-limit opening).
	RefuseBandLimit brettspiel.RefusalCode = "band-limit"
	// RefuseMustHit: another play hits more stones while entering, and
	// hitting while entering is compulsory (V-E3).
	RefuseMustHit brettspiel.RefusalCode = "must-hit"
	// RefuseNoHit: the notation marks a hit (*) where no stone is hit.
	RefuseNoHit brettspiel.RefusalCode = "no-hit"
	// RefuseJunker: the player is Junker and can play nothing (V-J1).
	RefuseJunker brettspiel.RefusalCode = "junker"
	// RefuseNoConcede: the game may be given up only while no own Band
	// stands on points 13–24 (V-W2).
	RefuseNoConcede brettspiel.RefusalCode = "no-concede"
)

// numbersLeft lists the numbers in avail (counts by number), higher first.
func numbersLeft[T int | int8](avail *[7]T) []int {
	var out []int
	for d := 6; d >= 1; d-- {
		for k := T(0); k < avail[d]; k++ {
			out = append(out, d)
		}
	}
	return out
}

// numberList writes numbers for a message: "4, 1".
func numberList(ns []int) string {
	s := ""
	for i, n := range ns {
		if i > 0 {
			s += ", "
		}
		s += strconv.Itoa(n)
	}
	return s
}

// boardStep is the single move from from to to in the mover's track as a
// step in the board's points.
func (g *Game) boardStep(from, to int) brettspiel.Step {
	p := g.toMove
	if p != 0 && p != 1 || from < 0 || from > off || to < 0 || to > off {
		return brettspiel.Step{From: from, To: to, TrackFrom: from, TrackTo: to}
	}
	return brettspiel.Step{From: int(absPoint[p][from]), To: int(absPoint[p][to]), TrackFrom: from, TrackTo: to}
}

// throwNumbers lists the numbers of the throw being played, higher first:
// four of a doublet.
func (g *Game) throwNumbers() []int {
	a, b := int(g.dice[0]), int(g.dice[1])
	switch {
	case a == 0:
		return nil
	case a == b:
		return []int{a, a, a, a}
	}
	return []int{max(a, b), min(a, b)}
}

// leftNumbers counts the numbers the walker can still play, by number.
func (w *walker) leftNumbers() *[7]int {
	var a [7]int
	for j := range 2 {
		if d := w.dice[j]; d >= 1 && d <= 6 {
			a[d] += int(w.left[j])
		}
	}
	return &a
}

// higherDie is the refusal of a play of the lower number when only one
// number can be played and the options want the higher, hi (V-D2).
func higherDie(hi int) *brettspiel.Error {
	e := kit.Refuse(brettspiel.RefuseHigherDie, "only one number can be played, and it must be the higher one", "V-D2")
	e.Refusal.Need = hi
	return e
}

// tried completes the refusal e of the play pay with what was tried: the
// player, the play's single moves in the board's points and the numbers
// of the throw (those left at the refused move, at is its index, −1 for the
// play as a whole).
func (g *Game) tried(e *brettspiel.Error, op string, pay uint64, at int) *brettspiel.Error {
	e.Op, e.Input = op, g.MoveString(kit.NewMove(g.toMove, pay))
	r := e.Refusal
	r.Player, r.At = g.toMove, at
	for i := 0; i < maxSteps && pay != concedePayload && pay != concedeAgreedPayload; i++ {
		from, to, d, ok := stepAt(pay, i)
		if !ok {
			break
		}
		st := g.boardStep(from, to)
		st.Die = d
		r.Steps = append(r.Steps, st)
	}
	if at >= len(r.Steps) {
		r.At = -1
	}
	if r.Dice == nil {
		r.Dice = g.throwNumbers()
	}
	return e
}

// withOp sets the Op of the *brettspiel.Error in err's chain to op and
// returns err.
func withOp(err error, op string) error {
	if e := (*brettspiel.Error)(nil); errors.As(err, &e) {
		e.Op = op
	}
	return err
}

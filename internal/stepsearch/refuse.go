package stepsearch

import (
	"errors"
	"slices"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// maxEnds is how many plays going on from a refused step PlayRefusal reads.
const maxEnds = 8

// PlayRefusal says why the step in, tried from s after the steps before,
// leads to no legal move when the single-step rules allow it: a step from
// s matches in (matched), and parse, the variant's ParseMove, refuses a
// play going on from it (one of the first few, in the notation of
// Notation with waiting) with a brettspiel.Refusal; that refusal's code,
// reason, rules, need and count are returned as a new refusal. It returns
// nil with matched true when parse refuses none of them so, and matched
// false when no step from s matches in: then the variant names the
// single-step rule that forbids it.
func (x *Search[S]) PlayRefusal(s S, before []brettspiel.Step, in brettspiel.Step, waiting string, parse func(string) (brettspiel.Move, error)) (e *brettspiel.Error, matched bool) {
	for _, edge := range x.Edges(s) {
		if !edge.Step.Matches(in) {
			continue
		}
		for _, end := range x.Ends(edge.To, append(before[:len(before):len(before)], edge.Step), maxEnds) {
			if _, err := parse(Notation(end, waiting)); err != nil {
				var pe *brettspiel.Error
				if errors.As(err, &pe) && pe.Refusal != nil {
					e := kit.Refuse(pe.Refusal.Code, pe.Reason, pe.Rules...)
					e.Refusal.Need, e.Refusal.Count = pe.Refusal.Need, pe.Refusal.Count
					return e, true
				}
			}
		}
		return nil, true
	}
	return nil, false
}

// Failed is the error of NextSteps for the steps made when no step can be
// made at all: err (brettspiel.ErrGameOver, ErrChanceNode…) with reason.
func Failed(made []brettspiel.Step, err error, reason string) *brettspiel.Error {
	return &brettspiel.Error{Op: kit.OpNextSteps, Input: Input(made), Err: err, Reason: reason}
}

// Refused completes a refusal of NextSteps with what was tried: the steps
// made, as given, the player, the index at of the refused step (−1 for the
// play as a whole) and the numbers left there.
func Refused(e *brettspiel.Error, made []brettspiel.Step, player brettspiel.Player, at int, left []int) *brettspiel.Error {
	e.Op, e.Input = kit.OpNextSteps, Input(made)
	r := e.Refusal
	r.Player, r.At, r.Steps, r.Dice = player, at, slices.Clone(made), left
	return e
}

// StepRefused names the step made[bad], the first that leads to no legal
// move, in the reason of its refusal e: "step 2 (13/18): " before it.
func StepRefused(e *brettspiel.Error, made []brettspiel.Step, bad int) *brettspiel.Error {
	e.Reason = "step " + strconv.Itoa(bad+1) + " (" + made[bad].String() + "): " + e.Reason
	return e
}

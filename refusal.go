package brettspiel

import "slices"

// RefusalCode names why a move was refused, stably: a frontend chooses
// its words by the code (package words does), never by the text of an
// error. The codes below are shared by the games, each says the same in
// all of them; a game adds codes of its own for its own rules.
type RefusalCode string

// Shared refusal codes.
const (
	// RefuseNoNumber: no number of the throw left moves the stone of the
	// refused step from its point to its target; Need is the number the
	// step needs.
	RefuseNoNumber RefusalCode = "no-number"
	// RefuseAllUsed: every number of the throw is played; no step may follow.
	RefuseAllUsed RefusalCode = "all-used"
	// RefuseNoStone: no own stone stands on the point the step starts
	// from (or none waits in the hand or off the board).
	RefuseNoStone RefusalCode = "no-stone"
	// RefuseNoSuchStep: the step leads nowhere on the board: backwards,
	// or off the track.
	RefuseNoSuchStep RefusalCode = "no-such-step"
	// RefuseBlocked: the target point is held by the opponent.
	RefuseBlocked RefusalCode = "blocked"
	// RefuseMustEnter: stones waiting to come onto the board must enter
	// before another stone moves.
	RefuseMustEnter RefusalCode = "must-enter"
	// RefuseNotHome: bearing off needs every stone in the last quarter.
	RefuseNotHome RefusalCode = "not-home"
	// RefuseFartherBack: a higher number than needed bears off only the
	// stone farthest back.
	RefuseFartherBack RefusalCode = "farther-back"
	// RefuseMoreNumbers: the play uses fewer numbers than can be played;
	// Count is how many can be.
	RefuseMoreNumbers RefusalCode = "more-numbers"
	// RefuseHigherDie: only one number can be played and it must be the
	// higher; Need is that number.
	RefuseHigherDie RefusalCode = "higher-die"
	// RefuseDeadEnd: the step is possible by itself, but no legal play
	// goes on from it.
	RefuseDeadEnd RefusalCode = "dead-end"
	// RefuseMustPlay: a pass, but a number of the throw can be played.
	RefuseMustPlay RefusalCode = "must-play"
	// RefuseCannotPlay: steps were given, but no number of the throw can
	// be played.
	RefuseCannotPlay RefusalCode = "cannot-play"
	// RefuseNotListed: the play breaks no rule named on its own, but it is
	// none of the legal plays (e.g. a move value no game produces).
	RefuseNotListed RefusalCode = "not-listed"
)

// Refusal is what a player tried and why the rules refused it, as data: a
// frontend says it in the player's words without reading the error's
// text. Places are the board's (see [Step]).
type Refusal struct {
	// Code says why, stably (see [RefusalCode]).
	Code RefusalCode `json:"code"`
	// Player is the seat whose move was refused, or Nobody.
	Player Player `json:"player"`
	// Steps are the single steps tried, in the board's points (a
	// Festungsspiel's decision: the field chosen); empty when the move was
	// refused as a whole before its steps were known.
	Steps []Step `json:"steps,omitempty"`
	// At is the index in Steps of the step refused, or −1 when the play
	// as a whole is refused.
	At int `json:"at"`
	// Dice are the numbers of the throw not yet used when the step was
	// refused (at a refused play, all numbers of the throw); the large
	// die first in the Festungsspiel.
	Dice []int `json:"dice,omitempty"`
	// Need is the number the refused step needs (RefuseNoNumber), the
	// number that must be played (RefuseHigherDie) or the large die a
	// field must match; 0 when none.
	Need int `json:"need,omitempty"`
	// Count is a count the code names: the numbers that can be played
	// (RefuseMoreNumbers), a limit of a game's rule; 0 when none.
	Count int `json:"count,omitempty"`
}

// Clone returns a deep copy of r (nil for nil).
func (r *Refusal) Clone() *Refusal {
	if r == nil {
		return nil
	}
	c := *r
	c.Steps, c.Dice = slices.Clone(r.Steps), slices.Clone(r.Dice)
	return &c
}

// Step returns the refused step and true, or false when the play as a
// whole was refused.
func (r *Refusal) Step() (Step, bool) {
	if r == nil || r.At < 0 || r.At >= len(r.Steps) {
		return Step{}, false
	}
	return r.Steps[r.At], true
}

// RefusalOf returns the [Refusal] of the first [*Error] in err's chain
// that carries one, or nil.
func RefusalOf(err error) *Refusal {
	for err != nil {
		if e, ok := err.(*Error); ok && e.Refusal != nil {
			return e.Refusal
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return nil
		}
		err = u.Unwrap()
	}
	return nil
}

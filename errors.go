package brettspiel

import (
	"errors"
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel/internal/errname"
	"github.com/brettspiel/brettspiel/internal/quote"
)

// Sentinel errors. Every error of this module for bad input wraps one of them
// (through [*Error]); test with errors.Is.
var (
	// ErrIllegalMove: the move is not among the legal moves of the state.
	ErrIllegalMove = newSentinel("ErrIllegalMove", "illegal move")
	// ErrGameOver: the game has ended; nothing more can be applied.
	ErrGameOver = newSentinel("ErrGameOver", "game is over")
	// ErrNotYourTurn: the move belongs to another actor than the one to move.
	ErrNotYourTurn = newSentinel("ErrNotYourTurn", "not this player's turn")
	// ErrChanceNode: a player's move was given where a throw is due.
	ErrChanceNode = newSentinel("ErrChanceNode", "a throw of the dice is due")
	// ErrBadNotation: the text is not a move (or position) in the notation.
	ErrBadNotation = newSentinel("ErrBadNotation", "bad notation")
	// ErrBadPosition: a position that cannot arise under the rules.
	ErrBadPosition = newSentinel("ErrBadPosition", "impossible position")
	// ErrBadOptions: inconsistent or out-of-range rule options.
	ErrBadOptions = newSentinel("ErrBadOptions", "bad options")
	// ErrZeroGame: the game is a zero value, not made by a constructor (New,
	// FromPosition, ParseID, LoadRecord, UnmarshalJSON). A zero Game refuses
	// every call that could play or report a game.
	ErrZeroGame = newSentinel("ErrZeroGame", "zero Game: make games with New")
	// ErrStepLimit is returned by [PlayOut] when the game had not ended after the
	// given number of steps.
	ErrStepLimit = newSentinel("ErrStepLimit", "brettspiel: step limit reached before the end of the game")
)

// newSentinel makes the sentinels of this package (see kit.NewSentinel).
var newSentinel = errname.New

// ErrorName returns the stable name of the sentinel error that err wraps —
// the first in its chain made by kit.NewSentinel or this package, e.g. "ErrIllegalMove" for
// any error of an illegal move — or "" when it wraps none. The names are
// part of the API: they do not change when a message's wording does, so a
// frontend can tell errors apart by name.
func ErrorName(err error) string {
	var n interface{ ErrorName() string }
	if errors.As(err, &n) {
		return n.ErrorName()
	}
	return ""
}

// Error is the structured error of this module, in the manner of
// strconv.NumError: the operation, the input it was given, the sentinel it wraps
// and, where useful, the reason in words.
type Error struct {
	Op     string // the operation: "apply", "parse move", "load position", …
	Input  string // the input as given (a move's notation, a position ID, …)
	Err    error  // one of the sentinel errors
	Reason string // what exactly is wrong, e.g. "the Hucke may not hold one stone"
	// Rules are the IDs of the rules that refused, e.g. ["T-H1", "T-H2"],
	// in the order the reason names them; empty when no rule of a game
	// refused (bad notation, a zero game, …). They are data, so that a
	// frontend shows the rules' texts (package rules) without reading
	// them out of the message.
	Rules []string
	// Refusal is what was tried and why it was refused, as data for a
	// frontend to say in words (package words does); nil for an error
	// that is no refusal of a move by the rules of a game.
	Refusal *Refusal
}

// Error renders the error. It quotes at most [quote.Max] bytes of Input (see
// [Quote]) and at most [MaxReason] bytes of Reason, so that a huge input does
// not come back whole in a log line; the fields keep the full text.
func (e *Error) Error() string {
	s := "brettspiel: " + e.Op
	if e.Input != "" {
		s += " " + quote.Quote(e.Input)
	}
	s += ": " + e.Err.Error()
	if e.Reason != "" {
		s += ": " + quote.Cut(e.Reason, MaxReason)
	}
	if len(e.Rules) > 0 {
		s += " (" + strings.Join(e.Rules, ", ") + ")"
	}
	return s
}

// Unwrap returns the sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// RulesOf returns the IDs of the rules that refused, as the first [*Error]
// in err's chain that names any carries them in [Error.Rules]; nil when no
// rule refused. A frontend looks their texts up in package rules.
func RulesOf(err error) []string {
	for err != nil {
		if e, ok := err.(*Error); ok && len(e.Rules) > 0 {
			return slices.Clone(e.Rules)
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return nil
		}
		err = u.Unwrap()
	}
	return nil
}

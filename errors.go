package brettspiel

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Sentinel errors. Every error of this module for bad input wraps one of them
// (through [*Error]); test with errors.Is.
var (
	// ErrIllegalMove: the move is not among the legal moves of the state.
	ErrIllegalMove = NewSentinel("ErrIllegalMove", "illegal move")
	// ErrGameOver: the game has ended; nothing more can be applied.
	ErrGameOver = NewSentinel("ErrGameOver", "game is over")
	// ErrNotYourTurn: the move belongs to another actor than the one to move.
	ErrNotYourTurn = NewSentinel("ErrNotYourTurn", "not this player's turn")
	// ErrChanceNode: a player's move was given where a throw is due.
	ErrChanceNode = NewSentinel("ErrChanceNode", "a throw of the dice is due")
	// ErrBadNotation: the text is not a move (or position) in the notation.
	ErrBadNotation = NewSentinel("ErrBadNotation", "bad notation")
	// ErrBadPosition: a position that cannot arise under the rules.
	ErrBadPosition = NewSentinel("ErrBadPosition", "impossible position")
	// ErrBadOptions: inconsistent or out-of-range rule options.
	ErrBadOptions = NewSentinel("ErrBadOptions", "bad options")
	// ErrZeroGame: the game is a zero value, not made by a constructor (New,
	// FromPosition, ParseID, LoadRecord, UnmarshalJSON). A zero Game refuses
	// every call that could play or report a game.
	ErrZeroGame = NewSentinel("ErrZeroGame", "zero Game: make games with New")
)

// NewSentinel returns a sentinel error with a message and a stable name,
// the name of the variable that holds it (e.g. "ErrIllegalMove"). The
// sentinels of this module are made with it, so that [ErrorName] can name
// them for a frontend in another language; a package with sentinels of its
// own (the session's) makes them the same way. Two calls return distinct
// errors, even with the same name.
func NewSentinel(name, text string) error { return &sentinel{name: name, text: text} }

type sentinel struct{ name, text string }

func (s *sentinel) Error() string { return s.text }

// ErrorName returns the sentinel's name.
func (s *sentinel) ErrorName() string { return s.name }

// ErrorName returns the stable name of the sentinel error that err wraps —
// the first in its chain made by [NewSentinel], e.g. "ErrIllegalMove" for
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

// Error renders the error. It quotes at most [MaxQuoted] bytes of Input (see
// [Quote]) and at most [MaxReason] bytes of Reason, so that a huge input does
// not come back whole in a log line; the fields keep the full text.
func (e *Error) Error() string {
	s := "brettspiel: " + e.Op
	if e.Input != "" {
		s += " " + Quote(e.Input)
	}
	s += ": " + e.Err.Error()
	if e.Reason != "" {
		s += ": " + cut(e.Reason, MaxReason)
	}
	if len(e.Rules) > 0 {
		s += " (" + strings.Join(e.Rules, ", ") + ")"
	}
	return s
}

// MaxQuoted is the most bytes of an input that [Quote] repeats.
const MaxQuoted = 64

// MaxReason is the most bytes of [Error.Reason] that an error message
// repeats. Reasons are short; the cap is a safety net for one that quotes
// input without [Quote].
const MaxReason = 1024

// Quote returns s quoted as strconv.Quote does, for an error message: an s
// longer than [MaxQuoted] bytes is cut at a character boundary and followed
// by an ellipsis and its length in bytes, e.g. "xxxx…" (10485760 bytes).
// Every message of this module that repeats input quotes it this way.
func Quote(s string) string {
	if len(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	return strconv.Quote(cut(s, MaxQuoted)) + " (" + strconv.Itoa(len(s)) + " bytes)"
}

// cut returns s shortened to at most n bytes at a character boundary, with
// "…" appended when it was shortened.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// Unwrap returns the sentinel error.
func (e *Error) Unwrap() error { return e.Err }

// CheckMove is the common first check of an Apply: it returns nil if m is in
// legal (sorted ascending, as LegalMoves returns it) and otherwise the error that
// says why not, judged in this order: the game is over, a throw is due, the move
// is another actor's, the move is not legal. String renders m for the message.
func CheckMove(toMove Player, m Move, legal []Move, str func(Move) string) error {
	fail := func(err error, reason string) error {
		in := ""
		if str != nil {
			in = str(m)
		}
		return &Error{Op: "apply", Input: in, Err: err, Reason: reason}
	}
	switch {
	case toMove == Terminal:
		return fail(ErrGameOver, "")
	case toMove == Chance && m.Actor() != Chance:
		return fail(ErrChanceNode, "")
	case m.Actor() != toMove:
		return fail(ErrNotYourTurn, "the move is "+m.Actor().String()+"'s, "+toMove.String()+" is to move")
	}
	lo, hi := 0, len(legal)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if legal[mid] < m {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(legal) && legal[lo] == m {
		return nil
	}
	return fail(ErrIllegalMove, "")
}

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

// Refuse returns the error of a move that the rules refuse: it wraps
// [ErrIllegalMove], says why in reason (for programmers, without the
// rules' IDs, which [Error.Error] adds from Rules), keeps the IDs of the
// rules that refuse in [Error.Rules] — set here by the rule's check, never
// read out of a text — and starts its [Refusal] with the code. The caller
// fills in the operation, the input and what was tried.
func Refuse(code RefusalCode, reason string, rules ...string) *Error {
	return &Error{Err: ErrIllegalMove, Reason: reason, Rules: slices.Clip(rules),
		Refusal: &Refusal{Code: code, Player: Nobody, At: -1}}
}

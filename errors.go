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

// Refuse builds the error of a rule's refusal: Op, Input, the sentinel and
// the reason, whose rules are also kept as data in [Error.Rules]. The
// variants write the rules that refuse at the end of a reason, in
// parentheses and separated by commas — "a lone stone may not stop on the
// empty own Hucke on its way (T-H1)" — and build their errors with Refuse,
// so that the IDs a message names and those a frontend reads are the same.
// A reason that does not end in such a list refuses by no rule: Rules is
// nil.
func Refuse(op, input string, err error, reason string) *Error {
	return &Error{Op: op, Input: input, Err: err, Reason: reason, Rules: trailingRules(reason)}
}

// trailingRules returns the rule IDs of the list that ends reason, "(T-H1,
// T-H2)", or nil. An ID is one or two capital letters, a hyphen, up to two
// capital letters, digits and maybe a small letter; a word may follow it
// within its item ("V-W3 c", a clause of the rule).
func trailingRules(reason string) []string {
	if len(reason) < 5 || reason[len(reason)-1] != ')' {
		return nil
	}
	open := strings.LastIndexByte(reason, '(')
	if open < 0 {
		return nil
	}
	var ids []string
	for _, item := range strings.Split(reason[open+1:len(reason)-1], ",") {
		id, _, _ := strings.Cut(strings.TrimSpace(item), " ")
		if !isRuleID(id) {
			return nil
		}
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// isRuleID reports whether s is written as a rule ID, e.g. "T-M3", "V-E1",
// "D-4", "T-M4b".
func isRuleID(s string) bool {
	i := 0
	for i < len(s) && i < 2 && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	if i == 0 || i >= len(s) || s[i] != '-' {
		return false
	}
	i++
	for k := 0; k < 2 && i < len(s) && s[i] >= 'A' && s[i] <= 'Z'; k++ {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	return digits > 0 && i == len(s)
}

package kit

import (
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/errname"
)

// CheckMove is the common first check of an Apply: it returns nil if m is in
// legal (sorted ascending, as LegalMoves returns it) and otherwise the error that
// says why not, judged in this order: the game is over, a throw is due, the move
// is another actor's, the move is not legal. String renders m for the message.
func CheckMove(toMove brettspiel.Player, m brettspiel.Move, legal []brettspiel.Move, str func(brettspiel.Move) string) error {
	fail := func(err error, reason string) error {
		in := ""
		if str != nil {
			in = str(m)
		}
		return &brettspiel.Error{Op: "apply", Input: in, Err: err, Reason: reason}
	}
	switch {
	case toMove == brettspiel.Terminal:
		return fail(brettspiel.ErrGameOver, "")
	case toMove == brettspiel.Chance && m.Actor() != brettspiel.Chance:
		return fail(brettspiel.ErrChanceNode, "")
	case m.Actor() != toMove:
		return fail(brettspiel.ErrNotYourTurn, "the move is "+m.Actor().String()+"'s, "+toMove.String()+" is to move")
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
	return fail(brettspiel.ErrIllegalMove, "")
}

// Refuse returns the error of a move that the rules refuse: it wraps
// [ErrIllegalMove], says why in reason (for programmers, without the
// rules' IDs, which [Error.Error] adds from Rules), keeps the IDs of the
// rules that refuse in [Error.Rules] — set here by the rule's check, never
// read out of a text — and starts its [Refusal] with the code. The caller
// fills in the operation, the input and what was tried.
func Refuse(code brettspiel.RefusalCode, reason string, rules ...string) *brettspiel.Error {
	return &brettspiel.Error{Err: brettspiel.ErrIllegalMove, Reason: reason, Rules: slices.Clip(rules),
		Refusal: &brettspiel.Refusal{Code: code, Player: brettspiel.Nobody, At: -1}}
}

// payloadBits and payloadMask are the layout of a Move that
// brettspiel.Move documents: the actor in the high byte, the payload below.
const (
	payloadBits = 56
	payloadMask = 1<<payloadBits - 1
)

// NewMove builds a Move for actor (a seat or [Chance]) from a variant's payload.
// Only the low 56 bits of payload are kept. Variant packages use it; callers of a
// game get their moves from [Game.LegalMoves] or [Game.ParseMove].
func NewMove(actor brettspiel.Player, payload uint64) brettspiel.Move {
	return brettspiel.Move(uint64(uint8(actor+3))<<payloadBits | payload&payloadMask)
}

// NewSentinel returns a sentinel error with a message and a stable name,
// the name of the variable that holds it (e.g. "ErrIllegalMove"). The
// sentinels of this module are made this way, so that brettspiel.ErrorName
// can name them for a frontend in another language; a package with
// sentinels of its own (the session's, a game's) makes them with it. Two
// calls return distinct errors, even with the same name.
func NewSentinel(name, text string) error { return errname.New(name, text) }

package festung

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// MoveString implements brettspiel.Game. A throw prints as "L/a-b" (large die,
// then the small dice, smaller first: "5/1-6"); a decision as the name of
// the outer-works field the marker is taken from ("W2.V"). Moves that are no
// move of this game print in the raw form of brettspiel.Move.String.
func (g *Game) MoveString(m brettspiel.Move) string {
	if m.Actor() == brettspiel.Chance {
		if t, ok := decodeThrow(m.Payload()); ok {
			return throwNames[t.L][t.A][t.B]
		}
		return m.String()
	}
	f := m.Payload()
	if m.Actor() == brettspiel.Nobody || f < 1 || f > 4 {
		return m.String()
	}
	n := "?"
	if g.throw.L >= 1 && g.throw.L <= 5 {
		n = roman(int(g.throw.L))
	}
	return "W" + strconv.Itoa(int(f)) + "." + n
}

// ParseMove implements brettspiel.Game. At a chance node it reads a throw
// "L/a-b", each die 1…6, the small dice in either order ("5/6-1" is read as
// "5/1-6"); at a decision node the name of an outer-works field
// numbered as the large die in one of the fortresses offered ("W2.V"; the twin's
// name "W1.V'" means the same), in any case ("w2.v"). Errors wrap
// brettspiel.ErrBadNotation for text that is no move, the sentinel Apply
// would give for a move that is not legal now, and brettspiel.ErrZeroGame
// for a zero Game.
func (g *Game) ParseMove(s string) (brettspiel.Move, error) {
	fail := func(err error, reason string) (brettspiel.Move, error) {
		return brettspiel.NoMove, &brettspiel.Error{Op: kit.OpParseMove, Input: s, Err: err, Reason: reason}
	}
	// check returns m if it is legal, else the error Apply would give: a
	// refusal by the rules with why (built only then: it lists the fields on
	// offer) when m is the thrower's, else the error of a move out of turn.
	check := func(m brettspiel.Move, why func() *brettspiel.Error) (brettspiel.Move, error) {
		if g.legal(m) {
			return m, nil
		}
		e := why()
		err := kit.CheckMove(g.ToMove(), m, nil, nil)
		var ce *brettspiel.Error
		if errors.As(err, &ce) && ce.Err != brettspiel.ErrIllegalMove {
			reason := ce.Reason
			if e != nil && e.Refusal == nil {
				reason = e.Reason
			}
			return fail(ce.Err, reason)
		}
		if e == nil || e.Refusal == nil {
			return fail(brettspiel.ErrIllegalMove, "")
		}
		e.Op, e.Input = kit.OpParseMove, s
		return brettspiel.NoMove, e
	}
	if g.zero() {
		return fail(brettspiel.ErrZeroGame, "")
	}
	if g.ToMove() == brettspiel.Terminal {
		return fail(brettspiel.ErrGameOver, "")
	}
	if t, ok := parseThrow(s); ok {
		return check(throwMove(t), func() *brettspiel.Error {
			return &brettspiel.Error{Reason: "a decision is due: " + g.offer()}
		})
	}
	if f, ok := FieldByName(s); ok && f.Kind == OuterWork {
		m := kit.NewMove(g.turn, uint64(f.Fortress))
		if g.throw.L != 0 && int(g.throw.L) != f.Number {
			m = kit.NewMove(g.turn, 0) // never legal
		}
		return check(m, func() *brettspiel.Error {
			var e *brettspiel.Error
			switch {
			case g.throw.L == 0:
				return &brettspiel.Error{Reason: "a throw is due"}
			case int(g.throw.L) != f.Number:
				e = kit.Refuse(RefuseNotOffered, fmt.Sprintf("the large die shows %d; %s", g.throw.L, g.offer()), "F-A2")
			default:
				e = kit.Refuse(RefuseNothingToTake, fmt.Sprintf("no marker to take in the works of fortress %d; %s", f.Fortress, g.offer()), "F-A1", "F-A2")
			}
			g.tried(e.Refusal, []brettspiel.Step{{Field: int(f.ID), Die: f.Number}})
			return e
		})
	}
	return fail(brettspiel.ErrBadNotation, "want a throw such as 5/1-6 (large die/small dice), or at a decision the outer-works field to take from, such as W2.V")
}

// offer describes the fields a decision offers, for error messages.
func (g *Game) offer() string {
	var buf [4]brettspiel.Move
	legal := g.AppendLegalMoves(buf[:0])
	if g.ToMove() == brettspiel.Chance {
		return "a throw is due"
	}
	names := make([]string, len(legal))
	for i, m := range legal {
		names[i] = g.MoveString(m)
	}
	return "take from " + strings.Join(names, " or ")
}

// parseThrow reads "L/a-b".
func parseThrow(s string) (dice.Throw3, bool) {
	if len(s) != 5 || s[1] != '/' || s[3] != '-' {
		return dice.Throw3{}, false
	}
	t := dice.Throw3{L: s[0] - '0', A: s[2] - '0', B: s[4] - '0'}
	return canonical(t), t.Valid()
}

// ParseThrow reads a throw "L/a-b" (large die, then the small dice in either
// order), e.g. "6/5-5", for a frontend with physical dice. The small dice come
// back smaller first.
func ParseThrow(s string) (dice.Throw3, error) {
	t, ok := parseThrow(s)
	if !ok {
		return dice.Throw3{}, &brettspiel.Error{Op: "parse throw", Input: s, Err: brettspiel.ErrBadNotation, Reason: "want L/a-b with each die 1…6, e.g. 5/1-6"}
	}
	return t, nil
}

package toccateglio

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// MoveString prints m in the package's notation (see the package doc): "6-5"
// for a throw, "pass", "1/7 1/6", "in/3", "20/off", "go-on", "afresh",
// "give up" (T-W6).
func (g *Game) MoveString(m brettspiel.Move) string {
	p := m.Payload()
	switch a := m.Actor(); {
	case a == brettspiel.Chance:
		hi, lo := p>>3, p&7
		if p>>6 != 0 || hi < 1 || hi > 6 || lo < 1 || lo > hi {
			return fmt.Sprintf("throw %#x", p)
		}
		return fmt.Sprintf("%d-%d", hi, lo)
	case a != 0 && a != 1:
		return m.String()
	}
	if p >= schuleMark {
		if s := schuleString(p); s != "" {
			return s
		}
		return fmt.Sprintf("move %#x", p)
	}
	switch p {
	case 0:
		return "pass"
	case decideGoOn:
		return "go-on"
	case decideAfresh:
		return "afresh"
	case giveUpPayload:
		return "give up"
	}
	if p>>20 != 0 {
		return fmt.Sprintf("move %#x", p)
	}
	a, b := playSteps(p)
	if !validStep(a) || (b != 0 && !validStep(b)) {
		return fmt.Sprintf("move %#x", p)
	}
	s := stepString(a)
	if b != 0 {
		s += " " + stepString(b)
	}
	return s
}

func validStep(s step) bool {
	return s.from() <= 24 && s.to() >= 1 && s.to() <= off && s.to() > s.from()
}

func stepString(s step) string {
	from, to := strconv.Itoa(s.from()), strconv.Itoa(s.to())
	if s.from() == hand {
		from = "in"
	}
	if s.to() == off {
		to = "off"
	}
	return from + "/" + to
}

// ParseMove reads a move in the notation and checks it against the state. A
// play may be written with its steps in any order and by any route to the same
// position ("1/10" for "1/5 5/10" with 5-4); it is returned as the legal move
// that leaves that position.
func (g *Game) ParseMove(s string) (brettspiel.Move, error) {
	in := s
	fail := func(err error, format string, args ...any) (brettspiel.Move, error) {
		return brettspiel.NoMove, &brettspiel.Error{Op: kit.OpParseMove, Input: in, Err: err, Reason: fmt.Sprintf(format, args...)}
	}
	// refuse completes a refusal by the rules with what was tried
	refuse := func(e *brettspiel.Error, st []step, at int) (brettspiel.Move, error) {
		e.Op, e.Input = kit.OpParseMove, in
		return brettspiel.NoMove, g.tried(e, st, at)
	}
	if g.phase == phaseZero {
		return brettspiel.NoMove, &brettspiel.Error{Op: kit.OpParseMove, Input: in, Err: brettspiel.ErrZeroGame}
	}
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	p := g.ToMove()
	switch {
	case p == brettspiel.Terminal:
		return fail(brettspiel.ErrGameOver, "the match is over")
	case p == brettspiel.Chance:
		if len(s) != 3 || s[1] != '-' || s[0] < '1' || s[0] > '6' || s[2] < '1' || s[2] > '6' {
			return fail(brettspiel.ErrBadNotation, "a throw is written like 6-5, two dice 1…6")
		}
		a, b := s[0]-'0', s[2]-'0'
		return throwMove(max(a, b), min(a, b)), nil
	case s == "give up" || s == "give-up":
		m, _, err := g.GiveUpMove(p)
		if err != nil {
			var e *brettspiel.Error
			if errors.As(err, &e) {
				e.Op, e.Input = kit.OpParseMove, in
			}
		}
		return m, err
	case g.phase == phaseDecide:
		switch s {
		case "go-on", "go on":
			return kit.NewMove(p, decideGoOn), nil
		case "afresh":
			return kit.NewMove(p, decideAfresh), nil
		}
		return fail(brettspiel.ErrBadNotation, "the winner of the Partie chooses go-on or afresh")
	case g.phase == phaseMark:
		if n, ok := numberAfter(s, "mark", 0); ok {
			return kit.NewMove(p, schuleMark|uint64(n)), nil
		}
		return fail(brettspiel.ErrBadNotation, "the points of %s are declared as mark 0 … mark 12 (T-W5a)", stepNotes[g.sch.step])
	case g.phase == phaseSchule:
		switch s {
		case "pass":
			return kit.NewMove(p, askPass), nil
		case "right":
			return kit.NewMove(p, askRight), nil
		}
		if k, ok := numberAfter(s, "schule", 1); ok {
			m := kit.NewMove(p, schuleAsk|uint64(k+1))
			if !g.schuleLegal(m) {
				return brettspiel.NoMove, &brettspiel.Error{Op: kit.OpParseMove, Input: in, Err: brettspiel.ErrIllegalMove,
					Reason: fmt.Sprintf("%d claims have been made in this window, the most it takes; right or pass (T-W5b)", maxClaims), Rules: []string{"T-W5b"}}
			}
			return m, nil
		}
		return fail(brettspiel.ErrBadNotation, "the answer to a declaration or claim is schule 1 … schule 12, right or pass (T-W5b, T-W5c)")
	}
	var buf [maxPlays + 1]brettspiel.Move
	legal := g.AppendLegalMoves(buf[:0])
	if s == "pass" {
		m := kit.NewMove(p, 0)
		if legal[0] != m {
			return refuse(kit.Refuse(brettspiel.RefuseMustPlay, "a number of "+g.throwString()+" can be played", "T-D6"), nil, -1)
		}
		return m, nil
	}
	fields := strings.Fields(s)
	if len(fields) == 0 || len(fields) > 2 {
		return fail(brettspiel.ErrBadNotation, "a play is one or two steps like 1/7 1/6, or pass")
	}
	var st [2]step
	for i, f := range fields {
		from, to, ok := strings.Cut(f, "/")
		fp, fok := parsePoint(from, "in", 0, 24)
		tp, tok := parsePoint(to, "off", 1, 25)
		if !ok || !fok || !tok || tp <= fp {
			return fail(brettspiel.ErrBadNotation, "%s is not a step from/to: from 1…24 or in, to 1…24 or off, forward", quote.Quote(f))
		}
		if fp == hand && !g.opts.EnterFromHand {
			return refuse(kit.Refuse(RefuseNoHand, "no stones are entered from the hand in these rules", "T-S4"), append(st[:i:i], mkStep(fp, tp)), i)
		}
		st[i] = mkStep(fp, tp)
	}
	payload := mkPlay(st[0], st[1])
	key := netKey(st[0], st[1])
	for _, m := range legal {
		if m.Payload() == payload {
			return m, nil
		}
	}
	for _, m := range legal {
		if m.Payload() != 0 && netKey(playSteps(m.Payload())) == key {
			return m, nil
		}
	}
	why, at := g.whyIllegal(st)
	return refuse(why, st[:], at)
}

// numberAfter reads "word n" with n = lo…12, as the Schule's moves are
// written.
func numberAfter(s, word string, lo int) (int, bool) {
	rest, ok := strings.CutPrefix(s, word+" ")
	if !ok || len(rest) == 0 || len(rest) > 2 || (len(rest) == 2 && rest[0] == '0') {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < lo || n > 12 {
		return 0, false
	}
	return n, true
}

func parsePoint(s, word string, lo, hi int) (int, bool) {
	if s == word {
		if word == "in" {
			return hand, true
		}
		return off, true
	}
	if len(s) == 0 || len(s) > 2 || s[0] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi || n == 0 {
		return 0, false
	}
	return n, true
}

func (g *Game) throwString() string { return fmt.Sprintf("%d-%d", g.dice[0], g.dice[1]) }

package toccateglio

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// MoveString prints m in the package's notation (see the package doc): "6-5"
// for a throw, "pass", "1/7 1/6", "in/3", "20/off", "go-on", "afresh".
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
	switch p {
	case 0:
		return "pass"
	case decideGoOn:
		return "go-on"
	case decideAfresh:
		return "afresh"
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
		return brettspiel.NoMove, &brettspiel.Error{Op: "parse move", Input: in, Err: err, Reason: fmt.Sprintf(format, args...)}
	}
	// refuse completes a refusal by the rules with what was tried
	refuse := func(e *brettspiel.Error, st []step, at int) (brettspiel.Move, error) {
		e.Op, e.Input = "parse move", in
		return brettspiel.NoMove, g.tried(e, st, at)
	}
	if g.phase == phaseZero {
		return brettspiel.NoMove, &brettspiel.Error{Op: "parse move", Input: in, Err: brettspiel.ErrZeroGame}
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
	case g.phase == phaseDecide:
		switch s {
		case "go-on", "go on":
			return kit.NewMove(p, decideGoOn), nil
		case "afresh":
			return kit.NewMove(p, decideAfresh), nil
		}
		return fail(brettspiel.ErrBadNotation, "the winner of the Partie chooses go-on or afresh")
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

// String draws the position: the board in absolute points (player 0's track;
// X player 0, O player 1), stones in hand and borne off, marks, strokes, and
// who is to do what. The zero Game is "zero Game".
func (g *Game) String() string {
	if g.phase == phaseZero {
		return "zero Game"
	}
	var b strings.Builder
	bd := g.Board()
	b.WriteString(bd.String())
	fmt.Fprintf(&b, "marks X %d, O %d; strokes X %d, O %d; Partie %d of %d\n",
		g.marks[0], g.marks[1], g.strokes[0], g.strokes[1], min(int(g.partien)+1, g.opts.Partien), g.opts.Partien)
	name := [2]string{"X", "O"}
	switch g.phase {
	case phaseDraw0:
		b.WriteString("draw for the start: X throws")
	case phaseDraw1:
		fmt.Fprintf(&b, "draw for the start: X threw %d-%d, O throws", g.draw0[0], g.draw0[1])
	case phaseThrow:
		fmt.Fprintf(&b, "%s (player %d) throws", name[g.turn], g.turn)
	case phaseMove:
		fmt.Fprintf(&b, "%s (player %d) plays %s", name[g.turn], g.turn, g.throwString())
	case phaseDecide:
		fmt.Fprintf(&b, "%s (player %d) won the Partie: go-on or afresh", name[g.turn], g.turn)
	case phaseOver:
		if g.capped {
			b.WriteString("over (turn cap)")
		} else {
			b.WriteString("the match is over")
		}
	}
	return b.String()
}

// Position is a loadable state between turns: the stones, the score, and
// whose turn it is, either to throw (Dice zero) or to play Dice.
type Position struct {
	Stones  [2]board.Side     // each player's stones in his own track: 0 the hand, 1…24, 25 borne off
	Marks   [2]int            // marks in the current Partie, 0…11
	Strokes [2]int            // strokes won in the match
	Partien int               // Partien of the match finished
	Turn    brettspiel.Player // who throws, or who plays Dice
	Dice    [2]int            // the throw to play (its hit marks already counted), or zeros
}

// Position returns the current position. It describes the state fully only
// when a player is to throw or to play a throw; during the draw for the start,
// at the winner's decision and at the end it gives the stones and the score.
func (g *Game) Position() Position {
	return Position{
		Stones:  g.sides,
		Marks:   g.Marks(),
		Strokes: g.Strokes(),
		Partien: int(g.partien),
		Turn:    g.turn,
		Dice:    [2]int{int(g.dice[0]), int(g.dice[1])},
	}
}

// FromPosition builds a game under opts at pos. A position that cannot arise
// under the rules is refused with an error wrapping brettspiel.ErrBadPosition
// that names the problem. The turn cap counts from the loaded position, at
// the fewest turns that reach it — that finish pos.Partien, that bring the
// stones from the setup to pos.Stones, and one if there are marks (see the
// position ID) — so that the game saves and loads as it is.
func FromPosition(opts Options, pos Position) (*Game, error) {
	o, err := opts.normalized()
	if err != nil {
		return nil, err
	}
	bad := func(rules []string, format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: "load position", Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...), Rules: rules}
	}
	if pos.Turn != 0 && pos.Turn != 1 {
		return bad(nil, "Turn is %d, want player 0 or 1", pos.Turn)
	}
	for pl := 0; pl < 2; pl++ {
		if reason, rule := checkSide(o, pl, &pos.Stones[pl], false); reason != "" {
			return bad(rule, "%s", reason)
		}
		if pos.Marks[pl] < 0 || pos.Marks[pl] > 11 {
			return bad(nil, "player %d has %d marks, want 0…11", pl, pos.Marks[pl])
		}
		if pos.Strokes[pl] < 0 || pos.Strokes[pl] > 4*o.Partien {
			return bad(nil, "player %d has %d strokes", pl, pos.Strokes[pl])
		}
	}
	if reason := checkPoints(&pos.Stones); reason != "" {
		return bad([]string{"T-D3"}, "%s", reason)
	}
	if pos.Partien < 0 || pos.Partien >= o.Partien {
		return bad(nil, "Partien finished is %d, the match has %d", pos.Partien, o.Partien)
	}
	if st := pos.Strokes[0] + pos.Strokes[1]; st < pos.Partien || st > 4*pos.Partien {
		return bad(nil, "%d strokes after %d Partien", st, pos.Partien)
	}
	d := pos.Dice
	if !(d[0] == 0 && d[1] == 0) && (d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6) {
		return bad(nil, "Dice %d-%d, want two dice 1…6 or zeros", d[0], d[1])
	}
	g := &Game{opts: o, sides: pos.Stones, turn: pos.Turn, partien: int32(pos.Partien)}
	for pl := 0; pl < 2; pl++ {
		g.marks[pl] = int8(pos.Marks[pl])
		g.strokes[pl] = int32(pos.Strokes[pl])
	}
	// The turns played count as the fewest that reach the position, so that
	// the state agrees with its history when it is saved.
	turns := fewestTurns(&o, &g.sides, g.marks, pos.Partien)
	if turns >= o.TurnCap {
		return bad(nil, "the position takes at least %d turns (its Partien, marks and stones beyond the setup), but the turn cap is %d", turns, o.TurnCap)
	}
	g.turns = int32(turns)
	g.phase = phaseThrow
	if d[0] != 0 {
		g.phase = phaseMove
		g.dice = [2]uint8{uint8(max(d[0], d[1])), uint8(min(d[0], d[1]))}
	}
	return g, nil
}

// checkSide returns what is wrong with player pl's stones under o, or "",
// and the rules that forbid it where one does.
// allOff allows every stone borne off: the winner of a Marsch before the
// stones go back to the setup.
func checkSide(o Options, pl int, s *board.Side, allOff bool) (string, []string) {
	total := 0
	for i, c := range s {
		if c < 0 {
			return fmt.Sprintf("player %d has %d stones at %d", pl, c, i), nil
		}
		total += int(c)
	}
	switch {
	case total != o.Stones:
		return fmt.Sprintf("player %d has %d stones, want %d", pl, total, o.Stones), nil
	case s[oppHucke] > 0:
		return fmt.Sprintf("player %d has stones on the opponent's Hucke (his 13)", pl), []string{"T-D4"}
	case s[ownHucke] == 1:
		return fmt.Sprintf("player %d has a lone stone on his Hucke", pl), []string{"T-H1", "T-H2"}
	case s[hand] > 0 && !o.EnterFromHand:
		return fmt.Sprintf("player %d has stones in hand, but these rules enter none", pl), []string{"T-S4"}
	case s[off] == int8(o.Stones) && !allOff:
		return fmt.Sprintf("player %d has borne off all stones: the Marsch would be over", pl), []string{"T-B3"}
	case s[off] > 0 && s.CountIn(1, 18)+int(s[hand]) > 0:
		return fmt.Sprintf("player %d has borne off stones while others are outside his last quarter", pl), []string{"T-B1"}
	case s[hand] > 0 && s.CountIn(7, 24)+int(s[off]) > 0:
		return fmt.Sprintf("player %d has stones in hand and stones beyond his first quarter", pl), []string{"T-S4"}
	}
	return "", nil
}

// checkPoints returns "" unless both players have stones on one point.
func checkPoints(sides *[2]board.Side) string {
	for p := 1; p <= 24; p++ {
		if sides[0][p] > 0 && sides[1][25-p] > 0 {
			return fmt.Sprintf("both players have stones on point %d (player 0's track)", p)
		}
	}
	return ""
}

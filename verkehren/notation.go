package verkehren

import (
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// MoveString prints m in the notation of the package (see the package doc):
// "6-5" for a throw, "pass", "concede", or the single moves of a play in the
// order played, "bar/3*", "13/18", "20/off", separated by spaces, a "*" after
// every move that hits.
func (g *Game) MoveString(m brettspiel.Move) string {
	if m.Actor() == brettspiel.Chance {
		if t, ok := throwOf(m); ok {
			return throwNames[t.A][t.B]
		}
		return m.String()
	}
	pay := m.Payload()
	switch pay {
	case 0:
		return "pass"
	case concedePayload:
		return "concede"
	case concedeAgreedPayload:
		return "concede by agreement"
	}
	p := m.Actor()
	if p != 0 && p != 1 || pay>>(stepBits*maxSteps) != 0 {
		return m.String()
	}
	me, opp := g.b.Sides[p], g.b.Sides[1-p]
	var sb strings.Builder
	for i := 0; i < maxSteps; i++ {
		from, to, _, ok := stepAt(pay, i)
		if !ok {
			if pay&(1<<stepShift(i)-1) != 0 {
				return m.String() // a gap: no move of this game
			}
			break
		}
		if from > 24 || to < 1 || to > off {
			return m.String()
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		writeStep(&sb, from, to, to <= 24 && opp[oppPoint[to]] == 1 && me[from] > 0)
		if me[from] > 0 {
			me[from]--
			me[to]++
		}
		if to <= 24 && opp[oppPoint[to]] == 1 {
			opp[oppPoint[to]]--
			opp[bar]++
		}
	}
	return sb.String()
}

func writeStep(sb *strings.Builder, from, to int, hit bool) {
	if from == bar {
		sb.WriteString("bar")
	} else {
		sb.WriteString(strconv.Itoa(from))
	}
	sb.WriteByte('/')
	if to == off {
		sb.WriteString("off")
	} else {
		sb.WriteString(strconv.Itoa(to))
	}
	if hit {
		sb.WriteByte('*')
	}
}

type parsedStep struct {
	from, to int
	hit      bool
}

func parsePoint(s string, word string, wordVal int) (int, bool) {
	if s == word {
		return wordVal, true
	}
	if len(s) == 0 || len(s) > 2 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 24 || s[0] == '0' || s[0] == '+' {
		return 0, false
	}
	return n, true
}

// ParseMove reads a move in the package's notation and checks it against the
// position. A play may list its single moves in any order that the rules
// allow; it is returned as the legal move that gives the same position. The
// error says what is wrong: it wraps brettspiel.ErrBadNotation for text that
// is no move, and brettspiel.ErrIllegalMove (or ErrGameOver, ErrChanceNode)
// for a move that cannot be played now. Case does not matter: "Concede",
// "BAR/3*" and "20/Off" are read as "concede", "bar/3*" and "20/off". A zero
// Game refuses every text with an error wrapping brettspiel.ErrZeroGame.
func (g *Game) ParseMove(s string) (brettspiel.Move, error) {
	in := s
	s = strings.ToLower(strings.TrimSpace(s))
	if g.zero() {
		return parseFail(in, brettspiel.ErrZeroGame, "")
	}
	switch g.phase {
	case phaseOver:
		return parseFail(in, brettspiel.ErrGameOver, "")
	case phaseDraw0, phaseDraw1, phaseThrow:
		return parseThrow(in, s)
	}
	return g.parsePlay(in, s)
}

// parseFail is ParseMove's error for the input in.
func parseFail(in string, err error, reason string) (brettspiel.Move, error) {
	return brettspiel.NoMove, &brettspiel.Error{Op: kit.OpParseMove, Input: in, Err: err, Reason: reason}
}

// parseThrow reads the throw s (the input in, lowered and trimmed).
func parseThrow(in, s string) (brettspiel.Move, error) {
	a, b, ok := strings.Cut(s, "-")
	x, e1 := strconv.Atoi(a)
	y, e2 := strconv.Atoi(b)
	if !ok || e1 != nil || e2 != nil || len(a) != 1 || len(b) != 1 {
		if s == "pass" || s == "concede" || strings.Contains(s, "/") {
			return parseFail(in, brettspiel.ErrChanceNode, "the dice are to be thrown, written like 6-5")
		}
		return parseFail(in, brettspiel.ErrBadNotation, "a throw is written like 6-5")
	}
	t, err := dice.NewThrow(x, y)
	if err != nil {
		return parseFail(in, brettspiel.ErrBadNotation, "each die shows 1…6")
	}
	return throwMove(t.Canonical()), nil
}

// parseRefuse completes a refusal of the input in with what was tried: the
// steps read, in the board's points, and the throw's numbers unless the
// refusal says which were left.
func (g *Game) parseRefuse(e *brettspiel.Error, at int, in string, steps []parsedStep) (brettspiel.Move, error) {
	e.Op, e.Input = kit.OpParseMove, in
	r := e.Refusal
	r.Player, r.At = g.toMove, at
	r.Steps = make([]brettspiel.Step, len(steps))
	for i, st := range steps {
		r.Steps[i] = g.boardStep(st.from, st.to)
	}
	if r.Dice == nil {
		r.Dice = g.throwNumbers()
	}
	return brettspiel.NoMove, e
}

// parseSteps reads the single moves of a play, one a field.
func parseSteps(in string, fields []string, steps *[maxSteps]parsedStep) error {
	if len(fields) == 0 || len(fields) > maxSteps {
		_, err := parseFail(in, brettspiel.ErrBadNotation, "a play is one to four moves like 1/6, bar/3*, 20/off; or pass, concede")
		return err
	}
	for i, f := range fields {
		st := parsedStep{}
		if strings.HasSuffix(f, "*") {
			st.hit, f = true, f[:len(f)-1]
		}
		a, b, ok := strings.Cut(f, "/")
		var okA, okB bool
		st.from, okA = parsePoint(a, "bar", bar)
		st.to, okB = parsePoint(b, "off", off)
		if !ok || !okA || !okB {
			_, err := parseFail(in, brettspiel.ErrBadNotation, "a move is from/to: from bar or 1…24, to 1…24 or off, a * after a hit: "+quote.Quote(fields[i]))
			return err
		}
		if st.to <= st.from && st.from != bar {
			_, err := parseFail(in, brettspiel.ErrBadNotation, "stones move to higher points: "+quote.Quote(fields[i]))
			return err
		}
		steps[i] = st
	}
	return nil
}

// parsePlay reads a player's move s (the input in, lowered and trimmed):
// the pass, the concession, or a play, returned as the legal move that
// gives the same position.
func (g *Game) parsePlay(in, s string) (brettspiel.Move, error) {
	p := g.toMove
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	var buf [maxLegal]brettspiel.Move
	legal := g.AppendLegalMoves(buf[:0])
	switch s {
	case "pass":
		if legal[0].Payload() != 0 {
			return g.parseRefuse(kit.Refuse(brettspiel.RefuseMustPlay, "a number of the throw can be played, so passing is not allowed", "V-D2"), -1, in, nil)
		}
		return legal[0], nil
	case "concede by agreement":
		m, agreed, err := g.GiveUpMove(p)
		if err == nil && !agreed {
			return g.parseRefuse(kit.Refuse(RefuseNoConcede, "no own Band stands on points 13–24: concede, no agreement needed", "V-W2"), -1, in, nil)
		}
		return m, withOp(err, kit.OpParseMove)
	case "concede":
		if legal[len(legal)-1].Payload() != concedePayload {
			return g.parseRefuse(kit.Refuse(RefuseNoConcede, "a single game may be given up only while no own Band stands on points 13–24", "V-W2"), -1, in, nil)
		}
		return legal[len(legal)-1], nil
	}
	fields := strings.Fields(s)
	var steps [maxSteps]parsedStep
	if err := parseSteps(in, fields, &steps); err != nil {
		return brettspiel.NoMove, err
	}
	n := len(fields)
	// the dice of the throw, as a multiset
	var avail [7]int
	if g.dice[0] == g.dice[1] {
		avail[g.dice[0]] = 4
	} else {
		avail[g.dice[0]], avail[g.dice[1]] = 1, 1
	}
	var end [2]board.Side
	if why, at := g.opts.replay(*me, *opp, steps[:n], &avail, &end); why != nil {
		why.Reason = "move " + strconv.Itoa(at+1) + " (" + fields[at] + "): " + why.Reason
		return g.parseRefuse(why, at, in, steps[:n])
	}
	for _, m := range legal {
		pay := m.Payload()
		if pay == 0 || pay == concedePayload {
			continue
		}
		a, b := *me, *opp
		playOn(&a, &b, pay)
		if a == end[0] && b == end[1] {
			return m, nil
		}
	}
	return g.parseRefuse(g.unlistedPlay(legal, n), -1, in, steps[:n])
}

// unlistedPlay says why a play of n single moves, each legal, reaches no
// position of the legal moves legal.
func (g *Game) unlistedPlay(legal []brettspiel.Move, n int) *brettspiel.Error {
	p := g.toMove
	if legal[0].Payload() == 0 && g.opts.junker(&g.b.Sides[p], &g.b.Sides[1-p]) {
		return kit.Refuse(RefuseJunker, "the player is Junker: more stones off the board than open entry points", "V-J1")
	}
	most := 0
	for _, m := range legal {
		k := 0
		for i := 0; i < maxSteps; i++ {
			if _, _, _, ok := stepAt(m.Payload(), i); ok {
				k++
			}
		}
		most = max(most, k)
	}
	if n < most {
		e := kit.Refuse(brettspiel.RefuseMoreNumbers, "the play uses "+strconv.Itoa(n)+" numbers, but "+strconv.Itoa(most)+" can be played", "V-D2")
		e.Refusal.Count = most
		return e
	}
	if g.opts.HigherDie && n == 1 {
		e := kit.Refuse(brettspiel.RefuseHigherDie, "only one number can be played, and it must be the higher one", "V-D2")
		e.Refusal.Need = int(max(g.dice[0], g.dice[1]))
		return e
	}
	return kit.Refuse(RefuseMustHit, "another play hits more stones while entering, and hitting while entering is compulsory", "V-E3")
}

// replay plays the parsed steps on copies of the sides, choosing for each step
// a number of the throw (backtracking over the choices of bearing off with a
// higher number), and returns why the first failing step fails, with the
// numbers left at it, and its index; nil when every step is legal, with the
// sides in end.
func (o *Options) replay(me, opp board.Side, steps []parsedStep, avail *[7]int, end *[2]board.Side) (*brettspiel.Error, int) {
	if len(steps) == 0 {
		end[0], end[1] = me, opp
		return nil, 0
	}
	st := steps[0]
	var firstWhy *brettspiel.Error
	idx := 0
	for d := 1; d <= 6; d++ {
		if avail[d] == 0 {
			continue
		}
		want := st.to - st.from
		if st.from == bar {
			want = st.to
		}
		if d != want && !(st.to == off && d > want) {
			continue
		}
		to, hit, why := o.step(&me, &opp, st.from, d)
		if why == okStep && to != st.to {
			why = rBadPoint
		}
		if why == okStep && st.hit && !hit {
			if firstWhy == nil {
				firstWhy = kit.Refuse(RefuseNoHit, "no opponent stone is hit on point "+strconv.Itoa(st.to))
				firstWhy.Refusal.Dice = numbersLeft(avail)
			}
			continue
		}
		if why != okStep {
			if firstWhy == nil {
				firstWhy = why.refuse(o, st.from, st.to, st.from, st.to)
				firstWhy.Refusal.Dice = numbersLeft(avail)
			}
			continue
		}
		a, b := me, opp
		a[st.from]--
		a[to]++
		if hit {
			b[oppPoint[to]]--
			b[bar]++
		}
		avail[d]--
		w, i := o.replay(a, b, steps[1:], avail, end)
		if w == nil {
			return nil, 0
		}
		avail[d]++
		if firstWhy == nil || i+1 > idx {
			firstWhy, idx = w, i+1
		}
	}
	if firstWhy == nil {
		firstWhy = o.noNumber(st.from, st.to, avail)
	}
	return firstWhy, idx
}

// noNumber is the refusal of a single move from from to to (track points)
// that no number left in avail makes: the numbers of the throw say how
// far a stone moves (V-D2; V-D1 for the four of a doublet).
func (o *Options) noNumber(from, to int, avail *[7]int) *brettspiel.Error {
	left := numbersLeft(avail)
	need := to - from
	if from == bar {
		need = to
	}
	rules := []string{"V-D2"}
	if len(left) >= 2 && left[0] == left[1] {
		rules = []string{"V-D1", "V-D2"} // the numbers of a doublet
	}
	e := kit.Refuse(brettspiel.RefuseNoNumber, "no number of the throw left ("+numberList(left)+") moves a stone from "+pointName(from)+" to "+pointName(to), rules...)
	e.Refusal.Dice, e.Refusal.Need = left, need
	return e
}

func pointName(p int) string {
	switch p {
	case bar:
		return "bar"
	case off:
		return "off"
	}
	return strconv.Itoa(p)
}

// playOn plays a legal play's payload on the sides.
func playOn(me, opp *board.Side, pay uint64) {
	for i := 0; i < maxSteps; i++ {
		from, to, _, ok := stepAt(pay, i)
		if !ok {
			return
		}
		if to <= 24 && opp[oppPoint[to]] == 1 {
			opp[oppPoint[to]]--
			opp[bar]++
		}
		me[from]--
		me[to]++
	}
}

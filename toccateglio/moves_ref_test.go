package toccateglio

// The move generator and the checked Apply as they were before the generator
// was rewritten for speed, kept as the reference that the new code is compared
// against. Only the names differ; the helpers that did not change (view,
// mkPlay, playSteps, the events, endPartie, applyThrow, …) are shared.

import (
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// refMaxPlays bounds the distinct plays of one throw.
const refMaxPlays = 25*25 + 2*25 + 2

// refNetKey identifies the position a play leaves (for a given start): the stones
// removed from and added to points after cancelling a stone that arrives and
// leaves again. Two plays with the same key give the same position.
func refNetKey(a, b step) uint32 {
	rem := [2]int{31, 31}
	add := [2]int{31, 31}
	if a != 0 {
		rem[0], add[0] = a.from(), a.to()
	}
	if b != 0 {
		rem[1], add[1] = b.from(), b.to()
	}
	for i := range add {
		for j := range rem {
			if add[i] != 31 && add[i] == rem[j] {
				add[i], rem[j] = 31, 31
				break
			}
		}
	}
	if rem[0] > rem[1] {
		rem[0], rem[1] = rem[1], rem[0]
	}
	if add[0] > add[1] {
		add[0], add[1] = add[1], add[0]
	}
	return uint32(rem[0])<<15 | uint32(rem[1])<<10 | uint32(add[0])<<5 | uint32(add[1])
}

// refCandidate is a candidate of the move generator.
type refCandidate struct {
	payload uint64
	key     uint32
	high    bool // (one-step plays) the higher die can be played to this position
}

type refPlayList struct {
	n      int
	normal int // plays before the force play: 0 means the pass is legal
	used   int // numbers used by the plays in the list (2 for a completed Marsch)
	items  [refMaxPlays]refCandidate
}

// add records a play using `used` numbers; plays using fewer numbers than the
// best so far are dropped (T-D6), and a play reaching the position of one
// already listed keeps the smaller notation.
func (l *refPlayList) add(a, b step, used int, high bool) {
	if used < l.used {
		return
	}
	if used > l.used {
		l.used, l.n = used, 0
	}
	p := mkPlay(a, b)
	k := refNetKey(a, b)
	for i := 0; i < l.n; i++ {
		if l.items[i].key == k {
			if p < l.items[i].payload {
				l.items[i].payload = p
			}
			l.items[i].high = l.items[i].high || high
			return
		}
	}
	if l.n < len(l.items) {
		l.items[l.n] = refCandidate{payload: p, key: k, high: high}
		l.n++
	}
}

// refStepTo returns where a stone on p moved by d lands (25 when borne off), and
// false when that single step is not allowed. borrow allows landing on an empty
// opponent's Hucke as the intermediate point of a combined move (T-D4); the
// caller must move that stone on.
func (g *Game) refStepTo(s *board.Side, occ *[26]int8, p, d int, borrow bool) (int, bool) {
	if p < 0 || p > 24 || s[p] <= 0 || d < 1 || d > 6 {
		return 0, false
	}
	if s[hand] > 0 && p != hand { // T-S4: all stones enter first
		return 0, false
	}
	to := p + d
	if to >= off { // T-B1
		for q := 0; q <= 18; q++ {
			if s[q] > 0 {
				return 0, false
			}
		}
		if to == off {
			if !g.opts.ExactBearOffAlways && occ[24] > 0 { // T-B2
				return 0, false
			}
			return off, true
		}
		for q := 19; q < p; q++ {
			if s[q] > 0 {
				return 0, false
			}
		}
		return off, true
	}
	if occ[to] > 0 { // T-D3
		return 0, false
	}
	if to == oppHucke && !(borrow && !g.opts.ClosedOpponentHucke) { // T-D4
		return 0, false
	}
	return to, true
}

// refKeepsRules applies the whole-throw rules to a play from s to f: the own Hucke
// never holds exactly one stone (T-H1, T-H2), and no lone stone is set into the
// opponent's second quarter while he has his Force (T-D8).
func (g *Game) refKeepsRules(s, f *board.Side, occ *[26]int8) bool {
	if f[ownHucke] == 1 {
		return false
	}
	if !g.opts.SinglesInForce && refHasForce(occ) {
		for q := 13; q <= 18; q++ {
			if s[q] == 0 && f[q] == 1 {
				return false
			}
		}
	}
	return true
}

// refHasForce reports whether the opponent has at least 12 stones on his points
// 1–12 (the mover's 13–24): he could still close his second quarter (T-D8).
func refHasForce(occ *[26]int8) bool {
	n := 0
	for q := 13; q <= 24; q++ {
		n += int(occ[q])
	}
	return n >= 12
}

// refGenPlays lists the distinct legal plays of the throw for the player to move,
// unsorted; an empty list means the only move is the pass.
func (g *Game) refGenPlays(l *refPlayList) {
	me := int(g.turn)
	s, occ := g.view(me)
	d := [2]int{int(g.dice[0]), int(g.dice[1])}
	hi := max(d[0], d[1])
	orders := 2
	if d[0] == d[1] {
		orders = 1
	}
	total := int8(g.opts.Stones)
	l.n, l.used, l.normal = 0, 1, 0
	for o := 0; o < orders; o++ {
		da, db := d[o], d[1-o]
		for p1 := 0; p1 <= 24; p1++ {
			if s[p1] == 0 {
				continue
			}
			t1, ok := g.refStepTo(&s, &occ, p1, da, true)
			if !ok {
				continue
			}
			s1 := s
			s1[p1]--
			s1[t1]++
			a := mkStep(p1, t1)
			if t1 == off && s1[off] == total { // the Marsch is over: nothing is left to play
				l.add(a, 0, 2, true)
				continue
			}
			if t1 != oppHucke && g.refKeepsRules(&s, &s1, &occ) {
				l.add(a, 0, 1, da == hi)
			}
			for p2 := 0; p2 <= 24; p2++ {
				if s1[p2] == 0 || (t1 == oppHucke && p2 != oppHucke) {
					continue
				}
				if t1 == ownHucke && p2 == ownHucke && s[ownHucke] == 0 {
					continue // a lone stone may not stop on the empty Hucke (T-H1)
				}
				t2, ok := g.refStepTo(&s1, &occ, p2, db, false)
				if !ok {
					continue
				}
				s2 := s1
				s2[p2]--
				s2[t2]++
				if g.refKeepsRules(&s, &s2, &occ) {
					l.add(a, mkStep(p2, t2), 2, true)
				}
			}
		}
	}
	if l.used == 1 && g.opts.HigherDie && d[0] != d[1] { // T-D6 option
		n := 0
		for i := 0; i < l.n; i++ {
			if l.items[i].high {
				l.items[n] = l.items[i]
				n++
			}
		}
		if n > 0 {
			l.n = n
		}
	}
	l.normal = l.n
	if a, b, ok := g.refForcePlay(&s, &occ); ok { // T-H3: an extra play, never compulsory
		l.items[l.n] = refCandidate{payload: mkPlay(a, b), key: refNetKey(a, b)}
		l.n++
	}
}

// refForcePlay returns the two steps of taking the own Hucke by force (T-H3), if
// the throw allows it.
func (g *Game) refForcePlay(s *board.Side, occ *[26]int8) (step, step, bool) {
	d1, d2 := int(g.dice[0]), int(g.dice[1])
	if g.opts.HuckeForce == ForceNever || d1 < 2 || d2 < 2 || occ[oppHucke] > 0 || s[hand] > 0 {
		return 0, 0, false
	}
	held := s[ownHucke] >= 2
	if held != (g.opts.HuckeForce == ForceWithHucke) {
		return 0, 0, false
	}
	a, b := oppHucke-d1, oppHucke-d2
	if !refHasPair(s, a, b) || refHasPair(s, a-1, b-1) {
		return 0, 0, false
	}
	return mkStep(a, ownHucke), mkStep(b, ownHucke), true
}

// refHasPair reports whether two stones stand on a and b (two on a when a == b).
func refHasPair(s *board.Side, a, b int) bool {
	if a == b {
		return s[a] >= 2
	}
	return s[a] >= 1 && s[b] >= 1
}

// refSortedPlays fills l and sorts it by payload.
func (g *Game) refSortedPlays(l *refPlayList) {
	g.refGenPlays(l)
	slices.SortFunc(l.items[:l.n], func(x, y refCandidate) int {
		switch {
		case x.payload < y.payload:
			return -1
		case x.payload > y.payload:
			return 1
		}
		return 0
	})
}

// refAppendLegalMoves appends the legal moves to dst: the 21 throws at a chance
// node, the decisions at the end of a Partie, the plays of a throw (the pass
// first when it is legal). It does not allocate when dst has room.
func (g *Game) refAppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	switch g.phase {
	case phaseOver:
		return dst
	case phaseDraw0, phaseDraw1, phaseThrow:
		for _, t := range throwPairs {
			dst = append(dst, throwMove(t[0], t[1]))
		}
		return dst
	case phaseDecide:
		return append(dst, kit.NewMove(g.turn, decideAfresh), kit.NewMove(g.turn, decideGoOn))
	}
	var l refPlayList
	g.refSortedPlays(&l)
	if l.normal == 0 {
		dst = append(dst, kit.NewMove(g.turn, 0))
	}
	for i := 0; i < l.n; i++ {
		dst = append(dst, kit.NewMove(g.turn, l.items[i].payload))
	}
	return dst
}

// refApply plays m, which must be one of the legal moves; on error the state is
// unchanged.
func (g *Game) refApply(m brettspiel.Move) error {
	var buf [refMaxPlays + 1]brettspiel.Move
	legal := g.refAppendLegalMoves(buf[:0])
	if err := kit.CheckMove(g.ToMove(), m, legal, g.MoveString); err != nil {
		return err
	}
	g.events = g.events[:0]
	switch g.phase {
	case phaseDraw0, phaseDraw1, phaseThrow:
		g.applyThrow(uint8(m.Payload()>>3), uint8(m.Payload()&7))
	case phaseDecide:
		g.applyDecision(m.Payload() == decideGoOn)
	case phaseMove:
		g.refApplyPlay(m.Payload(), legal)
		g.turns++
		if g.phase != phaseOver && int(g.turns) >= g.opts.TurnCap {
			g.phase, g.capped = phaseOver, true
			e := ev(brettspiel.EventEnd, "", brettspiel.Nobody, brettspiel.Nobody)
			e.Note = "turn cap"
			g.emit(e)
		}
	}
	return nil
}

// refClosedQuarters returns a bit per quarter 1, 2, 4 whose six points all hold
// two or more of the side's stones (T-J1).
func refClosedQuarters(s *board.Side) uint8 {
	var m uint8
	for _, q := range [3]int{1, 2, 4} {
		closed := true
		for p := (q-1)*6 + 1; p <= q*6; p++ {
			if s[p] < 2 {
				closed = false
				break
			}
		}
		if closed {
			m |= 1 << q
		}
	}
	return m
}

// refAfterPlay returns the side after the steps of payload.
func refAfterPlay(s board.Side, payload uint64) board.Side {
	a, b := playSteps(payload)
	for _, st := range [2]step{a, b} {
		if st != 0 {
			s[st.from()]--
			s[st.to()]++
		}
	}
	return s
}

// refApplyPlay plays a legal play and runs steps 4–6 of T-W1.
func (g *Game) refApplyPlay(payload uint64, legal []brettspiel.Move) {
	me := g.turn
	you := 1 - me
	before := g.sides[me]
	unusedDie := g.refPlaySteps(payload)
	after := g.sides[me]
	a, b := playSteps(payload)
	// (4) the opponent's marks: unplayable numbers (T-D7) and an opened Jan (T-J2).
	unplayed := 0
	switch {
	case after[off] == int8(g.opts.Stones):
		// a number left over after the last stone is borne off is not unplayable
	case a == 0:
		unplayed = 2
	case b == 0:
		unplayed = 1
	}
	pen := 0
	if unplayed > 0 {
		dice := [2]int{int(g.dice[0]), int(g.dice[1])}
		if unplayed == 1 {
			dice[0] = unusedDie
		}
		for i := 0; i < unplayed; i++ {
			e := ev(brettspiel.EventMark, "T-D7", you, me)
			e.Amount, e.Number, e.Note = 1, dice[i], "unplayable number"
			g.emit(e)
			pen++
		}
	}
	closedBefore := refClosedQuarters(&before)
	closedAfter := refClosedQuarters(&after)
	if opened := closedBefore &^ closedAfter; opened != 0 {
		var keepable uint8
		for _, m := range legal {
			f := refAfterPlay(before, m.Payload())
			keepable |= refClosedQuarters(&f)
		}
		for _, q := range [3]int{1, 2, 4} {
			if opened&keepable&(1<<q) != 0 {
				e := ev(brettspiel.EventMark, "T-J2", you, me)
				e.Amount, e.Number, e.Note = 2, q, "a closed quarter opened that could have been kept"
				g.emit(e)
				pen += 2
			}
		}
	}
	if pen > 0 {
		g.marks[you] += int8(pen)
		if g.marks[you] >= 12 {
			g.endPartie(you, resumeNext, g.nextThrower())
			return
		}
	}
	// (5) the mover's Jan marks (T-J1; T-J3 when kept by an unplayable number).
	jan := 0
	for _, q := range [3]int{1, 2, 4} {
		if closedAfter&(1<<q) != 0 {
			rule := "T-J1"
			if unplayed > 0 && closedBefore&(1<<q) != 0 {
				rule = "T-J3"
			}
			e := ev(brettspiel.EventMark, rule, me, you)
			e.Amount, e.Number, e.Note = 2, q, "closed quarter"
			g.emit(e)
			jan += 2
		}
	}
	if jan > 0 {
		g.marks[me] += int8(jan)
		if g.marks[me] >= 12 {
			g.endPartie(me, resumeNext, g.nextThrower())
			return
		}
	}
	// (6) the Marsch (T-B3, T-B4).
	if after[off] == int8(g.opts.Stones) {
		g.winMarsch() // unchanged by the rewrite, so shared
		return
	}
	g.turn, g.phase = g.nextThrower(), phaseThrow
	g.dice = [2]uint8{}
}

// refAssignDice returns the dice that the steps a and b (b may be 0) of a play
// from side s used, lower die tried first for the first step.
func (g *Game) refAssignDice(s board.Side, a, b step) (int, int) {
	_, occ := g.view(int(g.turn))
	d := [2]int{int(g.dice[1]), int(g.dice[0])}
	for o := 0; o < 2; o++ {
		x, y := d[o], d[1-o]
		if t, ok := g.refStepTo(&s, &occ, a.from(), x, true); !ok || t != a.to() {
			continue
		}
		if b == 0 {
			return x, y
		}
		s1 := s
		s1[a.from()]--
		s1[a.to()]++
		if t, ok := g.refStepTo(&s1, &occ, b.from(), y, false); ok && t == b.to() {
			return x, y
		}
	}
	return d[0], d[1]
}

// refPlaySteps moves the stones of a play and emits the move events; it returns
// the die left unused by a one-step play.
func (g *Game) refPlaySteps(payload uint64) (unused int) {
	me := g.turn
	a, b := playSteps(payload)
	if a == 0 {
		g.emit(ev(brettspiel.EventPass, "T-D7", me, brettspiel.Nobody))
		return 0
	}
	s, occ := g.view(int(me))
	fa, fb, isForce := g.refForcePlay(&s, &occ)
	isForce = isForce && mkPlay(fa, fb) == payload
	var da, db int
	if isForce {
		da, db = ownHucke-a.from()+1, ownHucke-b.from()+1
	} else {
		da, db = g.refAssignDice(s, a, b)
	}
	for i, st := range [2]step{a, b} {
		if st == 0 {
			continue
		}
		num := da
		if i == 1 {
			num = db
		}
		e := ev(brettspiel.EventMove, "T-D2", me, brettspiel.Nobody)
		e.TrackFrom, e.TrackTo, e.Number = st.from(), st.to(), num
		// absolute points by the board's geometry; the hand and off by name
		e.From, e.To = st.from(), st.to()
		if st.from() != hand {
			e.From = board.Opposite.ToAbsolute(int(me), st.from())
		}
		if st.to() != off {
			e.To = board.Opposite.ToAbsolute(int(me), st.to())
		}
		switch {
		case isForce:
			e.Rule, e.Note = "T-H3", "the Hucke taken by force"
		case st.from() == hand:
			e.Kind, e.Rule, e.FromName = brettspiel.EventEnter, "T-S4", "hand"
		case st.to() == off:
			e.Kind, e.Rule, e.ToName = brettspiel.EventBearOff, "T-B1", "off"
		}
		g.sides[me][st.from()]--
		g.sides[me][st.to()]++
		g.emit(e)
	}
	if b == 0 {
		return db
	}
	return 0
}

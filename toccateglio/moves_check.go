package toccateglio

import "github.com/brettspiel/brettspiel/board"

// checkPlay reports whether payload is one of the legal plays of the throw,
// from m, the mover's view of the position (newMover), without listing the
// plays; force tells that it is the force play (T-H3). It
// decodes the play's steps and replays them with the single-step rules
// (seqLegal), then applies the filters of the whole turn: a play of one
// number only when no play uses both, and under HigherDie the higher number
// when it can be played alone (T-D6); the pass only when nothing can be
// played (T-D7); the force play beside all of them. Last it checks that the
// payload is the play's one form in the list: of two routes of one stone to
// the same point the one through the nearer point, as ParseMove and the list
// name it. The state is not changed.
//
// The single steps are checked one at a time by mover.stepTo; a frontend's
// click-by-click input can use the same rules step by step.
func (g *Game) checkPlay(m *mover, payload uint64) (force, ok bool) {
	if payload == 0 {
		return false, m.numbersUsed(g.turn, g.opts.HigherDie) == 0
	}
	a, b := playSteps(payload)
	if payload>>20 != 0 || a == 0 || mkPlay(a, b) != payload || !validStep(a) || (b != 0 && !validStep(b)) {
		return false, false
	}
	if fa, fb, ok := g.forcePlay(m); ok && mkPlay(fa, fb) == payload {
		return true, true
	}
	if b != 0 && m.simple {
		return false, m.simpleTwo(a, b)
	}
	if b != 0 {
		if !m.seqLegal(a, b) {
			return false, false
		}
		// One stone moving both dice: the route through the nearer point is the play.
		return false, a.to() != b.from() || !m.chainAround(a, b.to())
	}
	s1, ok := m.oneStep(a, 0)
	if !ok {
		return false, false
	}
	if a.to() == off && s1[off] == m.stones { // the Marsch is over with this step
		return false, !m.chainAround(a, off)
	}
	if !m.keepsRules(&s1) || m.anyTwo(g.turn) { // T-D6: both numbers when a play uses both
		return false, false
	}
	if g.opts.HigherDie && m.hi != m.lo {
		if _, byHi := m.oneStep(a, m.hi); !byHi && m.anyOneStep(m.hi) {
			return false, false // T-D6 option: the higher number
		}
	}
	return false, true
}

// seqLegal reports whether the two steps a and b are a legal play of both
// numbers from the mover's position: played one after the other in some
// order, each with one of the dice, each step allowed by the single-step rules
// where it is made (T-S4, T-D3, T-D4 with the borrowed pass only between the
// steps of one stone, T-B1, T-B2), a lone stone not stopping on the empty own
// Hucke (T-H1), and the whole-throw rules after both (T-H1, T-H2, T-D8). A
// first step that bears off the last stone ends the Marsch and is a play by
// itself.
func (m *mover) seqLegal(a, b step) bool {
	s := &m.s
	for o := 0; o < 2; o++ {
		x, y := a, b
		if o == 1 {
			x, y = b, a
		}
		for k := 0; k < 2; k++ {
			dx, dy := m.hi, m.lo
			if k == 1 {
				if m.hi == m.lo {
					break
				}
				dx, dy = m.lo, m.hi
			}
			t1, ok := m.stepTo(s, x.from(), dx, true)
			if !ok || t1 != x.to() {
				continue
			}
			s1 := *s
			s1[x.from()]--
			s1[t1]++
			switch {
			case t1 == off && s1[off] == m.stones:
				continue
			case t1 == oppHucke && y.from() != oppHucke:
				continue
			case t1 == ownHucke && y.from() == ownHucke && s[ownHucke] == 0:
				continue
			}
			t2, ok := m.stepTo(&s1, y.from(), dy, false)
			if !ok || t2 != y.to() {
				continue
			}
			s1[y.from()]--
			s1[t2]++
			if m.keepsRules(&s1) {
				return true
			}
		}
	}
	return false
}

// simpleTwo is the check of a two-step play a b (a < b) in a simple position
// by the masks of plays, which it mirrors: two stones one number each, or
// one stone both numbers through the nearer open point.
func (m *mover) simpleTwo(a, b step) bool {
	own := m.own &^ 1
	chains := true
	if m.s[hand] > 0 {
		own, chains = 1, false
	}
	p, t, q, tq := a.from(), a.to(), b.from(), b.to()
	d, e := t-p, tq-q
	if !(d == m.lo && e == m.hi || d == m.hi && e == m.lo) || t > 24 || tq > 24 {
		return false
	}
	if q == t { // the same stone moves on (or another from t: the same play)
		return chains && own&(1<<p) != 0 && m.mid&(1<<t) != 0 && m.land&(1<<tq) != 0 &&
			m.oneOK(p, tq) && (d == m.lo || m.mid&(1<<(p+m.lo)) == 0)
	}
	if own&(m.land>>d)&(1<<p) == 0 || own&(m.land>>e)&(1<<q) == 0 || (p == q && m.s[p] < 2) {
		return false
	}
	return m.pairOK(p, t, q, tq)
}

// oneStep reports whether step a alone is a legal single step of one of the
// dice (d = 0), or of the die d, ending on a point where a stone may stay,
// and it returns the side after it.
func (m *mover) oneStep(a step, d int) (board.Side, bool) {
	s1 := m.s
	for _, x := range [2]int{m.hi, m.lo} {
		if d != 0 && x != d {
			continue
		}
		if t, ok := m.stepTo(&m.s, a.from(), x, true); ok && t == a.to() && t != oppHucke {
			s1[a.from()]--
			s1[t]++
			return s1, true
		}
	}
	return s1, false
}

// chainAround reports whether the stone on a.from() can reach to by both
// dice through a point before a.to(): the same position as the play of a
// (and a second step from a.to() on to to) with a smaller notation.
func (m *mover) chainAround(a step, to int) bool {
	for _, d := range [2]int{m.lo, m.hi} {
		x := a.from() + d
		if x < a.to() && x <= 24 && m.seqLegal(mkStep(a.from(), x), mkStep(x, to)) {
			return true
		}
	}
	return false
}

// anyOneStep reports whether some stone can play the die d alone, keeping the
// whole-throw rules.
func (m *mover) anyOneStep(d int) bool {
	for p := 0; p <= 24; p++ {
		if m.s[p] == 0 {
			continue
		}
		if t, ok := m.stepTo(&m.s, p, d, true); ok && t != oppHucke {
			f := m.s
			f[p]--
			f[t]++
			if m.keepsRules(&f) {
				return true
			}
		}
	}
	return false
}

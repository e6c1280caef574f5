package toccateglio

import (
	"slices"

	"github.com/brettspiel/brettspiel/board"
)

// Points of a player's track (RULES.md §2).
const (
	hand     = board.Waiting  // 0: stones not yet entered (Toccadille)
	ownHucke = 12             // the own Hucke
	oppHucke = 13             // the opponent's Hucke, in the mover's track
	off      = board.BorneOff // 25
)

// A step is one die's move of one stone, packed as from<<5 | to: from 0…24
// (0 = the hand), to 1…25 (25 = borne off). A play is up to two steps, packed
// as first<<10 | second with the steps in ascending order, so that ascending
// plays are the notation's order; a one-step play has second = 0, the pass is 0.
type step uint16

func mkStep(from, to int) step { return step(from<<5 | to) }
func (s step) from() int       { return int(s >> 5) }
func (s step) to() int         { return int(s & 31) }

func mkPlay(a, b step) uint64 {
	if b != 0 && b < a {
		a, b = b, a
	}
	if a == 0 {
		a, b = b, 0
	}
	return uint64(a)<<10 | uint64(b)
}

func playSteps(p uint64) (a, b step) { return step(p >> 10 & 1023), step(p & 1023) }

// netKey identifies the position a play leaves (for a given start): the stones
// removed from and added to points after cancelling a stone that arrives and
// leaves again. Two plays with the same key give the same position.
func netKey(a, b step) uint32 {
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

// play is a candidate of the move generator.
type candidate struct {
	payload uint64
	key     uint32
	high    bool // (one-step plays) the higher die can be played to this position
}

// maxPlays bounds the distinct plays of one throw: at most 25 sources for each
// of two dice in either order, plus the one-step plays and the force play.
const maxPlays = 25*25 + 2*25 + 2

type playList struct {
	n      int
	normal int // plays before the force play: 0 means the pass is legal
	used   int // numbers used by the plays in the list (2 for a completed Marsch)
	items  [maxPlays]candidate
}

// add records a play using `used` numbers; plays using fewer numbers than the
// best so far are dropped (T-D6), and a play reaching the position of one
// already listed keeps the smaller notation.
func (l *playList) add(a, b step, used int, high bool) {
	if used < l.used {
		return
	}
	if used > l.used {
		l.used, l.n = used, 0
	}
	p := mkPlay(a, b)
	k := netKey(a, b)
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
		l.items[l.n] = candidate{payload: p, key: k, high: high}
		l.n++
	}
}

// view returns the side of player me and the opponent's stones in
// the mover's track (occ[q] for q = 1…24).
func (g *Game) view(me int) (s board.Side, occ [26]int8) {
	s = g.sides[me]
	o := &g.sides[1-me]
	for q := 1; q <= 24; q++ {
		occ[q] = o[25-q]
	}
	return s, occ
}

// stepTo returns where a stone on p moved by d lands (25 when borne off), and
// false when that single step is not allowed. borrow allows landing on an empty
// opponent's Hucke as the intermediate point of a combined move (T-D4); the
// caller must move that stone on.
func (g *Game) stepTo(s *board.Side, occ *[26]int8, p, d int, borrow bool) (int, bool) {
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

// keepsRules applies the whole-throw rules to a play from s to f: the own Hucke
// never holds exactly one stone (T-H1, T-H2), and no lone stone is set into the
// opponent's second quarter while he has his Force (T-D8).
func (g *Game) keepsRules(s, f *board.Side, occ *[26]int8) bool {
	if f[ownHucke] == 1 {
		return false
	}
	if !g.opts.SinglesInForce && hasForce(occ) {
		for q := 13; q <= 18; q++ {
			if s[q] == 0 && f[q] == 1 {
				return false
			}
		}
	}
	return true
}

// hasForce reports whether the opponent has at least 12 stones on his points
// 1–12 (the mover's 13–24): he could still close his second quarter (T-D8).
func hasForce(occ *[26]int8) bool {
	n := 0
	for q := 13; q <= 24; q++ {
		n += int(occ[q])
	}
	return n >= 12
}

// genPlays lists the distinct legal plays of the throw for the player to move,
// unsorted; an empty list means the only move is the pass.
func (g *Game) genPlays(l *playList) {
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
			t1, ok := g.stepTo(&s, &occ, p1, da, true)
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
			if t1 != oppHucke && g.keepsRules(&s, &s1, &occ) {
				l.add(a, 0, 1, da == hi)
			}
			for p2 := 0; p2 <= 24; p2++ {
				if s1[p2] == 0 || (t1 == oppHucke && p2 != oppHucke) {
					continue
				}
				if t1 == ownHucke && p2 == ownHucke && s[ownHucke] == 0 {
					continue // a lone stone may not stop on the empty Hucke (T-H1)
				}
				t2, ok := g.stepTo(&s1, &occ, p2, db, false)
				if !ok {
					continue
				}
				s2 := s1
				s2[p2]--
				s2[t2]++
				if g.keepsRules(&s, &s2, &occ) {
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
	if a, b, ok := g.forcePlay(&s, &occ); ok { // T-H3: an extra play, never compulsory
		l.items[l.n] = candidate{payload: mkPlay(a, b), key: netKey(a, b)}
		l.n++
	}
}

// forcePlay returns the two steps of taking the own Hucke by force (T-H3), if
// the throw allows it.
func (g *Game) forcePlay(s *board.Side, occ *[26]int8) (step, step, bool) {
	d1, d2 := int(g.dice[0]), int(g.dice[1])
	if g.opts.HuckeForce == ForceNever || d1 < 2 || d2 < 2 || occ[oppHucke] > 0 || s[hand] > 0 {
		return 0, 0, false
	}
	held := s[ownHucke] >= 2
	if held != (g.opts.HuckeForce == ForceWithHucke) {
		return 0, 0, false
	}
	a, b := oppHucke-d1, oppHucke-d2
	if !hasPair(s, a, b) || hasPair(s, a-1, b-1) {
		return 0, 0, false
	}
	return mkStep(a, ownHucke), mkStep(b, ownHucke), true
}

// hasPair reports whether two stones stand on a and b (two on a when a == b).
func hasPair(s *board.Side, a, b int) bool {
	if a == b {
		return s[a] >= 2
	}
	return s[a] >= 1 && s[b] >= 1
}

// sortedPlays fills l and sorts it by payload.
func (g *Game) sortedPlays(l *playList) {
	g.genPlays(l)
	slices.SortFunc(l.items[:l.n], func(x, y candidate) int {
		switch {
		case x.payload < y.payload:
			return -1
		case x.payload > y.payload:
			return 1
		}
		return 0
	})
}

package toccateglio

import (
	"math/bits"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// Points of a player's track (rules/rules.md, T-S2).
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

// maxPlays bounds the distinct plays of one throw: at most 25 sources for each
// of two dice in either order, plus the one-step plays and the force play.
const maxPlays = 25*25 + 2*25 + 2

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

// hasForce reports whether the opponent has at least 12 stones on his points
// 1–12 (the mover's 13–24): he could still close his second quarter (T-D8).
func hasForce(occ *[26]int8) bool {
	n := 0
	for q := 13; q <= 24; q++ {
		n += int(occ[q])
	}
	return n >= 12
}

// hasPair reports whether two stones stand on a and b (two on a when a == b).
func hasPair(s *board.Side, a, b int) bool {
	if a == b {
		return s[a] >= 2
	}
	return s[a] >= 1 && s[b] >= 1
}

// occupied returns the mask of the points 0…24 of s that hold stones. The
// counts are 0…16, so adding 0x7f to a byte sets its top bit exactly when it
// is not zero, without a carry into the next; eight bytes at a time.
func occupied(s *board.Side) uint32 {
	const low7, top = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	var m uint32
	for i := 0; i < 24; i += 8 {
		w := (word(s, i) + low7) & top
		m |= uint32((w>>7)*0x0102040810204080>>56) << i
	}
	return m | nz(s[24])<<24
}

// word returns the counts s[i…i+7] as the bytes of a word, low first.
func word(s *board.Side, i int) uint64 {
	b := s[i : i+8 : i+8]
	return uint64(uint8(b[0])) | uint64(uint8(b[1]))<<8 | uint64(uint8(b[2]))<<16 | uint64(uint8(b[3]))<<24 |
		uint64(uint8(b[4]))<<32 | uint64(uint8(b[5]))<<40 | uint64(uint8(b[6]))<<48 | uint64(uint8(b[7]))<<56
}

// laneSum adds the bytes of w (their sum below 256).
func laneSum(w uint64) int { return int(w * 0x0101010101010101 >> 56) }

// nz is 1 for a positive count and 0 for zero, without a branch.
func nz(c int8) uint32 { return uint32(uint8(-c) >> 7) }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A mover is the position as the player to move sees it, prepared for the
// move generator and the check of a play: his stones, and bit masks over the
// points of his track (bit p for point p).
type mover struct {
	s       board.Side
	own     uint32 // a stone of the mover on p (bit 0: in hand)
	open    uint32 // no opponent stone on p, p = 1…24
	land    uint32 // a step may end on p: open, and not the opponent's Hucke (T-D3, T-D4)
	mid     uint32 // a stone moving both dice may stop on p on its way (T-D2, T-D4, T-H1)
	lonely  uint32 // a stone may not arrive on p alone: the empty own Hucke (T-H1), an empty point of 13…18 while the opponent has his Force (T-D8)
	special uint32 // lonely, and the held own Hucke: the points where the whole-throw rules need a closer look
	force   bool   // T-D8 is in force: the opponent has his Force and the rule holds
	oppOn24 bool   // an opponent stone on the mover's 24 (T-B2)
	exact   bool   // ExactBearOffAlways
	closed  bool   // ClosedOpponentHucke
	stones  int8
	hi, lo  int // the throw, hi ≥ lo
	// simple: no stone can be borne off during the turn and the hand does not
	// empty in it — at least two stones stand on 1…18 and none in hand, or at
	// least two are in hand. Then the two steps of a play do not change what
	// the other may do, except when one stone moves both dice.
	simple bool
}

// newMover prepares the position of the player to move with the current throw.
func (g *Game) newMover() (m mover) {
	me := g.turn
	m.s = g.sides[me]
	o := &g.sides[1-me]
	m.hi, m.lo = int(g.dice[0]), int(g.dice[1])
	if m.lo > m.hi {
		m.hi, m.lo = m.lo, m.hi
	}
	m.exact, m.closed, m.stones = g.opts.ExactBearOffAlways, g.opts.ClosedOpponentHucke, int8(g.opts.Stones)
	opp := bits.Reverse32(occupied(o)) >> 6                 // the opponent's point j is the mover's 25-j
	oppForce := laneSum(word(o, 1) + word(o, 9)&0xffffffff) // his 1…12
	m.own = occupied(&m.s)
	outside := laneSum(word(&m.s, 1)+word(&m.s, 9)) + int(m.s[17]) + int(m.s[18]) // 1…18
	const points = 1<<25 - 2                                                      // bits 1…24
	m.open = points &^ opp
	m.land = m.open &^ (1 << oppHucke)
	m.mid = m.open
	if m.closed {
		m.mid &^= 1 << oppHucke
	}
	if m.s[ownHucke] == 0 {
		m.mid &^= 1 << ownHucke
		m.lonely |= 1 << ownHucke
	}
	m.force = !g.opts.SinglesInForce && oppForce >= 12
	if m.force {
		for p := 13; p <= 18; p++ {
			if m.s[p] == 0 {
				m.lonely |= 1 << p
			}
		}
	}
	m.special = m.lonely
	if m.s[ownHucke] >= 2 {
		m.special |= 1 << ownHucke
	}
	m.oppOn24 = opp&(1<<24) != 0
	m.simple = (m.s[hand] == 0 && outside >= 2) || m.s[hand] >= 2
	return m
}

// blocked reports whether an opponent stone stands on p (1…24).
func (m *mover) blocked(p int) bool { return p >= 1 && p <= 24 && m.open&(1<<p) == 0 }

// stepTo returns where a stone on p of side s moved by d lands (25 when borne
// off), and false when that single step is not allowed (T-S4, T-B1, T-B2,
// T-D3, T-D4). borrow allows landing on an empty opponent's Hucke as the
// intermediate point of a combined move (T-D4); the caller must move that
// stone on. s is the mover's side as it stands within the turn.
func (m *mover) stepTo(s *board.Side, p, d int, borrow bool) (int, bool) {
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
			if !m.exact && m.oppOn24 { // T-B2
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
	if m.open&(1<<to) == 0 { // T-D3
		return 0, false
	}
	if to == oppHucke && !(borrow && !m.closed) { // T-D4
		return 0, false
	}
	return to, true
}

// keepsRules applies the whole-throw rules to a play from the mover's side to
// f: the own Hucke never holds exactly one stone (T-H1, T-H2), and no lone
// stone is set into the opponent's second quarter while he has his Force
// (T-D8).
func (m *mover) keepsRules(f *board.Side) bool {
	if f[ownHucke] == 1 {
		return false
	}
	if m.force {
		for q := 13; q <= 18; q++ {
			if m.s[q] == 0 && f[q] == 1 {
				return false
			}
		}
	}
	return true
}

// pairOK applies the whole-throw rules to two stones moved one die each, from
// p to tp and from q to tq (points 1…24): the same rules as keepsRules,
// without building the side.
func (m *mover) pairOK(p, tp, q, tq int) bool {
	if tp != tq && (m.lonely&(1<<tp) != 0 || m.lonely&(1<<tq) != 0) {
		return false
	}
	if p == ownHucke || q == ownHucke { // leaving the held Hucke
		h := int(m.s[ownHucke]) - b2i(p == ownHucke) - b2i(q == ownHucke) + b2i(tp == ownHucke) + b2i(tq == ownHucke)
		return h != 1
	}
	return true
}

// oneOK applies the whole-throw rules to one stone moved from p to t (1…24).
func (m *mover) oneOK(p, t int) bool {
	return m.lonely&(1<<t) == 0 && !(p == ownHucke && m.s[ownHucke] == 2)
}

// The modes of the generator: list every play, or stop at the first play
// that uses both numbers, or at the first ordinary play.
const (
	genAll = iota
	genAnyTwo
	genAnyPlay
)

// plays appends the distinct legal ordinary plays of the throw to dst (actor
// the mover), sorted, each written as its smallest notation; the force play
// and the pass are not among them. It returns how many numbers the plays use
// (T-D6): 2, or 1 when no play uses both (the list may then be empty). mode
// genAnyTwo stops at the first play using both numbers, genAnyPlay at the
// first play of any kind (which, in the general case, may use one number
// while another uses both).
//
// In a simple position (see mover) the plays are built from bit masks, in
// ascending order, each distinct play once, with no table to search or sort:
// two stones moving one number each, listed by the smaller step; one stone
// moving both numbers, through the nearer point when both are open (the
// farther route leaves the same position with a larger notation); the plays
// of one number only when no play uses both. The other positions go through
// generalPlays.
func (m *mover) plays(dst []brettspiel.Move, actor brettspiel.Player, higherDie bool, mode int) ([]brettspiel.Move, int) {
	if !m.simple {
		return m.generalPlays(dst, actor, higherDie, mode)
	}
	start := len(dst)
	base := uint64(kit.NewMove(actor, 0))
	own := m.own &^ 1 // the stones on the board
	chains := true
	if m.s[hand] > 0 { // two or more in hand: both numbers enter (T-S4)
		own, chains = 1, false
	}
	hi, lo := m.hi, m.lo
	srcLo := own & (m.land >> lo)
	srcHi := own & (m.land >> hi)
	var midLo, midHi uint32
	if chains {
		midLo = own & (m.mid >> lo)
		midHi = own & (m.mid >> hi)
	}
	// Two-step plays, in ascending order: for each first (smaller) step A,
	// the second steps B > A: a step of the other number by another stone,
	// or (at B's source A's target) the same stone moving on. For a doublet
	// both numbers are one, and a pair of stones is listed once.
	doublet := hi == lo
	for ps := srcLo | midLo | srcHi | midHi; ps != 0; ps &= ps - 1 {
		p := bits.TrailingZeros32(ps)
		for k := 0; k < 2; k++ {
			d, e := lo, hi // A moves d, B moves e
			srcA, srcB, midA := srcLo, srcHi, midLo
			if k == 1 {
				if doublet {
					break
				}
				d, e, srcA, srcB, midA = hi, lo, srcHi, srcLo, midHi
			}
			t := p + d
			var cand uint32
			if srcA&(1<<p) != 0 {
				if k == 0 {
					cand = srcB &^ (1<<p - 1) // q ≥ p
					if m.s[p] < 2 {
						cand &^= 1 << p
					}
				} else {
					cand = srcB &^ (1<<(p+1) - 1) // q > p: (p, lo) came first
				}
				cand &^= 1 << t
			}
			y := t + e
			// The same stone moves on: through t, which must be a point to stop
			// on, to y; with hi first only when it cannot go through p+lo,
			// which gives the same position with a smaller notation.
			chain := midA&(1<<p) != 0 && y <= 24 && m.land&(1<<y) != 0 &&
				(k == 0 || midLo&(1<<p) == 0)
			if chain {
				cand |= 1 << t
			}
			a := uint64(mkStep(p, t)) << 10
			for ; cand != 0; cand &= cand - 1 {
				q := bits.TrailingZeros32(cand)
				if q == t {
					if (1<<p|1<<y)&m.special != 0 && !m.oneOK(p, y) {
						continue
					}
					dst = append(dst, brettspiel.Move(base|a|uint64(mkStep(t, y))))
				} else {
					tq := q + e
					if (1<<p|1<<t|1<<q|1<<tq)&m.special != 0 && !m.pairOK(p, t, q, tq) {
						continue
					}
					dst = append(dst, brettspiel.Move(base|a|uint64(mkStep(q, tq))))
				}
				if mode != genAll {
					return dst, 2
				}
			}
		}
	}
	if len(dst) > start || mode == genAnyTwo {
		return dst, 2 - b2i(len(dst) == start)
	}
	return m.onePlays(dst, base, srcLo, srcHi, higherDie, mode), 1
}

// onePlays appends the plays of one number only (T-D6), when no play uses
// both: each step alone, from the sources srcLo of the lower number and
// srcHi of the higher; under HigherDie the higher number when it can be
// played. Unless mode is genAll it stops at the first.
func (m *mover) onePlays(dst []brettspiel.Move, base uint64, srcLo, srcHi uint32, higherDie bool, mode int) []brettspiel.Move {
	hi, lo := m.hi, m.lo
	doublet := hi == lo
	if higherDie && !doublet {
		for ps := srcHi; ps != 0; ps &= ps - 1 {
			if p := bits.TrailingZeros32(ps); m.oneOK(p, p+hi) {
				srcLo = 0
				break
			}
		}
	}
	for ps := srcLo | srcHi; ps != 0; ps &= ps - 1 {
		p := bits.TrailingZeros32(ps)
		if srcLo&(1<<p) != 0 && m.oneOK(p, p+lo) {
			dst = append(dst, brettspiel.Move(base|uint64(mkStep(p, p+lo))<<10))
			if mode != genAll {
				return dst
			}
		}
		if !doublet && srcHi&(1<<p) != 0 && m.oneOK(p, p+hi) {
			dst = append(dst, brettspiel.Move(base|uint64(mkStep(p, p+hi))<<10))
			if mode != genAll {
				return dst
			}
		}
	}
	return dst
}

// generalPlays is plays for the positions that are not simple: the last
// stones coming home and bearing off, or the last stone in hand. It walks
// every sequence of single steps in both orders of the dice, as the order of
// the rules of a play in rules/rules.md (T-D1…T-D8) describes, and keeps one
// play per position reached (the smallest notation).
func (m *mover) generalPlays(dst []brettspiel.Move, actor brettspiel.Player, higherDie bool, mode int) ([]brettspiel.Move, int) {
	start := len(dst)
	base := uint64(kit.NewMove(actor, 0))
	s := &m.s
	d := [2]int{m.hi, m.lo}
	orders := 2
	if m.hi == m.lo {
		orders = 1
	}
	used := 1
	var high uint64 // bit i: dst[start+i] can be played with the higher number (one-step plays)
	// add lists the play a b using u numbers (T-D6: fewer than the best so
	// far are dropped, more drop the others), one per position; it reports
	// whether the mode's search is over.
	add := func(a, b step, u int, h bool) bool {
		if u < used {
			return false
		}
		if u > used {
			used, dst, high = u, dst[:start], 0
		}
		p := mkPlay(a, b)
		k := netKey(a, b)
		i := start
		for ; i < len(dst); i++ {
			if x := uint64(dst[i]) &^ base; netKey(playSteps(x)) == k {
				if p < x {
					dst[i] = brettspiel.Move(base | p)
				}
				break
			}
		}
		if i == len(dst) {
			dst = append(dst, brettspiel.Move(base|p))
		}
		if h && i-start < 64 { // one-step plays are fewer than 64
			high |= 1 << (i - start)
		}
		return mode == genAnyPlay || (mode == genAnyTwo && used == 2)
	}
	for o := 0; o < orders; o++ {
		da, db := d[o], d[1-o]
		for p1 := 0; p1 <= 24; p1++ {
			if s[p1] == 0 {
				continue
			}
			t1, ok := m.stepTo(s, p1, da, true)
			if !ok {
				continue
			}
			s1 := *s
			s1[p1]--
			s1[t1]++
			a := mkStep(p1, t1)
			if t1 == off && s1[off] == m.stones { // the Marsch is over: nothing is left to play
				if add(a, 0, 2, true) {
					return dst, used
				}
				continue
			}
			if t1 != oppHucke && m.keepsRules(&s1) {
				if add(a, 0, 1, da == m.hi) {
					return dst, used
				}
			}
			for p2 := 0; p2 <= 24; p2++ {
				if s1[p2] == 0 || (t1 == oppHucke && p2 != oppHucke) {
					continue
				}
				if t1 == ownHucke && p2 == ownHucke && s[ownHucke] == 0 {
					continue // a lone stone may not stop on the empty Hucke (T-H1)
				}
				t2, ok := m.stepTo(&s1, p2, db, false)
				if !ok {
					continue
				}
				s2 := s1
				s2[p2]--
				s2[t2]++
				if m.keepsRules(&s2) && add(a, mkStep(p2, t2), 2, true) {
					return dst, used
				}
			}
		}
	}
	if used == 1 && higherDie && m.hi != m.lo && high != 0 { // T-D6 option
		n := start
		for i := start; i < len(dst); i++ {
			if high&(1<<(i-start)) != 0 {
				dst[n] = dst[i]
				n++
			}
		}
		dst = dst[:n]
	}
	sortMoves(dst[start:])
	return dst, used
}

// sortMoves sorts a short list in place (insertion sort).
func sortMoves(l []brettspiel.Move) {
	for i := 1; i < len(l); i++ {
		x := l[i]
		j := i
		for ; j > 0 && l[j-1] > x; j-- {
			l[j] = l[j-1]
		}
		l[j] = x
	}
}

// forcePlay returns the two steps of taking the own Hucke by force (T-H3), if
// the throw allows it.
func (g *Game) forcePlay(m *mover) (step, step, bool) {
	d1, d2 := m.hi, m.lo
	if g.opts.HuckeForce == ForceNever || d2 < 2 || m.blocked(oppHucke) || m.s[hand] > 0 {
		return 0, 0, false
	}
	held := m.s[ownHucke] >= 2
	if held != (g.opts.HuckeForce == ForceWithHucke) {
		return 0, 0, false
	}
	a, b := oppHucke-d1, oppHucke-d2
	if !hasPair(&m.s, a, b) || hasPair(&m.s, a-1, b-1) {
		return 0, 0, false
	}
	return mkStep(a, ownHucke), mkStep(b, ownHucke), true
}

// appendPlays appends the legal plays of the throw to dst, sorted: the pass
// first when no ordinary play exists, and the force play (T-H3) in its place
// beside the others, for it takes no part in the filters of T-D6.
func (g *Game) appendPlays(dst []brettspiel.Move) []brettspiel.Move {
	m := g.newMover()
	start := len(dst)
	dst, _ = m.plays(dst, g.turn, g.opts.HigherDie, genAll)
	if len(dst) == start {
		dst = append(dst, kit.NewMove(g.turn, 0))
	}
	if a, b, ok := g.forcePlay(&m); ok { // an extra play, never compulsory
		f := kit.NewMove(g.turn, mkPlay(a, b))
		dst = append(dst, f)
		i := len(dst) - 1
		for ; i > start && dst[i-1] > f; i-- {
			dst[i] = dst[i-1]
		}
		dst[i] = f
	}
	return dst
}

// numbersUsed returns how many numbers of the throw the ordinary plays use
// (T-D6): 2, 1, or 0 when there is none and the pass is legal.
func (g *Game) numbersUsed() int {
	m := g.newMover()
	return m.numbersUsed(g.turn, g.opts.HigherDie)
}

func (m *mover) numbersUsed(actor brettspiel.Player, higherDie bool) int {
	if m.anyTwo(actor) {
		return 2
	}
	var buf [4]brettspiel.Move
	if l, _ := m.plays(buf[:0], actor, higherDie, genAnyPlay); len(l) > 0 {
		return 1
	}
	return 0
}

// anyTwo reports whether some play uses both numbers.
func (m *mover) anyTwo(actor brettspiel.Player) bool {
	var buf [64]brettspiel.Move // room for every one-step play of the general case
	_, used := m.plays(buf[:0], actor, false, genAnyTwo)
	return used == 2
}

// closedQuarters returns a bit per quarter 1, 2, 4 whose six points all hold
// two or more of the side's stones (T-J1).
func closedQuarters(s *board.Side) uint8 {
	// Adding 0x7e to a count of 0…16 sets its top bit exactly when it is 2
	// or more; a quarter is six bytes of a word.
	const six, plus = 0x0000808080808080, 0x7e7e7e7e7e7e7e7e
	var m uint8
	for i, w := range [3]uint64{word(s, 1), word(s, 7), word(s, 18) >> 8} { // points 1…6, 7…12, 19…24
		if (w+plus)&six == six {
			m |= 2 << (i + i/2) // quarters 1, 2, 4
		}
	}
	return m
}

// afterPlay returns the side after the steps of payload.
func afterPlay(s board.Side, payload uint64) board.Side {
	a, b := playSteps(payload)
	for _, st := range [2]step{a, b} {
		if st != 0 {
			s[st.from()]--
			s[st.to()]++
		}
	}
	return s
}

package verkehren

import (
	"math/bits"

	"github.com/brettspiel/brettspiel/board"
)

// walker plays single moves of one throw on the two sides it is given, in
// place, and keeps masks of them up to date. It is the ground of the checks
// that judge a play without listing the plays (checkPlay, which gives it
// copies) and of the random playouts (Simulate, which gives it the game's
// sides).
type walker struct {
	o       *Options
	me, opp *board.Side // the sides it plays on, the caller's
	dice    [2]int8     // mixed: lo, hi; doublet: the number twice
	left    [2]int8     // how often each number can still be played
	n       int         // numbers in the throw: 2, or 4 for a doublet
	occ     uint32      // the points 0…24 with own stones
	two     uint32      // the points 0…24 with two or more own stones
	// closed has the points 1…24 (in the player's track) held by two or
	// more opponent stones: a hit takes a single stone, so it holds for the
	// whole turn; blots those held by one, not yet hit
	closed, blots uint32
}

// newWalker returns a walker that plays on me and opp, in place.
func newWalker(o *Options, me, opp *board.Side, hi, lo int) walker {
	occ, two := sideMasks(me)
	oppOcc, oppTwo := sideMasks(opp)
	return newWalkerMasks(o, me, opp, hi, lo, occ, two, inOwnTrack(oppTwo), inOwnTrack(oppOcc&^oppTwo))
}

// newWalkerMasks is newWalker with the masks of the sides given.
func newWalkerMasks(o *Options, me, opp *board.Side, hi, lo int, occ, two, closed, blots uint32) walker {
	w := walker{o: o, me: me, opp: opp, dice: [2]int8{int8(lo), int8(hi)}, left: [2]int8{1, 1}, n: 2, occ: occ, two: two, closed: closed, blots: blots}
	if hi == lo {
		w.left, w.n = [2]int8{4, 0}, 4
	}
	return w
}

// sideMasks returns the masks of the points 0…24 of a side that hold one or
// more stones (occ) and two or more (two). It reads the counts eight at a
// time: they are 0…15, so adding 0x7f (0x7e) to a byte sets its top bit
// exactly when it is 1 or more (2 or more), with no carry into the next.
func sideMasks(s *board.Side) (occ, two uint32) {
	const ones, twos, tops = 0x7f7f7f7f7f7f7f7f, 0x7e7e7e7e7e7e7e7e, 0x8080808080808080
	for i := 0; i < 24; i += 8 {
		x := word(s[i : i+8 : i+8])
		occ |= gatherTops((x+ones)&tops) << i
		two |= gatherTops((x+twos)&tops) << i
	}
	if s[24] > 0 {
		occ |= 1 << 24
	}
	if s[24] > 1 {
		two |= 1 << 24
	}
	return occ, two
}

// word reads eight counts as the bytes of a word, the first the lowest (the
// compiler makes it one load where it can).
func word(b []int8) uint64 {
	_ = b[7]
	return uint64(uint8(b[0])) | uint64(uint8(b[1]))<<8 | uint64(uint8(b[2]))<<16 | uint64(uint8(b[3]))<<24 |
		uint64(uint8(b[4]))<<32 | uint64(uint8(b[5]))<<40 | uint64(uint8(b[6]))<<48 | uint64(uint8(b[7]))<<56
}

// gatherTops packs the top bits of the eight bytes of x (no other bit set)
// into bits 0…7, byte i to bit i.
func gatherTops(x uint64) uint32 {
	return uint32((x >> 7) * 0x0102040810204080 >> 56)
}

// inOwnTrack turns a mask of an opponent's points 1…24 (in his track) into
// the mask of the same points in the player's track: his point q is the
// player's q+12 (mod 24).
func inOwnTrack(m uint32) uint32 {
	const lowHalf = 0x1ffe // points 1…12
	return m>>12&lowHalf | (m&lowHalf)<<12
}

// sources returns the points a stone may move from: the bar while a stone
// waits (V-E1), else every point with own stones.
func (w *walker) sources() uint32 {
	if w.me[bar] > 0 {
		return 1
	}
	return w.occ
}

// play makes the single move from→to by number j, hitting when hit says so.
func (w *walker) play(from, to, j int, hit bool) {
	me := w.me
	c := me[from] - 1
	me[from] = c
	switch c {
	case 0:
		w.occ &^= 1 << from
	case 1:
		w.two &^= 1 << from
	}
	c = me[to] + 1
	me[to] = c
	if to < off {
		w.occ |= 1 << to
		if c == 2 {
			w.two |= 1 << to
		}
	}
	w.left[j]--
	if hit {
		w.opp[oppPoint[to]]--
		w.opp[bar]++
		w.blots &^= 1 << to
	}
}

func (w *walker) unplay(from, to, j int, hit bool) {
	if hit {
		w.opp[oppPoint[to]]++
		w.opp[bar]--
		w.blots |= 1 << to
	}
	me := w.me
	c := me[to] - 1
	me[to] = c
	switch c {
	case 0:
		w.occ &^= 1 << to
	case 1:
		w.two &^= 1 << to
	}
	c = me[from] + 1
	me[from] = c
	w.occ |= 1 << from
	if c == 2 {
		w.two |= 1 << from
	}
	w.left[j]++
}

// dest returns where a legal single move from from by d lands (25 when it
// bears off) and whether it hits. A stone entering from the bar (0) lands
// on d like any other.
func (w *walker) dest(from, d int) (int, bool) {
	to := from + d
	if to >= off {
		return off, false
	}
	return to, w.blots&(1<<to) != 0
}

// canPlayAny reports whether some single move of the numbers left is legal.
func (w *walker) canPlayAny() bool {
	if w.me[off] == 15 {
		return false
	}
	for j := 0; j < 2; j++ {
		if w.left[j] > 0 && w.legal(int(w.dice[j])) != 0 {
			return true
		}
	}
	return false
}

// reach reports whether the numbers left can make a play that counts need
// more numbers: that many single moves in a row, or fewer that bear the last
// stone off (which counts as using every number).
func (w *walker) reach(need int) bool { return w.reachHits(need, 0) }

// reachHits is reach for a play that also makes at least hits more hits
// while entering (V-E3).
func (w *walker) reachHits(need, hits int) bool {
	if hits > 0 && (w.me[bar] == 0 || need <= 0) {
		return false
	}
	if need <= 0 || w.me[off] == 15 {
		return true
	}
	for j := 0; j < 2; j++ {
		if w.left[j] == 0 || j == 1 && w.dice[1] == w.dice[0] {
			continue
		}
		d := int(w.dice[j])
		srcs := w.legal(d)
		if srcs != 0 && need == 1 && hits == 0 {
			return true // one legal move is all it takes: no need to play it
		}
		for ; srcs != 0; srcs &= srcs - 1 {
			from := bits.TrailingZeros32(srcs)
			to, hit := w.dest(from, d)
			h := hits
			if hit && from == bar {
				h--
			}
			w.play(from, to, j, hit)
			ok := w.reachHits(need-1, h)
			w.unplay(from, to, j, hit)
			if ok {
				return true
			}
		}
	}
	return false
}

// maxUsed returns how many numbers of the throw the best plays use (V-D2),
// counting a play that bears the last stone off as using all.
func (w *walker) maxUsed() int {
	if w.junker() {
		return 0
	}
	m := w.n
	for m > 0 && !w.reach(m) {
		m--
	}
	return m
}

// enteringHitPossible reports whether some play of the throw could hit while
// entering (V-E3): a stone waits and a number of the throw leads onto an
// opponent blot. Only then can plays differ in entering hits.
func (w *walker) enteringHitPossible() bool {
	if w.me[bar] == 0 {
		return false
	}
	for j := 0; j < 2; j++ {
		if w.opp[oppPoint[w.dice[j]]] == 1 {
			return true
		}
	}
	return false
}

// mostEnteringHits returns the most hits while entering (V-E3) that a play
// of used numbers can make.
func (w *walker) mostEnteringHits(used int) int {
	h := min(int(w.me[bar]), used)
	for h > 0 && !w.reachHits(used, h) {
		h--
	}
	return h
}

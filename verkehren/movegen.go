package verkehren

import (
	"math/bits"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
)

// Move payload of a play: up to four single moves ("steps"), the first in the
// highest bits, each 13 bits: from (5 bits: 0 off the board, 1…24), to (5 bits:
// 1…24, 25 borne off), die (3 bits). Unused steps are zero, so a play sorts
// before its extensions and ascending payloads are the order of the notation
// (steps compared numerically, from before to). The pass is 0; conceding
// (V-W2) is concedePayload, after every play.
const (
	stepBits       = 13
	stepMask       = 1<<stepBits - 1
	maxSteps       = 4
	concedePayload = uint64(1) << 55
)

func stepShift(i int) uint { return uint(stepBits * (maxSteps - 1 - i)) }

func stepField(from, to, die int) uint64 {
	return uint64(from)<<8 | uint64(to)<<3 | uint64(die)
}

// stepAt returns step i of a play payload; ok false when there is none.
func stepAt(pay uint64, i int) (from, to, die int, ok bool) {
	f := pay >> stepShift(i) & stepMask
	if f == 0 {
		return 0, 0, 0, false
	}
	return int(f >> 8), int(f >> 3 & 31), int(f & 7), true
}

// The generator walks every order of single moves depth first, in the order
// of the payloads, and records each position where no further number can be
// played (a leaf) once per class (the numbers it used, and the die when only
// one was used), keeping the first (smallest) payload and the most entering
// hits. The filters of the whole turn (V-D2, V-E3) are applied to the leaves
// at the end. Because leaves arrive in ascending payload order and the first
// one of a position is kept, the list comes out sorted.
//
// Doublets are where the orders multiply: four moves of one number can often
// be made in any order. The search therefore skips an order that is only a
// legal swap of a smaller one. When the last move made was s1 and the next
// candidate s2 comes before it in the payload order (a lower from point, as
// the number is the same), s2 is skipped if, from the position before s1,
// s2 then s1 is legal too and makes as many entering hits. Why this is exact:
// take any legal order of moves that reaches a position P. While it has two
// neighbouring moves s1 s2 with s2 < s1 whose swap is legal with the same
// entering hits, swap them: the moves before and after the pair are played
// from the same positions as before (a pair of moves leaves the same position
// in either order: each takes a stone off its point and puts one on its
// target, and a blot on a target is hit by whichever lands there first, which
// is the same point either way), so the order stays legal, reaches P with as
// many numbers and entering hits, and is smaller. Each swap removes an
// inversion, so this ends in an order that the search walks. The smallest
// legal order reaching P has no such pair (the swap would be smaller still),
// so the payload kept for P is the one an exhaustive search keeps, and the
// most entering hits of P are kept as well. The landing rules that make the
// order matter — a Band forbidden on 2–11 while a blot still stands there
// (V-B1), the house count of the five-blots opening and the Band count of the
// band limit (V-O1), entering first (V-E1), bearing off only with all stones
// home and the higher number only from the farthest point (V-F1) — are all
// judged by the single-step rules on the actual positions, so no rule needs
// an argument of its own. Whether a node has any legal move is judged before
// the skipping, so a skipped move never turns a node into a leaf.
//
// The tables live on the stack and are small: the leaves (24 bytes each) and
// an index of 2-byte slots, so that nothing large is cleared per call. A
// throw with more leaves than fit is generated again with larger tables, the
// second time on the stack, then on the heap, so the result is always exact.
const (
	smallLeaves = 128
	leafCap     = 512
	indexCap    = 2 * leafCap
	leafShift   = 52 // leaf.meta bits above the payload
)

// leaf is a position where no further number can be played.
type leaf struct {
	k0, k1 uint64 // the key of the position
	// pay is the smallest payload reaching it, with above leafShift: the
	// entering hits (3 bits), the numbers used (3 bits) and the die when one
	// number is used (3 bits).
	pay uint64
}

func (l *leaf) payload() uint64 { return l.pay & (1<<leafShift - 1) }
func (l *leaf) hits() int       { return int(l.pay >> leafShift & 7) }
func (l *leaf) class() uint64   { return l.pay >> (leafShift + 3) }
func (l *leaf) used() int       { return int(l.pay >> (leafShift + 3) & 7) }
func (l *leaf) die() int        { return int(l.pay >> (leafShift + 6) & 7) }

type pathStep struct {
	from, to, die int8
	eh            int8 // 1 when the move entered with a hit (V-E3)
	empty         bool // no own stone stood on to before the move
}

type gen struct {
	o        *Options
	me, opp  board.Side
	dice     [2]int8 // mixed: ascending; doublet: both equal
	n        int     // numbers in the throw: 2, or 4 for a doublet
	doublet  bool
	junker   bool   // V-J1 at the start: nothing can be played
	occ      uint32 // the own points with stones, 0…24
	closed   uint32 // the points held by two or more opponent stones
	k0, k1   uint64 // the key of the position reached (see keyBias)
	path     [maxSteps]pathStep
	legal    [maxSteps][2]uint32     // the from points of the legal moves of each number found so far at each depth
	saved    [maxSteps][2]board.Side // the sides before each move (doublets)
	leaves   []leaf
	nl       int
	index    []uint16 // open addressing over leaves: index+1, 0 empty
	overflow bool
}

// The key of a position reached is exact and kept up to date move by move:
// the change of the own stones on each point 1…25 against the start (at most
// four either way) as a nibble biased by 8, points 1…15 in k0 and 16…25 in
// k1, with the opponent points hit in k1's bits 40…62. The change on the bar
// follows from the others, as the stones add up to 15.
const keyBias = 0x8888888888888888

func nibble(p int) (lo, hi uint64) {
	if p < 16 {
		return 1 << (4 * (p - 1)), 0
	}
	return 0, 1 << (4 * (p - 16))
}

// move plays one single move on the generator's sides; undo takes it back.
func (g *gen) move(from, to int, hit bool) {
	g.me[from]--
	if g.me[from] == 0 {
		g.occ &^= 1 << from
	}
	g.me[to]++
	g.occ |= 1 << to
	if from != bar {
		a, b := nibble(from)
		g.k0 -= a
		g.k1 -= b
	}
	a, b := nibble(to)
	g.k0 += a
	g.k1 += b
	if hit {
		g.opp[oppPoint[to]]--
		g.opp[bar]++
		g.k1 |= 1 << (38 + to)
	}
}

func (g *gen) undo(from, to int, hit bool) {
	if hit {
		g.opp[oppPoint[to]]++
		g.opp[bar]--
		g.k1 &^= 1 << (38 + to)
	}
	g.me[to]--
	if g.me[to] == 0 {
		g.occ &^= 1 << to
	}
	g.me[from]++
	g.occ |= 1 << from
	a, b := nibble(to)
	g.k0 -= a
	g.k1 -= b
	if from != bar {
		a, b := nibble(from)
		g.k0 += a
		g.k1 += b
	}
}

// step is Options.step for the moves the search tries (a stone on from, none
// waiting unless from is the bar), with the common case inline: a move on the
// board to a point without own stones needs only the opponent's closed
// points, which hits cannot change during a turn (a hit takes a single stone).
func (g *gen) step(from, d int) (int, bool, reason) {
	to := from + d
	if from == bar || to >= off {
		return g.o.step(&g.me, &g.opp, from, d)
	}
	if g.closed&(1<<to) != 0 {
		return to, false, rClosed
	}
	if g.me[to] > 0 {
		if r := g.o.landing(&g.me, from, to); r != okStep {
			return to, false, r
		}
	}
	return to, g.opp[oppPoint[to]] == 1, okStep
}

// independent reports cheaply, for a move from→to that was legal before the
// move s1 and comes before it in the payload order, whether the two moves
// cannot touch each other's legality or hits, so that both orders are legal
// with the same hits: four different points, no entering and no bearing off,
// and both land on points without own stones (so that no landing rule on own
// stones applies; a point held by two opponent stones stays so, and each
// move hits on its own target or not).
func (g *gen) independent(s1 pathStep, from, to int) bool {
	a, ta := int(s1.from), int(s1.to)
	return s1.empty && ta != off && to < off && to != ta && to != a && from != ta &&
		a != bar && g.me[to] == 0
}

// swappable reports whether the candidate move from→to by d, made after the
// move path[depth-1], is only a legal swap of the smaller order (see above).
func (g *gen) swappable(depth, from int, hit bool) bool {
	s1 := g.path[depth-1]
	if from >= int(s1.from) {
		return false
	}
	d := int(s1.die)
	me, opp := g.saved[depth-1][0], g.saved[depth-1][1]
	to2, hit2, why := g.o.step(&me, &opp, from, d)
	if why != okStep {
		return false
	}
	me[from]--
	me[to2]++
	if hit2 {
		opp[oppPoint[to2]]--
		opp[bar]++
	}
	_, hit1, why := g.o.step(&me, &opp, int(s1.from), d)
	if why != okStep {
		return false
	}
	was := s1.eh
	if hit && from == bar {
		was++
	}
	now := int8(0)
	if hit2 && from == bar {
		now++
	}
	if hit1 && s1.from == bar {
		now++
	}
	return was == now
}

// dfs lists every sequence of single moves from the current node in the
// order of the payloads, but for the swapped orders of doublets (see above).
func (g *gen) dfs(depth int, used uint8, pay uint64, hits int8) {
	any := false
	if depth < g.n && g.me[off] < 15 && !(depth == 0 && g.junker) {
		srcs := g.occ & (1<<(off) - 1)
		if g.me[bar] > 0 {
			srcs = 1 // V-E1: entering comes first
		}
		g.legal[depth] = [2]uint32{}
		var s1 pathStep
		if depth > 0 {
			s1 = g.path[depth-1]
		}
		for ; srcs != 0; srcs &= srcs - 1 {
			from := bits.TrailingZeros32(srcs)
			for j := 0; j < 2; j++ {
				if used&(1<<j) != 0 || g.doublet && j == 1 {
					continue
				}
				d := int(g.dice[j])
				if from < int(s1.from) && g.legal[depth-1][j]&(1<<from) != 0 && g.independent(s1, from, from+d) {
					// the swap of a smaller order: legal, and skipped
					g.legal[depth][j] |= 1 << from
					any = true
					continue
				}
				to, hit, why := g.step(from, d)
				if why != okStep {
					continue
				}
				g.legal[depth][j] |= 1 << from
				any = true
				if g.doublet && depth > 0 && g.swappable(depth, from, hit) {
					continue
				}
				nu := used
				if !g.doublet {
					nu |= 1 << j
				}
				var eh int8
				if hit && from == bar {
					eh = 1
				}
				if g.doublet {
					g.saved[depth] = [2]board.Side{g.me, g.opp}
				}
				g.path[depth] = pathStep{int8(from), int8(to), int8(d), eh, g.me[to] == 0}
				np := pay | stepField(from, to, d)<<stepShift(depth)
				g.move(from, to, hit)
				if depth+1 == g.n {
					g.addLeaf(depth+1, np, hits+eh) // nothing is left to play
				} else {
					g.dfs(depth+1, nu, np, hits+eh)
				}
				g.undo(from, to, hit)
				if g.overflow {
					return
				}
			}
		}
	}
	if !any {
		g.addLeaf(depth, pay, hits)
	}
}

// addLeaf records the position reached as a leaf, once per class.
func (g *gen) addLeaf(depth int, pay uint64, hits int8) {
	u := depth
	if g.me[off] == 15 {
		u = g.n // the last stone is off: nothing is left to play
	}
	cls := uint64(u)
	if u == 1 {
		cls |= uint64(g.path[0].die) << 3
	}
	mask := len(g.index) - 1
	h := (g.k0*0x9E3779B97F4A7C15 ^ g.k1 ^ cls<<58) * 0xC2B2AE3D27D4EB4F
	for i := int(h>>40) & mask; ; i = (i + 1) & mask {
		x := g.index[i]
		if x == 0 {
			if g.nl == len(g.leaves) {
				g.overflow = true
				return
			}
			g.leaves[g.nl] = leaf{k0: g.k0, k1: g.k1, pay: pay | uint64(hits)<<leafShift | cls<<(leafShift+3)}
			g.nl++
			g.index[i] = uint16(g.nl)
			return
		}
		l := &g.leaves[x-1]
		if l.k0 == g.k0 && l.k1 == g.k1 && l.class() == cls {
			if int(hits) > l.hits() {
				l.pay = l.pay&^(7<<leafShift) | uint64(hits)<<leafShift
			}
			return
		}
	}
}

// appendPlays appends the payloads of the legal plays of the throw hi-lo for
// the side me against opp, sorted ascending, one per resulting position.
func (o *Options) appendPlays(dst []brettspiel.Move, actor brettspiel.Player, me, opp *board.Side, hi, lo int) []brettspiel.Move {
	var leaves [smallLeaves]leaf
	var index [2 * smallLeaves]uint16
	g := gen{o: o, me: *me, opp: *opp}
	g.leaves, g.index = leaves[:], index[:]
	if out, ok := g.run(dst, actor, hi, lo); ok {
		return out
	}
	return o.appendPlaysLarge(dst, actor, me, opp, hi, lo)
}

// appendPlaysLarge is appendPlays with larger tables, on the stack of its own
// frame so that the common small case clears only small ones.
func (o *Options) appendPlaysLarge(dst []brettspiel.Move, actor brettspiel.Player, me, opp *board.Side, hi, lo int) []brettspiel.Move {
	var leaves [leafCap]leaf
	var index [indexCap]uint16
	g := gen{o: o, me: *me, opp: *opp}
	g.leaves, g.index = leaves[:], index[:]
	if out, ok := g.run(dst, actor, hi, lo); ok {
		return out
	}
	// too many positions even so: again with tables on the heap
	for size := 8; ; size *= 8 {
		g = gen{o: o, me: *me, opp: *opp}
		g.leaves, g.index = make([]leaf, leafCap*size), make([]uint16, indexCap*size)
		if out, ok := g.run(dst, actor, hi, lo); ok {
			return out
		}
	}
}

func (g *gen) run(dst []brettspiel.Move, actor brettspiel.Player, hi, lo int) ([]brettspiel.Move, bool) {
	g.doublet = hi == lo
	g.dice = [2]int8{int8(lo), int8(hi)}
	g.n = 2
	if g.doublet {
		g.n = 4
	}
	g.junker = g.o.junker(&g.me, &g.opp)
	for p := 0; p < off; p++ {
		if g.me[p] > 0 {
			g.occ |= 1 << p
		}
		if p > 0 && g.opp[oppPoint[p]] >= 2 {
			g.closed |= 1 << p
		}
	}
	g.k0, g.k1 = keyBias, keyBias>>24
	g.dfs(0, 0, 0, 0)
	if g.overflow {
		return dst, false
	}
	all := g.leaves[:g.nl]
	// V-D2: as many numbers as possible; the higher one when only one can be
	// played and the option asks for it.
	maxUsed := 0
	for i := range all {
		maxUsed = max(maxUsed, all[i].used())
	}
	wantDie := 0
	if g.o.HigherDie && !g.doublet && maxUsed == 1 {
		for i := range all {
			if all[i].used() == 1 && all[i].die() == hi {
				wantDie = hi
			}
		}
	}
	keep := all[:0]
	for i := range all {
		l := all[i]
		if l.used() != maxUsed || wantDie != 0 && l.die() != wantDie {
			continue
		}
		if maxUsed == 1 && !g.doublet {
			// one number played with either die can give one position (a
			// stone borne off); it is one play, the smaller payload
			dup := false
			for k := range keep {
				if keep[k].k0 == l.k0 && keep[k].k1 == l.k1 {
					if l.hits() > keep[k].hits() {
						keep[k].pay = keep[k].pay&^(7<<leafShift) | uint64(l.hits())<<leafShift
					}
					dup = true
					break
				}
			}
			if dup {
				continue
			}
		}
		keep = append(keep, l)
	}
	// V-E3: the most hits while entering
	maxHits := 0
	for i := range keep {
		maxHits = max(maxHits, keep[i].hits())
	}
	for i := range keep {
		if keep[i].hits() == maxHits {
			dst = append(dst, brettspiel.NewMove(actor, keep[i].payload()))
		}
	}
	return dst, true
}

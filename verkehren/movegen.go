package verkehren

import (
	"math/bits"
	"slices"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
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
// home and the higher number only from the farthest point (V-F1) — decide
// whether the swap is legal. Whether a node has any legal move is judged
// before the skipping, so a skipped move never turns a node into a leaf.
// Skipping fewer swaps than allowed only costs time, so the search first
// tries a cheap sufficient test on masks (swaps: s2 was legal before s1, and
// the rules are shown there to judge s1 after s2 as they did before it) and,
// for doublets, then plays the swap out by the single-step rules
// (swappable); mixed throws use the cheap test alone, with the same argument
// (the swapped order plays the same two numbers).
//
// The tables live on the stack: the leaves (24 bytes each) and an index of
// 2-byte slots. Go clears them on every call, so their size is chosen by the
// number of points a first move can start from: small for most throws, large
// for the doublets that would fill the small ones. A throw with more leaves
// than fit is generated again with larger tables, up to 2,048 leaves on the
// stack (more than random games meet), then on the heap, so the result is
// always exact.
const (
	smallLeaves  = 64
	mediumLeaves = 128
	leafCap      = 512
	indexCap     = 2 * leafCap
	hugeLeaves   = 2048
	leafShift    = 52 // leaf.pay: the payload below this bit, the counts above
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
	own           int8 // the own stones on to before the move
	hit           bool
}

// genMasks are the parts of the generator's state that a move changes
// besides the counts: kept whole before a move, so that taking the move
// back restores them at once.
type genMasks struct {
	occ    uint32 // the own points with stones, 0…24
	two    uint32 // the own points with two or more stones, 0…24
	blots  uint32 // the points held by one opponent stone, not yet hit
	k0, k1 uint64 // the key of the position reached (see keyBias)
}

type gen struct {
	o       *Options
	me, opp board.Side
	dice    [2]int8 // mixed: ascending; doublet: both equal
	n       int     // numbers in the throw: 2, or 4 for a doublet
	doublet bool
	junker  bool   // V-J1 at the start: nothing can be played
	closed  uint32 // the points held by two or more opponent stones
	genMasks
	path     [maxSteps]pathStep
	legalAt  [maxSteps]uint32 // doublets: the from points of the legal moves at each depth
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
	n := nibbles[p]
	return n[0], n[1]
}

// nibbles[p] is the unit of point p (1…25) in the key: k0's and k1's part.
var nibbles = func() (t [26][2]uint64) {
	for p := 1; p <= 25; p++ {
		if p < 16 {
			t[p][0] = 1 << (4 * (p - 1))
		} else {
			t[p][1] = 1 << (4 * (p - 16))
		}
	}
	return t
}()

// move plays one single move on the generator's sides; unmove takes it
// back.
func (g *gen) move(from, to int, hit bool) {
	g.me[from]--
	switch g.me[from] {
	case 0:
		g.occ &^= 1 << from
	case 1:
		g.two &^= 1 << from
	}
	g.me[to]++
	if to < off {
		g.occ |= 1 << to
		if g.me[to] == 2 {
			g.two |= 1 << to
		}
	}
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
		g.blots &^= 1 << to
		g.k1 |= 1 << (38 + to)
	}
}

// unmove takes back the move from→to made from the state m (see move).
func (g *gen) unmove(from, to int, hit bool, m genMasks) {
	if hit {
		g.opp[oppPoint[to]]++
		g.opp[bar]--
	}
	g.me[to]--
	g.me[from]++
	g.genMasks = m
}

// legal is Options.legalMask on the generator's sides: the points from
// which a stone may move by d now.
func (g *gen) legal(d int) uint32 {
	return g.o.legalMask(&g.me, &g.opp, g.occ, g.two, g.closed, d)
}

// dest returns where a legal single move from from by d lands (25 when it
// bears off) and whether it hits. A stone entering from the bar (0) lands
// on d like any other.
func (g *gen) dest(from, d int) (int, bool) {
	to := from + d
	if to >= off {
		return off, false
	}
	return to, g.blots&(1<<to) != 0
}

// swaps returns, for the move s1 just made and the number d of the next
// move, the points from which a next move s2 is only the swap of a smaller
// order that the search has walked already: s2 starts below s1's point a,
// was legal before s1 (legalBefore), and s1 stays legal after it. It asks
// that neither enters nor bears off; then s2 then s1 reaches the position of
// s1 then s2 (each takes a stone off its point and puts one on its target;
// a blot on a target is hit by whichever lands there first), neither makes
// an entering hit, and s1 lands on ta after s2 as it did before: on as many
// own stones (when s2 lands on ta too, s1 lands second, as s2 did, under
// the same Band rule of V-B1, so that s2's legality answers for it), with
// no fewer stones having reached 12 (Fiske) and no more in the house (five
// blots; s1 leaves a, which is above s2's point and so not the house). Only
// the band limit of V-O1 counts what s2 does (a Band it makes, one it
// breaks), so under it s1 must not join a blot, and s2 may not land on ta.
func (g *gen) swaps(s1 pathStep, legalBefore uint32, d int) uint32 {
	a, ta := int(s1.from), int(s1.to)
	if a == bar || ta == off {
		return 0
	}
	m := legalBefore & (1<<a - 1) & (1<<(off-d) - 1) // below a, not bearing off
	if g.o.Opening == BandLimit {
		if s1.own == 1 {
			return 0
		}
		if ta > d {
			m &^= 1 << (ta - d)
		}
	}
	return m
}

// swappable reports whether the candidate move from→to by d, made after the
// move path[depth-1], is only a legal swap of the smaller order (see above).
func (g *gen) swappable(depth, from int, hit bool) bool {
	s1 := g.path[depth-1]
	if from >= int(s1.from) {
		return false
	}
	d := int(s1.die)
	// the sides before s1
	me, opp := g.me, g.opp
	me[s1.to]--
	me[s1.from]++
	if s1.hit {
		opp[oppPoint[s1.to]]++
		opp[bar]--
	}
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

// dfs lists every sequence of single moves of a doublet from the current
// node in the order of the payloads, but for the swapped orders (see above).
// Every move is of the one number, g.dice[0].
func (g *gen) dfs(depth int, pay uint64, hits int8) {
	any := false
	if depth < g.n && g.me[off] < 15 && !(depth == 0 && g.junker) {
		d := int(g.dice[0])
		legal := g.legal(d)
		g.legalAt[depth] = legal
		any = legal != 0
		var s1 pathStep
		var legalBefore uint32 // the from points legal at the node before
		if depth > 0 {
			s1 = g.path[depth-1]
			legalBefore = g.legalAt[depth-1]
		}
		last := depth+1 == g.n
		var skip uint32 // the swaps of smaller orders, found cheaply
		if depth > 0 {
			skip = g.swaps(s1, legalBefore, d)
		}
		for srcs := legal &^ skip; srcs != 0; srcs &= srcs - 1 {
			from := bits.TrailingZeros32(srcs)
			to, hit := g.dest(from, d)
			// a swap the masks missed, played out; a move that was not
			// legal before s1 cannot be played first
			if legalBefore&(1<<from) != 0 && g.swappable(depth, from, hit) {
				continue
			}
			var eh int8
			if hit && from == bar {
				eh = 1
			}
			np := pay | stepField(from, to, d)<<stepShift(depth)
			if last {
				// nothing is left to play: the leaf's key without making
				// the move (see mixed)
				k0, k1 := g.k0-nibbles[from][0]+nibbles[to][0], g.k1-nibbles[from][1]+nibbles[to][1]
				if hit {
					k1 |= 1 << (38 + to)
				}
				g.addKey(k0, k1, g.n, np, hits+eh)
			} else {
				g.path[depth] = pathStep{int8(from), int8(to), int8(d), eh, g.me[to], hit}
				m := g.genMasks
				g.move(from, to, hit)
				g.dfs(depth+1, np, hits+eh)
				g.unmove(from, to, hit, m)
			}
			if g.overflow {
				return
			}
		}
	}
	if !any {
		g.addLeaf(depth, pay, hits)
	}
}

// mixed is dfs for a mixed throw, written out for its two levels: the same
// moves in the same order, the same swaps skipped, the same leaves.
func (g *gen) mixed() {
	if g.junker {
		g.addLeaf(0, 0, 0)
		return
	}
	legal0 := [2]uint32{g.legal(int(g.dice[0])), g.legal(int(g.dice[1]))}
	for srcs := legal0[0] | legal0[1]; srcs != 0; srcs &= srcs - 1 {
		from := bits.TrailingZeros32(srcs)
		for j := 0; j < 2; j++ {
			if legal0[j]&(1<<from) == 0 {
				continue
			}
			d := int(g.dice[j])
			to, hit := g.dest(from, d)
			var eh int8
			if hit && from == bar {
				eh = 1
			}
			s1 := pathStep{int8(from), int8(to), int8(d), eh, g.me[to], hit}
			g.path[0] = s1
			pay := stepField(from, to, d) << stepShift(0)
			m := g.genMasks
			g.move(from, to, hit)
			if g.me[off] == 15 {
				g.addLeaf(1, pay, eh) // the last stone is off
				g.unmove(from, to, hit, m)
				continue
			}
			k := 1 - j
			d2 := int(g.dice[k])
			legal2 := g.legal(d2)
			// the swaps of smaller orders are skipped
			for srcs2 := legal2 &^ g.swaps(s1, legal0[k], d2); srcs2 != 0; srcs2 &= srcs2 - 1 {
				from2 := bits.TrailingZeros32(srcs2)
				to2, hit2 := g.dest(from2, d2)
				eh2 := eh
				if hit2 && from2 == bar {
					eh2++
				}
				// the leaf's key without making the move: the stone leaves
				// from2 (the bar has no nibble) for to2, maybe hitting there
				k0, k1 := g.k0-nibbles[from2][0]+nibbles[to2][0], g.k1-nibbles[from2][1]+nibbles[to2][1]
				if hit2 {
					k1 |= 1 << (38 + to2)
				}
				u := 2
				if to2 == off && g.me[off] == 14 {
					u = g.n // the last stone is off
				}
				g.addKey(k0, k1, u, pay|stepField(from2, to2, d2)<<stepShift(1), eh2)
				if g.overflow {
					return
				}
			}
			if legal2 == 0 {
				g.addLeaf(1, pay, eh)
			}
			g.unmove(from, to, hit, m)
			if g.overflow {
				return
			}
		}
	}
	if legal0 == [2]uint32{} {
		g.addLeaf(0, 0, 0)
	}
}

// addLeaf records the position reached as a leaf, once per class.
func (g *gen) addLeaf(depth int, pay uint64, hits int8) {
	u := depth
	if g.me[off] == 15 {
		u = g.n // the last stone is off: nothing is left to play
	}
	g.addKey(g.k0, g.k1, u, pay, hits)
}

// addKey records the position of key k0, k1 reached with u numbers used as
// a leaf, once per class.
func (g *gen) addKey(k0, k1 uint64, u int, pay uint64, hits int8) {
	cls := uint64(u)
	if u == 1 {
		cls |= uint64(g.path[0].die) << 3
	}
	mask := len(g.index) - 1
	h := (k0*0x9E3779B97F4A7C15 ^ k1 ^ cls<<58) * 0xC2B2AE3D27D4EB4F
	for i := int(h>>40) & mask; ; i = (i + 1) & mask {
		x := g.index[i]
		if x == 0 {
			if g.nl == len(g.leaves) {
				g.overflow = true
				return
			}
			g.leaves[g.nl] = leaf{k0: k0, k1: k1, pay: pay | uint64(hits)<<leafShift | cls<<(leafShift+3)}
			g.nl++
			g.index[i] = uint16(g.nl)
			return
		}
		l := &g.leaves[x-1]
		if l.k0 == k0 && l.k1 == k1 && l.class() == cls {
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
	g := gen{o: o, me: *me, opp: *opp}
	g.prepare(hi, lo)
	// the tables by the number of points a first move can start from: Go
	// clears them on every call, so the common small throws take small ones,
	// and the large throws, which would fill them, start with large ones
	// rather than search twice
	srcs := bits.OnesCount32(g.legal(lo) | g.legal(hi))
	switch {
	case !g.doublet && srcs < 8:
		return o.playsSmall(dst, actor, &g, hi)
	case !g.doublet || srcs <= 5 && g.me[bar] == 0:
		return o.playsMedium(dst, actor, &g, hi)
	}
	return o.playsLarge(dst, actor, &g, hi)
}

// playsSmall lists the plays for appendPlays from the prepared generator
// proto with the smallest tables, and with larger ones if they fill.
func (o *Options) playsSmall(dst []brettspiel.Move, actor brettspiel.Player, proto *gen, hi int) []brettspiel.Move {
	var leaves [smallLeaves]leaf
	var index [2 * smallLeaves]uint16
	g := *proto
	g.leaves, g.index = leaves[:], index[:]
	if out, ok := g.run(dst, actor, hi); ok {
		return out
	}
	return o.playsMedium(dst, actor, proto, hi)
}

// playsMedium is playsSmall with the tables most doublets need.
func (o *Options) playsMedium(dst []brettspiel.Move, actor brettspiel.Player, proto *gen, hi int) []brettspiel.Move {
	var leaves [mediumLeaves]leaf
	var index [2 * mediumLeaves]uint16
	g := *proto
	g.leaves, g.index = leaves[:], index[:]
	if out, ok := g.run(dst, actor, hi); ok {
		return out
	}
	return o.playsLarge(dst, actor, proto, hi)
}

// playsLarge is playsSmall with larger tables, on the stack of its own
// frame so that the common small case clears only small ones.
func (o *Options) playsLarge(dst []brettspiel.Move, actor brettspiel.Player, proto *gen, hi int) []brettspiel.Move {
	var leaves [leafCap]leaf
	var index [indexCap]uint16
	g := *proto
	g.leaves, g.index = leaves[:], index[:]
	if out, ok := g.run(dst, actor, hi); ok {
		return out
	}
	return o.playsHuge(dst, actor, proto, hi)
}

// playsHuge is playsSmall with the tables of the rare throws with hundreds
// of plays (doublets under Fiske's reading of V-B1, where Bände are free
// once a stone has reached 12), still on the stack, and beyond them, for
// safety, on the heap, so that the result is always exact.
func (o *Options) playsHuge(dst []brettspiel.Move, actor brettspiel.Player, proto *gen, hi int) []brettspiel.Move {
	var leaves [hugeLeaves]leaf
	var index [2 * hugeLeaves]uint16
	g := *proto
	g.leaves, g.index = leaves[:], index[:]
	if out, ok := g.run(dst, actor, hi); ok {
		return out
	}
	for size := 2; ; size *= 4 {
		g = *proto
		g.leaves, g.index = make([]leaf, hugeLeaves*size), make([]uint16, 2*hugeLeaves*size)
		if out, ok := g.run(dst, actor, hi); ok {
			return out
		}
	}
}

// prepare sets the generator up for the throw hi-lo on its sides.
func (g *gen) prepare(hi, lo int) {
	g.doublet = hi == lo
	g.dice = [2]int8{int8(lo), int8(hi)}
	g.n = 2
	if g.doublet {
		g.n = 4
	}
	g.occ, g.two = sideMasks(&g.me)
	oppOcc, oppTwo := sideMasks(&g.opp)
	g.closed, g.blots = inOwnTrack(oppTwo), inOwnTrack(oppOcc&^oppTwo)
	g.junker = g.o.junkerMasks(&g.me, g.occ, g.two, g.closed, g.opp[oppPoint[house]] > 0)
	g.k0, g.k1 = keyBias, keyBias>>24
}

// run lists the plays of the prepared generator into tables that must be
// empty; ok is false, with dst unchanged, when the tables fill.
func (g *gen) run(dst []brettspiel.Move, actor brettspiel.Player, hi int) ([]brettspiel.Move, bool) {
	if g.doublet {
		g.dfs(0, 0, 0)
	} else {
		g.mixed()
	}
	if g.overflow {
		return dst, false
	}
	all := g.leaves[:g.nl]
	// V-D2: as many numbers as possible, and among the plays that use them
	// V-E3: the most hits while entering
	maxUsed, maxHits := 0, 0
	for i := range all {
		switch u := all[i].used(); {
		case u > maxUsed:
			maxUsed, maxHits = u, all[i].hits()
		case u == maxUsed:
			maxHits = max(maxHits, all[i].hits())
		}
	}
	if maxUsed == 1 && !g.doublet {
		return g.filterOne(dst, actor, hi), true
	}
	// a position is one leaf of each number of moves: no two leaves kept
	// here are one position
	for i := range all {
		if l := &all[i]; l.used() == maxUsed && l.hits() == maxHits {
			dst = append(dst, kit.NewMove(actor, l.payload()))
		}
	}
	return dst, true
}

// filterOne is the end of run for a mixed throw of which only one number can
// be played: the higher one when the option asks for it (V-D2), one play a
// position, the most hits while entering (V-E3).
func (g *gen) filterOne(dst []brettspiel.Move, actor brettspiel.Player, hi int) []brettspiel.Move {
	all := g.leaves[:g.nl]
	const maxUsed = 1
	wantDie := 0
	if g.o.HigherDie {
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
		keep = append(keep, l)
	}
	maxHits := 0
	for i := range keep {
		maxHits = max(maxHits, keep[i].hits())
	}
	for i := range keep {
		if keep[i].hits() == maxHits {
			dst = append(dst, kit.NewMove(actor, keep[i].payload()))
		}
	}
	return dst
}

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

// checkPlay judges the play pay (a payload of single moves, or 0 for the
// pass) of the throw hi-lo for the side me against opp, without listing the
// plays. It returns "" when pay is one of the moves AppendLegalMoves lists,
// and otherwise why not, with the index of the failing single move (−1 when
// the play as a whole fails):
//
//   - the payload must be well formed, and each single move, in the order
//     given, must be legal by the single-step rules (Options.step) with a
//     number of the throw not yet used, landing where the payload says;
//   - a Junker (V-J1) plays nothing, and the pass is for a throw of which no
//     number can be played (V-D2);
//   - the play must use as many numbers as any play can (V-D2; bearing the
//     last stone off counts as using every number), and with the higher-die
//     option the higher number when only one can be played;
//   - V-E3: when a stone waits and a number of the throw leads onto an
//     opponent blot, plays can differ in entering hits: a play that makes as
//     many as the best plays passes; one that makes fewer (its position may
//     still count with more, reached in another order) or one under the
//     higher-die rule is judged by listing the plays;
//   - pay must be the representative of its position, the play with the
//     smallest payload among the plays that reach it: a search in payload
//     order looks for a smaller one, following only moves that can still
//     reach the position (stones only move on, so no point may gain more
//     stones from behind than the position has, and no blot may be hit that
//     the position still shows).
//
// The sides are not changed. Whole-turn input (Apply) and single-step input
// for frontends rest on it.
func (o *Options) checkPlay(me, opp *board.Side, hi, lo int, pay uint64) (int, *brettspiel.Error) {
	// w plays the payload's single moves on copies of the sides, start
	// searches from the position before them
	w0, w1, s0, s1 := *me, *opp, *me, *opp
	w := newWalker(o, &w0, &w1, hi, lo)
	start := w
	start.me, start.opp = &s0, &s1
	if pay>>(stepBits*maxSteps) != 0 {
		return -1, kit.Refuse(brettspiel.RefuseNotListed, "no play of this game")
	}
	if pay == 0 {
		if w.junker() || !w.canPlayAny() {
			return -1, nil
		}
		return -1, kit.Refuse(brettspiel.RefuseMustPlay, "a number of the throw can be played, so passing is not allowed", "V-D2")
	}
	if w.junker() {
		return -1, kit.Refuse(RefuseJunker, "the player is Junker: more stones off the board than open entry points", "V-J1")
	}
	var steps [maxSteps]pathStep
	k, first, pathHits := 0, 0, 0
	for i := 0; i < maxSteps; i++ {
		from, to, die, ok := stepAt(pay, i)
		if !ok {
			if pay&(1<<stepShift(i)-1) != 0 {
				return -1, kit.Refuse(brettspiel.RefuseNotListed, "no play of this game")
			}
			break
		}
		j := -1
		for jj := 0; jj < 2; jj++ {
			if w.left[jj] > 0 && int(w.dice[jj]) == die {
				j = jj
			}
		}
		if j < 0 || from > 24 || to < 1 || to > off {
			return i, o.noNumber(from, to, w.leftNumbers())
		}
		t, hit, why := o.step(w.me, w.opp, from, die)
		if why != okStep {
			e := why.refuse(o, from, to, from, to)
			e.Refusal.Dice = numbersLeft(w.leftNumbers())
			return i, e
		}
		if t != to {
			return i, o.noNumber(from, to, w.leftNumbers())
		}
		if i == 0 {
			first = die
		}
		if hit && from == bar {
			pathHits++
		}
		w.play(from, to, j, hit)
		steps[i] = pathStep{from: int8(from), to: int8(to), die: int8(die)}
		k++
	}
	used := k
	if w.me[off] == 15 {
		used = w.n
	}
	if used < w.n && w.canPlayAny() {
		return -1, kit.Refuse(brettspiel.RefuseMoreNumbers, "a further number of the throw can be played", "V-D2")
	}
	if used < w.n && start.reach(used+1) {
		return -1, kit.Refuse(brettspiel.RefuseMoreNumbers, "the play uses "+strconv.Itoa(k)+" numbers, but more can be played", "V-D2")
	}
	higherOnly := false
	if o.HigherDie && w.n == 2 && used == 1 {
		for from := 0; from <= 24 && !higherOnly; from++ {
			if me[from] > 0 && (me[bar] == 0 || from == bar) {
				_, _, why := o.step(me, opp, from, hi)
				higherOnly = why == okStep
			}
		}
		if higherOnly && first != hi {
			return -1, higherDie(hi)
		}
	}
	if start.enteringHitPossible() && !(higherOnly || pathHits >= start.mostEnteringHits(used)) {
		// the path makes fewer entering hits than the best plays: its
		// position may still be reached with more, so judge by the list
		var buf [maxLegal]brettspiel.Move
		legal := o.appendPlays(buf[:0], 0, me, opp, hi, lo)
		if _, found := slices.BinarySearch(legal, kit.NewMove(0, pay)); found {
			return -1, nil
		}
		for _, m := range legal {
			a, b := *me, *opp
			playOn(&a, &b, m.Payload())
			if a == *w.me && b == *w.opp {
				return -1, kit.Refuse(brettspiel.RefuseNotListed, "the same play is written "+pointsText(me, opp, m.Payload()))
			}
		}
		return -1, kit.Refuse(RefuseMustHit, "another play hits more stones while entering, and hitting while entering is compulsory", "V-E3")
	}
	if higherOnly {
		return -1, nil // a single move of the higher number: no other play reaches its position
	}
	f := finder{walker: start, target: [2]board.Side{*w.me, *w.opp}, k: k, allOff: w.me[off] == 15, ours: steps}
	c, c0 := int8(0), int8(0)
	for p := off; p >= 1; p-- {
		c += w.me[p]
		c0 += start.me[p]
		f.def[p] = c - c0
		f.full |= fullBit(c-c0, p)
	}
	if f.search(0, true, 0) {
		return -1, kit.Refuse(brettspiel.RefuseNotListed, "the same play is written "+pointsText(me, opp, f.found))
	}
	return -1, nil
}

// pointsText writes a play in the notation, for messages.
func pointsText(me, opp *board.Side, pay uint64) string {
	g := Game{}
	g.b.Sides[0], g.b.Sides[1] = *me, *opp
	return g.MoveString(kit.NewMove(0, pay))
}

// finder looks for a play with a smaller payload than ours that reaches the
// same position (checkPlay).
type finder struct {
	walker
	target [2]board.Side
	// def[p] is how many more own stones the target has on p and above
	// than the position reached; full has bit p where that is 0 or less:
	// no stone may pass onto or over p (stones only move on)
	def    [26]int8
	full   uint32
	k      int  // our number of single moves
	allOff bool // our play bears the last stone off
	ours   [maxSteps]pathStep
	found  uint64
}

// pass adds by to the deficits of the points a stone passes onto or over
// moving from→to (by −1 when it moves, +1 when the move is taken back), and
// keeps the mask of the full points.
func (f *finder) pass(from, to int, by int8) {
	for p := from + 1; p <= to; p++ {
		f.def[p] += by
		f.full = f.full&^(1<<p) | fullBit(f.def[p], p)
	}
}

// fullBit is bit p when the deficit def is 0 or less, else 0, without a
// branch (the deficits are small: def−1 keeps its sign in a byte).
func fullBit(def int8, p int) uint32 {
	return uint32(uint8(def-1)>>7) << p
}

// search walks the plays in payload order while tight (the prefix equals
// ours), and every order once below it; it reports whether it found a
// smaller play reaching the target.
func (f *finder) search(depth int, tight bool, pay uint64) bool {
	if f.allOff {
		if f.me[off] == 15 {
			f.found = pay
			return !tight && *f.opp == f.target[1]
		}
		if depth == f.n {
			return false
		}
	} else if depth == f.k {
		f.found = pay
		return !tight && *f.me == f.target[0] && *f.opp == f.target[1]
	}
	var mine uint64
	if tight && depth < f.k {
		s := f.ours[depth]
		mine = stepField(int(s.from), int(s.to), int(s.die))
	}
	full := f.full
	srcs := f.sources() &^ (full >> 1)
	for ; srcs != 0; srcs &= srcs - 1 {
		from := bits.TrailingZeros32(srcs)
		for j := 0; j < 2; j++ {
			if f.left[j] == 0 || j == 1 && f.dice[1] == f.dice[0] {
				continue
			}
			d := int(f.dice[j])
			to := min(from+d, off)
			if from == bar {
				to = d
			}
			if tight && stepField(from, to, d) > mine {
				return false // every later move is larger still
			}
			if full&(1<<(to+1)-1)&^(1<<(from+1)-1) != 0 {
				continue // it would pass onto or over a full point
			}
			to, hit, why := f.o.step(f.me, f.opp, from, d)
			if why != okStep {
				continue
			}
			field := stepField(from, to, d)
			if hit && f.target[1][oppPoint[to]] != 0 {
				continue // the target still shows this blot
			}
			f.play(from, to, j, hit)
			f.pass(from, to, -1)
			ok := f.search(depth+1, tight && field == mine, pay|field<<stepShift(depth))
			f.pass(from, to, 1)
			f.unplay(from, to, j, hit)
			if ok {
				return true
			}
		}
	}
	return false
}

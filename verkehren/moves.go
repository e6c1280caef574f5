package verkehren

import (
	"math/bits"

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

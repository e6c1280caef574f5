package verkehren

// The generator of the plays as it stood before the faster one in moves.go:
// a depth-first search over every order of single moves with a table of the
// positions reached. It is kept here, unchanged in its logic, as the
// reference the faster generator is compared with (moves_test.go).

import (
	"math/bits"
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// Sizes of the generator's tables. They live on the stack; a throw that needs
// more (none seen in millions of random positions) is generated again with
// heap tables, so the result is always exact.
const (
	refNodeSlots = 2048
	refLeafCap   = 1024
)

type refNode struct {
	key     uint64 // the position reached (posKey)
	aux     uint8  // depth | dice-used mask<<3, +1 (0: empty slot)
	hits    int8   // the most entering hits with which it was reached
	refLeaf int16  // index in leaves, or -1
}

type refLeaf struct {
	key  uint64
	pay  uint64
	hits int8 // entering hits (V-E3)
	used int8 // numbers played (V-D2)
	die  int8 // the number played when used == 1
}

type refGen struct {
	o        *Options
	me, opp  board.Side
	dice     [2]int8 // mixed: ascending; doublet: both equal
	n        int     // numbers in the throw: 2, or 4 for a doublet
	doublet  bool
	path     [maxSteps]struct{ from, to, die int8 }
	hitmask  uint32
	diff     [26]int8 // own stones per track position against the start
	touched  uint32   // the positions where diff is not 0
	nodes    []refNode
	nn       int
	leaves   []refLeaf // the first nl are in use
	nl       int
	overflow bool
}

// posKey packs the position reached: the own stones taken away and added
// (net, in ascending order, at most four each, 5 bits a point, 31 for none)
// and the opponent points hit (bits 40…62).
func (g *refGen) posKey() uint64 {
	rem, add := uint64(0), uint64(0)
	nr, na := 0, 0
	for t := g.touched; t != 0; t &= t - 1 {
		p := uint64(bits.TrailingZeros32(t))
		for c := g.diff[p]; c < 0; c++ {
			rem |= p << (5 * nr)
			nr++
		}
		for c := g.diff[p]; c > 0; c-- {
			add |= p << (5 * na)
			na++
		}
	}
	for ; nr < maxSteps; nr++ {
		rem |= 31 << (5 * nr)
	}
	for ; na < maxSteps; na++ {
		add |= 31 << (5 * na)
	}
	return rem | add<<20 | uint64(g.hitmask)<<40
}

// shift records one stone more (c = 1) or less (c = −1) on point p against
// the position the generation started from.
func (g *refGen) shift(p int, c int8) {
	g.diff[p] += c
	if g.diff[p] != 0 {
		g.touched |= 1 << p
	} else {
		g.touched &^= 1 << p
	}
}

func refHashKey(key uint64, aux uint8, slots int) int {
	h := (key ^ uint64(aux)<<57) * 0x9E3779B97F4A7C15
	return int(h>>32) & (slots - 1)
}

// visit looks the refNode up and inserts it when new: it returns the slot and
// whether it was there before.
func (g *refGen) visit(key uint64, aux uint8) (int, bool) {
	aux++
	slots := len(g.nodes)
	i := refHashKey(key, aux, slots)
	for {
		n := &g.nodes[i]
		if n.aux == 0 {
			if g.nn >= slots*3/4 {
				g.overflow = true
				return i, true
			}
			*n = refNode{key: key, aux: aux, hits: -1, refLeaf: -1}
			g.nn++
			return i, false
		}
		if n.key == key && n.aux == aux {
			return i, true
		}
		i = (i + 1) & (slots - 1)
	}
}

// dfs lists every sequence of single moves from the current refNode in the
// order of the payloads; a refNode reached again by a later (so larger) prefix is
// not explored again unless it now comes with more entering hits.
func (g *refGen) dfs(depth int, used uint8, pay uint64, hits int8) {
	if g.overflow {
		return
	}
	key := g.posKey()
	slot, seen := g.visit(key, uint8(depth)|used<<3)
	if g.overflow {
		return
	}
	nd := &g.nodes[slot]
	if seen && nd.hits >= hits {
		return
	}
	nd.hits = hits
	any := false
	if depth < g.n && g.me[off] < 15 && !(depth == 0 && g.o.junker(&g.me, &g.opp)) {
		for from := 0; from <= 24; from++ {
			if g.me[from] == 0 || g.me[bar] > 0 && from != bar {
				continue
			}
			for j := 0; j < 2; j++ {
				if used&(1<<j) != 0 || g.doublet && j == 1 {
					continue
				}
				d := int(g.dice[j])
				to, hit, why := g.o.step(&g.me, &g.opp, from, d)
				if why != okStep {
					continue
				}
				any = true
				nu := used
				if !g.doublet {
					nu |= 1 << j
				}
				g.me[from]--
				g.me[to]++
				g.shift(from, -1)
				g.shift(to, 1)
				var eh int8
				oldMask := g.hitmask
				if hit {
					op := oppPoint[to]
					g.opp[op]--
					g.opp[bar]++
					g.hitmask |= 1 << (to - 2)
					if from == bar {
						eh = 1
					}
				}
				g.path[depth] = struct{ from, to, die int8 }{int8(from), int8(to), int8(d)}
				g.dfs(depth+1, nu, pay|stepField(from, to, d)<<stepShift(depth), hits+eh)
				g.hitmask = oldMask
				if hit {
					op := oppPoint[to]
					g.opp[op]++
					g.opp[bar]--
				}
				g.me[to]--
				g.me[from]++
				g.shift(to, -1)
				g.shift(from, 1)
				if g.overflow {
					return
				}
			}
		}
	}
	if any {
		return
	}
	// a refLeaf: no further number can be played
	nd = &g.nodes[slot]
	if nd.refLeaf >= 0 {
		l := &g.leaves[nd.refLeaf]
		if hits > l.hits {
			l.hits = hits
		}
		return
	}
	if g.nl == len(g.leaves) {
		g.overflow = true
		return
	}
	u := int8(depth)
	if g.me[off] == 15 {
		u = int8(g.n) // the last stone is off: nothing is left to play
	}
	var die int8
	if depth == 1 {
		die = g.path[0].die
	}
	nd.refLeaf = int16(g.nl)
	g.leaves[g.nl] = refLeaf{key: key, pay: pay, hits: hits, used: u, die: die}
	g.nl++
}

// refAppendPlays appends the payloads of the legal plays of the throw hi-lo for
// the side me against opp, sorted ascending, one per resulting position.
func (o *Options) refAppendPlays(dst []brettspiel.Move, actor brettspiel.Player, me, opp *board.Side, hi, lo int) []brettspiel.Move {
	var nodes [refNodeSlots]refNode
	var leaves [refLeafCap]refLeaf
	g := refGen{o: o, me: *me, opp: *opp}
	g.nodes, g.leaves = nodes[:], leaves[:]
	out, ok := g.run(dst, actor, hi, lo)
	if ok {
		return out
	}
	// too many positions for the stack tables: again with larger ones
	for size := 4; ; size *= 4 {
		g = refGen{o: o, me: *me, opp: *opp}
		g.nodes, g.leaves = make([]refNode, refNodeSlots*size), make([]refLeaf, refLeafCap*size)
		if out, ok = g.run(dst, actor, hi, lo); ok {
			return out
		}
	}
}

func (g *refGen) run(dst []brettspiel.Move, actor brettspiel.Player, hi, lo int) ([]brettspiel.Move, bool) {
	g.doublet = hi == lo
	g.dice = [2]int8{int8(lo), int8(hi)}
	g.n = 2
	if g.doublet {
		g.n = 4
	}
	g.dfs(0, 0, 0, 0)
	if g.overflow {
		return dst, false
	}
	// V-D2: as many numbers as possible; the higher one when only one can be
	// played and the option asks for it.
	maxUsed := int8(0)
	all := g.leaves[:g.nl]
	for _, l := range all {
		maxUsed = max(maxUsed, l.used)
	}
	wantDie := int8(0)
	if g.o.HigherDie && !g.doublet && maxUsed == 1 {
		for _, l := range all {
			if l.used == 1 && l.die == int8(hi) {
				wantDie = int8(hi)
			}
		}
	}
	// one entry per resulting position: the smallest payload, the most
	// entering hits (V-E3 fine point); reuse the refNode table as the index.
	clear(g.nodes)
	keep := all[:0]
	for _, l := range all {
		if l.used != maxUsed || wantDie != 0 && l.die != wantDie {
			continue
		}
		slots := len(g.nodes)
		i := refHashKey(l.key, 1, slots)
		for {
			n := &g.nodes[i]
			if n.aux == 0 {
				*n = refNode{key: l.key, aux: 1, refLeaf: int16(len(keep))}
				keep = append(keep, l)
				break
			}
			if n.key == l.key {
				k := &keep[n.refLeaf]
				k.hits = max(k.hits, l.hits)
				k.pay = min(k.pay, l.pay)
				break
			}
			i = (i + 1) & (slots - 1)
		}
	}
	// V-E3: the most hits while entering
	maxHits := int8(0)
	for _, l := range keep {
		maxHits = max(maxHits, l.hits)
	}
	start := len(dst)
	for _, l := range keep {
		if l.hits == maxHits {
			dst = append(dst, kit.NewMove(actor, l.pay))
		}
	}
	slices.Sort(dst[start:])
	return dst, true
}

package bearoff

// generator lists the results of throws by the positions' indices, for
// building the tables: the single moves of each number from each position
// are found once, and the positions a throw leaves are told apart by a
// stamp a position, so that no position is compared with another.
type generator struct {
	rules Rules
	all   []Position
	// single moves: the positions one move of die d leaves from x are
	// next[start[x*6+d−1]:start[x*6+d]]
	start []int32
	next  []int32
	stamp []uint32
	now   uint32
	level []int32 // a doublet's positions after k moves
	after []int32
}

//go:norace
func newGenerator(r Rules, all []Position) *generator {
	g := &generator{rules: r, all: all, start: make([]int32, 0, len(all)*6+1), stamp: make([]uint32, len(all))}
	for _, x := range all {
		for d := 1; d <= 6; d++ {
			g.start = append(g.start, int32(len(g.next)))
			first := len(g.next)
			for i := range 6 {
				y := x
				if !step(&y, i, d) {
					continue
				}
				yi := int32(y.index())
				dup := false
				for _, z := range g.next[first:] {
					dup = dup || z == yi
				}
				if !dup {
					g.next = append(g.next, yi)
				}
			}
		}
	}
	g.start = append(g.start, int32(len(g.next)))
	return g
}

// moves returns the positions one move of d leaves from x.
//
//go:norace
func (g *generator) moves(x int32, d int) []int32 {
	k := int(x)*6 + d - 1
	return g.next[g.start[k]:g.start[k+1]]
}

// mark says whether y is new among the results being gathered, and
// marks it.
//
//go:norace
func (g *generator) mark(y int32) bool {
	if g.stamp[y] == g.now {
		return false
	}
	g.stamp[y] = g.now
	return true
}

// results appends to dst the positions throw t leaves from x, as
// Rules.results finds them: the plays that use the most numbers, one
// bearing the last stone off counting as using all.
//
//go:norace
func (g *generator) results(x int32, t throw, dst []int32) []int32 {
	g.now++
	if g.now == 0 { // wrapped: start the stamps afresh
		clear(g.stamp)
		g.now = 1
	}
	if !t.doublet() {
		start := len(dst)
		most := 0
		for _, d := range [2][2]int{{t.hi, t.lo}, {t.lo, t.hi}} {
			for _, y := range g.moves(x, d[0]) {
				if y == 0 {
					if most < 2 {
						most, dst = 2, dst[:start]
						g.now++
					}
					if g.mark(0) {
						dst = append(dst, 0)
					}
					continue
				}
				second := g.moves(y, d[1])
				if len(second) == 0 {
					if most <= 1 {
						most = 1
						if g.mark(y) {
							dst = append(dst, y)
						}
					}
					continue
				}
				if most < 2 {
					most, dst = 2, dst[:start]
					g.now++
				}
				for _, z := range second {
					if g.mark(z) {
						dst = append(dst, z)
					}
				}
			}
		}
		if len(dst) == start {
			dst = append(dst, x) // nothing can be played
		}
		return dst
	}
	g.level = append(g.level[:0], x)
	off := false
	for range g.rules.DoubletMoves {
		g.after = g.after[:0]
		g.now++
		for _, q := range g.level {
			for _, y := range g.moves(q, t.hi) {
				if y == 0 {
					off = true
				} else if g.mark(y) {
					g.after = append(g.after, y)
				}
			}
		}
		if len(g.after) == 0 {
			g.level = g.level[:0] // every way on bears the last stone off
			break
		}
		g.level, g.after = g.after, g.level
	}
	if off {
		dst = append(dst, 0)
	}
	return append(dst, g.level...)
}

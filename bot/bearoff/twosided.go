package bearoff

// twoSided is a two-sided table: for every pair of positions of 1 to
// ExactStones stones, the exact probabilities of the race for the side on
// roll, both sides playing every throw to win the race most often and,
// among the plays that do so equally, to end it with a doublet most often
// less the other side's doublet ends.
type twoSided struct {
	n    int       // positions of at most ExactStones stones
	win  []float64 // P(the side on roll bears off first), at x*n+y
	winD []float64 // … and his last throw is a doublet
	losD []float64 // the other bears off first, with a doublet
}

// moveTable lists, for each position of at most ExactStones stones and each
// throw, the distinct positions the throw can leave, by index.
type moveTable struct {
	start []int32 // results of position x and throw t: res[start[x*21+t]:start[x*21+t+1]]
	res   []uint16
}

//go:norace
func buildMoves(r Rules, all []Position) *moveTable {
	m := &moveTable{start: make([]int32, 0, len(all)*len(throws)+1)}
	gen := newGenerator(r, all)
	var res []int32
	for x := range all {
		for _, th := range throws {
			m.start = append(m.start, int32(len(m.res)))
			res = gen.results(int32(x), th, res[:0])
			for _, y := range res {
				m.res = append(m.res, uint16(y))
			}
		}
	}
	m.start = append(m.start, int32(len(m.res)))
	return m
}

//go:norace
func buildTwoSided(r Rules) *twoSided {
	all := allPositions(ExactStones)
	n := len(all)
	mv := buildMoves(r, all)
	t := &twoSided{n: n, win: make([]float64, n*n), winD: make([]float64, n*n), losD: make([]float64, n*n)}
	maxPips := 6 * ExactStones
	byPips := make([][]int, maxPips+1)
	for i, p := range all {
		byPips[p.Pips()] = append(byPips[p.Pips()], i)
	}
	for sum := 2; sum <= 2*maxPips; sum++ {
		for px := 1; px <= maxPips && px < sum; px++ {
			py := sum - px
			if py > maxPips {
				continue
			}
			for _, x := range byPips[px] {
				for _, y := range byPips[py] {
					t.solve(mv, r, x, y)
				}
			}
		}
	}
	return t
}

// solve fills the entries of x on roll against y from those of fewer pips.
//
//go:norace
func (t *twoSided) solve(mv *moveTable, r Rules, x, y int) {
	var win, winD, losD float64
	for k, th := range throws {
		w := th.weight / 36
		again := th.doublet() && r.AgainAfterDoublet
		bw, bwd, bld := -1.0, 0.0, 0.0
		for _, z := range mv.res[mv.start[x*len(throws)+k]:mv.start[x*len(throws)+k+1]] {
			var v, vd, vl float64
			switch zi := int(z); {
			case zi == 0:
				v = 1
				if th.doublet() {
					vd = 1
				}
			case again:
				e := zi*t.n + y
				v, vd, vl = t.win[e], t.winD[e], t.losD[e]
			default:
				e := y*t.n + zi
				v, vd, vl = 1-t.win[e], t.losD[e], t.winD[e]
			}
			if better(v, vd-vl, bw, bwd-bld) {
				bw, bwd, bld = v, vd, vl
			}
		}
		win += w * bw
		winD += w * bwd
		losD += w * bld
	}
	e := x*t.n + y
	t.win[e], t.winD[e], t.losD[e] = win, winD, losD
}

// tie is how close two chances of winning count as equal.
const tie = 1e-12

// better says whether a play that wins the race with probability v, and
// whose doublet ends are worth d to the mover (his Satz less the other's),
// is better than one of w and e: the race first, the doublets among
// plays that win it equally often.
func better(v, d, w, e float64) bool {
	if v > w+tie {
		return true
	}
	return v >= w-tie && d > e+tie
}

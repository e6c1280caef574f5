package bearoff

import "math"

// maxTurns bounds the turns any position of at most MaxStones stones can
// take: 15 stones 6 pips from the end, 90 pips, with 1-1 played as two
// moves take 45 turns.
const maxTurns = 48

// oneSided is a one-sided table: for every position of at most MaxStones
// stones, the distribution of the number of turns its side needs to bear
// off all its stones, playing every throw to make that number least on
// average (gnubg's one-sided database); and the part of it in which the
// last throw is a doublet.
type oneSided struct {
	mean []float64 // expected turns, by index
	// dist[off[x] : off[x]+n[x]] are P(done in exactly turn k) for k from
	// first[x]; lastD the same restricted to a doublet as the last throw.
	off   []int32
	first []uint8
	n     []uint8
	dist  []float32
	lastD []float32
}

// cut is the probability below which the ends of a distribution are left
// out.
const cut = 1e-12

//go:norace
func buildOneSided(r Rules) *oneSided {
	all := allPositions(MaxStones)
	// the positions by their pips, fewest first: a throw leaves fewer
	byPips := make([][]int32, 6*MaxStones+1)
	for i, p := range all {
		byPips[p.Pips()] = append(byPips[p.Pips()], int32(i))
	}
	order := make([]int32, 0, len(all))
	for _, b := range byPips {
		order = append(order, b...)
	}
	t := &oneSided{
		mean:  make([]float64, len(all)),
		off:   make([]int32, len(all)),
		first: make([]uint8, len(all)),
		n:     make([]uint8, len(all)),
	}
	gen := newGenerator(r, all)
	var res []int32
	var d, ld [maxTurns + 2]float64
	for _, xi := range order {
		x := all[xi]
		if x == (Position{}) {
			continue // done: no turn needed
		}
		d, ld = [maxTurns + 2]float64{}, [maxTurns + 2]float64{}
		mean := 0.0
		for _, th := range throws {
			w := th.weight / 36
			res = gen.results(xi, th, res[:0])
			best, bestMean := int32(-1), math.Inf(1)
			for _, y := range res {
				if m := t.mean[y]; m < bestMean {
					best, bestMean = y, m
				}
			}
			again := th.doublet() && r.AgainAfterDoublet
			if best == 0 { // all borne off
				mean += w
				d[1] += w
				if th.doublet() {
					ld[1] += w
				}
				continue
			}
			shift := 1
			if again {
				shift = 0
				mean += w * bestMean
			} else {
				mean += w * (1 + bestMean)
			}
			yi := best
			o, f := int(t.off[yi]), int(t.first[yi])
			for k := range int(t.n[yi]) {
				d[f+k+shift] += w * float64(t.dist[o+k])
				ld[f+k+shift] += w * float64(t.lastD[o+k])
			}
		}
		t.mean[xi] = mean
		lo, hi := 1, maxTurns
		for lo < hi && d[lo] < cut {
			lo++
		}
		for hi > lo && d[hi] < cut {
			hi--
		}
		t.off[xi] = int32(len(t.dist))
		t.first[xi] = uint8(lo)
		t.n[xi] = uint8(hi - lo + 1)
		for k := lo; k <= hi; k++ {
			t.dist = append(t.dist, float32(d[k]))
			t.lastD = append(t.lastD, float32(ld[k]))
		}
	}
	return t
}

// turns returns P(x is done in exactly k turns) for k = 0…; and the same
// with a doublet as the last throw.
//
//go:norace
func (t *oneSided) turns(x int) (dist, lastD []float64) {
	dist = make([]float64, int(t.first[x])+int(t.n[x]))
	lastD = make([]float64, len(dist))
	if x == 0 {
		return []float64{1}, []float64{0}
	}
	o, f := int(t.off[x]), int(t.first[x])
	for k := range int(t.n[x]) {
		dist[f+k] = float64(t.dist[o+k])
		lastD[f+k] = float64(t.lastD[o+k])
	}
	return dist, lastD
}

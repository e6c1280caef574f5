package main

import (
	"fmt"
	"math"

	"github.com/brettspiel/brettspiel/internal/outerworks"
)

// The exact model. The one decision of the Festungsspiel (F-A2: which open
// fortress's field numbered L, 1…5, gives the marker) changes only which
// outer-works field numbered L is emptied. Steps B and C, the payments, the
// Pasches and so the game's length and its winner follow from the dice
// alone; the outer works numbered L are touched only by a large die L. So a
// player's return is a sum of a part no decision moves and five parts, one
// for each number 1…5, that depend only on the throws and on the decisions
// about that number. The five parts are alike: each number has six fields
// (fortress 1: two, 2: one, 3: two, 4: one), all full at the start (with five
// players the empty field is a VI), and of the 216 throws 35 show L without a
// Pasch, one is the Pasch L-L-L, four are other Pasches of one step and one
// is 6-6-6, which counts twice.
//
// For one number the state is the Pasch counts (0…4 each), the thrower and
// the occupancy: how many of fortress 1's two fields hold a marker (0…2), of
// fortress 2's one, fortress 3's two and fortress 4's one. A marker taken
// from fortress 2, 3 or 4 never comes back; fortress 1's fields are filled
// when a thrower finds no open field with a marker. At the fifth Pasch the
// winner takes what is left. The chain is solved exactly, Pasch vector by
// Pasch vector from the highest, and within one vector occupancy block by
// block (fortresses 2…4 only empty): the unknowns of a block are the thrower
// and fortress 1's count, 3n of them, solved as a linear system; the player
// whose value is computed optimises his decisions there by policy iteration.

// Rule is a decision rule for the exact model: given the Pasch counts, the
// decider, the occupancy of the number thrown and the fortresses on offer
// (bit f, two or more), it returns a fortress to take from. Where a Rule is
// nil the decider chooses uniformly at random.
type Rule func(pasch []int, me int, o outerworks.Occ, mask uint8) int

// solver holds the chain for n players.
type solver struct {
	n     int
	pow5  []int
	codes int
	// val[(code*12+block)*3n + t*3 + c1]: the value for seat me.
	val []float64
}

func newSolver(n int) *solver {
	s := &solver{n: n, pow5: make([]int, n+1)}
	s.pow5[0] = 1
	for i := 1; i <= n; i++ {
		s.pow5[i] = s.pow5[i-1] * 5
	}
	s.codes = s.pow5[n]
	s.val = make([]float64, s.codes*12*3*n)
	return s
}

func (s *solver) idx(code int, o outerworks.Occ, t int) int {
	return (code*12+o.Block())*3*s.n + t*3 + o[1]
}

func (s *solver) pasch(code int, dst []int) []int {
	dst = dst[:0]
	for i := 0; i < s.n; i++ {
		dst = append(dst, code/s.pow5[i]%5)
	}
	return dst
}

// term is one successor of a state: with weight w (of 216, or a fraction of
// it), reward r for seat me, then the state at index to (or none, to < 0).
type term struct {
	w  float64
	r  float64
	to int
}

// solve computes the values for seat me — the markers of one number he is
// expected to gain from each state on: those he takes, less those he puts
// down, and what is left at the end if he throws the fifth Pasch — when he
// decides by rule (nil: at random) or, if optimal, by his best response, and
// every other seat by others (nil: at random). It returns the value at the
// start of the game.
func (s *solver) solve(me int, rule, others Rule, optimal bool) float64 {
	n := s.n
	m := 3 * n
	pv := make([]int, 0, n)
	a := make([]float64, m*m)
	b := make([]float64, m)
	x := make([]float64, m)
	// choice[t*3+c1] for me's decisions within the block after a plain L
	// (the decisions that may keep the state inside the block, those with
	// fortress 1 on offer): 0 = no such decision, else the fortress.
	choice := make([]int, m)
	for code := s.codes - 1; code >= 0; code-- {
		pv = s.pasch(code, pv)
		for blk := 0; blk < 12; blk++ {
			// Policy iteration starts from lowest first: where fortress 1
			// is on offer with another, take from it.
			for i := range choice {
				choice[i] = 0
			}
			for c1 := 1; c1 <= 2; c1++ {
				if _, k := outerworks.OccOf(blk, c1).Offer(min(pv[me]+1, 4)); k >= 2 {
					choice[me*3+c1] = 1
				}
			}
			for iter := 0; ; iter++ {
				for i := range a {
					a[i] = 0
				}
				for i := range b {
					b[i] = 0
				}
				for t := 0; t < n; t++ {
					for c1 := 0; c1 <= 2; c1++ {
						row := t*3 + c1
						a[row*m+row] += outerworks.Throws
						o := outerworks.OccOf(blk, c1)
						s.transitions(code, pv, t, o, me, rule, others, optimal, choice[row], func(tm term) {
							b[row] += tm.w * tm.r
							if tm.to < 0 {
								return
							}
							base := (code*12 + blk) * m
							if tm.to >= base && tm.to < base+m {
								a[row*m+tm.to-base] -= tm.w
							} else {
								b[row] += tm.w * s.val[tm.to]
							}
						})
					}
				}
				if !outerworks.Solve(a, b, x, m) {
					panic(fmt.Sprintf("a singular system: Pasch code %d, block %d", code, blk))
				}
				base := (code*12 + blk) * m
				copy(s.val[base:base+m], x)
				if !optimal {
					break
				}
				// Improve me's in-block decisions.
				changed := false
				t := me
				next := (me + 1) % n
				for c1 := 1; c1 <= 2; c1++ {
					o := outerworks.OccOf(blk, c1)
					mask, k := o.Offer(min(pv[me]+1, 4))
					if k < 2 {
						continue
					}
					if best := s.bestTake(code, o, next, mask); choice[t*3+c1] != best {
						choice[t*3+c1] = best
						changed = true
					}
				}
				if !changed || iter > 20 {
					break
				}
			}
		}
	}
	return s.val[s.idx(0, outerworks.Occ{0, 2, 1, 2, 1}, 0)]
}

// bestTake returns the fortress of mask whose take from o leads to the best
// known value for seat me, the state then being (code, next); the lowest of
// equal values.
func (s *solver) bestTake(code int, o outerworks.Occ, next int, mask uint8) int {
	best, bestV := 0, math.Inf(-1)
	for f := 1; f <= 4; f++ {
		if mask&(1<<f) == 0 {
			continue
		}
		o2 := o
		o2[f]--
		if v := s.val[s.idx(code, o2, next)]; v > bestV+1e-12 {
			best, bestV = f, v
		}
	}
	return best
}

// transitions calls emit for every successor of state (code, t, o).
// choiceInBlock is me's current choice after a plain L when optimal.
func (s *solver) transitions(code int, pv []int, t int, o outerworks.Occ, me int, rule, others Rule, optimal bool, choiceInBlock int, emit func(term)) {
	n := s.n
	next := (t + 1) % n
	mine := 0.0
	if t == me {
		mine = 1
	}
	N := float64(o.Total())
	emit(term{w: outerworks.None, to: s.idx(code, o, next)})
	// The A step on this number: the successors with their weights of one,
	// into code2 (the Pasch vector after the throw).
	astep := func(w float64, code2 int, inBlock bool) {
		open := min(pv[t]+1, 4)
		mask, k := o.Offer(open)
		switch {
		case k == 0:
			o2 := o
			o2[1]++
			emit(term{w: w, r: -mine, to: s.idx(code2, o2, next)})
		case k == 1:
			o2 := o
			for f := 1; f <= 4; f++ {
				if mask&(1<<f) != 0 {
					o2[f]--
				}
			}
			emit(term{w: w, r: mine, to: s.idx(code2, o2, next)})
		case t == me && optimal:
			f := 0
			if inBlock && o[1] > 0 {
				f = choiceInBlock
			}
			if f == 0 {
				f = s.bestTake(code2, o, next, mask)
			}
			o2 := o
			o2[f]--
			emit(term{w: w, r: mine, to: s.idx(code2, o2, next)})
		case t == me && rule != nil:
			f := rule(pv, t, o, mask)
			o2 := o
			o2[f]--
			emit(term{w: w, r: mine, to: s.idx(code2, o2, next)})
		case t != me && others != nil:
			f := others(pv, t, o, mask)
			o2 := o
			o2[f]--
			emit(term{w: w, r: mine, to: s.idx(code2, o2, next)})
		default:
			for g := 1; g <= 4; g++ {
				if mask&(1<<g) == 0 {
					continue
				}
				o2 := o
				o2[g]--
				emit(term{w: w / float64(k), r: mine, to: s.idx(code2, o2, next)})
			}
		}
	}
	astep(outerworks.L, code, true)
	// L-L-L: the A step with the open fortresses before the Pasch, then the
	// Pasch; a fifth Pasch takes all (whatever the A step did, the thrower
	// ends with every marker of the number that was on the plan).
	if pv[t]+1 >= 5 {
		emit(term{w: outerworks.LPasch, r: mine * N, to: -1})
	} else {
		astep(outerworks.LPasch, code+s.pow5[t], false)
	}
	for _, p := range [...]struct {
		w     float64
		steps int
	}{{outerworks.OtherOne, 1}, {outerworks.OtherTwo, 2}} {
		if pv[t]+p.steps >= 5 {
			emit(term{w: p.w, r: mine * N, to: -1})
		} else {
			emit(term{w: p.w, to: s.idx(code+p.steps*s.pow5[t], o, next)})
		}
	}
}

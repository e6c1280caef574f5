package verkehren

import (
	"math/bits"

	"github.com/brettspiel/brettspiel/board"
)

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

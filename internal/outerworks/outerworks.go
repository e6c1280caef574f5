// Package outerworks holds what the Festungsspiel's exact models share:
// the outer works of one number L (1…5) as the parts of a Markov chain.
// Only a throw whose large die is L, and the Pasches, touch them, so of the
// 216 throws of three dice a few classes matter; the six fields numbered L
// (fortress 1: two, 2: one, 3: two, 4: one) are the chain's occupancy; and
// its states are found by solving linear systems. The exact judge
// (bot/festungbot) and the study of policies (examples/festung-policy)
// build their chains on these.
package outerworks

import "math"

// The throw classes of one number L, of Throws.
const (
	None     = 175 // neither L on the large die nor a Pasch
	L        = 35  // L on the large die, no Pasch
	LPasch   = 1   // L-L-L
	OtherOne = 4   // another Pasch of one step (m-m-m, m ≠ L, m ≤ 5)
	OtherTwo = 1   // 6-6-6, two steps (F-C4)
	Throws   = 216
)

// Occ is the occupancy of one number's outer works: the markers on
// fortress 1…4's fields of that number (at most 2, 1, 2, 1); index 0 is
// unused.
type Occ [5]int

// Total is the markers on the fields.
func (o Occ) Total() int { return o[1] + o[2] + o[3] + o[4] }

// Block numbers the occupancy of fortresses 2…4, 0…11. A marker taken
// there lowers it and none comes back, so the blocks are solved from 0 up.
func (o Occ) Block() int { return o[2] + 2*(o[3]+3*o[4]) }

// OccOf is the occupancy of a block with c1 markers on fortress 1.
func OccOf(block, c1 int) Occ { return Occ{0, c1, block % 2, block / 2 % 3, block / 6} }

// Lowest returns the lowest fortress of 1…open with a marker, 0 when none
// has one.
func (o Occ) Lowest(open int) int {
	for f := 1; f <= open; f++ {
		if o[f] > 0 {
			return f
		}
	}
	return 0
}

// Offer returns the fortresses of 1…open with a marker, as bits (bit f),
// and how many they are: what a thrower with open fortresses may take from.
func (o Occ) Offer(open int) (mask uint8, n int) {
	for f := 1; f <= open; f++ {
		if o[f] > 0 {
			mask |= 1 << f
			n++
		}
	}
	return mask, n
}

// Solve solves a·x = b (m×m, row-major) by elimination with partial
// pivoting; a and b are overwritten. It returns false, x unfinished, when
// the system is singular. The chains' systems are diagonally dominant
// (every row keeps the throws that leave the state), so they never are.
func Solve(a, b, x []float64, m int) bool {
	for col := 0; col < m; col++ {
		p := col
		for r := col + 1; r < m; r++ {
			if math.Abs(a[r*m+col]) > math.Abs(a[p*m+col]) {
				p = r
			}
		}
		if p != col {
			for k := 0; k < m; k++ {
				a[p*m+k], a[col*m+k] = a[col*m+k], a[p*m+k]
			}
			b[p], b[col] = b[col], b[p]
		}
		d := a[col*m+col]
		if d == 0 {
			return false
		}
		for r := col + 1; r < m; r++ {
			f := a[r*m+col] / d
			if f == 0 {
				continue
			}
			for k := col; k < m; k++ {
				a[r*m+k] -= f * a[col*m+k]
			}
			b[r] -= f * b[col]
		}
	}
	for r := m - 1; r >= 0; r-- {
		v := b[r]
		for k := r + 1; k < m; k++ {
			v -= a[r*m+k] * x[k]
		}
		x[r] = v / a[r*m+r]
	}
	return true
}

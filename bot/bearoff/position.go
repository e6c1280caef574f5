package bearoff

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel/board"
)

// MaxStones is the most stones a one-sided table covers: a full side.
const MaxStones = 15

// ExactStones is the most stones a side may have for the two-sided table
// to value a race exactly.
const ExactStones = 6

// Position is one side's stones on its last six points: Position[i] stones
// stand i+1 pips from being borne off, on point 24−i of the side's own
// track. Stones borne off are not counted.
type Position [6]uint8

// PositionOf reads a side's stones on points 19–24 of its own track (as
// board.Side counts them); ok is false when a stone stands anywhere else
// but borne off (waiting to enter, or on points 1–18), or more than
// MaxStones stand on the points.
func PositionOf(s *board.Side) (p Position, ok bool) {
	for i := board.Waiting; i < 19; i++ {
		if s[i] != 0 {
			return Position{}, false
		}
	}
	n := 0
	for i := range p {
		c := int(s[24-i])
		if c < 0 {
			return Position{}, false
		}
		n += c
		p[i] = uint8(min(c, MaxStones+1))
	}
	if n > MaxStones {
		return Position{}, false
	}
	return p, true
}

// Stones counts the stones of p.
//
//go:norace
func (p Position) Stones() int {
	n := 0
	for _, c := range p {
		n += int(c)
	}
	return n
}

// Pips is the sum of the pips p's stones still have to go.
//
//go:norace
func (p Position) Pips() int {
	n := 0
	for i, c := range p {
		n += (i + 1) * int(c)
	}
	return n
}

// valid says whether p holds at most MaxStones stones.
func (p Position) valid() bool {
	n := 0
	for _, c := range p {
		n += int(c)
	}
	return n <= MaxStones
}

// String writes p as its points and counts in the side's own track,
// nearest the end last, as "19:1 22:2 24:3"; "off" for no stones.
func (p Position) String() string {
	var b strings.Builder
	for i := 5; i >= 0; i-- {
		if p[i] == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d:%d", 24-i, p[i])
	}
	if b.Len() == 0 {
		return "off"
	}
	return b.String()
}

// binom[n][k] is n choose k for n ≤ MaxStones+6.
var binom = func() (t [MaxStones + 7][7]int32) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= 6 && k <= n; k++ {
			t[n][k] = t[n-1][k-1]
			if k < n {
				t[n][k] += t[n-1][k]
			}
		}
	}
	return t
}()

// Index numbers p among the positions of at most MaxStones stones, from
// 0 (no stones) to C(21, 6)−1 = 54,263, as the tables and their file
// ([Tables.WriteTo]) do: the counts c1…c6 (c1 = p[0], one pip from the
// end) give the six increasing numbers s_j = c1+…+cj + j−1, and the index
// is the sum of C(s_j, j) (the combinatorial number system). The positions
// of at most n stones take the indices below C(n+6, 6). Index is −1 for a
// position of more than MaxStones stones.
func (p Position) Index() int {
	if !p.valid() {
		return -1
	}
	return p.index()
}

// index ranks p among all positions of at most MaxStones stones: the
// counts map to the increasing numbers s_j = c_1+…+c_j + j−1, a subset of
// six, ranked by the combinatorial number system. Positions of at most n
// stones take the ranks below C(n+6, 6), whatever the greatest n: the
// exact table's positions are the first ones of the one-sided table.
//
//go:norace
func (p Position) index() int {
	r, s := 0, -1
	for j, c := range p {
		s += int(c) + 1
		r += int(binom[s][j+1])
	}
	return r
}

// positions returns the number of positions of at most n stones.
func positions(n int) int { return int(binom[n+6][6]) }

// allPositions lists the positions of at most n stones by their index.
//
//go:norace
func allPositions(n int) []Position {
	out := make([]Position, positions(n))
	var p Position
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == 6 {
			out[p.index()] = p
			return
		}
		for c := 0; c <= left; c++ {
			p[i] = uint8(c)
			rec(i+1, left-c)
		}
		p[i] = 0
	}
	rec(0, n)
	return out
}

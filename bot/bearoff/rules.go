package bearoff

import "fmt"

// Rules say how a throw of two dice is played while bearing off, the one
// thing the tables depend on: how many moves a doublet gives, and whether
// the thrower throws again after one. A die d bears off a stone d pips
// from the end, or moves any stone d pips on if it lands on the board, or
// — when no stone stands d pips or farther from the end — bears off the
// stone farthest from it; every number is played that can be (T-B1, V-F1,
// T-D6, V-D2).
type Rules struct {
	// DoubletMoves is 2 when a doublet is played once, as two moves of its
	// number (Toccateglio, T-D1), or 4 when it is played four times
	// (Verkehren, V-D1).
	DoubletMoves int
	// AgainAfterDoublet: after a doublet the same player throws again
	// (Toccadille, T-D1).
	AgainAfterDoublet bool
}

var (
	// Toccateglio is how the Toccateglispiel and Tokkadille 1853 bear off.
	Toccateglio = Rules{DoubletMoves: 2}
	// Toccadille is how Toccadille bears off: a doublet is played once and
	// its thrower throws again.
	Toccadille = Rules{DoubletMoves: 2, AgainAfterDoublet: true}
	// Verkehren is how Verkehren bears off: a doublet is played four times.
	Verkehren = Rules{DoubletMoves: 4}
)

// validate reports whether r is one the tables can be built for.
func (r Rules) validate() error {
	if r.DoubletMoves != 2 && r.DoubletMoves != 4 {
		return fmt.Errorf("bearoff: a doublet gives 2 or 4 moves, not %d", r.DoubletMoves)
	}
	return nil
}

// throw is one of the 21 throws of two dice: hi ≥ lo, and its weight of 36.
type throw struct {
	hi, lo int
	weight float64
}

// throws are the 21 throws, doublets first.
var throws = func() []throw {
	var t []throw
	for d := 1; d <= 6; d++ {
		t = append(t, throw{d, d, 1})
	}
	for hi := 2; hi <= 6; hi++ {
		for lo := 1; lo < hi; lo++ {
			t = append(t, throw{hi, lo, 2})
		}
	}
	return t
}()

// doublet says whether t is a doublet.
func (t throw) doublet() bool { return t.hi == t.lo }

// step plays one die d on p, moving the stone i pips from the end (i+1 is
// its distance), and says whether that is a legal move.
//
//go:norace
func step(p *Position, i, d int) bool {
	if p[i] == 0 {
		return false
	}
	dist := i + 1
	switch {
	case dist > d: // moves on
		p[i]--
		p[i-d]++
	case dist == d: // borne off exactly
		p[i]--
	default: // a higher number: only from the farthest stone
		for k := i + 1; k < 6; k++ {
			if p[k] != 0 {
				return false
			}
		}
		p[i]--
	}
	return true
}

// results appends to dst the distinct positions that playing t on p can
// leave, under r: every sequence of single moves that plays as many of
// the throw's numbers as can be played, a sequence that bears the last
// stone off counting as playing them all (as the games count it).
//
//go:norace
func (r Rules) results(p Position, t throw, dst []Position) []Position {
	start := len(dst)
	if !t.doublet() {
		most := 0
		add := func(q Position, used int) {
			if q == (Position{}) {
				used = 2
			}
			switch {
			case used < most:
				return
			case used > most:
				most = used
				dst = dst[:start]
			}
			dst = appendNew(dst, start, q)
		}
		for _, d := range [2][2]int{{t.hi, t.lo}, {t.lo, t.hi}} {
			for i := range 6 {
				q := p
				if !step(&q, i, d[0]) {
					continue
				}
				second := false
				if q != (Position{}) {
					for j := range 6 {
						x := q
						if step(&x, j, d[1]) {
							second = true
							add(x, 2)
						}
					}
				}
				if !second {
					add(q, 1)
				}
			}
		}
		if len(dst) == start {
			dst = append(dst, p) // nothing can be played
		}
		return dst
	}
	// a doublet: the positions after k moves, level by level
	level := append(make([]Position, 0, 64), p)
	var next []Position
	off := false // the last stone was borne off on the way
	for range r.DoubletMoves {
		next = next[:0]
		for _, q := range level {
			for i := range 6 {
				x := q
				if !step(&x, i, t.hi) {
					continue
				}
				if x == (Position{}) {
					off = true
					continue
				}
				next = appendNew(next, 0, x)
			}
		}
		if len(next) == 0 {
			level = level[:0] // every way on bears the last stone off
			break
		}
		level, next = next, level
	}
	if off {
		dst = append(dst, Position{})
	}
	for _, q := range level {
		dst = appendNew(dst, start, q)
	}
	return dst
}

// appendNew appends q to dst unless dst[start:] holds it.
//
//go:norace
func appendNew(dst []Position, start int, q Position) []Position {
	for _, y := range dst[start:] {
		if y == q {
			return dst
		}
	}
	return append(dst, q)
}

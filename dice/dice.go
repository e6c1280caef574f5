package dice

import (
	"fmt"
	"math/rand/v2"
)

// Throw is a throw of two dice, in the order they are named (rule D-1). Valid
// throws have both dice in 1…6; build them with [NewThrow] from untrusted input.
type Throw struct{ A, B uint8 }

// NewThrow returns the throw a-b, or an error if a die is outside 1…6.
func NewThrow(a, b int) (Throw, error) {
	if a < 1 || a > 6 || b < 1 || b > 6 {
		return Throw{}, fmt.Errorf("dice: %d-%d is not a throw of two dice (each die 1…6)", a, b)
	}
	return Throw{uint8(a), uint8(b)}, nil
}

// Valid reports whether both dice show 1…6.
func (t Throw) Valid() bool { return t.A >= 1 && t.A <= 6 && t.B >= 1 && t.B <= 6 }

// IsDoublet reports whether both dice show the same number.
func (t Throw) IsDoublet() bool { return t.A == t.B }

// Sum is the total of both dice.
func (t Throw) Sum() int { return int(t.A) + int(t.B) }

// Canonical returns the throw with the higher die first, the form in which
// distinct throws are listed (6-5, not 5-6).
func (t Throw) Canonical() Throw {
	if t.A < t.B {
		return Throw{t.B, t.A}
	}
	return t
}

// Index numbers the 36 ordered throws 0…35: (A−1)·6 + (B−1).
func (t Throw) Index() int { return int(t.A-1)*6 + int(t.B-1) }

// String prints the throw as "6-5".
func (t Throw) String() string { return fmt.Sprintf("%d-%d", t.A, t.B) }

// Weighted is a distinct throw with the number of the 36 (or 216) ordered throws
// it stands for.
type Weighted[T any] struct {
	Throw  T
	Weight int
}

// Ordered2 returns the 36 ordered throws of two dice, 1-1, 1-2, … 6-6.
func Ordered2() [36]Throw {
	var ts [36]Throw
	for i := range ts {
		ts[i] = Throw{uint8(i/6 + 1), uint8(i%6 + 1)}
	}
	return ts
}

// Distinct2 returns the 21 distinct throws of two dice (rule D-1), higher die
// first, ordered by the higher and then the lower die (1-1, 2-1, 2-2, 3-1, …
// 6-6), each with its weight of 36: 1 for the 6 doublets, 2 for the 15 mixed
// throws.
func Distinct2() [21]Weighted[Throw] {
	var ws [21]Weighted[Throw]
	i := 0
	for a := uint8(1); a <= 6; a++ {
		for b := uint8(1); b <= a; b++ {
			w := 2
			if a == b {
				w = 1
			}
			ws[i] = Weighted[Throw]{Throw{a, b}, w}
			i++
		}
	}
	return ws
}

// Roll2 throws two dice from r.
func Roll2(r *rand.Rand) Throw {
	return Throw{uint8(r.IntN(6) + 1), uint8(r.IntN(6) + 1)}
}

// Throw3 is a throw of three dice. In the Festungsspiel L is the large die and
// A, B are the two small ones.
type Throw3 struct{ L, A, B uint8 }

// NewThrow3 returns the throw l/a-b, or an error if a die is outside 1…6.
func NewThrow3(l, a, b int) (Throw3, error) {
	if l < 1 || l > 6 || a < 1 || a > 6 || b < 1 || b > 6 {
		return Throw3{}, fmt.Errorf("dice: %d/%d-%d is not a throw of three dice (each die 1…6)", l, a, b)
	}
	return Throw3{uint8(l), uint8(a), uint8(b)}, nil
}

// Valid reports whether all three dice show 1…6.
func (t Throw3) Valid() bool {
	return t.L >= 1 && t.L <= 6 && t.A >= 1 && t.A <= 6 && t.B >= 1 && t.B <= 6
}

// Sum is the total of the three dice.
func (t Throw3) Sum() int { return int(t.L) + int(t.A) + int(t.B) }

// IsPasch reports whether all three dice are equal (FS "Pasch").
func (t Throw3) IsPasch() bool { return t.L == t.A && t.A == t.B }

// Index numbers the 216 ordered throws 0…215.
func (t Throw3) Index() int { return int(t.L-1)*36 + int(t.A-1)*6 + int(t.B-1) }

// String prints the throw as "6/5-5" (large die, then the two small ones).
func (t Throw3) String() string { return fmt.Sprintf("%d/%d-%d", t.L, t.A, t.B) }

// Ordered3 returns the 216 ordered throws of three dice.
func Ordered3() [216]Throw3 {
	var ts [216]Throw3
	for i := range ts {
		ts[i] = Throw3{uint8(i/36 + 1), uint8(i/6%6 + 1), uint8(i%6 + 1)}
	}
	return ts
}

// Distinct3 returns the 56 distinct throws of three interchangeable dice, in
// descending order inside each throw (L ≥ A ≥ B), with their weights of 216.
// (The Festungsspiel tells its large die apart from the small ones; it uses
// [Ordered3], or merges only the two small dice.)
func Distinct3() [56]Weighted[Throw3] {
	var ws [56]Weighted[Throw3]
	i := 0
	for l := uint8(1); l <= 6; l++ {
		for a := uint8(1); a <= l; a++ {
			for b := uint8(1); b <= a; b++ {
				w := 6
				switch {
				case l == a && a == b:
					w = 1
				case l == a || a == b:
					w = 3
				}
				ws[i] = Weighted[Throw3]{Throw3{l, a, b}, w}
				i++
			}
		}
	}
	return ws
}

// Roll3 throws three dice from r.
func Roll3(r *rand.Rand) Throw3 {
	return Throw3{uint8(r.IntN(6) + 1), uint8(r.IntN(6) + 1), uint8(r.IntN(6) + 1)}
}

package outerworks

import (
	"math"
	"testing"
)

// The throw classes are the 216 throws of three dice, the first die the
// large one.
func TestThrowClassesCoverEveryThrow(t *testing.T) {
	for l := 1; l <= 5; l++ {
		var none, large, lPasch, one, two int
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				for c := 1; c <= 6; c++ {
					switch pasch := a == b && b == c; {
					case pasch && a == l:
						lPasch++
					case pasch && a == 6:
						two++
					case pasch:
						one++
					case a == l:
						large++
					default:
						none++
					}
				}
			}
		}
		if none != None || large != L || lPasch != LPasch || one != OtherOne || two != OtherTwo || none+large+lPasch+one+two != Throws {
			t.Errorf("L=%d: none %d, L %d, L-L-L %d, other Pasches %d and %d", l, none, large, lPasch, one, two)
		}
	}
}

// Every occupancy is one block and fortress 1's count, and back.
func TestOccupancyBlocks(t *testing.T) {
	seen := map[int]bool{}
	for o2 := 0; o2 <= 1; o2++ {
		for o3 := 0; o3 <= 2; o3++ {
			for o4 := 0; o4 <= 1; o4++ {
				for c1 := 0; c1 <= 2; c1++ {
					o := Occ{0, c1, o2, o3, o4}
					if OccOf(o.Block(), c1) != o {
						t.Fatalf("%v: block %d gives %v", o, o.Block(), OccOf(o.Block(), c1))
					}
					if o.Total() != c1+o2+o3+o4 {
						t.Fatalf("%v: total %d", o, o.Total())
					}
					seen[o.Block()] = true
				}
			}
		}
	}
	if len(seen) != 12 {
		t.Errorf("%d blocks, want 12", len(seen))
	}
	o := Occ{0, 0, 1, 0, 1}
	if o.Lowest(4) != 2 || o.Lowest(1) != 0 {
		t.Errorf("lowest of %v: %d (open 4), %d (open 1)", o, o.Lowest(4), o.Lowest(1))
	}
	if mask, n := o.Offer(4); mask != 1<<2|1<<4 || n != 2 {
		t.Errorf("offer of %v: %b, %d", o, mask, n)
	}
}

// Solve solves a system that needs a pivot, and refuses a singular one.
func TestSolve(t *testing.T) {
	a := []float64{0, 2, 1, 1, 1, 1, 2, 1, 3}
	b := []float64{7, 6, 13} // x = 1, 2, 3
	x := make([]float64, 3)
	if !Solve(a, b, x, 3) {
		t.Fatal("singular")
	}
	for i, want := range []float64{1, 2, 3} {
		if math.Abs(x[i]-want) > 1e-12 {
			t.Errorf("x[%d] = %v, want %v", i, x[i], want)
		}
	}
	if Solve([]float64{1, 2, 2, 4}, []float64{1, 2}, make([]float64, 2), 2) {
		t.Error("a singular system solved")
	}
}

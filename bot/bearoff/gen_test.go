package bearoff

import (
	"slices"
	"testing"
)

// TestGeneratorAgreesWithResults: the tables' generator by indices leaves
// the same positions as Rules.results, for every throw of a sample of the
// positions of up to MaxStones stones, under each kind of rules.
func TestGeneratorAgreesWithResults(t *testing.T) {
	all := allPositions(MaxStones)
	for _, r := range []Rules{Toccateglio, Toccadille, Verkehren} {
		g := newGenerator(r, all)
		var got []int32
		for x := 0; x < len(all); x += 97 {
			for _, th := range throws {
				got = g.results(int32(x), th, got[:0])
				var want []int32
				for _, p := range r.results(all[x], th, nil) {
					want = append(want, int32(p.index()))
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%+v %v %d-%d: generator %v, results %v", r, all[x], th.hi, th.lo, got, want)
				}
			}
		}
	}
}

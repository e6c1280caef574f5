package order

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// Stable puts every list in the order slices.SortStableFunc gives, equal
// elements included: pairs sorted by their first number alone keep the
// order of their second.
func TestStableAsSlices(t *testing.T) {
	type pair struct{ key, seq int }
	byKey := func(a, b pair) int { return cmp.Compare(a.key, b.key) }
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 40; n++ {
		for range 20 {
			s := make([]pair, n)
			for i := range s {
				s[i] = pair{r.IntN(5), i}
			}
			want := slices.Clone(s)
			slices.SortStableFunc(want, byKey)
			Stable(s, byKey)
			if !slices.Equal(s, want) {
				t.Fatalf("Stable = %v, want %v", s, want)
			}
		}
	}
}

func TestStableEmptyAndNil(t *testing.T) {
	Stable([]int(nil), cmp.Compare[int])
	s := []int{}
	Stable(s, cmp.Compare[int])
	if len(s) != 0 {
		t.Errorf("Stable of an empty list = %v", s)
	}
}

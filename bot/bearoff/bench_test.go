package bearoff

import (
	"fmt"
	"testing"
)

// BenchmarkBuild builds each table of each kind of rules afresh, as the
// first use in a program does.
func BenchmarkBuild(b *testing.B) {
	for _, c := range []struct {
		name string
		r    Rules
	}{{"toccateglio", Toccateglio}, {"toccadille", Toccadille}, {"verkehren", Verkehren}} {
		b.Run(fmt.Sprintf("two-sided/%s", c.name), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				buildTwoSided(c.r)
			}
		})
		b.Run(fmt.Sprintf("one-sided/%s", c.name), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				buildOneSided(c.r)
			}
		})
	}
}

// BenchmarkLookup reads the tables as a bot's judge does at a throw.
func BenchmarkLookup(b *testing.B) {
	t, _ := For(Verkehren)
	x, y := Position{0: 2, 2: 1, 5: 3}, Position{1: 1, 3: 2}
	big, other := Position{0: 3, 1: 2, 2: 3, 3: 1, 4: 2}, Position{1: 4, 3: 5, 5: 1}
	t.Exact(x, y)
	t.Estimate(big, other)
	b.Run("exact", func(b *testing.B) {
		for range b.N {
			t.Exact(x, y)
		}
	})
	b.Run("estimate", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			t.Estimate(big, other)
		}
	})
}

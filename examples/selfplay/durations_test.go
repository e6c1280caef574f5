package main

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// within128 reports whether got is within 1/128 of want.
func within128(got, want time.Duration) bool {
	return math.Abs(float64(got-want)) <= float64(want)/128
}

// TestDurationBins: every duration falls in a bin of the histogram, bins
// rise with the duration, and a bin's middle is within 1/128 of every
// duration in it (the ones below 128 ns exactly).
func TestDurationBins(t *testing.T) {
	ds := []time.Duration{0, 1, 63, 64, 127, 128, 129, 255, 256, 1000, 4095, 4096,
		time.Millisecond, time.Second, time.Hour, math.MaxInt64 / 2, math.MaxInt64 - 1, math.MaxInt64}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		ds = append(ds, time.Duration(r.Int64N(1<<r.IntN(63))))
	}
	for _, d := range ds {
		i := durationBin(d)
		if i < 0 || i >= durationBins {
			t.Fatalf("%d ns falls in bin %d of %d", d, i, durationBins)
		}
		if m := binMiddle(i); !within128(m, d) || (d < 128 && m != d) {
			t.Errorf("%d ns: bin %d's middle is %d ns", d, i, m)
		}
		if d > 0 && durationBin(d-1) > i {
			t.Errorf("%d ns in bin %d, %d ns in bin %d", d-1, durationBin(d-1), d, i)
		}
	}
	if got := durationBin(math.MaxInt64); got != durationBins-1 {
		t.Errorf("the largest duration falls in bin %d, the last is %d", got, durationBins-1)
	}
	if got := durationBin(-5); got != 0 {
		t.Errorf("a negative duration falls in bin %d, not 0", got)
	}
}

// TestDurationsMeanAndMedian: the mean is the exact one and the median the
// duration of rank n/2 in ascending order within 1/128, also when the times
// of several workers are merged; without any times both are 0.
func TestDurationsMeanAndMedian(t *testing.T) {
	var none durations
	if none.meanMs() != 0 || none.medianMs() != 0 {
		t.Errorf("no times: mean %v ms, median %v ms", none.meanMs(), none.medianMs())
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 3, 10, 101, 5000} {
		var all []time.Duration
		var one durations
		parts := make([]durations, 3)
		var sum time.Duration
		for i := range n {
			// A mix of fast decisions and a few slow ones, as a game's are.
			d := time.Duration(50 + r.IntN(400))
			if r.IntN(10) == 0 {
				d = time.Duration(r.Int64N(int64(50 * time.Millisecond)))
			}
			all = append(all, d)
			sum += d
			one.add(d, 1)
			parts[i%3].add(d, 1)
		}
		var merged durations
		for i := range parts {
			merged.merge(&parts[i])
		}
		if merged != one {
			t.Errorf("n=%d: merging three parts differs from adding all to one", n)
		}
		slices.Sort(all)
		wantMean := float64(sum) / float64(n) / 1e6
		if one.meanMs() != wantMean {
			t.Errorf("n=%d: mean %v ms, want %v", n, one.meanMs(), wantMean)
		}
		if got, want := one.median(), all[n/2]; !within128(got, want) {
			t.Errorf("n=%d: median %v, want %v within 1/128", n, got, want)
		}
	}
}

// TestDurationsWeights: a time added with a weight counts as that many
// decisions of that time.
func TestDurationsWeights(t *testing.T) {
	var weighted, repeated durations
	for _, d := range []time.Duration{30, 5000, 70, 70, 1 << 40} {
		w := uint64(d%7 + 1)
		weighted.add(d, w)
		for range w {
			repeated.add(d, 1)
		}
	}
	if weighted != repeated {
		t.Errorf("weighted times differ from repeated ones: n %d/%d, sum %v/%v, median %v/%v",
			weighted.n, repeated.n, weighted.sum, repeated.sum, weighted.median(), repeated.median())
	}
}

// BenchmarkDurationsAdd: the cost of timing one decision, beside the clock.
func BenchmarkDurationsAdd(b *testing.B) {
	var t durations
	for i := range b.N {
		t.add(time.Duration(i&0xfffff), 1)
	}
}

package main

import (
	"math/bits"
	"time"
)

// subBits sets the histogram's precision: each power of two of nanoseconds
// is cut into 1<<subBits bins, so a bin is at most 1/64 of its values wide
// and its middle within 1/128 of any of them.
const subBits = 6

// durationBins covers every non-negative time.Duration: the durations below
// 2<<subBits nanoseconds one to a bin, then 1<<subBits bins for each power of
// two up to 1<<62 (the largest, 62-subBits bins of shift, see durationBin).
const durationBins = (62-subBits)<<subBits + 2<<subBits

// durations keeps a seat's times per decision in fixed room, however many
// there are: their count and sum, for the mean, and a histogram, for the
// median within 1/128 of its value. Adding one costs a few instructions and
// no allocation, where keeping them all to sort at the end grew a slice per
// decision and held every time in memory until the run's end. A time may
// stand for several decisions (a weight), when one decision in several is
// timed (see timer).
type durations struct {
	n    uint64 // decisions, with their weights
	sum  time.Duration
	bins [durationBins]uint64
}

// durationBin is the bin of d: d itself below 2<<subBits ns, above that d's
// top subBits+1 bits, offset by its power of two.
func durationBin(d time.Duration) int {
	v := uint64(max(d, 0))
	shift := max(bits.Len64(v)-(subBits+1), 0)
	return shift<<subBits + int(v>>shift)
}

// binMiddle is the middle of bin i's durations: the inverse of durationBin
// up to half the bin's width.
func binMiddle(i int) time.Duration {
	shift := max(i>>subBits-1, 0)
	low := uint64(i-shift<<subBits) << shift
	return time.Duration(low + (uint64(1)<<shift)/2)
}

// add adds one decision's time d, standing for weight decisions.
func (t *durations) add(d time.Duration, weight uint64) {
	t.n += weight
	t.sum += d * time.Duration(weight)
	t.bins[durationBin(d)] += weight
}

// merge adds the durations of u to t.
func (t *durations) merge(u *durations) {
	t.n += u.n
	t.sum += u.sum
	for i, c := range u.bins {
		t.bins[i] += c
	}
}

// meanMs is the mean duration in milliseconds, 0 without any.
func (t *durations) meanMs() float64 {
	if t.n == 0 {
		return 0
	}
	return float64(t.sum) / float64(t.n) / 1e6
}

// median is the duration of rank n/2 in ascending order (the upper median
// of an even count), to within 1/128 of it; 0 without any.
func (t *durations) median() time.Duration {
	rank := t.n / 2
	for i, c := range t.bins {
		if rank < c {
			return binMiddle(i)
		}
		rank -= c
	}
	return 0
}

// medianMs is the median in milliseconds.
func (t *durations) medianMs() float64 { return float64(t.median()) / 1e6 }

package main

import (
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
)

// Timing a decision reads the clock twice, some 20 ns a reading on an amd64
// machine: as long as a random bot's whole decision, and with a random bot
// in every seat up to a tenth of the run. So a seat whose decisions take
// less than sampleBelow on average has only a random one in stride of them
// timed, stride the power of two that makes stride decisions last at least
// sampleBelow (at most maxStride), and each timed decision stands for
// stride decisions. Whether a decision is timed is drawn before it is made,
// so the mean and the median are estimated without bias (from fewer
// decisions, hence a little noisier); decisions of sampleBelow and more, a
// net's or a search's, are all timed.
const (
	sampleBelow = 10 * time.Microsecond
	maxStride   = 64
)

// timer times one worker's decisions into each seat's durations.
type timer struct {
	seats []durations
	// stride is each seat's: one decision in stride (a power of two) is timed.
	stride []uint64
	// draws decides which decisions are timed: splitmix64 steps, apart from
	// the games' sources, so that timing changes no game.
	draws uint64
	// clock reads a monotonic clock.
	clock func() time.Duration
}

// newTimer makes the timer of a worker with its own draws, for seats seats,
// reading the monotonic clock (time.Now would read the wall clock too).
func newTimer(seats int, draws uint64) *timer {
	start := time.Now()
	t := &timer{seats: make([]durations, seats), stride: make([]uint64, seats), draws: draws,
		clock: func() time.Duration { return time.Since(start) }}
	for s := range t.stride {
		t.stride[s] = 1
	}
	return t
}

// choose has seat p's bot b choose among legal in g, timing the decision if
// it is drawn.
func (t *timer) choose(b bot.Bot, p brettspiel.Player, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	stride := t.stride[p]
	if stride > 1 && t.draw()&(stride-1) != 0 {
		return b.Choose(g, legal, r)
	}
	start := t.clock()
	m := b.Choose(g, legal, r)
	seat := &t.seats[p]
	seat.add(t.clock()-start, stride)
	t.stride[p] = strideFor(seat.sum / time.Duration(seat.n))
	return m
}

// draw is splitmix64's next value.
func (t *timer) draw() uint64 {
	t.draws += 0x9e3779b97f4a7c15
	z := t.draws
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// strideFor is the stride of a seat whose decisions take mean on average:
// the power of two that makes stride×mean at least sampleBelow, at most
// maxStride.
func strideFor(mean time.Duration) uint64 {
	if mean >= sampleBelow {
		return 1
	}
	if mean <= 0 {
		return maxStride
	}
	need := uint64((sampleBelow + mean - 1) / mean) // stride×mean ≥ sampleBelow
	return min(uint64(1)<<bits.Len64(need-1), maxStride)
}

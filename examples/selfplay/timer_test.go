package main

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
)

// clockedBot takes the times of takes, one per decision, on a fake clock.
type clockedBot struct {
	now   *time.Duration
	takes func() time.Duration
}

func (b clockedBot) Choose(_ brettspiel.Game, legal []brettspiel.Move, _ *rand.Rand) brettspiel.Move {
	*b.now += b.takes()
	return legal[len(legal)-1]
}

// TestTimerSamplesFastSeatsOnly: on a fake clock, a seat whose decisions
// take 10 µs or more has every one timed, and its mean and median are the
// exact ones; a seat of fast decisions has a random one in 64 timed, each
// standing for 64, and its mean and median stay within a few per cent of
// the true ones. The timer hands on the bot's move.
func TestTimerSamplesFastSeatsOnly(t *testing.T) {
	var now time.Duration
	tm := newTimer(2, 9)
	readings := 0
	tm.clock = func() time.Duration { readings++; return now }
	src := rand.New(rand.NewPCG(5, 6))
	fast := clockedBot{&now, func() time.Duration { // mean 72 ns, median 40 ns
		if src.IntN(5) == 0 {
			return 200
		}
		return 40
	}}
	var slowTimes []time.Duration
	slow := clockedBot{&now, func() time.Duration {
		d := time.Duration(10_000 + src.IntN(90_000))
		slowTimes = append(slowTimes, d)
		return d
	}}
	legal := []brettspiel.Move{1, 2}
	const decisions = 200_000
	for range decisions {
		if m := tm.choose(fast, 0, nil, legal, nil); m != legal[1] {
			t.Fatalf("the timer played %v, the bot %v", m, legal[1])
		}
	}
	fastReadings := readings
	for range 1000 {
		tm.choose(slow, 1, nil, legal, nil)
	}
	if fastReadings > 2*decisions/maxStride*11/10 {
		t.Errorf("%d readings of the clock for %d fast decisions", fastReadings, decisions)
	}
	f := &tm.seats[0]
	if rel := math.Abs(float64(f.n)-decisions) / decisions; rel > 0.05 {
		t.Errorf("fast seat: %d decisions counted, %d made", f.n, decisions)
	}
	if mean := f.meanMs() * 1e6; math.Abs(mean-72) > 72*0.05 {
		t.Errorf("fast seat: mean %.1f ns, want 72 within 5%%", mean)
	}
	if med := f.median(); med != 40 {
		t.Errorf("fast seat: median %v, want 40ns", med)
	}
	s := &tm.seats[1]
	if s.n != 1000 || readings-fastReadings != 2000 {
		t.Errorf("slow seat: %d decisions counted and %d clock readings for 1000", s.n, readings-fastReadings)
	}
	var sum time.Duration
	for _, d := range slowTimes {
		sum += d
	}
	slices.Sort(slowTimes)
	if s.sum != sum || !within128(s.median(), slowTimes[500]) {
		t.Errorf("slow seat: sum %v median %v, want %v and %v", s.sum, s.median(), sum, slowTimes[500])
	}
}

func TestStrideFor(t *testing.T) {
	for _, c := range []struct {
		mean time.Duration
		want uint64
	}{{0, 64}, {1, 64}, {100, 64}, {157, 64}, {200, 64}, {1000, 16}, {2500, 4}, {3000, 4}, {5000, 2}, {9999, 2}, {10_000, 1}, {time.Second, 1}} {
		if got := strideFor(c.mean); got != c.want {
			t.Errorf("strideFor(%v) = %d, want %d", c.mean, got, c.want)
		}
	}
}

// TestCopiedStartPlaysAsNew: a game started by a restarter (a copy of one
// built before, into the game the last one was played on), from a source
// seeded anew, plays as one built anew from a new source, in every game.
func TestCopiedStartPlaysAsNew(t *testing.T) {
	for _, c := range []struct {
		game, preset string
		players      int
	}{{"toccateglio", "toccateglispiel", 2}, {"toccateglio", "toccadille", 2}, {"verkehren", "", 2}, {"festung", "", 2}, {"festung", "", 5}} {
		a := Args{Game: c.game, Preset: c.preset, Players: c.players, Seed: 11}
		seatBots := make([]bot.Bot, c.players)
		for s := range seatBots {
			seatBots[s] = bot.Random{}
		}
		fresh, err := catalog.New(a.Game, a.Preset, a.Players)
		if err != nil {
			t.Fatal(err)
		}
		src := rand.NewPCG(0, 0) // one source for all the games, as a worker has
		r := rand.New(src)
		start := newRestarter(fresh)
		for i := range 20 {
			g, err := catalog.New(a.Game, a.Preset, a.Players)
			if err != nil {
				t.Fatal(err)
			}
			tm := newTimer(c.players, 0)
			src.Seed(a.Seed, uint64(i))
			copied := playOne(start(), r, seatBots, tm)
			built := playOne(g, rand.New(rand.NewPCG(a.Seed, uint64(i))), seatBots, tm)
			if copied.err != nil || built.err != nil || copied.turns != built.turns || !slices.Equal(copied.returns, built.returns) {
				t.Errorf("%s %s game %d: from a copy %+v, built anew %+v", c.game, c.preset, i, copied, built)
			}
		}
	}
}

package session

import (
	"strconv"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/words"
)

// Clocks. A game made with a [TimeControl] gives each person's seat a
// reserve of time, and each of its decisions a delay, as backgammon servers
// do (the "simple delay"): while a person is to decide, the first
// DelayMillis are free, and then his reserve runs down; what he does not use
// of the delay is not kept. The clock runs only while a person's seat is to
// move: not at a throw (any seat throws, see Config.Owned) and not while a
// bot chooses. A seat whose reserve is gone has run out of time, and the
// game ends there:
//
//   - in the race games (Toccateglio, Verkehren; two players) the seat that
//     ran out loses and the other wins, the match as much as the game: the
//     session plays no further step of it;
//   - in the Festungsspiel (two to six players) the seat that ran out loses
//     and the game ends with the markers as they stand; no seat is named
//     the winner by it (the variant's returns are unchanged).
//
// Time is the game's Config.Now (a table's Options.Now), so tests set it.
// Running out is found when the game is next used — any call of the
// protocol on it, a step of the Go API, [Game.TimeUp] — so a server that
// must tell its watchers at the moment calls TimeUp at [Game.Deadline].

// TimeControl is a game's time control: a delay per decision and a
// reserve per seat, in milliseconds.
type TimeControl struct {
	// DelayMillis is the time of each decision that costs no reserve,
	// 0…3,600,000 (an hour).
	DelayMillis int64 `json:"delayMillis"`
	// ReserveMillis is each seat's reserve at the start, 0…86,400,000 (a
	// day); with the delay, more than 0.
	ReserveMillis int64 `json:"reserveMillis"`
}

// ClockJSON is the state of a game's clocks ("clock" of a STATE and of a
// delta).
type ClockJSON struct {
	DelayMillis int64 `json:"delayMillis"`
	// ReserveMillis is per seat the reserve left when its clock last
	// stopped; the seat whose clock runs has used ElapsedMillis since (of
	// which the first DelayMillis are free).
	ReserveMillis []int64 `json:"reserveMillis"`
	// Running is the seat whose clock runs, −1 for none.
	Running       int   `json:"running"`
	ElapsedMillis int64 `json:"elapsedMillis"`
	// Out is the seat that ran out of time, −1 for none; Winner the seat
	// that wins by it, −1 for none (the Festungsspiel, or nobody ran out).
	Out    int `json:"out"`
	Winner int `json:"winner"`
}

// clock runs a game's time control.
type clock struct {
	delay   time.Duration
	reserve []time.Duration // per seat: what is left
	running int             // the seat whose clock runs, −1 none
	since   time.Time       // when its decision began
	out     int             // the seat that ran out, −1 none
}

const (
	maxDelay   = int64(time.Hour / time.Millisecond)
	maxReserve = int64(24 * time.Hour / time.Millisecond)
)

// startClock sets up the clocks of a new game (tc nil: none) and starts the
// clock of the seat to move.
func (g *Game) startClock(tc *TimeControl) error {
	if tc == nil {
		return nil
	}
	if tc.DelayMillis < 0 || tc.DelayMillis > maxDelay || tc.ReserveMillis < 0 || tc.ReserveMillis > maxReserve || tc.DelayMillis+tc.ReserveMillis == 0 {
		return bad("new game", strconv.FormatInt(tc.DelayMillis, 10)+"+"+strconv.FormatInt(tc.ReserveMillis, 10), ErrBadCall,
			"a clock has a delay of 0…"+strconv.FormatInt(maxDelay, 10)+" ms and a reserve of 0…"+strconv.FormatInt(maxReserve, 10)+" ms, not both 0")
	}
	c := &clock{delay: time.Duration(tc.DelayMillis) * time.Millisecond, reserve: make([]time.Duration, len(g.seats)), running: -1, out: -1}
	for i := range c.reserve {
		c.reserve[i] = time.Duration(tc.ReserveMillis) * time.Millisecond
	}
	g.clock = c
	c.run(g, g.now())
	return nil
}

// run starts the clock of the seat to move, if a person's.
func (c *clock) run(g *Game, now time.Time) {
	c.running = -1
	if p := g.cur.ToMove(); p >= 0 && g.bots[p] == nil {
		c.running, c.since = int(p), now
	}
}

// settle stops the running clock at now and charges its seat the time
// beyond the delay.
func (c *clock) settle(now time.Time) {
	if c.running < 0 {
		return
	}
	if used := now.Sub(c.since) - c.delay; used > 0 {
		c.reserve[c.running] = max(0, c.reserve[c.running]-used)
	}
	c.running = -1
}

// clockChanged follows a change of the game (changed calls it): the
// clock of the seat that was to move stops, that of the seat to move now
// starts.
func (g *Game) clockChanged() {
	c := g.clock
	if c == nil || c.out >= 0 {
		return
	}
	now := g.now()
	c.settle(now)
	c.run(g, now)
}

// timeUp ends the game of a seat whose time ran out (g locked), telling
// its watchers, and then refuses every step with an error wrapping
// brettspiel.ErrGameOver.
func (g *Game) timeUp(op string) error {
	c := g.clock
	if c == nil {
		return nil
	}
	if c.out < 0 && c.running >= 0 && g.now().Sub(c.since) > c.delay+c.reserve[c.running] {
		c.out, c.reserve[c.running], c.running = c.running, 0, -1
		g.notify()
	}
	if c.out >= 0 {
		return bad(op, "", brettspiel.ErrGameOver, "seat "+strconv.Itoa(c.out)+" ran out of time")
	}
	return nil
}

// TimeUp ends the game if the seat to move has run out of time, and
// returns the seat that ran out (now or before), −1 for none.
func (g *Game) TimeUp() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.timeUp("time")
	if g.clock == nil {
		return -1
	}
	return g.clock.out
}

// Deadline returns when the seat to move runs out of time, if he does
// nothing, and false when no clock runs.
func (g *Game) Deadline() (time.Time, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := g.clock
	if c == nil || c.out >= 0 || c.running < 0 {
		return time.Time{}, false
	}
	return c.since.Add(c.delay + c.reserve[c.running]), true
}

// winner is the seat that wins by seat out's running out: the other one in
// a game of two that is no Festungsspiel, else brettspiel.Nobody.
func (g *Game) winner(out int) brettspiel.Player {
	if len(g.seats) == 2 && g.cur.Variant() != festung.Variant {
		return brettspiel.Player(1 - out)
	}
	return brettspiel.Nobody
}

// clockJSON is the state of the clocks, nil for a game without.
func (g *Game) clockJSON() *ClockJSON {
	c := g.clock
	if c == nil {
		return nil
	}
	j := &ClockJSON{DelayMillis: c.delay.Milliseconds(), ReserveMillis: make([]int64, len(c.reserve)), Running: c.running, Out: c.out, Winner: -1}
	for i, r := range c.reserve {
		j.ReserveMillis[i] = r.Milliseconds()
	}
	if c.running >= 0 {
		j.ElapsedMillis = g.now().Sub(c.since).Milliseconds()
	}
	if c.out >= 0 {
		j.Winner = max(int(g.winner(c.out)), -1)
	}
	return j
}

// clockEnding says how the game ended by the clock, "" unless it did.
func (g *Game) clockEnding(l words.Lang) string {
	if g.clock == nil || g.clock.out < 0 {
		return ""
	}
	return l.TimeUp(brettspiel.Player(g.clock.out), g.winner(g.clock.out))
}

// clockSnap is the clocks in a snapshot: their state when it was taken.
type clockSnap = ClockJSON

func (g *Game) clockSnap() *clockSnap { return g.clockJSON() }

// restoreClock sets the clocks of a game restored from a snapshot: the
// reserves as they were, the running seat's decision as far as it had
// gone.
func (g *Game) restoreClock(s *clockSnap) error {
	if s == nil {
		return nil
	}
	if s.DelayMillis < 0 || s.DelayMillis > maxDelay || len(s.ReserveMillis) != len(g.seats) || s.Out < -1 || s.Out >= len(g.seats) || s.ElapsedMillis < 0 {
		return badSnapshot("clocks that do not fit the game")
	}
	c := &clock{delay: time.Duration(s.DelayMillis) * time.Millisecond, reserve: make([]time.Duration, len(g.seats)), running: -1, out: s.Out}
	for i, r := range s.ReserveMillis {
		if r < 0 || r > maxReserve {
			return badSnapshot("a reserve of " + strconv.FormatInt(r, 10) + " ms")
		}
		c.reserve[i] = time.Duration(r) * time.Millisecond
	}
	g.clock = c
	if c.out < 0 {
		now := g.now()
		c.run(g, now)
		if c.running != s.Running {
			return badSnapshot("the clock of seat " + strconv.Itoa(s.Running) + " runs where seat " + strconv.Itoa(c.running) + " is to decide")
		}
		c.since = now.Add(-time.Duration(s.ElapsedMillis) * time.Millisecond)
	}
	return nil
}

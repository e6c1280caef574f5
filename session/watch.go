package session

import (
	"context"
	"math"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/words"
)

// Watchers. Every change of a game that a person at the table must learn
// — a step played, an undo, a redo, a takeback, a takeback asked, granted
// or declined, a seat claimed or named, a seat running out of time, the
// dice revealed, the game that follows named, the game closed — raises its
// revision by one and is one Delta: the steps from the first that changed
// on, and what a watcher shows besides (who is to move, the position ID,
// the end, the seats claimed and their names, the game that follows, the
// dice's commitment). A Go program follows a game with
// [Game.Watch] and [Watcher.Next]; a client of the protocol asks "watch"
// for the delta since the revision it has.
//
// Nothing waits for a watcher, and a watcher costs the game little: each
// change is made into one delta that every watcher shares, the game keeps
// the last recentDeltas of them that some watcher has yet to read, and a
// change wakes the waiting watchers by closing one channel. A watcher that
// reads nothing holds no delta of its own; one that falls further behind
// than the game keeps catches up in one delta, built from the history
// (copied under the game's lock, put in words after it) and shared with
// the watchers behind at the same revision, as a new watcher does.

// DefaultMaxWatchers is the number of watchers a game takes when
// [Options.MaxWatchers] (or [Config.MaxWatchers]) is 0.
const DefaultMaxWatchers = 1024

// changesKept is how many changes a game remembers for "watch": a client
// further behind is sent the whole log (from 0).
const changesKept = 256

// recentDeltas is how many of its last deltas a watched game keeps built,
// for the watchers that are a few changes behind.
const recentDeltas = 64

// burstDeltas is the most changes held at a gate ([Game.Gate]) that are
// told one by one when released; a longer burst (a Festungsspiel's run of
// throws between two stakes, often of a hundred and more) is told as one
// delta, the catch-up its watchers share, rather than a frame for each
// change to every watcher.
const burstDeltas = 8

// Delta is one change of a game, or the catch-up with which a watcher
// starts: the game's log is kept up to From and Log follows it, so that a
// watcher cuts its own log to From entries and appends Log. A step played
// has From = the length before it and one step in Log; an undo or a
// takeback has From = the length it went back to and an empty Log; a redo
// gives back one step; a change of no step (a takeback asked, a seat
// claimed or named, a clock run out, the dice revealed, the game that
// follows named, the game closed) has From = Length and an empty Log. The
// steps carry their events in words in the game's language, each naming
// its rule by ID ("rule" gives the text).
//
// The deltas of [Watcher.Next] are shared by every watcher of the game:
// read them, do not change them.
type Delta struct {
	// Rev is the game's revision after the change: the changes since the
	// game was made, counted from 1. A delta follows the one before with
	// Rev one higher — or higher by more, for a watcher that fell behind
	// the deltas its game keeps and gets the changes it missed at once; the
	// catch-up has the revision it catches up to, which after a reload
	// ([Table.Reload]) is the stored game's and may be the last delta's or
	// lower.
	Rev    int    `json:"rev"`
	From   int    `json:"from"`
	Length int    `json:"length"`
	Log    []Step `json:"log"`
	// ToMove is the seat to move, −1 at a throw, −2 when the game is over
	// (brettspiel.Chance, brettspiel.Terminal).
	ToMove int `json:"toMove"`
	// ID is the position ID of the position now.
	ID      string `json:"id"`
	CanRedo bool   `json:"canRedo"`
	// Ending says how the game ended, as the STATE's "ending" does.
	Ending string `json:"ending,omitempty"`
	// Takeback is a takeback asked in an owned game, waiting to be
	// granted.
	Takeback *TakebackJSON `json:"takeback,omitempty"`
	// GiveUp is a give-up asked in an owned game, waiting for the others'
	// consent.
	GiveUp *GiveUpJSON `json:"giveUp,omitempty"`
	// Redraws and Practice are the game's, as [Info.Redraws] and
	// [Info.Practice].
	Redraws  []int `json:"redraws,omitempty"`
	Practice bool  `json:"practice,omitempty"`
	// Clock is the state of the game's clocks, for a game with a time
	// control.
	Clock *ClockJSON `json:"clock,omitempty"`
	// Claimed says per seat of an owned game whether it is claimed.
	Claimed []bool `json:"claimed,omitempty"`
	// Names are the seats' names, as [Info.Names], and Next the game that
	// follows, as [Info.Next].
	Names []string `json:"names,omitempty"`
	Next  string   `json:"next,omitempty"`
	// Commitment, Seed and Salt are, in a game whose dice are secret
	// (an owned game's), the commitment to its seed from the start, and
	// the seed and the salt once they are revealed, as in the STATE's
	// [Info].
	Commitment string `json:"commitment,omitempty"`
	Seed       *Seed  `json:"seed,omitempty"`
	Salt       string `json:"salt,omitempty"`
	// Closed says the game was closed: the last delta a watcher gets.
	Closed bool `json:"closed,omitempty"`

	// shared holds the JSON of a delta its game's watchers share, made
	// once for all of them (AppendJSON); nil for a delta of one reader.
	shared *sharedJSON
}

// sharedJSON is a shared delta's JSON, made by the first to need it.
type sharedJSON struct {
	once sync.Once
	b    []byte
}

// watchState is what a game keeps for its watchers.
type watchState struct {
	rev  int // the changes since the game was made
	told int // the game's length after the last change
	// oldest is the first revision the memory covers: the game's revision
	// when it was made or restored, or that of the last change of more
	// than 127 steps at once.
	oldest int
	// moved[(r−oldest−1)%changesKept] is how the change to revision r
	// moved the game's length (the length after it less the length
	// before); its From is the lower of the two. The list grows with the
	// changes up to changesKept and is then written round.
	moved []int8
	// mu guards what follows; it is taken after the game's lock, or alone,
	// never held long.
	mu sync.Mutex
	// made is the revision of the last change made into a delta (rev, once
	// publish has seen it), for what reads it without the game's lock.
	made int
	// pub is the revision published to the watchers: made, once the change
	// to it is told — at once, or under a gate when it is released.
	pub int
	// gated says the changes wait for a release before the watchers learn
	// them (Game.Gate).
	gated bool
	// recent[r%recentDeltas] is the delta of the change to revision r, for
	// the last changes made while the game had watchers, and unread[…] the
	// watchers yet to read it: a delta that all have read is let go, so
	// that a game whose watchers keep up holds none.
	recent [recentDeltas]*Delta
	unread [recentDeltas]int32
	// ready is closed at the next change told (or released), which gives a
	// new one: the watchers that wait, wait for it.
	ready chan struct{}
	// caught is the last catch-up a watcher was given, from revision
	// caughtFrom: the watchers that a burst of changes (or a reload) left
	// behind at the same revision share it while nothing changes.
	// A catch-up given to a new watcher is let go once no watcher waits
	// for its first (fresh counts those), so that a game at rest keeps no
	// copy of its log: a whole log with its words is the largest thing a
	// held game would keep for each watcher's hello.
	caught     *Delta
	caughtFrom int
	caughtBy   int // the watchers given it
	fresh      int
	// making is the catch-up a watcher is making, which the others left
	// behind at the same revision wait for rather than make it again.
	making *making
	// after are the calls AfterReady arranged, each made at the next
	// wake, or at once by a Close.
	after    map[*Watcher]func()
	watchers int
	max      int  // the most watchers (Config.MaxWatchers)
	gone     bool // the game was closed, or retired
	// next is the game that took this one's place (Table.Reload), at
	// revision nextRev, its snapshot's: the watchers go on with it.
	next    *Game
	nextRev int
}

// Watcher follows a game: see [Game.Watch]. A watcher is read by one
// goroutine at a time.
type Watcher struct {
	// g is the game followed; it changes only under the watch.mu of the
	// game it was and of the one it becomes (a reload, reload.go), so
	// that either lock, held, keeps it.
	g atomic.Pointer[Game]
	// rev is the revision of the last delta given (the catch-up's start
	// before the first); started says the catch-up was given; whole that
	// the catch-up is the whole log (the game the watcher moved to does
	// not know its revision); closed that Close was called. All under the
	// game's watch.mu.
	rev     int
	started bool
	whole   bool
	closed  bool
	// counted is the game's revision when the watcher began to count
	// among the readers of its deltas: a delta of a later revision waits
	// for it (unread), unless a catch-up takes the watcher past it.
	counted int
	done    chan struct{} // closed by Close
}

// lock locks the watch.mu of the game w follows and returns its watchState.
func (w *Watcher) lock() *watchState {
	for {
		g := w.g.Load()
		g.watch.mu.Lock()
		if w.g.Load() == g {
			return &g.watch
		}
		g.watch.mu.Unlock() // moved meanwhile
	}
}

// Watch follows the game from its revision rev on (0 for its start; a
// revision past the game's is read as the game's now): [Watcher.Next] first
// gives one delta with the changes since rev — the steps from the first
// that changed on, or the whole log when those changes are older than the
// game remembers — and then one delta per change, in order. Nothing waits
// for a watcher: one that reads nothing costs a few dozen bytes, and one
// that falls behind the deltas the game keeps gets the changes it missed
// in one delta. A game takes at most [Options.MaxWatchers] watchers; one
// more is refused with [ErrTooManyWatchers], and a Watch of a closed game
// with [ErrGameClosed]. A watcher reads only: it has no way to act on the
// game. Close it when done.
func (g *Game) Watch(rev int) (*Watcher, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if rev < 0 {
		return nil, bad("watch", strconv.Itoa(rev), ErrBadCall, "rev is a revision of the game, 0 or more")
	}
	ws := &g.watch
	ws.mu.Lock()
	defer ws.mu.Unlock()
	switch {
	case ws.gone:
		return nil, bad("watch", "", ErrGameClosed, "the game was closed")
	case ws.watchers >= ws.max:
		return nil, bad("watch", "", ErrTooManyWatchers, "the game has "+strconv.Itoa(ws.max)+" watchers, its most")
	}
	ws.watchers++
	ws.fresh++
	if ws.ready == nil {
		ws.ready = make(chan struct{})
	}
	w := &Watcher{rev: min(rev, ws.rev), counted: ws.rev, done: make(chan struct{})}
	w.g.Store(g)
	return w, nil
}

// Next returns the next delta of the game, waiting for a change until ctx
// ends (nil for no end). The first is the catch-up from the revision the
// watcher started at; each after it follows the one before, or, for a
// watcher that fell further behind than the game keeps, gives every change
// it missed at once. Under a gate ([Game.Gate]) it gives only what was
// released, and a catch-up waits while the game holds a change not yet
// released. Once the game is closed, Next gives the delta that says so
// (Closed) and then fails with an error wrapping [ErrGameClosed]; after
// Close it fails with one wrapping [ErrWatcherClosed]; when ctx ends, with
// one wrapping [ErrCancelled], and the watcher goes on from where it was
// at the next call. Once the game is reloaded ([Table.Reload]) Next goes
// on with the game in its place, from a catch-up; a game that has as many
// watchers as it takes fails it with [ErrTooManyWatchers] until one leaves.
func (w *Watcher) Next(ctx context.Context) (*Delta, error) {
	for {
		g := w.g.Load()
		ws := &g.watch
		ws.mu.Lock()
		if w.closed {
			ws.mu.Unlock()
			return nil, bad("watch", "", ErrWatcherClosed, "the watcher was closed")
		}
		if ws.next != nil {
			// the game was reloaded: on with the game in its place
			ws.mu.Unlock()
			if err := w.move(g); err != nil {
				return nil, err
			}
			continue
		}
		if w.started && w.rev < ws.pub {
			i := (w.rev + 1) % recentDeltas
			if d := ws.recent[i]; d != nil && d.Rev == w.rev+1 {
				w.rev = d.Rev
				if ws.unread[i]--; ws.unread[i] <= 0 {
					ws.recent[i] = nil
				}
				ws.mu.Unlock()
				return d, nil
			}
		}
		if from := w.from(); (!w.started || w.rev < ws.pub) && ws.made == ws.pub && !ws.madeFor(from) {
			// the catch-up, or the changes a watcher fell behind by
			if c := ws.caught; c != nil && ws.caughtFrom == from && c.Rev == ws.pub {
				// another watcher caught up from the same revision to now
				ws.start(w, c, from)
				ws.mu.Unlock()
				return c, nil
			}
			m := &making{from: from, rev: ws.pub}
			ws.making = m
			ws.mu.Unlock()
			d, ok, err := g.catchUp(from)
			ws.mu.Lock()
			if ws.making == m {
				ws.making = nil
			}
			if err == nil && ok && w.g.Load() == g {
				d.shared = &sharedJSON{} // the watchers that share it send the same bytes
				ws.start(w, &d, from)
			}
			if m.waited {
				ws.wake()
			}
			ws.mu.Unlock()
			switch {
			case err != nil:
				return nil, err
			case !ok, w.g.Load() != g:
				// a change came meanwhile, not yet released; or the game
				// was reloaded, and the catch-up comes from the game in
				// its place
				continue
			}
			return &d, nil
		}
		if ws.gone && w.started && w.rev >= ws.pub {
			ws.mu.Unlock()
			return nil, bad("watch", "", ErrGameClosed, "the game was closed")
		}
		// nothing new, a catch-up held back by a change not released, or
		// one another watcher makes: that one is what waits for w, given
		// once made whatever ctx says, as w would wait to make it itself
		making := ws.madeFor(w.from())
		if making {
			ws.making.waited = true
		}
		ready, done := ws.ready, w.done
		ws.mu.Unlock()
		var end <-chan struct{}
		if ctx != nil && !making {
			end = ctx.Done()
		}
		select {
		case <-ready:
		case <-done:
		case <-end:
			return nil, (*Game)(nil).stopped(ctx, "watch")
		}
	}
}

// making is a catch-up being made, from revision from to rev; waited
// says a watcher waits for it, to be woken when it is made.
type making struct {
	from, rev int
	waited    bool
}

// from is the revision a catch-up of w starts from: its own, or −1 for
// the whole log (ws.mu held).
func (w *Watcher) from() int {
	if w.whole {
		return -1
	}
	return w.rev
}

// madeFor says whether another watcher is making the catch-up from
// revision from to now (ws.mu held): a watcher that needs it waits.
func (ws *watchState) madeFor(from int) bool {
	m := ws.making
	return m != nil && m.from == from && m.rev == ws.pub
}

// start gives w the catch-up c from revision from (ws.mu held), and keeps
// c for the other watchers left behind at the same revision while some
// may still need it: a new watcher waiting for its first, or, after a
// burst of more changes than the game keeps, a watcher that has not had
// it yet. The deltas the catch-up takes w past are read by w as far as
// their count goes, so that none waits for it in vain.
func (ws *watchState) start(w *Watcher, c *Delta, from int) {
	first := !w.started
	if first {
		ws.fresh--
	}
	ws.skip(w, c.Rev)
	w.rev, w.started, w.whole = c.Rev, true, false
	if ws.caught != c {
		ws.caught, ws.caughtFrom, ws.caughtBy = c, from, 0
	}
	if ws.caughtBy++; ws.caughtBy >= ws.watchers || first && ws.fresh == 0 {
		ws.caught = nil
	}
}

// skip counts the deltas after w's revision up to rev as read by w (ws.mu
// held), those that counted it: a catch-up takes it past them, or it
// closes.
func (ws *watchState) skip(w *Watcher, rev int) {
	for r := max(w.rev, w.counted, rev-recentDeltas) + 1; r <= rev; r++ {
		i := r % recentDeltas
		if d := ws.recent[i]; d != nil && d.Rev == r {
			if ws.unread[i]--; ws.unread[i] <= 0 {
				ws.recent[i] = nil
			}
		}
	}
}

// catchUp is the delta of g from revision from on (−1: the whole log), as
// Since gives it; false, and no delta, while g holds a change not yet
// released, which no watcher may see.
func (g *Game) catchUp(from int) (Delta, bool, error) {
	g.mu.Lock()
	g.timeUp("watch") // a seat run out is a change, before the check
	ws := &g.watch
	ws.mu.Lock()
	held := ws.made != ws.pub
	ws.mu.Unlock()
	if held {
		g.mu.Unlock()
		return Delta{}, false, nil
	}
	var c deltaCopy
	var err error
	if from < 0 {
		c = g.deltaCopy(0)
	} else {
		c, err = g.since(from)
	}
	g.mu.Unlock()
	if err != nil {
		return Delta{}, false, err
	}
	return c.words(g.lang), true, nil
}

// Close stops watching: a Next waiting returns, and every later one fails
// with [ErrWatcherClosed]. Closing twice is harmless.
func (w *Watcher) Close() {
	ws := w.lock()
	defer ws.mu.Unlock()
	if w.closed {
		return
	}
	w.closed = true
	ws.skip(w, ws.made)
	ws.watchers--
	if !w.started {
		ws.fresh--
	}
	close(w.done)
	if f, ok := ws.after[w]; ok {
		delete(ws.after, w)
		go f()
	}
}

// AfterReady arranges to call f, in a goroutine of its own, once Next
// would return without waiting: with a change, a catch-up or the game's
// end, or the error of a watcher closed. It returns stop, which cancels
// the call and says whether it did (false once f was started). A watcher
// has at most one such call arranged; a second replaces the first. It is
// for a transport that follows many games: while nothing changes, no
// goroutine of its waits for a watcher (as context.AfterFunc for a
// context).
func (w *Watcher) AfterReady(f func()) (stop func() bool) {
	ws := w.lock()
	defer ws.mu.Unlock()
	if !w.waits(ws) {
		go f()
		return func() bool { return false }
	}
	if ws.after == nil {
		ws.after = map[*Watcher]func(){}
	}
	ws.after[w] = f
	return func() bool {
		ws := w.lock()
		defer ws.mu.Unlock()
		if _, ok := ws.after[w]; !ok {
			return false
		}
		delete(ws.after, w)
		return true
	}
}

// waits says whether Next would wait now (ws.mu held): the branches of
// Next that return at once, negated.
func (w *Watcher) waits(ws *watchState) bool {
	switch {
	case w.closed, ws.next != nil:
		return false
	case w.started && w.rev < ws.pub:
		if d := ws.recent[(w.rev+1)%recentDeltas]; d != nil && d.Rev == w.rev+1 {
			return false
		}
	}
	switch {
	case (!w.started || w.rev < ws.pub) && ws.made == ws.pub:
		return false
	case ws.gone && w.started && w.rev >= ws.pub:
		return false
	}
	return true
}

// Rev returns the game's revision now: the changes since it was made, as
// the "rev" of its STATE and deltas counts them (a seat's time running
// out counts once the game notices it). It builds nothing and takes no
// lock that a step holds, so a server reads it at will: to store a change
// under its revision, to release it ([Game.Release]).
func (g *Game) Rev() int {
	g.watch.mu.Lock()
	defer g.watch.mu.Unlock()
	return g.watch.made
}

// Rev returns the revision of the last delta the watcher gave, or, before
// its first, the revision it starts from: Watch's, or after a reload
// ([Table.Reload]) the one it had. A server that hands a watcher on, or
// stores where each connection stands, reads it here.
func (w *Watcher) Rev() int {
	ws := w.lock()
	defer ws.mu.Unlock()
	return w.rev
}

// Watchers returns the number of the game's watchers. The watchers of a
// game reloaded ([Table.Reload]) count among those of the game in its
// place from their first Next after the reload.
func (g *Game) Watchers() int {
	g.watch.mu.Lock()
	defer g.watch.mu.Unlock()
	return g.watch.watchers
}

// Gate holds the game's changes back from its watchers until they are
// released ([Game.Release]): a server that stores each change before its
// watchers learn it gates the game, stores, and releases, so that no
// watcher ever sees a change that a crash could lose. Everything before
// the gate counts as released. Under the gate a change is made into its
// delta as ever, but [Watcher.Next] gives it only once released (a burst
// of more than eight changes held at once, as one delta), and a
// catch-up (a new watcher's first Next, or one fallen behind) waits while
// the game holds a change not yet released, since it would show it.
// Closing the game releases everything: its last delta is final. [Game.Since]
// and the protocol's "watch" know no gate. Gating twice is harmless.
func (g *Game) Gate() {
	g.watch.mu.Lock()
	defer g.watch.mu.Unlock()
	g.watch.gated = true
}

// Release tells the watchers of a gated game ([Game.Gate]) every change
// up to revision rev: the server has stored them. A rev past the game's
// revision is read as its revision; one at or below what was released
// already changes nothing. It takes no lock that a step holds, so it
// never waits for one. Without a gate every change is released as it is
// made, and Release does nothing.
func (g *Game) Release(rev int) {
	ws := &g.watch
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if rev = min(rev, ws.made); rev <= ws.pub {
		return
	}
	ws.pub = rev
	ws.wake()
}

// changed notes a change of g's history (g locked; refresh calls it): the
// revision rises, the change is remembered for "watch", an asked takeback
// lapses, the clocks go on, and the watchers are told.
func (g *Game) changed() {
	w := &g.watch
	n := g.h.Len()
	from := min(w.told, n) // a step played starts at the old length, a step back at the new
	g.remember(n - w.told)
	w.told = n
	g.touch(g.now())
	if g.own != nil {
		g.own.ask, g.own.giveUp = nil, nil
	}
	g.clockChanged()
	g.publish(from, false)
}

// notify notes a change of g that plays or takes back no step (g locked):
// a takeback asked, granted in part or declined, a seat claimed or named,
// a clock run out, the game that follows named. The revision rises and the
// watchers are told.
func (g *Game) notify() {
	g.remember(0)
	g.publish(g.watch.told, false)
}

// remember raises g's revision for a change that moved its length by
// moved steps, and remembers it for "watch".
func (g *Game) remember(moved int) {
	w := &g.watch
	w.rev++
	switch i := (w.rev - w.oldest - 1) % changesKept; {
	case moved < math.MinInt8 || moved > math.MaxInt8:
		// not remembered: a watcher from before it gets the whole log
		w.oldest, w.moved = w.rev, w.moved[:0]
	case i < len(w.moved):
		w.moved[i] = int8(moved)
	default:
		w.moved = append(w.moved, int8(moved))
	}
}

// publish tells the watchers of the change to g's revision now, from step
// from on (g locked); closed says it closes the game. The dice of a game
// that ends with it are revealed in the same delta. One delta is made for
// every watcher, and the waiting ones are woken by one close: the cost of
// a change does not grow with the watchers.
func (g *Game) publish(from int, closed bool) {
	g.revealAtEnd()
	ws := &g.watch
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.made = ws.rev
	told := !ws.gated || closed || ws.gone // a closing is final: all is told
	if told {
		ws.pub = ws.rev
	}
	ws.caught = nil
	// no delta is made for a game nobody watches, nor for the changes of
	// a burst held at the gate longer than burstDeltas: its watchers catch
	// up past it in one delta once it is released
	if ws.watchers == 0 && !closed || !told && ws.rev-ws.pub > burstDeltas {
		for r := max(ws.pub+1, ws.rev-burstDeltas); r <= ws.rev; r++ {
			ws.recent[r%recentDeltas] = nil
		}
		return
	}
	d := g.delta(from, g.lang)
	d.Closed = closed
	d.shared = &sharedJSON{} // every watcher's transport sends the same bytes
	ws.recent[ws.rev%recentDeltas] = &d
	ws.unread[ws.rev%recentDeltas] = int32(ws.watchers)
	ws.gone = ws.gone || closed
	if told {
		ws.wake()
	}
}

// wake wakes the waiting watchers (ws.mu held): the channel they wait on
// is closed, and a new one made for the next wait.
func (ws *watchState) wake() {
	if ws.ready != nil {
		close(ws.ready)
	}
	ws.ready = make(chan struct{})
	for w, f := range ws.after {
		delete(ws.after, w)
		go f()
	}
}

// closeWatchers tells the watchers of g, which is being closed, that it
// is: a last delta (with the dice revealed), after which their Next fails
// with ErrGameClosed, and a later Watch is refused. It waits for the step
// under way at most, never for a long call.
func (g *Game) closeWatchers() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.watch.gone {
		return
	}
	g.reveal()
	g.remember(0)
	g.publish(g.watch.told, true)
}

// delta is the change of g (locked) from step from on, at its revision
// now.
func (g *Game) delta(from int, l words.Lang) Delta {
	c := g.deltaCopy(from)
	return c.words(l)
}

// deltaCopy is a delta of g (locked) from step from on with its steps
// copied, to be put in words after the game's lock.
type deltaCopy struct {
	d       Delta
	entries []brettspiel.HistoryEntry
}

func (g *Game) deltaCopy(from int) deltaCopy {
	c := deltaCopy{d: Delta{Rev: g.watch.rev, From: from, Length: g.h.Len(),
		ToMove: int(g.cur.ToMove()), ID: g.cur.ID(), CanRedo: g.h.RedoLen() > 0, Ending: g.ending(g.lang),
		Takeback: g.takebackJSON(), GiveUp: g.giveUpJSON(), Redraws: g.redrawsJSON(), Practice: g.practice, Clock: g.clockJSON(), Claimed: g.claimedSeats(), Names: g.seatNames(), Next: g.next, Closed: g.watch.gone},
		entries: g.entries(from)}
	if g.salt != nil {
		c.d.Commitment, c.d.Seed, c.d.Salt = g.proof()
	}
	return c
}

// words is the delta with its steps in words in l.
func (c *deltaCopy) words(l words.Lang) Delta {
	d := c.d
	d.Log = stepsOf(l, d.From, c.entries, false)
	return d
}

// SinceSteps is [Game.Since] with the log's steps bare — their index,
// actor and notation, without events and words, which cost the most of a
// delta — and nothing else of the delta but Rev, From and Length. A server
// that stores a game's steps as they come asks for them so.
func (g *Game) SinceSteps(rev int) (Delta, error) {
	g.mu.Lock()
	from, err := g.sinceFrom(rev)
	var entries []brettspiel.HistoryEntry
	d := Delta{Rev: g.watch.rev, From: from, Length: g.h.Len()}
	if err == nil {
		entries = g.entries(from)
	}
	g.mu.Unlock()
	if err != nil {
		return Delta{}, err
	}
	d.Log = make([]Step, len(entries))
	for i, e := range entries {
		d.Log[i] = Step{Index: from + i, Actor: int(e.Actor), Notation: e.Notation}
	}
	return d, nil
}

// since is the delta from revision rev to the game's now (g locked), its
// steps copied (sinceFrom).
func (g *Game) since(rev int) (deltaCopy, error) {
	from, err := g.sinceFrom(rev)
	if err != nil {
		return deltaCopy{}, err
	}
	return g.deltaCopy(from), nil
}

// sinceFrom is the step a delta from revision rev on starts at (g
// locked): the lowest From of the changes after rev, or 0 when they are
// no longer remembered. A rev past the game's is read as the game's now:
// nothing changed.
func (g *Game) sinceFrom(rev int) (int, error) {
	g.timeUp("watch")
	w := &g.watch
	if rev < 0 {
		return 0, bad("watch", strconv.Itoa(rev), ErrBadCall, "rev is a revision of the game, 0 or more")
	}
	rev = min(rev, w.rev)
	from := g.h.Len()
	if rev < w.oldest || w.rev-rev > changesKept {
		from = 0
	}
	// the lengths back from now, change by change
	told := w.told
	for r := w.rev; r > rev && from > 0; r-- {
		before := told - int(w.moved[(r-w.oldest-1)%changesKept])
		from = min(from, before, told)
		told = before
	}
	return from, nil
}

// Since returns the change of the game from revision rev (0 or more; a
// revision past the game's is read as its revision now) to now as one
// delta, as "watch" answers it: the steps from the lowest step any change
// after rev touched on, or the whole log when those changes are no longer
// remembered (more than 256 ago, before the game was restored, or before a
// change that moved its length by more than 127 steps at once). A delta
// with Rev = rev and an empty Log says nothing changed. The game's lock is
// held to copy the steps, not to put them in words.
//
// Since, and "watch", which calls it, know no gate ([Game.Gate]): they
// give the game as it is, released or not. A server that gates its
// watchers calls it knowingly (to store a change, say) and gives what it
// returns to nobody before it releases that revision.
func (g *Game) Since(rev int) (Delta, error) {
	g.mu.Lock()
	c, err := g.since(rev)
	g.mu.Unlock()
	if err != nil {
		return Delta{}, err
	}
	return c.words(g.lang), nil
}

package session

import (
	"encoding/json"
	"math"
	"strconv"
	"sync"

	"github.com/brettspiel/brettspiel/internal/jsonw"
	"github.com/brettspiel/brettspiel/words"
)

// Watchers. Every change of a game — a step played, an undo, a redo, a
// takeback — is one Delta, numbered by the game's revision: the steps
// from the first that changed on, and what a watcher shows besides (who is
// to move, the position ID, the end). A Go program follows a game with
// [Game.Watch], a channel of deltas; a client of the protocol asks "watch"
// for the delta since the revision it has.

// WatchBuffer is the number of deltas a [Watcher]'s channel holds. A
// watcher that falls further behind is dropped, never waited for: its
// channel is closed and [Watcher.Err] says why.
const WatchBuffer = 256

// changesKept is how many changes a game remembers for "watch": a client
// further behind is sent the whole log (from 0).
const changesKept = 256

// Delta is one change of a game, or the catch-up with which a watcher
// starts: the game's log is kept up to From and Log follows it, so that a
// watcher cuts its own log to From entries and appends Log. A step played
// has From = the length before it and one step in Log; an undo or a
// takeback has From = the length it went back to and an empty Log; a redo
// gives back one step. The steps carry their events in words in the
// game's language, each naming its rule by ID ("rule" gives the text).
//
// A watcher's channel gives pointers to deltas that every watcher of the
// game shares: read them, do not change them.
type Delta struct {
	// Rev is the game's revision after the change: the changes since the
	// game was made, counted from 1. A delta follows the one before with
	// Rev one higher; the catch-up has the revision it catches up to.
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
	// Clock is the state of the game's clocks, for a game with a time
	// control.
	Clock *ClockJSON `json:"clock,omitempty"`
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
	// mu guards watchers, gone and the watchers' own fields; it is taken
	// after the game's lock, or alone, never held long, so that closing a
	// game or a watcher does not wait for a call under way.
	mu       sync.Mutex
	watchers []*Watcher
	gone     bool // the game's table closed it
}

// Watcher follows a game: see [Game.Watch].
type Watcher struct {
	g *Game
	c chan *Delta
	// err is why the channel was closed, nil while it is open and after
	// Close; closed says it is. Both under the game's watch.mu.
	err    error
	closed bool
}

// Watch follows the game from step since (0…Len()) on: its channel first
// gives one delta with the steps from since on (From = since), then one
// delta per change of the game, in order. A watcher that lets
// [WatchBuffer] deltas wait is dropped: its channel is closed and Err
// wraps [ErrWatcherBehind]; it catches up with Watch from the length of the
// last delta it got (or with Log). Closing the game (Table.Close, an idle
// sweep) closes the channel with [ErrGameClosed]. Close stops watching.
// A watcher reads only: it has no way to act on the game.
func (g *Game) Watch(since int) (*Watcher, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if since < 0 || since > g.h.Len() {
		return nil, bad("watch", strconv.Itoa(since), ErrBadCall, "since is a step's index, 0…"+strconv.Itoa(g.h.Len()))
	}
	g.watch.mu.Lock()
	defer g.watch.mu.Unlock()
	if g.watch.gone {
		return nil, bad("watch", "", ErrGameClosed, "the game was closed")
	}
	w := &Watcher{g: g, c: make(chan *Delta, WatchBuffer)}
	d := g.delta(since, g.lang)
	w.c <- &d
	g.watch.watchers = append(g.watch.watchers, w)
	return w, nil
}

// Deltas returns the channel of the watcher's deltas, closed when the
// watcher is dropped, its game closed or Close called.
func (w *Watcher) Deltas() <-chan *Delta { return w.c }

// Err says why the channel was closed: an error wrapping
// [ErrWatcherBehind] or [ErrGameClosed]; nil while it is open and after
// Close.
func (w *Watcher) Err() error {
	w.g.watch.mu.Lock()
	defer w.g.watch.mu.Unlock()
	return w.err
}

// Close stops watching and closes the channel; the deltas in it stay to be
// read.
func (w *Watcher) Close() {
	w.g.watch.mu.Lock()
	defer w.g.watch.mu.Unlock()
	w.g.drop(w, nil)
}

// drop removes w from g's watchers (watch.mu held) and closes its channel
// with the reason err.
func (g *Game) drop(w *Watcher, err error) {
	if w.closed {
		return
	}
	w.closed = true
	for i, x := range g.watch.watchers {
		if x == w {
			g.watch.watchers = append(g.watch.watchers[:i], g.watch.watchers[i+1:]...)
			break
		}
	}
	w.err = err
	close(w.c)
}

// closeWatchers closes the channels of every watcher of g, which its table
// closed; a later Watch is refused with ErrGameClosed. It does not wait for
// a call on the game under way.
func (g *Game) closeWatchers() {
	g.watch.mu.Lock()
	defer g.watch.mu.Unlock()
	g.watch.gone = true
	for len(g.watch.watchers) > 0 {
		g.drop(g.watch.watchers[0], bad("watch", "", ErrGameClosed, "the game was closed"))
	}
	g.watch.watchers = nil
}

// changed notes a change of g's history (g locked; refresh calls it): the
// revision rises, the change is remembered for "watch", and every watcher
// is sent its delta, or dropped when its buffer is full.
func (g *Game) changed() {
	w := &g.watch
	n := g.h.Len()
	from := min(w.told, n) // a step played starts at the old length, a step back at the new
	moved := n - w.told
	w.told = n
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
	g.touch(g.now())
	if g.own != nil {
		g.own.ask = nil
	}
	g.clockChanged()
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.watchers) == 0 {
		return
	}
	d := g.delta(from, g.lang)
	for i := 0; i < len(w.watchers); {
		x := w.watchers[i]
		select {
		case x.c <- &d:
			i++
		default:
			g.drop(x, bad("watch", strconv.Itoa(from), ErrWatcherBehind,
				"the watcher let "+strconv.Itoa(WatchBuffer)+" changes wait; watch again from the last step it has"))
		}
	}
}

// delta is the change of g (locked) from step from on, at its revision
// now.
func (g *Game) delta(from int, l words.Lang) Delta {
	return Delta{Rev: g.watch.rev, From: from, Length: g.h.Len(), Log: g.log(l, from, false),
		ToMove: int(g.cur.ToMove()), ID: g.cur.ID(), CanRedo: g.h.RedoLen() > 0, Ending: g.ending(l),
		Takeback: g.takebackJSON(), Clock: g.clockJSON()}
}

// since is the delta from revision rev to the game's now (g locked): from
// the lowest From of the changes after rev, or from 0 when they are no
// longer remembered.
func (g *Game) since(rev int, l words.Lang) (Delta, error) {
	g.timeUp("watch")
	w := &g.watch
	if rev < 0 || rev > w.rev {
		return Delta{}, bad("watch", strconv.Itoa(rev), ErrBadCall, "rev is a revision of the game, 0…"+strconv.Itoa(w.rev))
	}
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
	return g.delta(from, l), nil
}

// Since returns the change of the game from revision rev (0…the game's
// revision now) to now as one delta, as "watch" answers it: the steps from
// the lowest step any change after rev touched on, or the whole log when
// those changes are no longer remembered (more than 256 ago, before the
// game was restored, or before a change that moved its length by more
// than 127 steps at once). A delta with Rev = rev and an empty Log says nothing
// changed. A server that tells its clients of a call's changes at once,
// or stores them, asks Since with the revision it had before the call.
func (g *Game) Since(rev int) (Delta, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.since(rev, g.lang)
}

// WatchJSON is the result of "watch": the delta of the game of a handle
// since a revision.
type WatchJSON struct {
	// Handle is absent in an answer of [Game.Call].
	Handle int `json:"handle,omitempty"`
	Delta
}

type watchArgs struct {
	gameArgs
	Rev  *int   `json:"rev"`
	Lang string `json:"lang"`
}

func watchCall(name string, h int, g *Game, in *watchArgs) ([]byte, error) {
	if in.Rev == nil {
		return nil, missing(name, "rev")
	}
	v := View{Lang: in.Lang}
	if err := v.check(name); err != nil {
		return nil, err
	}
	d, err := g.since(*in.Rev, v.lang(g))
	if err != nil {
		return nil, err
	}
	return marshal(WatchJSON{Handle: h, Delta: d})
}

// MarshalJSON writes the delta as the protocol's "watch" does, its events
// lean: "trackFrom" and "trackTo" only where they differ from "from" and
// "to" (in the Festungsspiel never), which keeps the delta of a step small.
func (d Delta) MarshalJSON() ([]byte, error) {
	return append(d.appendKeys(append(make([]byte, 0, 512), '{')), '}'), nil
}

// MarshalJSON writes the answer of "watch": the handle and the delta.
func (w WatchJSON) MarshalJSON() ([]byte, error) {
	b := append(make([]byte, 0, 512), '{')
	if w.Handle != 0 {
		b = append(jsonw.KeyInt(b, `"handle":`, w.Handle), ',')
	}
	return append(w.Delta.appendKeys(b), '}'), nil
}

// appendKeys appends the keys of d, without braces.
func (d *Delta) appendKeys(b []byte) []byte {
	b = jsonw.KeyInt(b, `"rev":`, d.Rev)
	b = jsonw.KeyInt(b, `,"from":`, d.From)
	b = jsonw.KeyInt(b, `,"length":`, d.Length)
	b = append(b, `,"log":[`...)
	for i := range d.Log {
		s := &d.Log[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.KeyInt(b, `{"index":`, s.Index)
		b = jsonw.KeyInt(b, `,"actor":`, s.Actor)
		b = jsonw.KeyString(b, `,"notation":`, s.Notation)
		b = append(b, `,"events":[`...)
		for k := range s.Events {
			if k > 0 {
				b = append(b, ',')
			}
			b = jsonw.KeyString(b, `{"text":`, s.Events[k].Text)
			b = jsonw.LeanEvent(append(b, `,"event":`...), &s.Events[k].Event)
			b = append(b, '}')
		}
		b = append(b, `]}`...)
	}
	b = jsonw.KeyInt(b, `],"toMove":`, d.ToMove)
	b = jsonw.KeyString(b, `,"id":`, d.ID)
	b = jsonw.KeyBool(b, `,"canRedo":`, d.CanRedo)
	if d.Ending != "" {
		b = jsonw.KeyString(b, `,"ending":`, d.Ending)
	}
	if t := d.Takeback; t != nil {
		b = jsonw.KeyInt(b, `,"takeback":{"seat":`, t.Seat)
		b = jsonw.KeyInt(b, `,"steps":`, t.Steps)
		b = append(jsonw.KeyInts(b, `,"granted":`, t.Granted), '}')
	}
	if d.Clock != nil {
		c, _ := json.Marshal(d.Clock)
		b = append(append(b, `,"clock":`...), c...)
	}
	return b
}

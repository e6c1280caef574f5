package hub

import (
	"container/list"
	"context"
	"errors"
	"sync"

	"github.com/brettspiel/brettspiel/session"
)

// waiting are the games held that wait for a player (a person's seat not
// yet claimed), oldest first (after a start, in the order restored), and
// their count per network.
type waiting struct {
	mu     sync.Mutex
	list   list.List      // of *Game
	by     map[string]int // per Meta.Origin: those listed and those being made
	making int            // games being made that will wait
}

// evictTurns bounds the games archived for one place at a full table.
const evictTurns = 8

// account lists or unlists a game among the waiting as it now is (lg.mu
// held): listed while it is held and a seat waits for its player.
func (h *Hub) account(lg *Game) {
	waits := !lg.gone && len(lg.meta.open()) > 0
	w := &h.waiting
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case waits && lg.waitEl == nil:
		lg.waitEl, lg.waitOrigin = w.list.PushBack(lg), lg.meta.Origin
		w.by[lg.waitOrigin]++
	case !waits && lg.waitEl != nil:
		w.unlist(lg)
	}
}

// unlist takes a game from the list (w.mu held).
func (w *waiting) unlist(lg *Game) {
	w.list.Remove(lg.waitEl)
	lg.waitEl = nil
	if w.by[lg.waitOrigin]--; w.by[lg.waitOrigin] <= 0 {
		delete(w.by, lg.waitOrigin)
	}
}

// oldest takes from the list the oldest waiting game that nothing holds,
// locked (lg.mu), or nil. It tries the lock only: a game acted on, or one
// whose lock the caller holds, is passed over, and no order of locks is
// needed against account, which takes lg.mu before w.mu.
func (w *waiting) oldest() *Game {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.oldestLocked()
}

// oldestLocked is oldest with w.mu held.
func (w *waiting) oldestLocked() *Game {
	for e, i := w.list.Front(), 0; e != nil && i < 8; e, i = e.Next(), i+1 {
		if lg := e.Value.(*Game); lg.mu.TryLock() {
			w.unlist(lg)
			return lg
		}
	}
	return nil
}

// evict archives a waiting game taken by oldest, to make room, and lets
// it go (lg.mu held, unlocked here); a game that cannot be archived, or no
// longer waits, is put back as it is.
func (h *Hub) evict(lg *Game) {
	defer lg.mu.Unlock()
	if !lg.gone && !lg.stale && len(lg.meta.open()) > 0 {
		ctx, cancel := context.WithTimeout(h.base, storeTimeout)
		defer cancel()
		if err := h.archive(ctx, lg, "room"); err != nil {
			h.opt.Log.Warn("not archived to make room", GameAttr(lg.id), "err", err)
		} else {
			h.evicted.Add(1)
		}
	}
	h.account(lg)
}

// makeWaiting counts a game of origin that will wait for a player, until
// done is called (the game held and listed, or not made): refused beyond
// Options.WaitingPerNet of its network; when the waiting games fill
// Options.MaxWaiting, the oldest of them is archived, its place taken by
// this game in the same step, so that nobody else takes it meanwhile.
func (h *Hub) makeWaiting(origin string) (done func(), err error) {
	w := &h.waiting
	w.mu.Lock()
	if w.by[origin] >= h.opt.WaitingPerNet {
		w.mu.Unlock()
		return nil, ErrTooManyGames
	}
	var old *Game
	if w.list.Len()+w.making >= h.opt.MaxWaiting {
		if old = w.oldestLocked(); old == nil {
			w.mu.Unlock()
			return nil, ErrBusy // each of the oldest is acted on
		}
	}
	w.making++
	w.by[origin]++
	w.mu.Unlock()
	if old != nil {
		h.evict(old)
	}
	return sync.OnceFunc(func() {
		w.mu.Lock()
		w.making--
		if w.by[origin]--; w.by[origin] <= 0 {
			delete(w.by, origin)
		}
		w.mu.Unlock()
	}), nil
}

// roomy runs put, which seats a game at the table, and, while the table
// is full, archives the oldest waiting game and runs it again: a game
// nobody joined gives way to one made or played, and a new game is
// refused only when the games with all their players fill the table.
func (h *Hub) roomy(put func() error) error {
	err := put()
	if !errors.Is(err, session.ErrTableFull) {
		return err
	}
	// one at a time makes room and takes it: the place freed is taken by
	// another only if its put comes in between
	h.seating.Lock()
	defer h.seating.Unlock()
	for i := 0; errors.Is(err, session.ErrTableFull) && i < evictTurns; i++ {
		lg := h.waiting.oldest()
		if lg == nil {
			break
		}
		h.evict(lg)
		err = put()
	}
	return err
}

// Waiting returns the games held that wait for a player.
func (h *Hub) Waiting() int {
	h.waiting.mu.Lock()
	defer h.waiting.mu.Unlock()
	return h.waiting.list.Len()
}

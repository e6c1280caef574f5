package hub

import (
	"context"
	"time"

	"github.com/brettspiel/brettspiel/server/store"
)

// Touch notes a seat's holder connected to the game of id: the sweep
// spares it as if he acted. On a store the processes share
// (store.Presence) the time is written to the game's row too, at most
// once in touchEvery for this process, so that every process's sweep
// spares the game, not only this one's.
func (h *Hub) Touch(id string) {
	lg := h.lookup(id)
	if lg == nil {
		return
	}
	p, shared := h.store.(store.Presence)
	now := time.Now()
	lg.mu.Lock()
	if lg.gone {
		lg.mu.Unlock()
		return
	}
	lg.g.Touch()
	due := shared && now.Sub(lg.touchWritten) >= h.touchEvery()
	if due {
		lg.touchWritten = now
	}
	lg.mu.Unlock()
	if !due {
		return
	}
	// not under the game's lock: its calls need not wait for this write
	ctx, cancel := context.WithTimeout(h.base, presenceTimeout)
	defer cancel()
	if err := h.timed("touch", func() error { return p.Touch(ctx, id, now) }); err != nil {
		h.opt.Log.Warn("a person's presence not stored", GameAttr(id), "err", err)
	}
}

// presenceTimeout bounds a write or a read of a person's presence.
const presenceTimeout = 2 * time.Second

// touchEvery is how often a process writes a person's presence at a game:
// a minute, or a quarter of Options.Waiting when shorter, so that the
// stored time is never nearly as old as the sweep's limit while he is there.
func (h *Hub) touchEvery() time.Duration { return min(time.Minute, h.opt.Waiting/4) }

// present says whether a person was at the game through any process
// within limit (lg.mu held), as the store shares it; false when the
// store shares none. Having read a time, it reads no more until that time
// is limit old.
func (h *Hub) present(ctx context.Context, lg *Game, limit time.Duration) bool {
	p, shared := h.store.(store.Presence)
	if !shared {
		return false
	}
	now := time.Now()
	if now.Before(lg.presentUntil) {
		return true
	}
	var at time.Time
	ctx, cancel := context.WithTimeout(ctx, presenceTimeout)
	defer cancel()
	err := h.timed("touched", func() (err error) { at, err = p.Touched(ctx, lg.id); return err })
	if err != nil {
		// not archived on a guess: the next sweep asks again
		h.opt.Log.Warn("a person's presence not read; not archived now", GameAttr(lg.id), "err", err)
		return true
	}
	if now.Sub(at) >= limit {
		return false
	}
	lg.presentUntil = at.Add(limit)
	return true
}

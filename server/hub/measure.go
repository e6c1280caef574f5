package hub

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/brettspiel/brettspiel/server/metrics"
	"github.com/brettspiel/brettspiel/server/store"
)

// Metrics returns the figures the hub counts into (Options.Metrics), for
// the transports to count theirs beside; nil counts nothing.
func (h *Hub) Metrics() *metrics.Metrics { return h.opt.Metrics }

// Methods returns the methods of the protocol the hub serves: the values
// a transport's figures name calls by.
func Methods() []string { return slices.Sorted(maps.Keys(served)) }

// ops name the writes of the store in its figures.
var ops = [...]string{store.Create: "create", store.Steps: "steps", store.Snap: "snapshot", store.Archive: "archive"}

// timed runs a call of the store's operation op and counts its time.
func (h *Hub) timed(op string, f func() error) error {
	start := time.Now()
	err := f()
	h.opt.Metrics.Store(op, time.Since(start), err)
	return err
}

// write commits a change, counted by its kind.
func (h *Hub) write(ctx context.Context, c store.Change) error {
	op := "other"
	if int(c.Kind) < len(ops) {
		op = ops[c.Kind]
	}
	return h.timed(op, func() error { return h.store.Write(ctx, c) })
}

// Ready says whether the hub serves: nil unless it stops (ErrStopping) or
// its store does not answer a ping within ctx.
func (h *Hub) Ready(ctx context.Context) error {
	if h.Stopping() {
		return ErrStopping
	}
	return h.timed("ping", func() error { return h.store.Ping(ctx) })
}

// read reads a game from the store.
func (h *Hub) read(ctx context.Context, id string) (st store.Stored, ok bool, err error) {
	err = h.timed("read", func() error { st, ok, err = h.store.Game(ctx, id); return err })
	return st, ok, err
}

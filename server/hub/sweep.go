package hub

import (
	"context"
	"slices"
)

// Sweep archives the games nobody acted in for Options.Idle, or for
// Options.Waiting those where a person's seat waits, and says how many;
// it logs how many waiting games were archived sooner to make room. On a
// store the processes share, a game a person was at through another
// process within that time (Hub.Touch there) is spared.
func (h *Hub) Sweep(ctx context.Context) int {
	if n := h.evicted.Swap(0); n > 0 {
		h.opt.Log.Info("games waiting for a player archived early: the waiting games filled their share, or the table", "games", n)
	}
	idle := h.table.Idle(h.opt.Idle)
	waiting := h.table.Idle(h.opt.Waiting)
	n := 0
	for _, lg := range h.all() {
		if _, due := slices.BinarySearch(waiting, lg.handle); !due {
			continue
		}
		lg.mu.Lock()
		_, long := slices.BinarySearch(idle, lg.handle)
		waits := len(lg.meta.open()) > 0
		if !lg.gone && !lg.stale && (long || waits) {
			why, limit := "idle", h.opt.Idle
			if waits {
				why, limit = "waiting", h.opt.Waiting
			}
			if h.present(ctx, lg, limit) {
				h.opt.Metrics.Spared()
				lg.mu.Unlock()
				continue
			}
			if err := h.archive(ctx, lg, why); err != nil {
				h.opt.Log.Warn("an idle game not archived", GameAttr(lg.id), "err", err)
			} else {
				n++
			}
		}
		lg.mu.Unlock()
	}
	return n
}

// Archive ends the game of id now, as Sweep does: its record is stored,
// the game leaves the hub and its watchers are told.
func (h *Hub) Archive(ctx context.Context, id string) error {
	lg, err := h.held(id)
	if err != nil {
		return err
	}
	defer lg.mu.Unlock()
	return h.archive(ctx, lg, "asked")
}

package hub

import (
	"context"
	"slices"
)

// Sweep archives the games in which nobody has acted for Options.Idle,
// and, after Options.Waiting, those in which a person's seat still waits
// for its player (a game made and never joined), and returns how many.
// Nobody acting is the session's own idea (session.Table.Idle): a step, a
// claim, or Touch for a seat's holder connected; reading does not count.
func (h *Hub) Sweep(ctx context.Context) int {
	idle := h.table.Idle(h.opt.Idle)
	waiting := h.table.Idle(h.opt.Waiting)
	h.mu.Lock()
	var due []*Game
	for _, lg := range h.games {
		if _, ok := slices.BinarySearch(waiting, lg.handle); !ok {
			continue
		}
		due = append(due, lg)
	}
	h.mu.Unlock()
	n := 0
	for _, lg := range due {
		lg.mu.Lock()
		_, long := slices.BinarySearch(idle, lg.handle)
		if !lg.gone && !lg.stale && (long || lg.meta.open() > 0) {
			if err := h.archive(ctx, lg); err != nil {
				h.logf("game %.8s…: not archived: %v", lg.id, err)
			} else {
				n++
			}
		}
		lg.mu.Unlock()
	}
	return n
}

// Archive ends the game of id now, as Sweep does a game idle too long: its
// record is stored, the game leaves the hub and its watchers are told,
// with the dice's seed.
func (h *Hub) Archive(ctx context.Context, id string) error {
	lg, err := h.find(id)
	if err != nil {
		return err
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if err := h.fresh(lg); err != nil {
		return err
	}
	return h.archive(ctx, lg)
}

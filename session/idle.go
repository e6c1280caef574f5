package session

import (
	"slices"
	"time"
)

// Games idle too long. A table with [Options.IdleTimeout] closes the games
// that no call has named and that have not changed for longer: when a
// server calls [Table.Sweep] (on its own ticker; the table runs no
// goroutine), and before it refuses a new or restored game for being full.

// touch notes that the game was used at now.
func (g *Game) touch(now time.Time) { g.touched.Store(now.UnixNano()) }

// Sweep closes the games idle longer than [Options.IdleTimeout] — named by
// no call of the table ([Table.Game], and so [Table.Call]) and changed by
// none — as [Table.Close] does, and returns their handles in rising order.
// Without an IdleTimeout it closes nothing.
func (t *Table) Sweep() []int {
	if t.idle <= 0 {
		return nil
	}
	limit := t.now().Add(-t.idle).UnixNano()
	var idle []*Game
	var handles []int
	t.mu.Lock()
	for h, g := range t.games {
		if g.touched.Load() < limit {
			handles = append(handles, h)
			idle = append(idle, g)
			delete(t.games, h)
		}
	}
	t.mu.Unlock()
	for _, g := range idle {
		g.closeWatchers()
	}
	slices.Sort(handles)
	return handles
}

// sweepIfFull sweeps a full table, before a new game is refused.
func (t *Table) sweepIfFull() {
	if t.idle > 0 && t.Len() >= t.max {
		t.Sweep()
	}
}

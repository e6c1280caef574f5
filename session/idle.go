package session

import (
	"slices"
	"time"
)

// Games idle too long. A table with [Options.IdleTimeout] closes the games
// in which nobody has acted for longer: no call that acts (a move, a throw,
// an undo, a claim, …), no change, and no [Game.Touch] of a transport that
// counts a person's connection as presence. Reading a game — state, watch,
// legal — keeps nobody's game alive: anyone may read, so anyone could hold
// every game open. The table closes them when a server calls [Table.Sweep]
// (on its own ticker; the table runs no goroutine), and before it refuses a
// new or restored game for being full.

// touch notes that the game was used at now.
func (g *Game) touch(now time.Time) { g.touched.Store(now.UnixNano()) }

// Touch notes that someone is at the game now, as an act does: an idle
// sweep ([Table.Sweep]) spares it for another [Options.IdleTimeout]. A
// transport calls it for the presence of a person, e.g. each minute while
// a seat's holder is connected; reading the game does not touch it.
func (g *Game) Touch() { g.touch(g.now()) }

// Sweep closes the games idle longer than [Options.IdleTimeout] — acted on
// by no call, changed by none and touched by no [Game.Touch] — as
// [Table.Close] does, and returns their handles in rising order.
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
		g.Close()
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

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
// new or restored game for being full; [Table.Idle] lists them without
// closing them, for a server that archives a game before it closes it.

// touch notes that the game was used at now.
func (g *Game) touch(now time.Time) { g.touched.Store(now.UnixNano()) }

// Touch notes that someone is at the game now, as an act does: an idle
// sweep ([Table.Sweep]) spares it for another [Options.IdleTimeout]. A
// transport calls it for the presence of a person, e.g. each minute while
// a seat's holder is connected; reading the game does not touch it.
func (g *Game) Touch() { g.touch(g.now()) }

// Idle returns, in rising order, the handles of the games idle longer than
// d — acted on by no call, changed by none and touched by no [Game.Touch]
// — without closing them: a server archives each (its snapshot, its
// record) before it closes it. It is the test that [Table.Sweep] applies
// with [Options.IdleTimeout].
func (t *Table) Idle(d time.Duration) []int {
	handles, _ := t.idleGames(d, false)
	return handles
}

// Sweep closes the games idle longer than [Options.IdleTimeout] — acted on
// by no call, changed by none and touched by no [Game.Touch] — as
// [Table.Close] does, and returns their handles in rising order.
// Without an IdleTimeout it closes nothing. A server that archives a game
// before it closes it asks [Table.Idle] instead and closes each itself.
func (t *Table) Sweep() []int {
	if t.idle <= 0 {
		return nil
	}
	handles, games := t.idleGames(t.idle, true)
	for _, g := range games {
		g.Close()
	}
	return handles
}

// idleGames returns the handles of the games idle longer than d, in
// rising order, and the games; take removes them from the table in the
// same step, so that none is named or reloaded between.
func (t *Table) idleGames(d time.Duration, take bool) ([]int, []*Game) {
	limit := t.now().Add(-d).UnixNano()
	var handles []int
	var games []*Game
	t.mu.Lock()
	for h, g := range t.games {
		if g.touched.Load() < limit {
			handles = append(handles, h)
			games = append(games, g)
			if take {
				delete(t.games, h)
			}
		}
	}
	t.mu.Unlock()
	slices.Sort(handles)
	return handles, games
}

// sweepIfFull sweeps a full table, before a new game is refused.
func (t *Table) sweepIfFull() {
	if t.idle > 0 && t.Len() >= t.max {
		t.Sweep()
	}
}

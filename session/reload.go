package session

import "strconv"

// Games reloaded in place. A server that keeps its games in storage
// reloads one when the game it holds may no longer be the stored one —
// another process wrote it, a write failed after the step was made: the
// stored game is the truth. [Table.Reload] puts the game of the stored
// snapshot under the handle in place of the one held. A reload is no
// end: the game goes on from storage, so the game it replaces is retired
// without revealing its dice (a closing would, in its last delta), and
// its watchers go on with the new game, each from a catch-up, without a
// closing or an error: a server's connections notice nothing but the
// catch-up.

// Reload restores a snapshot as [Table.Restore] does, with the same
// checks, and puts its game under handle in place of the game there,
// which it returns. The old game is retired as [Game.Close] closes a game
// — its long calls stop, its calls through [Game.Call] and a Watch of it
// are refused with [ErrGameClosed] — but its dice stay secret, and no
// closing is told (closing it later reveals nothing either). Its
// watchers go on with the new game at their next [Watcher.Next], which
// gives a catch-up from the revision they had (the whole log when the new
// game does not know that revision: the snapshot is older or newer than
// it); a watcher that finds the new game with as many watchers as it
// takes fails with [ErrTooManyWatchers] until one leaves. The new game
// keeps the old one's bound of watchers and its gate ([Game.Gate]), with
// everything in the snapshot released. What a call still running on the
// old game changes is not carried over.
//
// A snapshot that does not restore is refused with its error and leaves
// the old game as it was; a handle without a game is refused with
// [ErrUnknownHandle].
func (t *Table) Reload(handle int, snapshot []byte) (*Game, error) {
	g, err := t.restore(snapshot)
	if err != nil {
		return nil, err
	}
	rev := g.watch.rev // the snapshot's; nobody else has g yet
	t.mu.Lock()
	old, ok := t.games[handle]
	if !ok {
		t.mu.Unlock()
		return nil, bad("reload", strconv.Itoa(handle), ErrUnknownHandle, "no game of the table has this handle")
	}
	// the gate and the bound before anyone reaches the new game
	old.watch.mu.Lock()
	g.watch.gated, g.watch.max = old.watch.gated, old.watch.max
	old.watch.mu.Unlock()
	t.games[handle] = g
	g.budget = t.budget
	g.touch(t.now())
	t.mu.Unlock()
	old.retire(g, rev)
	return g, nil
}

// retire ends g, whose place next takes from revision rev on: as Close it
// stops g's long calls and refuses its calls, but it reveals nothing and
// tells no closing; the watchers waiting are woken to move to next
// (Watcher.move).
func (g *Game) retire(next *Game, rev int) {
	g.closed.Store(true)
	g.stops.close()
	g.mu.Lock()
	defer g.mu.Unlock()
	ws := &g.watch
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.next, ws.nextRev, ws.gone = next, rev, true
	ws.recent, ws.unread, ws.caught = [recentDeltas]*Delta{}, [recentDeltas]int32{}, nil
	ws.wake()
}

// move takes w from old, a game retired, to the game in its place: it
// counts among that game's watchers, if there is room, and gives a
// catch-up there next, from its revision; the whole log when its revision
// is past the snapshot's, which the new game may have reached since by
// other changes.
func (w *Watcher) move(old *Game) error {
	ows := &old.watch
	ows.mu.Lock()
	defer ows.mu.Unlock()
	if w.g.Load() != old || w.closed {
		return nil // Next sees why
	}
	nws := &ows.next.watch
	nws.mu.Lock()
	defer nws.mu.Unlock()
	if nws.watchers >= nws.max {
		return bad("watch", "", ErrTooManyWatchers, "the game reloaded has "+strconv.Itoa(nws.max)+" watchers, its most")
	}
	ows.watchers--
	nws.watchers++
	if !w.started {
		ows.fresh--
	}
	nws.fresh++ // its catch-up comes from the game reloaded
	if nws.ready == nil {
		nws.ready = make(chan struct{})
	}
	w.started, w.whole = false, w.rev > ows.nextRev
	// the next delta published counts it; the game's rev is its lock's,
	// made is nws.mu's
	w.counted = nws.made
	w.g.Store(ows.next)
	return nil
}

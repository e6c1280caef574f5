package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// Watchers left behind at one revision share one catch-up, and the game
// lets it go once every watcher has had it: a game at rest keeps no copy
// of its log for its watchers.
func TestCatchUpIsSharedThenLetGo(t *testing.T) {
	g := playedGame(t)
	held := func() *Delta {
		g.watch.mu.Lock()
		defer g.watch.mu.Unlock()
		return g.watch.caught
	}
	// one watcher: its catch-up is its own, and not kept
	one, _ := g.Watch(0)
	if d, err := one.Next(nil); err != nil || d.Rev != g.Rev() {
		t.Fatalf("the catch-up: %+v %v", d, err)
	}
	if held() != nil {
		t.Fatal("the game keeps the catch-up of its only watcher")
	}
	// three more from the start: the first builds it, the others share it
	ws := []*Watcher{}
	for range 3 {
		w, _ := g.Watch(0)
		ws = append(ws, w)
	}
	var first *Delta
	for i, w := range ws {
		d, err := w.Next(nil)
		if err != nil || d.Rev != g.Rev() {
			t.Fatalf("watcher %d: %+v %v", i, d, err)
		}
		if i == 0 {
			first = d
		} else if d != first {
			t.Errorf("watcher %d built a catch-up of its own", i)
		}
		if i < len(ws)-1 && held() == nil {
			t.Errorf("after watcher %d the catch-up the others need is gone", i)
		}
	}
	if held() != nil {
		t.Fatal("every watcher has had the catch-up, and the game keeps it")
	}
	// a change is told to all four as before
	if _, err := g.Advance(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	for i, w := range append(ws, one) {
		if d, err := w.Next(nil); err != nil || d.Rev != g.Rev() {
			t.Errorf("watcher %d after a change: %+v %v", i, d, err)
		}
	}
}

// A burst of more changes than the game keeps leaves its watchers behind:
// they share one catch-up, and once each has had it the game holds neither
// it nor the deltas of the burst, which they never read.
func TestBurstLeavesNoDeltaHeld(t *testing.T) {
	g := playedGame(t)
	ws := make([]*Watcher, 4)
	for i := range ws {
		ws[i], _ = g.Watch(0)
		if _, err := ws[i].Next(nil); err != nil {
			t.Fatal(err)
		}
	}
	// the changes wait at the gate, as a server's wait for its store
	g.Gate()
	for range recentDeltas + 10 {
		if g.Undo() != nil || g.Redo() != nil {
			t.Fatal("no undo or redo")
		}
	}
	held := func() (caught bool, deltas int) {
		g.watch.mu.Lock()
		defer g.watch.mu.Unlock()
		for _, d := range g.watch.recent {
			if d != nil {
				deltas++
			}
		}
		return g.watch.caught != nil, deltas
	}
	// nobody will read a delta of the burst: none is kept, nor made
	// after the first the game keeps room for
	if _, deltas := held(); deltas > 0 {
		t.Fatalf("the burst, held at the gate, left %d deltas nobody will read", deltas)
	}
	g.Release(g.Rev())
	var first *Delta
	for i, w := range ws {
		d, err := w.Next(nil)
		if err != nil || d.Rev != g.Rev() {
			t.Fatalf("watcher %d: %+v %v", i, d, err)
		}
		if i == 0 {
			first = d
		} else if d != first {
			t.Errorf("watcher %d built a catch-up of its own", i)
		}
	}
	if !bytes.Equal(first.AppendJSON(nil), first.AppendJSON(nil)) || first.shared == nil || first.shared.b == nil {
		t.Error("the shared catch-up's JSON is made for each watcher")
	}
	if caught, deltas := held(); caught || deltas > 0 {
		t.Fatalf("after the catch-up the game holds it: %v, and %d deltas", caught, deltas)
	}
	// a watcher that closes without reading leaves nothing either
	g.Undo()
	g.Release(g.Rev())
	ws[0].Close()
	for _, w := range ws[1:] {
		if _, err := w.Next(nil); err != nil {
			t.Fatal(err)
		}
	}
	if caught, deltas := held(); caught || deltas > 0 {
		t.Fatalf("after a watcher closed unread: the catch-up %v, %d deltas held", caught, deltas)
	}
}

// Watchers that a burst left behind and that read at once, as a server's
// connections do, wait for the one catch-up the first of them makes: each
// gets it, none makes its own, and the game holds nothing after. Read one
// after another they share it too (TestBurstLeavesNoDeltaHeld); read at
// once, each made its own and the last stayed held while the game rested.
func TestBurstReadAtOnceSharesOneCatchUp(t *testing.T) {
	for _, how := range []string{"Next", "AfterReady"} {
		t.Run(how, func(t *testing.T) {
			for round := range 20 {
				g := playedGame(t)
				ws := make([]*Watcher, 4)
				for i := range ws {
					ws[i], _ = g.Watch(0)
					if _, err := ws[i].Next(nil); err != nil {
						t.Fatal(err)
					}
				}
				g.Gate()
				for range recentDeltas + 10 {
					if g.Undo() != nil || g.Redo() != nil {
						t.Fatal("no undo or redo")
					}
				}
				got := make([]*Delta, len(ws))
				var start, wg sync.WaitGroup
				start.Add(1)
				for i, w := range ws {
					wg.Add(1)
					go func() {
						defer wg.Done()
						start.Wait()
						got[i] = nextAs(how, w)
					}()
				}
				start.Done()
				g.Release(g.Rev())
				wg.Wait()
				for i, d := range got {
					if d == nil || d.Rev != g.Rev() {
						t.Fatalf("round %d, watcher %d: %+v", round, i, d)
					}
					if d != got[0] {
						t.Fatalf("round %d: watcher %d made a catch-up of its own", round, i)
					}
				}
				g.watch.mu.Lock()
				caught, making := g.watch.caught, g.watch.making
				g.watch.mu.Unlock()
				if caught != nil || making != nil {
					t.Fatalf("round %d: every watcher has had the catch-up, and the game holds %v, %v", round, caught != nil, making != nil)
				}
			}
		})
	}
}

// nextAs reads w's next delta as a caller of Next that waits does, or as
// a transport does, with AfterReady: what waits now, else a call when
// more comes.
func nextAs(how string, w *Watcher) *Delta {
	if how == "Next" {
		d, _ := w.Next(nil)
		return d
	}
	for {
		d, err := w.Next(expired)
		if !errors.Is(err, ErrCancelled) {
			return d
		}
		ready := make(chan struct{})
		w.AfterReady(func() { close(ready) })
		<-ready
	}
}

// expired is a context that has ended: Next with it gives what waits, or
// ErrCancelled at once.
var expired = func() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}()

// A few changes held at the gate are told one by one once released; a
// longer burst is told as one delta, which its watchers share: a frame
// for each watcher, not one for each change.
func TestBurstAtTheGateIsToldAsOneDelta(t *testing.T) {
	for _, c := range []struct{ changes, deltas int }{{burstDeltas, burstDeltas}, {burstDeltas + 2, 1}} {
		g := playedGame(t)
		ws := []*Watcher{}
		for range 2 {
			w, _ := g.Watch(0)
			if _, err := w.Next(nil); err != nil {
				t.Fatal(err)
			}
			ws = append(ws, w)
		}
		g.Gate()
		for range c.changes / 2 {
			if g.Undo() != nil || g.Redo() != nil {
				t.Fatal("no undo or redo")
			}
		}
		g.Release(g.Rev())
		var shared *Delta
		for i, w := range ws {
			var got []*Delta
			for {
				d, err := w.Next(expired)
				if errors.Is(err, ErrCancelled) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, d)
			}
			if len(got) != c.deltas || got[len(got)-1].Rev != g.Rev() {
				t.Fatalf("%d changes at the gate: watcher %d got %d deltas, the last at %d; want %d, at %d",
					c.changes, i, len(got), got[len(got)-1].Rev, c.deltas, g.Rev())
			}
			if c.deltas == 1 && shared != nil && got[0] != shared {
				t.Errorf("watcher %d made the burst's delta of its own", i)
			}
			shared = got[0]
		}
	}
}

// A catch-up another watcher is making is what waits for a watcher behind
// at the same revision: Next gives it once made even with a context that
// has ended, as it would make it itself, rather than fail as if nothing
// waited (a caller reading what waits at the game's end lost it so).
func TestCatchUpInTheMakingIsWhatWaits(t *testing.T) {
	g := playedGame(t)
	w, _ := g.Watch(0)
	if _, err := w.Next(nil); err != nil {
		t.Fatal(err)
	}
	for range recentDeltas + 10 { // more changes than the game keeps
		if g.Undo() != nil || g.Redo() != nil {
			t.Fatal("no undo or redo")
		}
	}
	// another watcher, as it were, makes the catch-up from w's revision
	ws, from := &g.watch, w.Rev()
	ws.mu.Lock()
	ws.making = &making{from: from, rev: ws.pub}
	ws.mu.Unlock()
	got := make(chan error, 1)
	go func() {
		d, err := w.Next(expired)
		if err == nil && d.Rev != g.Rev() {
			err = fmt.Errorf("a delta at %d, the game at %d", d.Rev, g.Rev())
		}
		got <- err
	}()
	select {
	case err := <-got:
		t.Fatalf("Next returned before the catch-up was made: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	// the other watcher is done, having made nothing w can share
	ws.mu.Lock()
	ws.making.waited, ws.making = false, nil
	ws.wake()
	ws.mu.Unlock()
	if err := <-got; err != nil {
		t.Fatalf("Next with an ended context: %v, want the catch-up", err)
	}
}

// playedGame is a game of Verkehren between two bots, eight steps in.
func playedGame(t *testing.T) *Game {
	t.Helper()
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seats": []string{"random", "random"}}, &s)
	g, _ := tab.Game(s.Handle)
	if _, err := g.Advance(context.Background(), 8); err != nil {
		t.Fatal(err)
	}
	return g
}

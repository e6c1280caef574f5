package session

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// ownedBots is a table with one game of two bots whose dice are secret
// (an owned game's), and its handle.
func ownedBots(t *testing.T, o Options) (*Table, int, *Game) {
	t.Helper()
	tab := NewTable(o)
	g, err := New(Config{Variant: "toccateglio", Seed: SeedOf(21), Owned: true, Seats: []string{"random", "random"}, MaxWatchers: o.MaxWatchers})
	if err != nil {
		t.Fatal(err)
	}
	h, err := tab.Add(g)
	if err != nil {
		t.Fatal(err)
	}
	return tab, h, g
}

// secretKept fails when d shows the seed or the salt of a game whose dice
// are secret.
func secretKept(t *testing.T, what string, d *Delta) {
	t.Helper()
	if d.Seed != nil || d.Salt != "" || d.Commitment == "" || d.Closed {
		t.Errorf("%s: seed %v, salt %q, commitment %q, closed %v", what, d.Seed, d.Salt, d.Commitment, d.Closed)
	}
}

// The watchers of a game reloaded from its snapshot go on with the game in
// its place, from a catch-up to the snapshot's state — whether they were
// behind the snapshot, at it, or past it (steps the snapshot does not
// hold) — without an error, a closing, or the secret dice; then they
// follow the new game, gated as the old one was.
func TestReloadMovesTheWatchers(t *testing.T) {
	for _, c := range []struct {
		name         string
		before       int  // steps before the snapshot
		after        int  // steps after it, which the reload drops
		read         int  // deltas read after the catch-up; −1: not even that
		gated, whole bool // whole: the watcher's catch-up is the whole log
	}{
		{"behind the snapshot", 6, 0, 3, false, true},
		{"at the snapshot", 6, 0, 6, false, false},
		{"past the snapshot", 6, 3, 9, false, true},
		{"never read", 6, 2, -1, false, true},
		{"gated", 6, 2, 6, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tab, h, old := ownedBots(t, Options{})
			if c.gated {
				old.Gate()
			}
			w, err := old.Watch(0)
			if err != nil {
				t.Fatal(err)
			}
			var f follower
			read := func(n int) {
				t.Helper()
				for i := range n {
					d, err := w.Next(context.Background())
					if err != nil || f.take(d, f.rev == 0) != nil {
						t.Fatalf("reading %d: %+v %v", i, d, err)
					}
					secretKept(t, "before the reload", d)
				}
			}
			if c.read >= 0 {
				read(1) // the catch-up
			}
			var snap []byte
			for i := range c.before + c.after {
				rev := step(t, old)
				if c.gated && i < c.before {
					old.Release(rev) // stored
				}
				if i == c.before-1 {
					snap = snapshotOrFail(t, old) // what the storage holds
				}
			}
			read(c.read)
			g, err := tab.Reload(h, snap)
			if err != nil {
				t.Fatal(err)
			}
			if now, _ := tab.Game(h); now != g || g == old {
				t.Fatal("the handle does not name the reloaded game")
			}
			d, err := w.Next(context.Background())
			if err != nil {
				t.Fatalf("after the reload: %v", err)
			}
			secretKept(t, "the catch-up", d)
			if (d.From == 0) != c.whole || d.Rev != revOf(g) {
				t.Errorf("the catch-up from %d at revision %d; want the whole log %v, revision %d", d.From, d.Rev, c.whole, revOf(g))
			}
			f.rev = 0 // a catch-up after a reload may go back
			if err := f.take(d, true); err != nil {
				t.Fatal(err)
			}
			if want := notations(g.Log(0)); !slices.Equal(f.log, want) || len(want) != c.before {
				t.Fatalf("after the reload the watcher has %v, the game %v", f.log, want)
			}
			if g.Watchers() != 1 || old.Watchers() != 0 {
				t.Errorf("watchers: %d of the new game, %d of the old", g.Watchers(), old.Watchers())
			}
			rev := step(t, g)
			if c.gated {
				if d, ok := pending(w); ok {
					t.Fatalf("a change not released after the reload: %d", d.Rev)
				}
				g.Release(rev)
			}
			if d, err := w.Next(context.Background()); err != nil || f.take(d, false) != nil || d.Rev != rev {
				t.Fatalf("the step after the reload: %+v %v", d, err)
			} else {
				secretKept(t, "the step after the reload", d)
			}
			if old.Revealed() {
				t.Error("the game reloaded revealed its dice")
			}
		})
	}
}

// The game a reload replaces fails as a closed game does — its calls, a
// Watch of it, its long calls — yet keeps its dice secret, even when it
// is closed after; the table's calls reach the new game.
func TestReloadRetiresTheOldGame(t *testing.T) {
	tab, h, old := ownedBots(t, Options{})
	for range 4 {
		step(t, old)
	}
	g, err := tab.Reload(h, snapshotOrFail(t, old))
	if err != nil {
		t.Fatal(err)
	}
	if name := errorName(old.Call(context.Background(), "state", nil, "")); name != "ErrGameClosed" {
		t.Errorf("state of the old game: %q", name)
	}
	if _, err := old.Watch(0); !errors.Is(err, ErrGameClosed) {
		t.Errorf("Watch of the old game: %v", err)
	}
	if _, err := old.Advance(context.Background(), 1); !errors.Is(err, ErrGameClosed) {
		t.Errorf("Advance of the old game: %v", err)
	}
	var s StateJSON
	call(t, tab, "state", map[string]any{"handle": h}, &s)
	if s.Rev != revOf(g) || s.Length != 4 || s.Seed != nil {
		t.Errorf("the handle's state: revision %d, length %d, seed %v", s.Rev, s.Length, s.Seed)
	}
	old.Close()
	if old.Revealed() {
		t.Error("the old game, closed after its reload, revealed its dice")
	}
	if g.Revealed() {
		t.Error("the new game revealed its dice")
	}
}

// A snapshot that does not restore, or a handle without a game, is
// refused, and the game under the handle goes on with its watchers.
func TestReloadRefused(t *testing.T) {
	tab, h, g := ownedBots(t, Options{})
	w, _ := g.Watch(0)
	var f follower
	waiting(t, w, &f)
	step(t, g)
	step(t, g)
	waiting(t, w, &f)
	snap := snapshotOrFail(t, g)
	if _, err := tab.Reload(h, []byte("nonsense")); !errors.Is(err, ErrBadSnapshot) {
		t.Errorf("a reload of nonsense: %v", err)
	}
	if _, err := tab.Reload(h, dropLastStep(t, snap)); !errors.Is(err, ErrBadSnapshot) {
		t.Errorf("a reload of a torn snapshot: %v", err)
	}
	if _, err := tab.Reload(h+1, snap); !errors.Is(err, ErrUnknownHandle) {
		t.Errorf("a reload under no game: %v", err)
	}
	if now, _ := tab.Game(h); now != g {
		t.Fatal("a refused reload replaced the game")
	}
	rev := step(t, g)
	if got := waiting(t, w, &f); !slices.Equal(got, []int{rev}) {
		t.Errorf("after the refused reloads the watcher got %v, want %d", got, rev)
	}
}

// A watcher moves to the new game only while it has room: one that would
// pass its MaxWatchers fails with ErrTooManyWatchers until another leaves.
func TestReloadHonoursMaxWatchers(t *testing.T) {
	tab, h, old := ownedBots(t, Options{MaxWatchers: 2})
	step(t, old)
	a, _ := old.Watch(0)
	b, _ := old.Watch(0)
	g, err := tab.Reload(h, snapshotOrFail(t, old))
	if err != nil {
		t.Fatal(err)
	}
	c, err := g.Watch(0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Next(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Next(context.Background()); !errors.Is(err, ErrTooManyWatchers) {
		t.Fatalf("a third watcher of a game of two: %v", err)
	}
	c.Close()
	if d, err := b.Next(context.Background()); err != nil || d.Rev != revOf(g) {
		t.Fatalf("once there is room: %+v %v", d, err)
	}
	if g.Watchers() != 2 || old.Watchers() != 0 {
		t.Errorf("watchers: %d of the new game, %d of the old", g.Watchers(), old.Watchers())
	}
}

// Reloads one after the other while a watcher waits in Next, another
// closes, and the game is played: the waiting one is woken, moves along
// the chain of games and ends with the last one's log. Run with -race.
func TestReloadWhileWatchersWait(t *testing.T) {
	tab, h, g := ownedBots(t, Options{})
	w, _ := g.Watch(0)
	leaving, _ := g.Watch(0)
	var wg sync.WaitGroup
	var f follower
	var werr error
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	wg.Add(2)
	go func() {
		defer wg.Done()
		for {
			d, err := w.Next(ctx)
			if err != nil {
				if !errors.Is(err, ErrGameClosed) {
					werr = err
				}
				return
			}
			// a catch-up after a reload may stay at the revision
			if err := f.take(d, true); err != nil {
				werr = err
				return
			}
		}
	}()
	go func() {
		defer wg.Done()
		leaving.Next(ctx)
		leaving.Close()
	}()
	for range 5 {
		step(t, g)
		snap := snapshotOrFail(t, g)
		var err error
		if g, err = tab.Reload(h, snap); err != nil {
			t.Fatal(err)
		}
	}
	step(t, g)
	tab.Close(h)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the watchers did not end")
	}
	if werr != nil {
		t.Fatal(werr)
	}
	if want := notations(g.Log(0)); !slices.Equal(f.log, want) {
		t.Errorf("the watcher kept %v, the last game has %v", f.log, want)
	}
	if g.Watchers() != 1 {
		t.Errorf("the last game has %d watchers, want the one that stayed", g.Watchers())
	}
}

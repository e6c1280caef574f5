package session

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// botGame is a game of two random bots, which Advance plays a step at a
// time.
func botGame(tb testing.TB, seed uint64) *Game {
	tb.Helper()
	g, err := New(Config{Variant: "verkehren", Seed: SeedOf(seed), Seats: []string{"random", "random"}})
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// step plays one step of a bots' game and returns the game's revision.
func step(tb testing.TB, g *Game) int {
	tb.Helper()
	if _, err := g.Advance(context.Background(), 1); err != nil {
		tb.Fatal(err)
	}
	return revOf(g)
}

// revOf is the revision of g.
func revOf(g *Game) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.watch.rev
}

// waiting returns the revisions of the deltas that wait for w, reading
// them into f, without waiting for more.
func waiting(t *testing.T, w *Watcher, f *follower) []int {
	t.Helper()
	revs := []int{}
	for d, ok := pending(w); ok; d, ok = pending(w) {
		if err := f.take(d, len(f.log) == 0 && f.rev == 0); err != nil {
			t.Fatal(err)
		}
		revs = append(revs, d.Rev)
	}
	return revs
}

// Under a gate a watcher sees a change only once it is released: every
// change up to the revision released, in order, none beyond; a revision
// past the game's releases everything, and one at or below what was
// released nothing. What came before the gate counts as released.
func TestGateReleasesInOrder(t *testing.T) {
	for _, c := range []struct {
		name     string
		before   int     // steps played before the gate
		steps    int     // steps played under it
		releases []int   // the revisions released, one after the other
		want     [][]int // the revisions a watcher gets after each
	}{
		{"one by one", 0, 3, []int{1, 2, 3}, [][]int{{1}, {2}, {3}}},
		{"all at once", 0, 3, []int{3}, [][]int{{1, 2, 3}}},
		{"past the game", 0, 3, []int{2, 99}, [][]int{{1, 2}, {3}}},
		{"lower does nothing", 0, 3, []int{2, 1, 0, -4, 2, 3}, [][]int{{1, 2}, {}, {}, {}, {}, {3}}},
		{"before the gate", 2, 2, []int{3, 4}, [][]int{{3}, {4}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := botGame(t, 5)
			w, err := g.Watch(0)
			if err != nil {
				t.Fatal(err)
			}
			var f follower
			if got := waiting(t, w, &f); !slices.Equal(got, []int{0}) {
				t.Fatalf("the catch-up: %v", got)
			}
			for range c.before {
				step(t, g)
			}
			g.Gate()
			if got, want := waiting(t, w, &f), seq(1, c.before); !slices.Equal(got, want) {
				t.Fatalf("the changes before the gate: %v, want %v", got, want)
			}
			for range c.steps {
				step(t, g)
			}
			if got := waiting(t, w, &f); len(got) != 0 {
				t.Fatalf("before any release the watcher got %v", got)
			}
			for i, r := range c.releases {
				g.Release(r)
				if got := waiting(t, w, &f); !slices.Equal(got, c.want[i]) {
					t.Fatalf("after Release(%d): %v, want %v", r, got, c.want[i])
				}
			}
			if want := notations(g.Log(0)); !slices.Equal(f.log, want) {
				t.Errorf("the watcher's log %v, the game's %v", f.log, want)
			}
		})
	}
}

// seq is from, from+1, …, to; empty when to < from.
func seq(from, to int) []int {
	s := []int{}
	for i := from; i <= to; i++ {
		s = append(s, i)
	}
	return s
}

// A catch-up — a new watcher's first delta, or a watcher's that fell
// behind the deltas its game keeps — is built from the game as it is, so
// it waits while a change is not released, and then brings the watcher
// to what was released. Closing the game releases everything.
func TestGatedCatchUpWaitsForTheRelease(t *testing.T) {
	g := botGame(t, 6)
	behind, _ := g.Watch(0)
	var bf follower
	waiting(t, behind, &bf)
	g.Gate()
	step(t, g)
	// a new watcher waits for the step's release
	w, _ := g.Watch(0)
	if d, ok := pending(w); ok {
		t.Fatalf("a catch-up with a change not released: rev %d", d.Rev)
	}
	got := make(chan *Delta)
	go func() {
		d, err := w.Next(context.Background())
		if err != nil {
			t.Error(err)
		}
		got <- d
	}()
	g.Release(1)
	select {
	case d := <-got:
		if d.Rev != 1 || d.From != 0 || len(d.Log) != 1 {
			t.Fatalf("the catch-up after the release: rev %d from %d, %d steps", d.Rev, d.From, len(d.Log))
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the release did not wake the waiting catch-up")
	}
	// more steps than the game keeps deltas, released but for the last:
	// the watcher behind gets nothing until that one is released too
	last := 0
	for range recentDeltas + 6 {
		last = step(t, g)
	}
	g.Release(last - 1)
	if got := waiting(t, behind, &bf); len(got) != 0 {
		t.Fatalf("a watcher behind got %v with revision %d held back", got, last)
	}
	g.Release(last)
	if got := waiting(t, behind, &bf); !slices.Equal(got, []int{last}) {
		t.Fatalf("a watcher behind got %v, want the catch-up to %d", got, last)
	}
	// closing releases what is held back: the step, then the closing
	rev := step(t, g)
	g.Close()
	var revs []int
	for {
		d, err := behind.Next(context.Background())
		if errors.Is(err, ErrGameClosed) {
			break
		}
		if err != nil || bf.take(d, false) != nil {
			t.Fatalf("after the closing: %+v %v", d, err)
		}
		revs = append(revs, d.Rev)
		if d.Closed != (d.Rev == rev+1) {
			t.Fatalf("delta %d says closed %v", d.Rev, d.Closed)
		}
	}
	if !slices.Equal(revs, []int{rev, rev + 1}) {
		t.Errorf("after the closing the watcher got %v, want %d and the closing", revs, rev)
	}
	if want := notations(g.Log(0)); !slices.Equal(bf.log, want) {
		t.Errorf("the watcher's log %v, the game's %v", bf.log, want)
	}
}

// One goroutine plays and releases each change after it "stores" it,
// while watchers, some of them joining late, read: none ever gets a
// revision not released, each comes to the game's log. Run with -race.
func TestGatedWatchersRace(t *testing.T) {
	g := botGame(t, 7)
	g.Gate()
	var stored atomic.Int64
	const watchers, steps = 4, 60
	var wg sync.WaitGroup
	logs := make([][]string, watchers)
	errs := make(chan error, watchers)
	read := func(i int, w *Watcher) {
		defer wg.Done()
		defer w.Close()
		var f follower
		for fresh := true; ; fresh = false {
			d, err := w.Next(context.Background())
			if errors.Is(err, ErrGameClosed) {
				logs[i] = f.log
				return
			}
			if err != nil {
				errs <- err
				return
			}
			if int64(d.Rev) > stored.Load() {
				t.Errorf("watcher %d got revision %d, released %d", i, d.Rev, stored.Load())
			}
			if err := f.take(d, fresh); err != nil {
				errs <- err
				return
			}
		}
	}
	watch := func(from, to int) {
		for i := from; i < to; i++ {
			w, err := g.Watch(0)
			if err != nil {
				t.Fatal(err)
			}
			wg.Add(1)
			go read(i, w)
		}
	}
	watch(0, watchers/2)
	for i := range steps {
		if i == steps/3 {
			watch(watchers/2, watchers) // they join while the game is played
		}
		rev := step(t, g)
		if i%4 == 3 {
			g.Undo()
			rev++
		}
		stored.Store(int64(rev))
		g.Release(rev)
	}
	stored.Store(1 << 40) // the closing is released as it is made
	g.Close()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	want := notations(g.Log(0))
	for i, l := range logs {
		if !slices.Equal(l, want) {
			t.Errorf("watcher %d kept %v, the game has %v", i, l, want)
		}
	}
}

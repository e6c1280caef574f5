package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/kit"
)

// follower keeps a log from deltas as a watcher does, and checks that they
// come in order.
type follower struct {
	log []string // the notations
	rev int
}

// take applies d; fresh is true for the catch-up delta of a new watcher.
func (f *follower) take(d *Delta, fresh bool) error {
	// a watcher that fell behind the deltas its game keeps gets the
	// changes it missed in one delta of a higher revision
	if !fresh && d.Rev <= f.rev {
		return fmt.Errorf("delta of revision %d after %d", d.Rev, f.rev)
	}
	if fresh && d.Rev < f.rev {
		return fmt.Errorf("catch-up of revision %d after %d", d.Rev, f.rev)
	}
	if d.From > len(f.log) || d.Length != d.From+len(d.Log) {
		return fmt.Errorf("delta from %d of %d steps to length %d on a log of %d", d.From, len(d.Log), d.Length, len(f.log))
	}
	f.log = f.log[:d.From]
	for i, s := range d.Log {
		if s.Index != d.From+i {
			return fmt.Errorf("step %d of the delta has index %d, want %d", i, s.Index, d.From+i)
		}
		f.log = append(f.log, s.Notation)
	}
	f.rev = d.Rev
	return nil
}

// pending returns a delta that waits for w, without waiting for one.
func pending(w *Watcher) (*Delta, bool) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d, err := w.Next(ctx)
	return d, err == nil
}

// follow reads a watcher of g to its end (the game closed, or done closed
// and nothing more waiting); it returns the log it kept.
func follow(g *Game, done <-chan struct{}) ([]string, error) {
	w, err := g.Watch(0)
	if err != nil {
		return nil, err
	}
	defer w.Close()
	var f follower
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-done:
			cancel()
		case <-ctx.Done():
		}
	}()
	for fresh := true; ; fresh = false {
		d, err := w.Next(ctx)
		if errors.Is(err, ErrCancelled) {
			// the game is over: what waits is all there is
			for d, ok := pending(w); ok; d, ok = pending(w) {
				if err := f.take(d, fresh); err != nil {
					return nil, err
				}
				fresh = false
			}
			return f.log, nil
		}
		if err != nil {
			return f.log, err
		}
		if err := f.take(d, fresh); err != nil {
			return nil, err
		}
	}
}

func notations(steps []Step) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = s.Notation
	}
	return out
}

// Two clients with their seats' secrets play a game of every variant to
// the end through one table, each acting when a watcher of its own tells it
// the game changed, while three watchers follow it; a third client without
// a secret follows it through "watch" and tries to act at every change,
// and changes nothing.
func TestTwoOwnersPlayWhileThreeWatch(t *testing.T) {
	for _, v := range catalog.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			tab := NewTable(Options{})
			h, secrets := ownedGame(t, tab, fmt.Sprintf(`{"variant":%q,"seed":11,"owned":true,"log":false}`, v.Name), 2)
			g, _ := tab.Game(h)
			done := make(chan struct{})
			var wg sync.WaitGroup
			logs := make([][]string, 3)
			errs := make([]error, 6)
			for i := range logs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					logs[i], errs[i] = follow(g, done)
				}()
			}
			var acted [2]int
			var owners sync.WaitGroup
			for seat := range 2 {
				owners.Add(1)
				go func() {
					defer owners.Done()
					acted[seat], errs[3+seat] = playSeat(tab, g, h, seat, secrets[seat])
				}()
			}
			var refused int
			wg.Add(1)
			go func() {
				defer wg.Done()
				refused, errs[5] = intrude(tab, g, h, done)
			}()
			owners.Wait()
			close(done)
			wg.Wait()
			for i, err := range errs {
				if err != nil {
					t.Errorf("goroutine %d: %v", i, err)
				}
			}
			want := notations(g.Log(0))
			if g.Position().ToMove() != brettspiel.Terminal {
				t.Fatalf("the game is not over after %d steps", len(want))
			}
			if acted[0]+acted[1] != len(want) {
				t.Errorf("the owners played %d steps, the game has %d", acted[0]+acted[1], len(want))
			}
			for i, l := range logs {
				if !slices.Equal(l, want) {
					t.Errorf("watcher %d kept %d steps, the game has %d", i, len(l), len(want))
				}
			}
			if refused == 0 {
				t.Error("the third client tried nothing")
			}
			t.Logf("%s: %d steps, %d calls of the third client refused", v.Name, len(want), refused)
		})
	}
}

// playSeat plays one seat of an owned game through the protocol until the
// game is over, seat 0 throwing the dice; it returns the steps it played.
func playSeat(tab *Table, g *Game, h, seat int, secret string) (int, error) {
	w, err := g.Watch(0)
	if err != nil {
		return 0, err
	}
	defer func() { w.Close() }()
	played := 0
	for n := 0; n < 20000; n++ {
		var s StateJSON
		if err := json.Unmarshal(tab.Call("state", []byte(fmt.Sprintf(`{"handle":%d,"log":false,"legal":false}`, h))), &s); err != nil {
			return played, err
		}
		var st struct {
			Turn   string
			Player int
		}
		json.Unmarshal(s.State, &st)
		var out []byte
		switch {
		case st.Turn == "over":
			return played, nil
		case st.Turn == "chance" && seat == 0:
			out = tab.Call("throw", []byte(fmt.Sprintf(`{"handle":%d,"secret":%q,"log":false,"legal":false}`, h, secret)))
		case st.Turn == "player" && st.Player == seat:
			var legal LegalJSON
			json.Unmarshal(tab.Call("legal", []byte(fmt.Sprintf(`{"handle":%d,"parts":false}`, h))), &legal)
			m := notConceding(g, legal, s.Length*7)
			out = tab.Call("apply", []byte(fmt.Sprintf(`{"handle":%d,"notation":%q,"secret":%q,"log":false,"legal":false}`, h, m, secret)))
		default:
			// the other seat's turn: wait for the game to change
			if _, err := w.Next(nil); err != nil {
				return played, err
			}
			continue
		}
		if e := errorOf(out); e != nil {
			return played, fmt.Errorf("seat %d: %s: %s", seat, e.Name, e.Message)
		}
		played++
	}
	return played, errors.New("no end in 20000 calls")
}

// notConceding is a legal move from the i-th (mod their number) on that
// does not give the game up, so that the games run long.
func notConceding(g *Game, legal LegalJSON, i int) string {
	pos := g.Position()
	c, ok := pos.(kit.Conceder)
	for k := range legal.Legal {
		n := legal.Legal[(i+k)%len(legal.Legal)].Notation
		if m, err := pos.ParseMove(n); !ok || err == nil && !c.Concedes(m) {
			return n
		}
	}
	return legal.Legal[i%len(legal.Legal)].Notation
}

// intrude follows a game through "watch" and tries at every change to act
// on it without a secret or with a made-up one; it returns the calls
// refused, and an error for any that was not refused as it should be.
func intrude(tab *Table, g *Game, h int, done <-chan struct{}) (int, error) {
	w, err := g.Watch(0)
	if err != nil {
		return 0, err
	}
	defer func() { w.Close() }()
	var f follower
	refused := 0
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-done:
			cancel()
		case <-ctx.Done():
		}
	}()
	for {
		// the watcher only wakes the intruder, who reads through "watch"
		if _, err := w.Next(ctx); errors.Is(err, ErrCancelled) {
			return refused, nil
		} else if err != nil {
			return refused, err
		}
		var d WatchJSON
		out := tab.Call("watch", []byte(fmt.Sprintf(`{"handle":%d,"rev":%d}`, h, f.rev)))
		if err := json.Unmarshal(out, &d); err != nil || d.Handle != h {
			return refused, fmt.Errorf("watch: %s", out)
		}
		if d.Rev > f.rev {
			if err := f.take(&d.Delta, true); err != nil {
				return refused, err
			}
		}
		for _, c := range []struct{ method, args, name string }{
			{"throw", `{"handle":%d}`, "ErrNoSecret"},
			{"apply", `{"handle":%d,"notation":"1/2","secret":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}`, "ErrBadSecret"},
			{"advance", `{"handle":%d}`, "ErrNoSecret"},
			{"undo", `{"handle":%d}`, "ErrNoSecret"},
			{"takeback", `{"handle":%d,"seat":0}`, "ErrNoSecret"},
			{"close", `{"handle":%d}`, "ErrNoSecret"},
		} {
			e := errorOf(tab.Call(c.method, []byte(fmt.Sprintf(c.args, h))))
			if e == nil || e.Name != c.name {
				return refused, fmt.Errorf("%s without a secret: %+v, want %s", c.method, e, c.name)
			}
			refused++
		}
	}
}

// Undo, redo and takeback reach a watcher as deltas that cut its log back.
func TestWatcherSeesUndoRedoAndTakeback(t *testing.T) {
	g, err := New(Config{Variant: "verkehren", Seed: SeedOf(3), Seats: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Advance(context.Background(), 9); err != nil {
		t.Fatal(err)
	}
	w, err := g.Watch(4)
	if err != nil {
		t.Fatal(err)
	}
	var f follower
	f.log = notations(g.Log(0))[:4]
	f.rev = 4
	read := func(what string, from, length int) {
		t.Helper()
		d, err := w.Next(context.Background())
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if d.From != from || d.Length != length {
			t.Fatalf("%s: delta from %d to %d, want from %d to %d", what, d.From, d.Length, from, length)
		}
		if err := f.take(d, what == "catch-up"); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if want := notations(g.Log(0)); !slices.Equal(f.log, want) {
			t.Fatalf("%s: log %v, game %v", what, f.log, want)
		}
	}
	read("catch-up", 4, 9)
	g.Undo()
	read("undo", 8, 8)
	g.Redo()
	read("redo", 8, 9)
	n, err := g.TakebackLast()
	if err != nil {
		t.Fatal(err)
	}
	read("takeback", 9-n, 9-n)
	g.Throw()
	g.Advance(context.Background(), 1)
	read("a step", 9-n, 10-n)
	if w2, err := g.Watch(100); err != nil {
		t.Errorf("Watch past the end: %v", err)
	} else if d, err := w2.Next(nil); err != nil || len(d.Log) != 0 || d.Rev != f.rev {
		t.Errorf("Watch past the end: %+v %v, want nothing changed at %d", d, err, f.rev)
	}
	if _, err := g.Watch(-1); !errors.Is(err, ErrBadCall) {
		t.Errorf("Watch(-1): %v", err)
	}
	w.Close()
	if _, err := w.Next(nil); !errors.Is(err, ErrWatcherClosed) {
		t.Errorf("after Close: %v", err)
	}
}

// A watcher that reads nothing does not hold the game up and costs it no
// delta of its own; when it reads at last it gets what it missed in one
// delta. Closing the game tells every watcher so, in a last delta.
func TestSlowWatcherCatchesUp(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "festung", "players": 3, "seats": []string{"random", "random", "random"}}, &s)
	g, _ := tab.Game(s.Handle)
	slow, _ := g.Watch(0)
	// a reader that keeps up: it reads what waits after every change
	reader, _ := g.Watch(0)
	var f follower
	keepUp := func() {
		for fresh := f.rev == 0; ; fresh = false {
			d, ok := pending(reader)
			if !ok {
				return
			}
			if err := f.take(d, fresh); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := g.Advance(context.Background(), 5); err != nil {
		t.Fatal(err)
	}
	keepUp()
	// undo and redo, a change each, many more than the game keeps
	for range 3 * recentDeltas {
		if g.Undo() != nil || g.Redo() != nil {
			t.Fatal("no undo or redo")
		}
		keepUp()
	}
	if f.rev != 5+6*recentDeltas {
		t.Fatalf("the reader is at revision %d, want %d", f.rev, 5+6*recentDeltas)
	}
	// the slow one gets it all in one delta
	var sf follower
	d, err := slow.Next(nil)
	if err != nil || sf.take(d, true) != nil || d.Rev != f.rev || !slices.Equal(sf.log, f.log) {
		t.Fatalf("the slow watcher: %+v %v, log %v, want %v", d, err, sf.log, f.log)
	}
	// and then goes on as the reader does
	g.Undo()
	keepUp()
	if d, err := slow.Next(nil); err != nil || sf.take(d, false) != nil || !slices.Equal(sf.log, f.log) {
		t.Fatalf("the slow watcher after an undo: %+v %v", d, err)
	}
	if err := tab.Close(s.Handle); err != nil {
		t.Fatal(err)
	}
	for _, w := range []*Watcher{reader, slow} {
		d, err := w.Next(nil)
		if err != nil || !d.Closed || d.Rev != f.rev+1 {
			t.Errorf("the delta of the closing: %+v %v", d, err)
		}
		if _, err := w.Next(nil); !errors.Is(err, ErrGameClosed) {
			t.Errorf("after the game closed: %v", err)
		}
	}
	if _, err := g.Watch(0); !errors.Is(err, ErrGameClosed) {
		t.Errorf("Watch of a closed game: %v", err)
	}
}

// "watch" gives the change since a revision: the steps from the first
// that changed, across undos, and nothing when nothing changed.
func TestWatchCallSinceRevision(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "toccateglio", "seed": 6, "seats": []string{"random", "random"}}, &s)
	h := s.Handle
	call(t, tab, "advance", map[string]any{"handle": h, "limit": 6}, &s)
	var f follower
	var d WatchJSON
	call(t, tab, "watch", map[string]any{"handle": h, "rev": 0}, &d)
	if d.Rev != s.Rev || d.From != 0 || d.Length != 6 {
		t.Fatalf("watch from 0: %+v, state rev %d", d, s.Rev)
	}
	f.take(&d.Delta, true)
	call(t, tab, "undo", map[string]any{"handle": h}, nil)
	call(t, tab, "undo", map[string]any{"handle": h}, nil)
	call(t, tab, "advance", map[string]any{"handle": h, "limit": 3}, nil)
	call(t, tab, "watch", map[string]any{"handle": h, "rev": f.rev}, &d)
	if d.From != 4 || d.Length != 7 {
		t.Errorf("after two undos and three steps: from %d to %d, want 4 to 7", d.From, d.Length)
	}
	if err := f.take(&d.Delta, true); err != nil {
		t.Fatal(err)
	}
	g, _ := tab.Game(h)
	if !slices.Equal(f.log, notations(g.Log(0))) {
		t.Errorf("kept %v, game %v", f.log, notations(g.Log(0)))
	}
	call(t, tab, "watch", map[string]any{"handle": h, "rev": f.rev}, &d)
	if d.From != d.Length || len(d.Log) != 0 {
		t.Errorf("nothing changed: %+v", d)
	}
	// a revision past the game's is clamped to it: nothing changed
	call(t, tab, "watch", map[string]any{"handle": h, "rev": f.rev + 5}, &d)
	if d.Rev != f.rev || d.From != d.Length || len(d.Log) != 0 {
		t.Errorf("a revision past the game's: %+v", d)
	}
	for _, args := range []string{fmt.Sprintf(`{"handle":%d,"rev":-1}`, h), fmt.Sprintf(`{"handle":%d}`, h)} {
		if e := fail(t, tab, "watch", args); e.Name != "ErrBadCall" {
			t.Errorf("watch(%s): %s", args, e.Name)
		}
	}
}

// A delta of one step is small: its JSON is at most 1 KB for the median
// step of every variant, and the largest is reported.
func TestDeltaOfAStepIsSmall(t *testing.T) {
	for _, c := range []struct {
		variant string
		players int
	}{{"toccateglio", 2}, {"verkehren", 2}, {"festung", 3}} {
		var sizes []int
		for seed := range 5 {
			g, err := New(Config{Variant: c.variant, Players: c.players, Seed: SeedOf(uint64(seed)), Seats: []string{"random", "random", "random"}[:c.players]})
			if err != nil {
				t.Fatal(err)
			}
			w, _ := g.Watch(0)
			w.Next(nil)
			for g.Position().ToMove() != brettspiel.Terminal {
				g.Advance(context.Background(), 1)
				d, _ := w.Next(nil)
				b, _ := json.Marshal(d)
				sizes = append(sizes, len(b))
			}
			w.Close()
		}
		sort.Ints(sizes)
		median, p90, most := sizes[len(sizes)/2], sizes[len(sizes)*9/10], sizes[len(sizes)-1]
		t.Logf("%s: %d steps: median %d B, 90%% %d B, largest %d B", c.variant, len(sizes), median, p90, most)
		// a throw of the Festungsspiel plays its markers too, five or six
		// events in words
		if bound := map[bool]int{false: 1024, true: 1100}[c.variant == "festung"]; median > bound {
			t.Errorf("%s: the median delta is %d bytes, over %d", c.variant, median, bound)
		}
	}
}

// Since gives what "watch" gives: a mirror kept only by Since from the
// revision it had, through steps, undos, redos and a restore, holds the
// game's log; nothing changed is an empty delta at the same revision; a
// revision out of range is refused and changes nothing.
func TestSinceKeepsAMirror(t *testing.T) {
	for _, v := range catalog.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			g, err := New(Config{Variant: v.Name, Seed: SeedOf(3), Seats: []string{"random", "random"}})
			if err != nil {
				t.Fatal(err)
			}
			var f follower
			take := func(what string) {
				t.Helper()
				d, err := g.Since(f.rev)
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if err := f.take(&d, true); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if want := notations(g.Log(0)); !slices.Equal(f.log, want) {
					t.Fatalf("%s: kept %d steps, the game has %d", what, len(f.log), len(want))
				}
			}
			take("the start")
			for round := range 12 {
				g.Advance(context.Background(), 1+round%4)
				if round%3 == 2 {
					g.Undo()
					g.Undo()
				}
				if round%5 == 4 {
					g.Redo()
				}
				take(fmt.Sprintf("round %d", round))
			}
			d, _ := g.Since(f.rev)
			if d.Rev != f.rev || len(d.Log) != 0 || d.From != d.Length {
				t.Errorf("nothing changed, yet %+v", d)
			}
			snap, _, err := g.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			g, err = Restore(snap)
			if err != nil {
				t.Fatal(err)
			}
			old := f.rev
			g.Advance(context.Background(), 2)
			take("after a restore") // the changes since the snapshot are remembered
			for _, rev := range []int{-1} {
				if _, err := g.Since(rev); !errors.Is(err, ErrBadCall) {
					t.Errorf("Since(%d): %v, want ErrBadCall", rev, err)
				}
			}
			if d, _ := g.Since(old - 1); d.From != 0 {
				t.Errorf("Since(%d), from before the restore: from %d, want the whole log", old-1, d.From)
			}
		})
	}
}

// Since gives the lowest From of the changes after a revision, as a model
// of the lengths before and after each change says, across steps played,
// undone, redone and taken back; after a change of more than 127 steps at
// once, the whole log to a watcher from before it.
func TestSinceFollowsTheLengths(t *testing.T) {
	g, err := New(Config{Variant: "verkehren"})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	rev := func() int {
		d, err := g.Since(0)
		if err != nil {
			t.Fatal(err)
		}
		return d.Rev
	}
	lens := map[int]int{rev(): 0} // the length after each revision
	forgot := 0                   // the watchers before this revision get the whole log
	check := func() {
		now := rev()
		for back := 0; back <= min(now, changesKept+2); back++ {
			since := now - back
			want := g.Len()
			for c := since + 1; c <= now; c++ {
				want = min(want, lens[c-1], lens[c])
			}
			if back > changesKept || since < forgot {
				want = 0
			}
			d, err := g.Since(since)
			if err != nil {
				t.Fatal(err)
			}
			if d.From != want || d.Rev != now || d.Length != g.Len() {
				t.Fatalf("Since(%d) at revision %d: from %d, rev %d, length %d; want from %d, rev %d, length %d", since, now, d.From, d.Rev, d.Length, want, now, g.Len())
			}
		}
	}
	for step := 0; step < 600; step++ {
		switch x := r.IntN(10); {
		case x == 0:
			g.Undo()
		case x == 1:
			g.Redo()
		case x == 2:
			g.Takeback(r.IntN(2))
		default:
			pos := g.Position()
			switch {
			case pos.ToMove() == brettspiel.Terminal:
				g.Undo()
			case pos.ToMove() < 0:
				if _, err := g.Advance(context.Background(), 1); err != nil {
					t.Fatal(err)
				}
			default:
				if _, err := g.Play(bot.Random{}.Choose(pos, pos.LegalMoves(), r)); err != nil {
					t.Fatal(err)
				}
			}
		}
		lens[rev()] = g.Len()
		if step%50 == 0 {
			check()
		}
	}
	check()
	if g.Len() < 130 {
		t.Fatalf("only %d steps played", g.Len())
	}
	before := rev()
	g.mu.Lock()
	for range 130 {
		g.h.Undo()
	}
	g.refresh()
	g.mu.Unlock()
	if d, _ := g.Since(before); d.From != 0 || d.Length != g.Len() {
		t.Errorf("after 130 steps back at once, Since(%d) from %d, length %d; want from 0, length %d", before, d.From, d.Length, g.Len())
	}
	if d, _ := g.Since(before + 1); d.From != g.Len() || len(d.Log) != 0 {
		t.Errorf("Since the revision now: from %d and %d steps; want from %d and none", d.From, len(d.Log), g.Len())
	}
	forgot = rev()
	lens[forgot] = g.Len()
	for range 20 {
		g.Redo()
		lens[rev()] = g.Len()
	}
	check()
}

// AfterReady calls its function once Next would not wait: at once when a
// change waits, at the next change, at a Close; never while nothing
// changes, and not once stopped.
func TestAfterReadyCallsWhenNextWouldNotWait(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seats": []string{"random", "random"}}, &s)
	g, _ := tab.Game(s.Handle)
	w, _ := g.Watch(0)
	called := make(chan struct{}, 4)
	f := func() { called <- struct{}{} }
	quiet := func(what string) {
		t.Helper()
		select {
		case <-called:
			t.Fatalf("called %s", what)
		case <-time.After(50 * time.Millisecond):
		}
	}
	sure := func(what string) {
		t.Helper()
		select {
		case <-called:
		case <-time.After(5 * time.Second):
			t.Fatalf("not called %s", what)
		}
	}
	w.AfterReady(f) // the catch-up waits
	sure("with the catch-up waiting")
	if _, err := w.Next(nil); err != nil {
		t.Fatal(err)
	}
	w.AfterReady(f)
	quiet("while nothing changed")
	if _, err := g.Advance(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	sure("at a change")
	if _, err := w.Next(nil); err != nil {
		t.Fatal(err)
	}
	// a change held at the gate is not one to give
	g.Gate()
	stop := w.AfterReady(f)
	g.Advance(context.Background(), 1)
	quiet("for a change held at the gate")
	if !stop() {
		t.Fatal("stop did not cancel the call")
	}
	g.Release(g.Rev())
	quiet("after stop")
	if stop() {
		t.Fatal("stop cancelled twice")
	}
	w.AfterReady(f)
	sure("for the change released")
	if _, err := w.Next(nil); err != nil {
		t.Fatal(err)
	}
	w.AfterReady(f)
	w.Close()
	sure("at the close")
	if _, err := w.Next(nil); !errors.Is(err, ErrWatcherClosed) {
		t.Fatalf("after the close: %v", err)
	}
}

// SinceSteps gives what Since gives, the steps bare: the same revision,
// the same steps by index, actor and notation, no events, and none of the
// rest of a delta (the ID, the names, the seats claimed).
func TestSinceStepsAreBare(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "toccateglio", "seats": []string{"random", "random"}}, &s)
	g, _ := tab.Game(s.Handle)
	if _, err := g.Advance(context.Background(), 30); err != nil {
		t.Fatal(err)
	}
	for _, rev := range []int{0, 5, g.Rev() - 1, g.Rev(), g.Rev() + 3} {
		full, err := g.Since(rev)
		if err != nil {
			t.Fatal(err)
		}
		bare, err := g.SinceSteps(rev)
		if err != nil {
			t.Fatal(err)
		}
		if bare.Rev != full.Rev || bare.From != full.From || bare.Length != full.Length || len(bare.Log) != len(full.Log) ||
			bare.ID != "" || bare.Names != nil || bare.Claimed != nil {
			t.Fatalf("since %d: bare %+v, full %+v", rev, bare, full)
		}
		for i, st := range bare.Log {
			f := full.Log[i]
			if st.Index != f.Index || st.Actor != f.Actor || st.Notation != f.Notation || st.Events != nil {
				t.Fatalf("since %d, step %d: bare %+v, full %+v", rev, i, st, f)
			}
		}
	}
	if _, err := g.SinceSteps(-1); !errors.Is(err, ErrBadCall) {
		t.Errorf("since −1: %v", err)
	}
}

// The deltas a game's watchers share are written alike by each: their
// JSON is made once and is what MarshalJSON and a delta of one reader
// (Since) write.
func TestSharedDeltaWrittenOnce(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seats": []string{"random", "random"}}, &s)
	g, _ := tab.Game(s.Handle)
	ws := make([]*Watcher, 3)
	for i := range ws {
		ws[i], _ = g.Watch(0)
		if _, err := ws[i].Next(nil); err != nil {
			t.Fatal(err)
		}
	}
	before := g.Rev()
	if _, err := g.Advance(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	var first []byte
	for i, w := range ws {
		d, err := w.Next(nil)
		if err != nil {
			t.Fatal(err)
		}
		if d.shared == nil {
			t.Fatalf("watcher %d: the delta of a step is not shared", i)
		}
		got := d.AppendJSON([]byte("x"))
		m, _ := d.MarshalJSON()
		if string(got) != "x"+string(m) || !json.Valid(m) {
			t.Fatalf("watcher %d: AppendJSON %s, MarshalJSON %s", i, got, m)
		}
		if i == 0 {
			first = m
			// what a reader of Since gets is the same delta
			one, err := g.Since(before)
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := one.MarshalJSON(); string(b) != string(m) {
				t.Errorf("Since writes %s,\nthe shared delta %s", b, m)
			}
		} else if string(m) != string(first) {
			t.Errorf("watcher %d got %s, the first %s", i, m, first)
		}
	}
}

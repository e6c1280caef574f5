package session

import (
	"context"
	"testing"
	"time"
)

// Game.Rev is the revision that the game's STATE says, after every kind of
// change, and answers while a step holds the game's lock; Watcher.Rev is
// where a watcher stands: its start, then the last delta's revision, and
// after a reload the revision it had until its catch-up.
func TestRevisions(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 4, "owned": true, "seats": []string{"person", "random"}}, &s)
	g, _ := tab.Game(s.Handle)
	early, _ := g.Watch(0)
	for _, c := range []struct {
		name string
		act  func() error
	}{
		{"a claim", func() error { _, err := g.Claim(0); return err }},
		{"a throw", func() error { _, err := g.Throw(); return err }},
		{"an advance", func() error { _, err := g.Advance(context.Background(), 3); return err }},
		{"an undo", g.Undo},
		{"a redo", g.Redo},
		{"a reveal", func() error { g.Reveal(); return nil }},
	} {
		if err := c.act(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		call(t, tab, "state", map[string]any{"handle": s.Handle}, &s)
		if g.Rev() != s.Rev {
			t.Errorf("after %s: Rev %d, the state says %d", c.name, g.Rev(), s.Rev)
		}
	}
	// a step under way holds the game's lock; Rev does not wait for it
	g.mu.Lock()
	got := make(chan int)
	go func() { got <- g.Rev() }()
	select {
	case r := <-got:
		if r != s.Rev {
			t.Errorf("Rev under the lock %d, want %d", r, s.Rev)
		}
	case <-time.After(10 * time.Second):
		t.Error("Rev waits for the game's lock")
	}
	g.mu.Unlock()

	for _, c := range []struct {
		from, want int
	}{{0, 0}, {2, 2}, {s.Rev, s.Rev}, {s.Rev + 50, s.Rev}} {
		w, _ := g.Watch(c.from)
		if w.Rev() != c.want {
			t.Errorf("a watcher from %d: Rev %d, want %d", c.from, w.Rev(), c.want)
		}
		w.Close()
	}
	if early.Rev() != 0 {
		t.Errorf("a watcher that read nothing: Rev %d", early.Rev())
	}
	d, err := early.Next(nil)
	if err != nil || early.Rev() != d.Rev || d.Rev != s.Rev {
		t.Fatalf("after the catch-up: Rev %d, delta %+v %v", early.Rev(), d, err)
	}
	snap := snapshotOrFail(t, g)
	g.Advance(context.Background(), 0)
	g2, err := tab.Reload(s.Handle, snap)
	if err != nil {
		t.Fatal(err)
	}
	if early.Rev() != s.Rev {
		t.Errorf("after the reload, before its catch-up: Rev %d, want %d", early.Rev(), s.Rev)
	}
	if d, err := early.Next(nil); err != nil || early.Rev() != g2.Rev() || d.Rev != g2.Rev() {
		t.Errorf("after the reload's catch-up: Rev %d, the game's %d (%v)", early.Rev(), g2.Rev(), err)
	}
}

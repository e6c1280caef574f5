package hub

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

// hiddenStore is a store whose games a hub does not restore at its start
// (as those another process makes after it), counting the reads of one
// game.
type hiddenStore struct {
	store.Store
	reads atomic.Int32
	gate  chan struct{} // Game waits for it
}

func (h *hiddenStore) Open(context.Context) ([]store.Stored, error) { return nil, nil }

func (h *hiddenStore) Game(ctx context.Context, id string) (store.Stored, bool, error) {
	h.reads.Add(1)
	<-h.gate
	return h.Store.Game(ctx, id)
}

func testHub(t *testing.T, st store.Store) *Hub {
	t.Helper()
	h, err := New(st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// A game many ask for at once is read from storage once, and while it is
// read the hub answers for its other games.
func TestFindReadsAGameOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	st, err := sqlite.Open(path, "normal")
	if err != nil {
		t.Fatal(err)
	}
	h1 := testHub(t, st)
	ctx := context.Background()
	c, err := h1.Create(ctx, "192.0.2.1", CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	if err != nil {
		t.Fatal(err)
	}
	other, err := h1.Create(ctx, "192.0.2.1", CreateArgs{Variant: "festung", Seats: []string{"person", "person"}})
	if err != nil {
		t.Fatal(err)
	}
	sq, err := sqlite.Open(path, "normal")
	if err != nil {
		t.Fatal(err)
	}
	hs := &hiddenStore{Store: sq, gate: make(chan struct{})}
	h2 := testHub(t, hs)
	// the other game, held by the second hub before the gate closes
	close(hs.gate)
	if _, err := h2.find(other.Game); err != nil {
		t.Fatal(err)
	}
	hs.gate = make(chan struct{})
	hs.reads.Store(0)
	found := make(chan *Game, 20)
	for range 20 {
		go func() {
			lg, err := h2.find(c.Game)
			if err != nil {
				t.Error(err)
			}
			found <- lg
		}()
	}
	for hs.reads.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	// while the read waits, a game held is found at once
	if lg, err := h2.find(other.Game); err != nil || lg == nil {
		t.Fatalf("a game held, while another is read: %v", err)
	}
	close(hs.gate)
	first := <-found
	for range 19 {
		if lg := <-found; lg != first {
			t.Fatal("two copies of one game")
		}
	}
	if n := hs.reads.Load(); n != 1 {
		t.Fatalf("the game was read %d times, want once", n)
	}
	if _, err := h2.find("AAAAAAAAAAAAAAAAAAAAAA"); !errors.Is(err, ErrUnknownGame) {
		t.Fatalf("a game of no id: %v", err)
	}
}

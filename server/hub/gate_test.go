package hub

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/sqlite"
	"github.com/brettspiel/brettspiel/session"
)

// slowStore writes after a pause and keeps the highest revision it has
// written, which a watcher may see.
type slowStore struct {
	store.Store
	stored atomic.Int64
}

func (s *slowStore) Write(ctx context.Context, c store.Change) error {
	time.Sleep(5 * time.Millisecond)
	err := s.Store.Write(ctx, c)
	if err == nil && int64(c.Rev) > s.stored.Load() {
		s.stored.Store(int64(c.Rev))
	}
	return err
}

// A watcher sees a change only once it is stored: had it seen one before,
// a restart of the server would take back what it was shown.
func TestWatchersSeeOnlyStoredChanges(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	slow := &slowStore{Store: st}
	h := testHub(t, slow)
	ctx := context.Background()
	c, err := h.Create(ctx, "192.0.2.1", CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	if err != nil {
		t.Fatal(err)
	}
	j, err := h.Join(ctx, JoinArgs{Game: c.Game, Invite: c.Invites[0].Token})
	if err != nil {
		t.Fatal(err)
	}
	_, w, err := h.Watch(c.Game, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	seen := make(chan string, 1)
	go func() {
		for {
			d, err := w.Next(ctx)
			if err != nil {
				seen <- ""
				return
			}
			if stored := slow.stored.Load(); int64(d.Rev) > stored {
				seen <- fmt.Sprintf("a change of revision %d told while the store held %d", d.Rev, stored)
				return
			}
		}
	}()
	_, me, err := h.Watch(c.Game, c.Secret, 0) // the game begins
	if err != nil {
		t.Fatal(err)
	}
	defer me.Close()
	secrets := map[int]string{c.Seat: c.Secret, j.Seat: j.Secret}
	for range 20 {
		var s struct {
			State struct{ Player int } `json:"state"`
		}
		out, _ := h.Call(ctx, c.Game, c.Secret, "state", json.RawMessage(`{"log":false}`))
		if err := json.Unmarshal(out, &s); err != nil || s.State.Player < 0 {
			break
		}
		var legal session.LegalJSON
		out, _ = h.Call(ctx, c.Game, "", "legal", json.RawMessage(`{"parts":false}`))
		if err := json.Unmarshal(out, &legal); err != nil || len(legal.Legal) == 0 {
			t.Fatalf("legal: %s", out)
		}
		args, _ := json.Marshal(map[string]any{"notation": legal.Legal[0].Notation, "log": false})
		if out, _ := h.Call(ctx, c.Game, secrets[s.State.Player], "apply", args); IsError(out) {
			t.Fatalf("apply: %s", out)
		}
		select {
		case why := <-seen:
			t.Fatal(why)
		default:
		}
	}
	time.Sleep(20 * time.Millisecond)
	select {
	case why := <-seen:
		if why != "" {
			t.Fatal(why)
		}
	default:
	}
}

package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

// breakable is a store whose ping fails, or hangs, while broken.
type breakable struct {
	store.Store
	broken, hangs atomic.Bool
}

func (b *breakable) Ping(ctx context.Context) error {
	switch {
	case b.hangs.Load():
		<-ctx.Done()
		return ctx.Err()
	case b.broken.Load():
		return errors.New("the database is gone")
	}
	return b.Store.Ping(ctx)
}

// get returns the status and body of base+path.
func get(t *testing.T, base, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// /healthz is 200 while the process serves; /readyz is 200 while the
// store answers, 503 when its ping fails or does not answer in time, 200
// once it answers again, and 503 once the server stops.
func TestHealthAndReadiness(t *testing.T) {
	defer func(t, e time.Duration) { readyTimeout, readyEvery = t, e }(readyTimeout, readyEvery)
	readyTimeout, readyEvery = 200*time.Millisecond, 0
	sq, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	st := &breakable{Store: sq}
	s, base := serveStore(t, st, loose())
	want := func(path string, code int, what string) {
		t.Helper()
		if got, body := get(t, base, path); got != code {
			t.Fatalf("%s %s: %d %q, want %d", what, path, got, body, code)
		}
	}
	want("/healthz", http.StatusOK, "at the start")
	want("/readyz", http.StatusOK, "at the start")
	st.broken.Store(true)
	want("/readyz", http.StatusServiceUnavailable, "the store broken")
	want("/healthz", http.StatusOK, "the store broken")
	st.broken.Store(false)
	st.hangs.Store(true)
	start := time.Now()
	want("/readyz", http.StatusServiceUnavailable, "the store silent")
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("a silent store's check took %v", d)
	}
	st.hangs.Store(false)
	want("/readyz", http.StatusOK, "the store mended")
	s.Hub().Stop()
	want("/readyz", http.StatusServiceUnavailable, "stopping")
}

// A readiness check is answered again for a moment: a flood of probes
// pings the store once.
func TestReadinessIsCached(t *testing.T) {
	sq, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	st := &breakable{Store: sq}
	_, base := serveStore(t, st, loose())
	if code, _ := get(t, base, "/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz: %d", code)
	}
	st.broken.Store(true)
	if code, _ := get(t, base, "/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz within a second of the last check: %d, want its answer again", code)
	}
}

// A store whose database is closed under it is not ready.
func TestNotReadyWithTheDatabaseClosed(t *testing.T) {
	defer func(e time.Duration) { readyEvery = e }(readyEvery)
	readyEvery = 0
	sq, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	_, base := serveStore(t, sq, loose())
	if code, _ := get(t, base, "/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz: %d", code)
	}
	sq.DB.Close()
	if code, _ := get(t, base, "/readyz"); code != http.StatusServiceUnavailable {
		t.Fatalf("/readyz with the database closed: %d, want 503", code)
	}
}

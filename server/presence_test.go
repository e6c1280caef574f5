package server

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/postgres"
)

// The PostgreSQL store keeps a person's latest presence at a game: a
// later time replaces an earlier one, never the other way; it is no
// change of the game (its row's version stays, so that the next write
// follows it); a game it does not hold open was never touched.
func TestPostgresKeepsPresence(t *testing.T) {
	s := pgStore(t)
	var _ store.Presence = s
	ctx := context.Background()
	if err := s.Write(ctx, store.Change{Kind: store.Create, Game: "g1", Handle: 1, Meta: []byte(`{}`), Snapshot: []byte("snap"), Rev: 0}); err != nil {
		t.Fatal(err)
	}
	touched := func(want time.Time) {
		t.Helper()
		if at, err := s.Touched(ctx, "g1"); err != nil || !at.Equal(want) {
			t.Fatalf("touched at %v, %v; want %v", at, err, want)
		}
	}
	touched(time.Time{})
	now := time.UnixMilli(time.Now().UnixMilli())
	for _, at := range []time.Time{now, now.Add(-time.Minute)} {
		if err := s.Touch(ctx, "g1", at); err != nil {
			t.Fatal(err)
		}
		touched(now)
	}
	steps := []store.StoredStep{{Rev: 1, Index: 0, Actor: -1, Notation: "6-5"}}
	if err := s.Write(ctx, store.Change{Kind: store.Steps, Game: "g1", From: 0, Rev: 1, Steps: steps}); err != nil {
		t.Fatalf("a write after a touch: %v", err)
	}
	if at, err := s.Touched(ctx, "nope"); err != nil || !at.IsZero() {
		t.Fatalf("no game touched at %v, %v", at, err)
	}
}

// pgProcessWith is pgProcess with options of its own.
func pgProcessWith(t *testing.T, dsn string, o Options) (*Server, string) {
	t.Helper()
	p, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	return serveStore(t, p, o)
}

// One game, whichever process holds it: a game waiting for its second
// player, made through one process while its maker is connected through
// the other, is not archived by the first one's sweep, which sees nobody
// at it, while he is there; once he has left for longer than the limit
// of a waiting game, it is.
func TestPresenceThroughAnotherProcessOnPostgres(t *testing.T) {
	_, dsn := pgDatabase(t)
	o := loose()
	o.Hub.Waiting, o.Hub.Idle = time.Second, time.Hour
	o.WS.Ping = 100 * time.Millisecond // a seat's holder touches the game at each ping
	maker, makerBase := pgProcessWith(t, dsn, o)
	other, otherBase := pgProcessWith(t, dsn, o)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := create(t, makerBase, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	cn, err := client.Dial(ctx, otherBase, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cn.Hello(ctx, c.Game, c.Secret, 0); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(3 * o.Hub.Waiting); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		for name, s := range map[string]*Server{"the maker's": maker, "the other's": other} {
			if n := s.Hub().Sweep(ctx); n != 0 {
				t.Fatalf("%s sweep archived %d games while the maker was at his game", name, n)
			}
		}
	}
	if _, err := cn.Call(ctx, "state", nil); err != nil {
		t.Fatalf("the game while its maker is there: %v", err)
	}
	if _, err := maker.Hub().Snapshot(c.Game); err != nil {
		t.Fatalf("the maker's process let go of the game: %v", err)
	}
	cn.Close()
	left := time.Now()
	for maker.Hub().Sweep(ctx) == 0 {
		if time.Since(left) > 10*time.Second {
			t.Fatal("the game nobody is at was not archived")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// archived no sooner than the limit after the last presence stored:
	// a ping and a quarter of the limit before he left at the most
	d := time.Since(left)
	t.Logf("archived %v after its maker left", d)
	if d < o.Hub.Waiting/2 {
		t.Fatalf("archived %v after its maker left; the limit is %v", d, o.Hub.Waiting)
	}
	if rec, err := other.Hub().Record(ctx, c.Game); err != nil || rec == "" {
		t.Fatalf("the record through the other process: %q, %v", rec, err)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		_, f, err := other.Hub().Watch(c.Game, "", 0)
		if err == nil { // until the store's note of the archive comes
			f.Close()
		}
		if errors.Is(err, hub.ErrUnknownGame) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the archived game through the other process: %v", err)
		}
	}
}

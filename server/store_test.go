package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/postgres"
	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

// pgStore opens a Postgres store on a database of its own in the server
// of $BRETTSPIEL_PG (a postgres:// URL), dropped after the test; without
// it the test is skipped.
func pgStore(t testing.TB) *postgres.Store {
	t.Helper()
	p, _ := pgDatabase(t)
	return p
}

// pgDatabase is pgStore with the URL of its database, for a second store.
func pgDatabase(t testing.TB) (*postgres.Store, string) {
	t.Helper()
	dsn := os.Getenv("BRETTSPIEL_PG")
	if dsn == "" {
		t.Skip("no PostgreSQL: BRETTSPIEL_PG=postgres://… runs the test (.ci/run starts a server where it can)")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	var b [6]byte
	rand.Read(b[:])
	name := "brettspiel_test_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	p, err := postgres.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.Close()
		admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
		admin.Close(ctx)
	})
	return p, u.String()
}

// pgProcess is one more server on the database of dsn, as a process of
// its own would be: its own store, pool and listener.
func pgProcess(t *testing.T, dsn string) (*Server, string) {
	t.Helper()
	p, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	return serveStore(t, p, loose())
}

// storeContract checks what every store.Store does: a game stored, steps
// appended under the row's version, a write that does not follow the
// stored version refused whole, a snapshot replacing the steps, an archive.
func storeContract(t *testing.T, s store.Store) {
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.Write(ctx, store.Change{Kind: store.Create, Game: "g1", Handle: 7, Meta: []byte(`{}`), Snapshot: []byte("snap3"), Rev: 3}))
	steps := []store.StoredStep{{Rev: 4, Index: 10, Actor: -1, Notation: "6-5"}, {Rev: 5, Index: 11, Actor: 0, Notation: "1/7 1/6"}}
	must(s.Write(ctx, store.Change{Kind: store.Steps, Game: "g1", From: 0, Rev: 5, Steps: steps}))
	if err := s.Write(ctx, store.Change{Kind: store.Steps, Game: "g1", From: 0, Rev: 4, Steps: steps[:1]}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a step on an old version: %v, want store.ErrConflict", err)
	}
	open, err := s.Open(ctx)
	must(err)
	if len(open) != 1 || open[0].Handle != 7 || open[0].Rev != 5 || open[0].Ver != 1 || open[0].SnapRev != 3 || string(open[0].Snapshot) != "snap3" || len(open[0].Steps) != 2 || open[0].Steps[1] != steps[1] {
		t.Fatalf("open: %+v", open)
	}
	if g, ok, err := s.Game(ctx, "nope"); err != nil || ok {
		t.Fatalf("no game: %v %v %+v", ok, err, g)
	}
	must(s.Write(ctx, store.Change{Kind: store.Snap, Game: "g1", Meta: []byte(`{"public":true}`), Snapshot: []byte("snap6"), From: 1, Rev: 6}))
	open, err = s.Open(ctx)
	must(err)
	if len(open) != 1 || open[0].Rev != 6 || open[0].Ver != 2 || open[0].SnapRev != 6 || string(open[0].Snapshot) != "snap6" || len(open[0].Steps) != 0 || string(open[0].Meta) != `{"public":true}` {
		t.Fatalf("open after a snapshot: %+v", open)
	}
	// a snapshot at the same revision (a claim changes no step)
	must(s.Write(ctx, store.Change{Kind: store.Snap, Game: "g1", Meta: []byte(`{"public":false}`), Snapshot: []byte("snap6b"), From: 2, Rev: 6}))
	if g, ok, err := s.Game(ctx, "g1"); err != nil || !ok || string(g.Snapshot) != "snap6b" || g.Ver != 3 || g.Rev != 6 || len(g.Steps) != 0 || string(g.Meta) != `{"public":false}` {
		t.Fatalf("game g1 after a claim's snapshot: %v %v %+v", err, ok, g)
	}
	if err := s.Write(ctx, store.Change{Kind: store.Archive, Game: "g1", From: 2, Record: "rec"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("an archive on an old version: %v, want store.ErrConflict", err)
	}
	if rec, ok, err := s.Record(ctx, "g1"); err != nil || !ok || rec != "" {
		t.Fatalf("the record of an open game: %q %v %v", rec, ok, err)
	}
	must(s.Write(ctx, store.Change{Kind: store.Archive, Game: "g1", From: 3, Record: "rec"}))
	open, err = s.Open(ctx)
	must(err)
	if len(open) != 0 {
		t.Fatalf("an archived game is open: %+v", open)
	}
	if _, ok, err := s.Game(ctx, "g1"); err != nil || ok {
		t.Fatalf("an archived game: %v %v", ok, err)
	}
	if rec, ok, err := s.Record(ctx, "g1"); err != nil || !ok || rec != "rec" {
		t.Fatalf("the record: %q %v %v", rec, ok, err)
	}
	if _, ok, err := s.Record(ctx, "nope"); err != nil || ok {
		t.Fatalf("the record of no game: %v %v", ok, err)
	}
	if err := s.Write(ctx, store.Change{Kind: store.Steps, Game: "g1", From: 4, Rev: 7, Steps: steps[:1]}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a step on an archived game: %v, want store.ErrConflict", err)
	}
}

func TestSQLiteStore(t *testing.T) {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "full")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	storeContract(t, s)
}

func TestPostgresStore(t *testing.T) { storeContract(t, pgStore(t)) }

// Two people play a whole game of each variant on PostgreSQL, a watcher
// following, and the archived records replay the games.
func TestTwoPeopleOnPostgres(t *testing.T) {
	s, base := serveStore(t, pgStore(t), loose())
	playEveryVariant(t, s, base)
}

// Two server processes share the games of one PostgreSQL database: a game
// made on the first is joined on the second, one person plays through
// each and a watcher follows on the second; every step made through one
// reaches the other by the database's notification, and the record is the
// game.
func TestTwoProcessesOnPostgres(t *testing.T) {
	_, dsn := pgDatabase(t)
	_, base1 := pgProcess(t, dsn)
	s2, base2 := pgProcess(t, dsn)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for i, v := range []string{"verkehren", "festung"} {
		c := create(t, base1, hub.CreateArgs{Variant: v, Seats: []string{"person", "person"}})
		j := join(t, base2, c.Game, c.Invites[0].Token)
		var wg sync.WaitGroup
		ms := make([]*client.Mirror, 3)
		errs := make([]error, 3)
		wg.Add(3)
		go func() { defer wg.Done(); ms[0], errs[0] = watcher(ctx, base2, c.Game) }()
		go func() { defer wg.Done(); ms[1], errs[1] = player(ctx, base1, c.Game, c.Secret, uint64(i), -1) }()
		go func() { defer wg.Done(); ms[2], errs[2] = player(ctx, base2, c.Game, j.Secret, uint64(i+5), -1) }()
		wg.Wait()
		for k, err := range errs {
			if err != nil {
				t.Fatalf("%s: client %d: %v", v, k, err)
			}
		}
		for k := 1; k < 3; k++ {
			if !slices.Equal(ms[k].Notations(), ms[0].Notations()) {
				t.Fatalf("%s: client %d saw %d steps, the watcher %d", v, k, len(ms[k].Log), len(ms[0].Log))
			}
		}
		rec, err := s2.Hub().Record(ctx, c.Game)
		if err != nil {
			t.Fatal(err)
		}
		if got := replayed(t, rec); !slices.Equal(got, ms[0].Notations()) {
			t.Fatalf("%s: the record has %d steps, the game %d", v, len(got), len(ms[0].Log))
		}
		t.Logf("%s: %d steps through two processes", v, len(ms[0].Log))
	}
}

// A process lets go of its copy of a game once another process writes the
// game and no connection of its own follows it (a proxy routing by game
// sends the connections elsewhere than the create), and reads it anew when
// it is asked for again; a copy that a connection follows is kept however
// often the other process writes.
func TestACopyNobodyFollowsIsLetGoOnPostgres(t *testing.T) {
	_, dsn := pgDatabase(t)
	s1, base1 := pgProcess(t, dsn)
	_, base2 := pgProcess(t, dsn)
	games := func(s *Server, want int, what string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); s.Hub().Games() != want; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the first process holds %d games, want %d", what, s.Hub().Games(), want)
			}
		}
	}
	c := create(t, base1, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	games(s1, 1, "made there")
	j := join(t, base2, c.Game, c.Invites[0].Token)
	games(s1, 0, "joined through the other")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var wg sync.WaitGroup
	ms := make([]*client.Mirror, 3)
	errs := make([]error, 3)
	wg.Add(3)
	go func() { defer wg.Done(); ms[0], errs[0] = watcher(ctx, base2, c.Game) }()
	go func() { defer wg.Done(); ms[1], errs[1] = player(ctx, base1, c.Game, c.Secret, 1, -1) }()
	go func() { defer wg.Done(); ms[2], errs[2] = player(ctx, base2, c.Game, j.Secret, 2, -1) }()
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			t.Fatalf("client %d: %v", k, err)
		}
	}
	for k := 1; k < 3; k++ {
		if !slices.Equal(ms[k].Notations(), ms[0].Notations()) {
			t.Fatalf("client %d saw %d steps, the watcher %d", k, len(ms[k].Log), len(ms[0].Log))
		}
	}
	games(s1, 1, "followed there while the other wrote")
}

// BenchmarkStoreWrite writes the steps of many games at once, each game
// by a goroutine of its own as the server's calls do, and reports the
// time a write takes to commit: the median and the 99th percentile.
func BenchmarkStoreWrite(b *testing.B) {
	for _, kind := range []string{"sqlite", "postgres"} {
		b.Run(kind, func(b *testing.B) {
			var s store.Store
			if kind == "sqlite" {
				sq, err := sqlite.Open(filepath.Join(b.TempDir(), "games.db"), "full")
				if err != nil {
					b.Fatal(err)
				}
				s = sq
			} else {
				s = pgStore(b)
			}
			defer s.Close()
			ctx := context.Background()
			var next atomic.Int64
			var mu sync.Mutex
			var took []time.Duration
			b.SetParallelism(32)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				id := fmt.Sprintf("bench%06d", next.Add(1))
				if err := s.Write(ctx, store.Change{Kind: store.Create, Game: id, Meta: []byte(`{}`), Snapshot: []byte("snap"), Rev: 0}); err != nil {
					b.Error(err)
					return
				}
				var mine []time.Duration
				for ver := 0; pb.Next(); ver++ {
					steps := []store.StoredStep{{Rev: 2*ver + 1, Index: 2 * ver, Actor: 0, Notation: "1/4 1/6"}, {Rev: 2*ver + 2, Index: 2*ver + 1, Actor: -1, Notation: "6-5"}}
					t := time.Now()
					if err := s.Write(ctx, store.Change{Kind: store.Steps, Game: id, From: ver, Rev: 2*ver + 2, Steps: steps}); err != nil {
						b.Error(err)
						return
					}
					mine = append(mine, time.Since(t))
				}
				mu.Lock()
				took = append(took, mine...)
				mu.Unlock()
			})
			slices.Sort(took)
			if len(took) > 0 {
				b.ReportMetric(float64(took[len(took)/2].Microseconds()), "µs-p50")
				b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "µs-p99")
			}
		})
	}
}

// Processes sharing a store number their games alike: two processes each
// make a game under the same handle. A third, started on the store while
// they serve, brings both back under handles of its own, and so does a
// fourth once both have stopped.
func TestPostgresRestoresGamesOfTheSameHandle(t *testing.T) {
	_, dsn := pgDatabase(t)
	s1, base1 := pgProcess(t, dsn)
	s2, base2 := pgProcess(t, dsn)
	a := create(t, base1, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	b := create(t, base2, hub.CreateArgs{Variant: "festung", Seats: []string{"person", "person"}})
	s3, _ := pgProcess(t, dsn)
	s1.Shutdown()
	s2.Shutdown()
	s4, _ := pgProcess(t, dsn)
	for _, s := range []*Server{s3, s4} {
		if n := s.Hub().Games(); n != 2 {
			t.Fatalf("a process holds %d games at its start, want 2", n)
		}
		for _, id := range []string{a.Game, b.Game} {
			if _, err := s.Hub().Snapshot(id); err != nil {
				t.Fatalf("game %.6s: %v", id, err)
			}
		}
	}
}

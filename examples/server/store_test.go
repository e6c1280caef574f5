package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
)

// pgStore opens a Postgres store on a database of its own in the server
// of $BRETTSPIEL_PG (a postgres:// URL), dropped after the test; without
// it the test is skipped.
func pgStore(t *testing.T) *Postgres {
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
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Database = name
	p, err := OpenPostgres(ctx, cfg.ConnString())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.Close()
		admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
		admin.Close(ctx)
	})
	return p
}

// storeContract checks what every Store does: a game stored, steps
// appended under the row version, a write that does not follow the stored
// revision refused whole, a snapshot replacing the steps, an archive.
func storeContract(t *testing.T, s Store) {
	ctx := context.Background()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.Write(ctx, Change{Kind: Create, Game: "g1", Handle: 7, Meta: []byte(`{}`), Snapshot: []byte("snap3"), Rev: 3}))
	steps := []StoredStep{{Rev: 4, Index: 10, Actor: -1, Notation: "6-5"}, {Rev: 5, Index: 11, Actor: 0, Notation: "1/7 1/6"}}
	must(s.Write(ctx, Change{Kind: Steps, Game: "g1", From: 3, Rev: 5, Steps: steps}))
	if err := s.Write(ctx, Change{Kind: Steps, Game: "g1", From: 3, Rev: 4, Steps: steps[:1]}); !errors.Is(err, ErrConflict) {
		t.Fatalf("a step on an old revision: %v, want ErrConflict", err)
	}
	open, err := s.Open(ctx)
	must(err)
	if len(open) != 1 || open[0].Handle != 7 || open[0].Rev != 5 || open[0].SnapRev != 3 || string(open[0].Snapshot) != "snap3" || len(open[0].Steps) != 2 || open[0].Steps[1] != steps[1] {
		t.Fatalf("open: %+v", open)
	}
	must(s.Write(ctx, Change{Kind: Snap, Game: "g1", Meta: []byte(`{"public":true}`), Snapshot: []byte("snap6"), From: 5, Rev: 6}))
	open, err = s.Open(ctx)
	must(err)
	if len(open) != 1 || open[0].Rev != 6 || open[0].SnapRev != 6 || string(open[0].Snapshot) != "snap6" || len(open[0].Steps) != 0 || string(open[0].Meta) != `{"public":true}` {
		t.Fatalf("open after a snapshot: %+v", open)
	}
	if err := s.Write(ctx, Change{Kind: Archive, Game: "g1", From: 5, Record: "rec"}); !errors.Is(err, ErrConflict) {
		t.Fatalf("an archive on an old revision: %v, want ErrConflict", err)
	}
	if rec, ok, err := s.Record(ctx, "g1"); err != nil || !ok || rec != "" {
		t.Fatalf("the record of an open game: %q %v %v", rec, ok, err)
	}
	must(s.Write(ctx, Change{Kind: Archive, Game: "g1", From: 6, Record: "rec"}))
	open, err = s.Open(ctx)
	must(err)
	if len(open) != 0 {
		t.Fatalf("an archived game is open: %+v", open)
	}
	if rec, ok, err := s.Record(ctx, "g1"); err != nil || !ok || rec != "rec" {
		t.Fatalf("the record: %q %v %v", rec, ok, err)
	}
	if _, ok, err := s.Record(ctx, "nope"); err != nil || ok {
		t.Fatalf("the record of no game: %v %v", ok, err)
	}
	if err := s.Write(ctx, Change{Kind: Steps, Game: "g1", From: 6, Rev: 7, Steps: steps[:1]}); !errors.Is(err, ErrConflict) {
		t.Fatalf("a step on an archived game: %v, want ErrConflict", err)
	}
}

func TestSQLiteStore(t *testing.T) {
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "games.db"), "full")
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
	s, base := serveStore(t, pgStore(t), Options{ConnRate: 10000, AddrRate: 10000})
	playEveryVariant(t, s, base)
}

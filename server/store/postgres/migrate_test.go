package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// shipped are the migrations of this program.
var shipped, _ = fs.Glob(migrations, "*.sql")

// oldSchema is the schema of the databases made before the schema had
// versions, when the processes held games and linked to each other.
const oldSchema = `
CREATE TABLE games (
	id       TEXT PRIMARY KEY,
	handle   INTEGER NOT NULL,
	meta     BYTEA NOT NULL,
	snapshot BYTEA,
	snap_rev INTEGER NOT NULL,
	rev      INTEGER NOT NULL,
	ver      INTEGER NOT NULL DEFAULT 0,
	archived BOOLEAN NOT NULL DEFAULT FALSE,
	record   TEXT
);
ALTER TABLE games ADD COLUMN IF NOT EXISTS snap_ver INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN IF NOT EXISTS holder TEXT;
CREATE TABLE servers (id TEXT PRIMARY KEY, addr TEXT NOT NULL, seen TIMESTAMPTZ NOT NULL);
CREATE TABLE peer_key (one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one), key TEXT NOT NULL);
CREATE TABLE steps (
	game     TEXT NOT NULL,
	rev      INTEGER NOT NULL,
	idx      INTEGER NOT NULL,
	actor    INTEGER NOT NULL,
	notation TEXT NOT NULL,
	PRIMARY KEY (game, rev)
);
INSERT INTO games (id, handle, meta, snapshot, snap_rev, rev, ver, holder) VALUES
	('pub', 1, convert_to('{"variant":"verkehren","public":true,"invites":["","abc"],"created":"2026-11-30T10:00:00Z"}', 'UTF8'), '\x7b7d', 3, 4, 2, 'p1'),
	('priv', 3, convert_to('{"variant":"festung","public":false,"invites":["","abc"],"created":"2026-11-30T12:00:00Z"}', 'UTF8'), '\x7b7d', 0, 0, 0, NULL);
INSERT INTO steps VALUES ('pub', 4, 3, 1, '6-5');
`

// A database of today (from before the schema's versions) is brought up
// to date when opened, by each of two processes that start at once: its
// games are there, the lobby finds the public one with a seat open, and
// the holders' tables are gone; a person's presence is kept (from none).
func TestTodaysDatabaseUpgrades(t *testing.T) {
	dsn := os.Getenv("BRETTSPIEL_PG")
	if dsn == "" {
		t.Skip("no PostgreSQL: BRETTSPIEL_PG=postgres://… runs the test (.ci/run starts a server where it can)")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var b [6]byte
	rand.Read(b[:])
	name := "brettspiel_test_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	defer admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	old, err := pgx.Connect(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(ctx, oldSchema); err != nil {
		t.Fatal(err)
	}
	old.Close(ctx)
	stores := make([]*Store, 2)
	errs := make(chan error, 2)
	for i := range stores {
		go func() {
			var err error
			stores[i], err = Open(ctx, u.String())
			errs <- err
		}()
	}
	for range stores {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range stores {
		defer s.Close()
	}
	s := stores[0]
	games, err := s.Open(ctx)
	if err != nil || len(games) != 2 {
		t.Fatalf("%d open games, %v; want 2", len(games), err)
	}
	g, ok, err := s.Game(ctx, "pub")
	if err != nil || !ok || g.Rev != 4 || g.Ver != 2 || len(g.Steps) != 1 {
		t.Fatalf("the game as stored: %+v %v %v", g, ok, err)
	}
	pub, err := s.Public(ctx, 10)
	if err != nil || len(pub) != 1 || pub[0].Game != "pub" {
		t.Fatalf("the lobby: %+v, %v", pub, err)
	}
	var v, tables int
	if err := s.pool.QueryRow(ctx, `SELECT max(version), count(*) FROM schema_version`).Scan(&v, &tables); err != nil || v != len(shipped) || tables != 1 {
		t.Fatalf("schema version %d (%d rows), %v; want %d", v, tables, err, len(shipped))
	}
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE tablename IN ('servers', 'peer_key')`).Scan(&tables); err != nil || tables != 0 {
		t.Fatalf("%d tables of the holders left, %v", tables, err)
	}
	// a person's presence: never told of the games of before, then kept
	if at, err := s.Touched(ctx, "pub"); err != nil || !at.IsZero() {
		t.Fatalf("a game of before touched at %v, %v", at, err)
	}
	now := time.UnixMilli(time.Now().UnixMilli())
	if err := s.Touch(ctx, "pub", now); err != nil {
		t.Fatal(err)
	}
	if at, err := stores[1].Touched(ctx, "pub"); err != nil || !at.Equal(now) {
		t.Fatalf("touched at %v, %v; want %v", at, err, now)
	}
}

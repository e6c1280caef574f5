package sqlite

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"testing"
)

// shipped are the migrations of this program.
var shipped, _ = fs.Glob(migrations, "*.sql")

// oldSchema is the schema of the files made before the schema had
// versions (without snap_ver, which some had).
const oldSchema = `
CREATE TABLE games (
	id       TEXT PRIMARY KEY,
	handle   INTEGER NOT NULL,
	meta     BLOB NOT NULL,
	snapshot BLOB,
	snap_rev INTEGER NOT NULL,
	rev      INTEGER NOT NULL,
	ver      INTEGER NOT NULL DEFAULT 0,
	archived INTEGER NOT NULL DEFAULT 0,
	record   TEXT
);
CREATE TABLE steps (
	game     TEXT NOT NULL,
	rev      INTEGER NOT NULL,
	idx      INTEGER NOT NULL,
	actor    INTEGER NOT NULL,
	notation TEXT NOT NULL,
	PRIMARY KEY (game, rev)
);
INSERT INTO games (id, handle, meta, snapshot, snap_rev, rev, ver) VALUES
	('pub', 1, CAST('{"variant":"verkehren","public":true,"invites":["","abc"],"created":"2026-11-30T10:00:00Z"}' AS BLOB), x'7b7d', 3, 4, 2),
	('full', 2, CAST('{"variant":"verkehren","public":true,"invites":["",""],"created":"2026-11-30T11:00:00Z"}' AS BLOB), x'7b7d', 3, 3, 1),
	('priv', 3, CAST('{"variant":"festung","public":false,"invites":["","abc"],"created":"2026-11-30T12:00:00Z"}' AS BLOB), x'7b7d', 0, 0, 0);
INSERT INTO steps VALUES ('pub', 4, 3, 1, '6-5');
`

// A file of today (from before the schema's versions, without the
// snapshot's version) is brought up to date when opened: its games are
// there, with their steps, and the lobby finds the public one with a seat
// open. Opened again it is left as it is.
func TestTodaysFileUpgrades(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(oldSchema); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for round := range 2 {
		s, err := Open(path, "normal")
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		ctx := context.Background()
		games, err := s.Open(ctx)
		if err != nil || len(games) != 3 {
			t.Fatalf("round %d: %d open games, %v; want 3", round, len(games), err)
		}
		g, ok, err := s.Game(ctx, "pub")
		if err != nil || !ok || g.Rev != 4 || g.Ver != 2 || len(g.Steps) != 1 || g.Steps[0].Notation != "6-5" {
			t.Fatalf("round %d: the game as stored: %+v %v %v", round, g, ok, err)
		}
		pub, err := s.Public(ctx, 10)
		if err != nil || len(pub) != 1 || pub[0].Game != "pub" {
			t.Fatalf("round %d: the lobby: %+v, %v; want the public game with a seat open", round, pub, err)
		}
		var v int
		if err := s.DB.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil || v != len(shipped) {
			t.Fatalf("round %d: schema version %d, %v; want %d", round, v, err, len(shipped))
		}
		s.Close()
	}
}

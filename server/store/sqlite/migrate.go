package sqlite

import (
	"context"
	"database/sql"

	"github.com/brettspiel/brettspiel/server/store/sqlstore"
)

// migrations are the steps of the schema, in order; a database's version
// is the number of them applied (the table schema_version). Never change
// one that has shipped: add another.
var migrations = []sqlstore.Migration{
	{Name: "games and their steps", Up: func(ctx context.Context, tx *sql.Tx) error {
		// a file of before the versions holds these tables already, some
		// without the snapshot's version
		if _, err := tx.ExecContext(ctx, `
CREATE TABLE IF NOT EXISTS games (
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
CREATE TABLE IF NOT EXISTS steps (
	game     TEXT NOT NULL,
	rev      INTEGER NOT NULL,
	idx      INTEGER NOT NULL,
	actor    INTEGER NOT NULL,
	notation TEXT NOT NULL,
	PRIMARY KEY (game, rev)
);`); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('games') WHERE name = 'snap_ver'`).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			_, err := tx.ExecContext(ctx, `ALTER TABLE games ADD COLUMN snap_ver INTEGER NOT NULL DEFAULT 0`)
			return err
		}
		return nil
	}},
	// what the lobby asks of a game, taken from its meta once
	{Name: "the lobby's columns", Up: sqlstore.Exec(`
ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN made INTEGER NOT NULL DEFAULT 0;
UPDATE games SET
	public = coalesce(json_extract(CAST(meta AS TEXT), '$.public'), 0),
	open = (SELECT count(*) FROM json_each(CAST(meta AS TEXT), '$.invites') WHERE value <> ''),
	made = coalesce(unixepoch(json_extract(CAST(meta AS TEXT), '$.created')), 0)
WHERE archived = 0;
CREATE INDEX IF NOT EXISTS games_lobby ON games (made) WHERE archived = 0 AND public AND open > 0;`)},
}

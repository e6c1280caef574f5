package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brettspiel/brettspiel/server/store"
)

// migrations are the steps of the schema, in order; a database's version
// is the number of them applied (the table schema_version). Never change
// one that has shipped: add another.
var migrations = []store.Migration[pgx.Tx]{
	{Name: "games and their steps", Up: func(ctx context.Context, tx pgx.Tx) error {
		// a database of before the versions holds some of these already
		_, err := tx.Exec(ctx, `
CREATE TABLE IF NOT EXISTS games (
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
CREATE TABLE IF NOT EXISTS steps (
	game     TEXT NOT NULL,
	rev      INTEGER NOT NULL,
	idx      INTEGER NOT NULL,
	actor    INTEGER NOT NULL,
	notation TEXT NOT NULL,
	PRIMARY KEY (game, rev)
);`)
		return err
	}},
	{Name: "the lobby's columns; no holders", Up: func(ctx context.Context, tx pgx.Tx) error {
		// the processes no longer hold games nor link to each other: their
		// table, their key and the games' holder go
		_, err := tx.Exec(ctx, `
ALTER TABLE games DROP COLUMN IF EXISTS holder;
DROP TABLE IF EXISTS servers;
DROP TABLE IF EXISTS peer_key;
ALTER TABLE games ADD COLUMN public BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN made BIGINT NOT NULL DEFAULT 0;
UPDATE games SET
	public = coalesce((convert_from(meta, 'UTF8')::jsonb ->> 'public')::boolean, FALSE),
	open = (SELECT count(*) FROM jsonb_array_elements_text(convert_from(meta, 'UTF8')::jsonb -> 'invites') AS i WHERE i <> ''),
	made = coalesce(extract(epoch FROM (convert_from(meta, 'UTF8')::jsonb ->> 'created')::timestamptz)::bigint, 0)
WHERE NOT archived;
CREATE INDEX games_lobby ON games (made) WHERE NOT archived AND public AND open > 0;`)
		return err
	}},
}

// migrate brings the database's schema to the last of ms. The processes
// that start at once take turns: the first migrates, the others find it
// done.
func migrate(ctx context.Context, pool *pgxpool.Pool, ms []store.Migration[pgx.Tx]) error {
	for {
		done := false
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			// one process at a time, across the processes sharing the
			// database (a lock of the transaction, any number will do)
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7171)`); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
				return err
			}
			var v int
			if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v); err != nil {
				return err
			}
			switch {
			case v > len(ms):
				return fmt.Errorf("the schema's version %d is newer than this program's %d", v, len(ms))
			case v == len(ms):
				done = true
				return nil
			}
			if err := ms[v].Up(ctx, tx); err != nil {
				return fmt.Errorf("migration %d (%s): %w", v+1, ms[v].Name, err)
			}
			if _, err := tx.Exec(ctx, `DELETE FROM schema_version`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, v+1)
			return err
		})
		if err != nil || done {
			return err
		}
	}
}

package postgres

import "github.com/brettspiel/brettspiel/server/store/sqlstore"

// migrations are the steps of the schema, in order; a database's version
// is the number of them applied (the table schema_version). Never change
// one that has shipped: add another.
var migrations = []sqlstore.Migration{
	// a database of before the versions holds some of these already
	{Name: "games and their steps", Up: sqlstore.Exec(`
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
);`)},
	// the processes no longer hold games nor link to each other: their
	// table, their key and the games' holder go
	{Name: "the lobby's columns; no holders", Up: sqlstore.Exec(`
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
CREATE INDEX games_lobby ON games (made) WHERE NOT archived AND public AND open > 0;`)},
}

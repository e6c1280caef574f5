-- The games and their steps. A database of before the schema's versions
-- holds some of these already.
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
);

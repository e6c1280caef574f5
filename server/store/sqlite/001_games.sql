-- The games and their steps. A file of before the schema's versions holds
-- these already, some without snap_ver, which nothing reads any more.
CREATE TABLE IF NOT EXISTS games (
	id       TEXT PRIMARY KEY,
	handle   INTEGER NOT NULL,
	meta     BLOB NOT NULL,
	snapshot BLOB,
	snap_rev INTEGER NOT NULL,
	rev      INTEGER NOT NULL,
	ver      INTEGER NOT NULL DEFAULT 0,
	archived INTEGER NOT NULL DEFAULT 0,
	record   TEXT,
	snap_ver INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS steps (
	game     TEXT NOT NULL,
	rev      INTEGER NOT NULL,
	idx      INTEGER NOT NULL,
	actor    INTEGER NOT NULL,
	notation TEXT NOT NULL,
	PRIMARY KEY (game, rev)
);

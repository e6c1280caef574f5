-- What the lobby asks of a game, taken from its meta once.
ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN made INTEGER NOT NULL DEFAULT 0;
UPDATE games SET
	public = coalesce(json_extract(CAST(meta AS TEXT), '$.public'), 0),
	open = (SELECT count(*) FROM json_each(CAST(meta AS TEXT), '$.invites') WHERE value <> ''),
	made = coalesce(unixepoch(json_extract(CAST(meta AS TEXT), '$.created')), 0)
WHERE archived = 0;
CREATE INDEX IF NOT EXISTS games_lobby ON games (made) WHERE archived = 0 AND public AND open > 0;

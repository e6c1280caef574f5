-- What the lobby asks of a game, taken from its meta once. The processes
-- no longer hold games nor link to each other: their table, their key and
-- the games' holder go.
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
CREATE INDEX games_lobby ON games (made) WHERE NOT archived AND public AND open > 0;

-- When a person was last at a game, as any process saw him (Unix
-- milliseconds; 0: never told): a process's sweep reads it before it
-- archives a game idle there, which a person may be at through another.
ALTER TABLE games ADD COLUMN touched BIGINT NOT NULL DEFAULT 0;

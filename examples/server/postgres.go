package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres is the Store for more than one machine: the same tables as
// SQLite's in a PostgreSQL database, each change in a transaction of its
// own under the row version, and a notification on the channel
// "brettspiel_games" ("id rev") with each commit, for the processes that
// share the games.
type Postgres struct {
	pool *pgxpool.Pool
	// notes are the notifications waiting to be sent, "id version";
	// notifier sends them, those waiting together in one statement
	notes    chan string
	notified chan struct{} // closed when notifier has sent the last
	closing  sync.RWMutex  // Close holds it to write, a notification to read
	closed   bool
}

const postgresSchema = `
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
ALTER TABLE games ADD COLUMN IF NOT EXISTS holder TEXT;
CREATE TABLE IF NOT EXISTS servers (
	id   TEXT PRIMARY KEY,
	addr TEXT NOT NULL,
	seen TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS peer_key (
	one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
	key TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS steps (
	game     TEXT NOT NULL,
	rev      INTEGER NOT NULL,
	idx      INTEGER NOT NULL,
	actor    INTEGER NOT NULL,
	notation TEXT NOT NULL,
	PRIMARY KEY (game, rev)
);
`

// OpenPostgres connects to the database of dsn (a postgres:// URL) and
// makes the tables if missing. The pool holds up to 16 connections, or
// pool_max_conns of the URL; each caches up to 64 statements, or
// statement_cache_capacity.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	if !strings.Contains(dsn, "connect_timeout") {
		cfg.ConnConfig.ConnectTimeout = 5 * time.Second
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		// pgx's default, the cores or 4, is too few for a server whose
		// every call writes and whose listener holds one: calls would
		// wait in line for a connection
		cfg.MaxConns = 16
	}
	if !strings.Contains(dsn, "statement_cache_capacity") {
		// the store's statements are a dozen; pgx's 512 places are a
		// map of that size made for each connection
		cfg.ConnConfig.StatementCacheCapacity = 64
	}
	if !strings.Contains(dsn, "description_cache_capacity") {
		cfg.ConnConfig.DescriptionCacheCapacity = 64
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, postgresSchema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	p := &Postgres{pool: pool, notes: make(chan string, 4096), notified: make(chan struct{})}
	go p.notifier()
	return p, nil
}

// notifier sends the notifications of the changes committed, those that
// wait together in one statement, until notes is closed.
func (p *Postgres) notifier() {
	defer close(p.notified)
	var batch []string
	for n := range p.notes {
		batch = gather(p.notes, append(batch[:0], n), 512)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		p.pool.Exec(ctx, `SELECT pg_notify('brettspiel_games', n) FROM unnest($1::text[]) AS n`, batch)
		cancel()
	}
}

// Write commits c in a transaction of its own, then tells the other
// processes. Steps, the most of the writes, are one statement: one round
// trip to the database.
func (p *Postgres) Write(ctx context.Context, c Change) error {
	var err error
	if c.Kind == Steps {
		err = p.writeSteps(ctx, c)
	} else {
		err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error { return pgChange(ctx, tx, c) })
	}
	if err != nil {
		if errors.Is(err, ErrConflict) {
			return err
		}
		return fmt.Errorf("%w: %v", ErrStorage, err)
	}
	// After the commit, not in its transaction, and not waited for: a
	// transaction that notifies holds the database's queue of
	// notifications through its commit, which would make the commits of
	// all games wait in line. Should this process end before it is sent,
	// the others learn of the change with the game's next one, or when a
	// call on their copy is refused with ErrConflict, which brings it up
	// to date.
	ver := c.From + 1 // the row's version after the change; a new row's is 0
	if c.Kind == Create {
		ver = 0
	}
	p.closing.RLock()
	if !p.closed {
		p.notes <- fmt.Sprintf("%s %d", c.Game, ver)
	}
	p.closing.RUnlock()
	return nil
}

// writeSteps appends steps under the row's version in one statement.
func (p *Postgres) writeSteps(ctx context.Context, c Change) error {
	revs := make([]int32, len(c.Steps))
	idxs := make([]int32, len(c.Steps))
	actors := make([]int32, len(c.Steps))
	notations := make([]string, len(c.Steps))
	for i, st := range c.Steps {
		revs[i], idxs[i], actors[i], notations[i] = int32(st.Rev), int32(st.Index), int32(st.Actor), st.Notation
	}
	var n int
	err := p.pool.QueryRow(ctx, `WITH up AS (
			UPDATE games SET rev = $1, ver = ver + 1 WHERE id = $2 AND ver = $3 AND NOT archived RETURNING id
		), ins AS (
			INSERT INTO steps (game, rev, idx, actor, notation)
			SELECT up.id, s.rev, s.idx, s.actor, s.notation FROM up, unnest($4::int[], $5::int[], $6::int[], $7::text[]) AS s(rev, idx, actor, notation)
		)
		SELECT count(*) FROM up`, c.Rev, c.Game, c.From, revs, idxs, actors, notations).Scan(&n)
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("%w: game %.8s… is not at version %d", ErrConflict, c.Game, c.From)
	}
	return nil
}

func pgChange(ctx context.Context, tx pgx.Tx, c Change) error {
	bump := func(query string, args ...any) error {
		r, err := tx.Exec(ctx, query, append(args, c.Game, c.From)...)
		if err != nil {
			return err
		}
		if r.RowsAffected() != 1 {
			return fmt.Errorf("%w: game %.8s… is not at version %d", ErrConflict, c.Game, c.From)
		}
		return nil
	}
	switch c.Kind {
	case Create:
		_, err := tx.Exec(ctx, `INSERT INTO games (id, handle, meta, snapshot, snap_rev, rev, holder) VALUES ($1, $2, $3, $4, $5, $5, NULLIF($6, ''))`,
			c.Game, c.Handle, c.Meta, c.Snapshot, c.Rev, c.Holder)
		return err
	case Steps:
		if err := bump(`UPDATE games SET rev = $1, ver = ver + 1 WHERE id = $2 AND ver = $3 AND NOT archived`, c.Rev); err != nil {
			return err
		}
		for _, st := range c.Steps {
			if _, err := tx.Exec(ctx, `INSERT INTO steps (game, rev, idx, actor, notation) VALUES ($1, $2, $3, $4, $5)`,
				c.Game, st.Rev, st.Index, st.Actor, st.Notation); err != nil {
				return err
			}
		}
		return nil
	case Snap:
		if err := bump(`UPDATE games SET rev = $1, snap_rev = $1, snapshot = $2, meta = $3, ver = ver + 1, snap_ver = ver + 1 WHERE id = $4 AND ver = $5 AND NOT archived`,
			c.Rev, c.Snapshot, c.Meta); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM steps WHERE game = $1`, c.Game)
		return err
	case Archive:
		if err := bump(`UPDATE games SET archived = TRUE, record = $1, snapshot = NULL, ver = ver + 1 WHERE id = $2 AND ver = $3 AND NOT archived`, c.Record); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM steps WHERE game = $1`, c.Game)
		return err
	}
	return fmt.Errorf("unknown change %d", c.Kind)
}

// snapshotRead is a read of several statements that see the same
// commits: the games' rows and the steps after their snapshots, never a
// row of one commit and the steps of the next.
var snapshotRead = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}

// Open returns the games not archived, each with the steps after its
// snapshot, as one commit left them.
func (p *Postgres) Open(ctx context.Context) ([]Stored, error) {
	var games []Stored
	err := pgx.BeginTxFunc(ctx, p.pool, snapshotRead, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, handle, meta, snapshot, snap_rev, rev, ver FROM games WHERE NOT archived ORDER BY handle`)
		if err != nil {
			return err
		}
		var at map[string]int
		games, at, err = scanGames(rows)
		rows.Close()
		if err != nil {
			return err
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT s.game, s.rev, s.idx, s.actor, s.notation FROM steps s JOIN games g ON g.id = s.game WHERE NOT g.archived ORDER BY s.game, s.rev`)
		if err != nil {
			return err
		}
		defer rows.Close()
		if err := scanSteps(rows, games, at); err != nil {
			return err
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return games, nil
}

// Game returns one open game with the steps after its snapshot, read in
// one snapshot of the database (another process may replace the snapshot
// and its steps meanwhile).
func (p *Postgres) Game(ctx context.Context, id string) (Stored, bool, error) {
	g := Stored{Game: id}
	ok := false
	err := pgx.BeginTxFunc(ctx, p.pool, snapshotRead, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT handle, meta, snapshot, snap_rev, rev, ver FROM games WHERE id = $1 AND NOT archived`, id).
			Scan(&g.Handle, &g.Meta, &g.Snapshot, &g.SnapRev, &g.Rev, &g.Ver)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT rev, idx, actor, notation FROM steps WHERE game = $1 ORDER BY rev`, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		if err := scanGameSteps(rows, &g); err != nil {
			return err
		}
		ok = true
		return rows.Err()
	})
	return g, ok && err == nil, err
}

// Since returns the steps of an open game stored after revision rev, in
// one statement (one snapshot of the database), or the whole game after a
// snapshot written after version ver.
func (p *Postgres) Since(ctx context.Context, id string, rev, ver int) (Stored, bool, error) {
	g := Stored{Game: id}
	var snapVer int
	rows, err := p.pool.Query(ctx, `SELECT g.handle, g.snap_rev, g.snap_ver, g.rev, g.ver, s.rev, s.idx, s.actor, s.notation
		FROM games g LEFT JOIN steps s ON s.game = g.id AND s.rev > $2
		WHERE g.id = $1 AND NOT g.archived ORDER BY s.rev`, id, rev)
	if err != nil {
		return g, false, err
	}
	defer rows.Close()
	found := false
	for rows.Next() {
		var sr, si, sa *int
		var sn *string
		if err := rows.Scan(&g.Handle, &g.SnapRev, &snapVer, &g.Rev, &g.Ver, &sr, &si, &sa, &sn); err != nil {
			return g, false, err
		}
		found = true
		if sr != nil && si != nil && sa != nil && sn != nil {
			g.Steps = append(g.Steps, StoredStep{Rev: *sr, Index: *si, Actor: *sa, Notation: *sn})
		}
	}
	if err := rows.Err(); err != nil {
		return g, false, err
	}
	if found && (snapVer > ver || g.SnapRev > rev) {
		rows.Close()
		return p.Game(ctx, id)
	}
	return g, found, nil
}

// Listen calls f for every change any process commits (LISTEN
// brettspiel_games), until ctx ends; a lost connection is made again, a
// moment after each failure. Each time it starts to listen it calls
// f("", 0) first.
func (p *Postgres) Listen(ctx context.Context, f func(game string, rev int)) error {
	for ctx.Err() == nil {
		conn, err := p.pool.Acquire(ctx)
		if err == nil {
			if _, err := conn.Exec(ctx, "LISTEN brettspiel_games"); err == nil {
				// what was committed before (while not listening) is told
				// by no notification: the server looks at every game it
				// holds
				f("", 0)
				for {
					n, err := conn.Conn().WaitForNotification(ctx)
					if err != nil {
						break
					}
					id, rev, _ := strings.Cut(n.Payload, " ")
					r, _ := strconv.Atoi(rev)
					f(id, r)
				}
			}
			conn.Release()
		}
		select {
		case <-ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
	return ctx.Err()
}

// Record returns an archived game's record; for an open one "" and true.
func (p *Postgres) Record(ctx context.Context, id string) (string, bool, error) {
	var rec *string
	err := p.pool.QueryRow(ctx, `SELECT record FROM games WHERE id = $1`, id).Scan(&rec)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	if rec == nil {
		return "", true, nil
	}
	return *rec, true, nil
}

// Close sends the notifications waiting and closes the pool.
func (p *Postgres) Close() error {
	p.closing.Lock()
	if p.closed {
		p.closing.Unlock()
		return nil
	}
	p.closed = true
	close(p.notes)
	p.closing.Unlock()
	<-p.notified
	p.pool.Close()
	return nil
}

// Enlist records the process as serving now (see Cluster), forgets the
// processes not seen for an hour, and returns the key the processes share,
// made by the first of them.
func (p *Postgres) Enlist(ctx context.Context, id, addr string) (string, error) {
	var key string
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO servers (id, addr, seen) VALUES ($1, $2, now())
			ON CONFLICT (id) DO UPDATE SET addr = $2, seen = now()`, id, addr); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM servers WHERE seen < now() - interval '1 hour'`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO peer_key (key) VALUES ($1) ON CONFLICT DO NOTHING`, newToken()+newToken()); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT key FROM peer_key`).Scan(&key)
	})
	return key, err
}

// holderAlive is the condition that the holder of a row of games is a
// process seen within the seconds of parameter n.
func holderAlive(n int) string {
	return `EXISTS (SELECT 1 FROM servers s WHERE s.id = games.holder AND s.seen > now() - make_interval(secs => $` + strconv.Itoa(n) + `))`
}

// Hold makes me the holder of the game when nobody alive holds it.
func (p *Postgres) Hold(ctx context.Context, game, me, gone string) (holder, addr string, ok bool, err error) {
	err = p.pool.QueryRow(ctx, `UPDATE games SET holder = $2 WHERE id = $1 AND NOT archived
		AND (holder IS NULL OR holder = $2 OR holder = $3 OR NOT `+holderAlive(4)+`) RETURNING holder`,
		game, me, gone, holderTimeout.Seconds()).Scan(&holder)
	if err == nil {
		return me, "", true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return "", "", false, err
	}
	var a *string
	err = p.pool.QueryRow(ctx, `SELECT g.holder, s.addr FROM games g LEFT JOIN servers s ON s.id = g.holder
		WHERE g.id = $1 AND NOT g.archived`, game).Scan(&holder, &a)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", false, nil
	}
	if err != nil {
		return "", "", false, err
	}
	if a != nil {
		addr = *a
	}
	return holder, addr, true, nil
}

// Adopt makes me the holder of the open games nobody alive holds.
func (p *Postgres) Adopt(ctx context.Context, me string) ([]string, error) {
	rows, err := p.pool.Query(ctx, `UPDATE games SET holder = $1 WHERE NOT archived
		AND (holder IS NULL OR holder = $1 OR NOT `+holderAlive(2)+`) RETURNING id`,
		me, holderTimeout.Seconds())
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// Leave gives up the games me holds and forgets me.
func (p *Postgres) Leave(ctx context.Context, me string) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE games SET holder = NULL WHERE holder = $1`, me); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM servers WHERE id = $1`, me)
		return err
	})
}

// Public returns the meta of open public games whose meta says a seat is
// open (an invitation not yet claimed), newest first.
func (p *Postgres) Public(ctx context.Context, max int) ([]PublicGame, error) {
	rows, err := p.pool.Query(ctx, `SELECT id, meta FROM games WHERE NOT archived
		AND convert_from(meta, 'UTF8')::jsonb @> '{"public": true}'
		AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(convert_from(meta, 'UTF8')::jsonb -> 'invites') AS i WHERE i <> '')
		ORDER BY convert_from(meta, 'UTF8')::jsonb ->> 'created' DESC LIMIT $1`, max)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PublicGame
	for rows.Next() {
		var g PublicGame
		if err := rows.Scan(&g.Game, &g.Meta); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

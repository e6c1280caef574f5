// Package postgres is the game server's store for more than one process:
// the games in a PostgreSQL database, a notification of each commit on
// the channel "brettspiel_games" for every process serving the game, and
// when a person was last at each game, as any process saw him.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/sqlstore"
)

// migrations are the schema's steps (sqlstore.Store.Migrate).
//
//go:embed *.sql
var migrations embed.FS

// Store is a store.Store in a PostgreSQL database, a store.Notifier and a
// store.Presence.
type Store struct {
	*sqlstore.Store
	pool  *pgxpool.Pool
	notes *store.Batcher[string] // the notifications, sent together
}

// Open connects to the database of dsn (a postgres:// URL) and migrates it.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	// unless the URL names them: pgx's pool (the cores or 4) is too small
	// for a server whose every call writes, its caches too large
	unless := func(key string, set func()) {
		if !strings.Contains(dsn, key) {
			set()
		}
	}
	unless("connect_timeout", func() { cfg.ConnConfig.ConnectTimeout = 5 * time.Second })
	unless("pool_max_conns", func() { cfg.MaxConns = 16 })
	unless("statement_cache_capacity", func() { cfg.ConnConfig.StatementCacheCapacity = 64 })
	unless("description_cache_capacity", func() { cfg.ConnConfig.DescriptionCacheCapacity = 64 })
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	p := &Store{pool: pool, Store: &sqlstore.Store{DB: stdlib.OpenDBFromPool(pool),
		Live: "NOT archived", Lock: "SELECT pg_advisory_xact_lock(7171)"}}
	if err := p.Migrate(ctx, migrations); err != nil {
		p.DB.Close()
		pool.Close()
		return nil, fmt.Errorf("postgres: %w", err)
	}
	p.notes = store.NewBatcher(4096, 512, p.notify)
	return p, nil
}

// notify sends notifications of the changes committed in one statement.
func (p *Store) notify(batch []string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p.pool.Exec(ctx, `SELECT pg_notify('brettspiel_games', n) FROM unnest($1::text[]) AS n`, batch)
}

// Write commits c (Steps, most writes, in one statement) and tells the others.
func (p *Store) Write(ctx context.Context, c store.Change) error {
	var err error
	if c.Kind == store.Steps {
		err = p.writeSteps(ctx, c)
	} else {
		err = p.Tx(ctx, nil, func(tx *sql.Tx) error { return p.Apply(ctx, tx, c) })
	}
	if err != nil {
		if errors.Is(err, store.ErrConflict) {
			return err
		}
		return fmt.Errorf("%w: %v", store.ErrStorage, err)
	}
	// After the commit, not waited for: a transaction that notifies holds
	// the queue of notifications through its commit, and all games' commits
	// would wait in line. A lost note is made up for by ErrConflict.
	n := store.Note{Game: c.Game, Ver: c.From + 1, Rev: c.Rev, Steps: c.Steps, Reload: c.Kind != store.Steps, At: time.Now().UnixMilli()}
	if c.Kind == store.Create {
		n.Ver = 0 // a new row's
	}
	b, _ := json.Marshal(n)
	if len(b) > maxPayload {
		n.Steps, n.Reload = nil, true
		b, _ = json.Marshal(n)
	}
	p.notes.Send(context.Background(), string(b))
	return nil
}

// writeSteps appends steps under the row's version in one statement.
func (p *Store) writeSteps(ctx context.Context, c store.Change) error {
	steps, _ := json.Marshal(c.Steps) // [{"r", "i", "a", "n"}…]
	var n int
	err := p.pool.QueryRow(ctx, `WITH up AS (
			UPDATE games SET rev = $1, ver = ver + 1 WHERE id = $2 AND ver = $3 AND NOT archived RETURNING id
		), ins AS (
			INSERT INTO steps (game, rev, idx, actor, notation)
			SELECT up.id, s.r, s.i, s.a, s.n FROM up, jsonb_to_recordset($4::jsonb) AS s(r int, i int, a int, n text)
		)
		SELECT count(*) FROM up`, c.Rev, c.Game, c.From, string(steps)).Scan(&n)
	if err == nil && n != 1 {
		err = sqlstore.Conflict(c)
	}
	return err
}

// Listen (store.Notifier) listens again a moment after a connection is lost.
func (p *Store) Listen(ctx context.Context, f func(store.Note)) error {
	for ctx.Err() == nil {
		conn, err := p.pool.Acquire(ctx)
		if err == nil {
			if _, err := conn.Exec(ctx, "LISTEN brettspiel_games"); err == nil {
				f(store.Note{}) // what was committed meanwhile: look at every game
				for n, err := conn.Conn().WaitForNotification(ctx); err == nil; n, err = conn.Conn().WaitForNotification(ctx) {
					var note store.Note
					if json.Unmarshal([]byte(n.Payload), &note) != nil || note.Game == "" {
						note = store.Note{} // one not read: anything may have changed
					}
					f(note)
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

// Touch (store.Presence) keeps the latest time a person was at the game:
// the row's version is left as it is, so that no write of the game's is
// refused for it, and nobody is notified.
func (p *Store) Touch(ctx context.Context, game string, at time.Time) error {
	_, err := p.pool.Exec(ctx, `UPDATE games SET touched = $1 WHERE id = $2 AND NOT archived AND touched < $1`, at.UnixMilli(), game)
	if err != nil {
		return fmt.Errorf("%w: %v", store.ErrStorage, err)
	}
	return nil
}

// Touched (store.Presence) returns when a person was last at the game.
func (p *Store) Touched(ctx context.Context, game string) (time.Time, error) {
	var ms int64
	err := p.pool.QueryRow(ctx, `SELECT touched FROM games WHERE id = $1 AND NOT archived`, game).Scan(&ms)
	switch {
	case errors.Is(err, pgx.ErrNoRows) || err == nil && ms == 0:
		return time.Time{}, nil
	case err != nil:
		return time.Time{}, fmt.Errorf("%w: %v", store.ErrStorage, err)
	}
	return time.UnixMilli(ms), nil
}

// maxPayload is the longest notification sent with its steps (PostgreSQL
// takes 8,000 bytes); a longer one says "reload" instead.
const maxPayload = 7900

// Close sends the notifications waiting and closes the pool.
func (p *Store) Close() error {
	p.notes.Close()
	p.DB.Close()
	p.pool.Close()
	return nil
}

// Package sqlstore is what the two SQL stores (package sqlite, package
// postgres) share over database/sql: the writes of a change, the reads of
// store.Store, and the runner of a schema's migrations.
package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"

	"github.com/brettspiel/brettspiel/server/store"
)

// Store writes and reads the games over DB, of the schema both stores
// make; the statements' placeholders are numbered ($1…), as both take.
type Store struct {
	DB *sql.DB
	// Live is the lobby's condition of a game not archived, as the
	// store's partial index of the lobby says it, so that the index serves.
	Live string
	// Lock, when not "", begins each migration's transaction: the
	// processes that start at once take turns.
	Lock string

	// stmts are the writes of a change, prepared once, not parsed anew.
	stmts map[string]*sql.Stmt
}

// The writes of a change; their last two arguments, for those that update
// a game's row, are the game and the version the change follows.
const (
	createGame  = `INSERT INTO games (id, handle, meta, snapshot, snap_rev, rev, public, open, made) VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8)`
	addSteps    = `UPDATE games SET rev = $1, ver = ver + 1 WHERE id = $2 AND ver = $3 AND NOT archived`
	addStep     = `INSERT INTO steps (game, rev, idx, actor, notation) VALUES ($1, $2, $3, $4, $5)`
	putSnapshot = `UPDATE games SET rev = $1, snap_rev = $1, snapshot = $2, meta = $3, public = $4, open = $5, ver = ver + 1 WHERE id = $6 AND ver = $7 AND NOT archived`
	archive     = `UPDATE games SET archived = TRUE, record = $1, snapshot = NULL, ver = ver + 1 WHERE id = $2 AND ver = $3 AND NOT archived`
	dropSteps   = `DELETE FROM steps WHERE game = $1`
)

// prepare prepares the writes of a change.
func (s *Store) prepare(ctx context.Context) error {
	s.stmts = map[string]*sql.Stmt{}
	for _, q := range []string{createGame, addSteps, addStep, putSnapshot, archive, dropSteps} {
		st, err := s.DB.PrepareContext(ctx, q)
		if err != nil {
			return err
		}
		s.stmts[q] = st
	}
	return nil
}

// Tx runs f in a transaction of opts (nil: default), committed if f returns nil.
func (s *Store) Tx(ctx context.Context, opts *sql.TxOptions, f func(*sql.Tx) error) error {
	tx, err := s.DB.BeginTx(ctx, opts)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Conflict is the error of change c refused by its row's version.
func Conflict(c store.Change) error {
	return fmt.Errorf("%w: game %.8s… is not at version %d", store.ErrConflict, c.Game, c.From)
}

// Apply writes change c within tx: the row's update first, so that at
// another version than c follows nothing is written (store.ErrConflict).
func (s *Store) Apply(ctx context.Context, tx *sql.Tx, c store.Change) error {
	run := func(query string, args ...any) (sql.Result, error) {
		return tx.StmtContext(ctx, s.stmts[query]).ExecContext(ctx, args...)
	}
	var r sql.Result
	var err error
	switch c.Kind {
	case store.Create:
		_, err = run(createGame, c.Game, c.Handle, c.Meta, c.Snapshot, c.Rev, c.Public, c.Open, c.Made)
		return err
	case store.Steps:
		r, err = run(addSteps, c.Rev, c.Game, c.From)
	case store.Snap:
		r, err = run(putSnapshot, c.Rev, c.Snapshot, c.Meta, c.Public, c.Open, c.Game, c.From)
	case store.Archive:
		r, err = run(archive, c.Record, c.Game, c.From)
	default:
		return fmt.Errorf("unknown change %d", c.Kind)
	}
	if err != nil {
		return err
	}
	if n, err := r.RowsAffected(); err != nil || n != 1 {
		return cmp.Or(err, Conflict(c))
	}
	if c.Kind != store.Steps { // a snapshot anew, or none: the steps go
		_, err = run(dropSteps, c.Game)
		return err
	}
	ins := tx.StmtContext(ctx, s.stmts[addStep]) // once for all the steps
	for _, st := range c.Steps {
		if _, err := ins.ExecContext(ctx, c.Game, st.Rev, st.Index, st.Actor, st.Notation); err != nil {
			return err
		}
	}
	return nil
}

// exec runs a statement within tx.
func exec(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	_, err := tx.ExecContext(ctx, query, args...)
	return err
}

// each runs a query by run, a QueryContext, and calls f with each row.
func each(ctx context.Context, run func(context.Context, string, ...any) (*sql.Rows, error),
	f func(*sql.Rows) error, query string, args ...any) error {
	rows, err := run(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := f(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Open returns the games not archived as one commit left them.
func (s *Store) Open(ctx context.Context) ([]store.Stored, error) {
	return s.games(ctx, "TRUE")
}

// Game returns one open game as Open does.
func (s *Store) Game(ctx context.Context, id string) (store.Stored, bool, error) {
	games, err := s.games(ctx, "g.id = $1", id)
	if err != nil || len(games) == 0 {
		return store.Stored{Game: id}, false, err
	}
	return games[0], true, nil
}

// games reads the open games of cond (on games g) with their steps in one
// transaction: never a game's row of one commit and the steps of the next.
func (s *Store) games(ctx context.Context, cond string, args ...any) ([]store.Stored, error) {
	var games []store.Stored
	opts := &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	err := s.Tx(ctx, opts, func(tx *sql.Tx) error {
		at := map[string]int{}
		err := each(ctx, tx.QueryContext, func(rows *sql.Rows) error {
			var g store.Stored
			if err := rows.Scan(&g.Game, &g.Handle, &g.Meta, &g.Snapshot, &g.SnapRev, &g.Rev, &g.Ver); err != nil {
				return err
			}
			at[g.Game] = len(games)
			games = append(games, g)
			return nil
		}, `SELECT g.id, g.handle, g.meta, g.snapshot, g.snap_rev, g.rev, g.ver FROM games g
			WHERE NOT g.archived AND `+cond+` ORDER BY g.handle`, args...)
		if err != nil {
			return err
		}
		return each(ctx, tx.QueryContext, func(rows *sql.Rows) error {
			var id string
			var st store.StoredStep
			if err := rows.Scan(&id, &st.Rev, &st.Index, &st.Actor, &st.Notation); err != nil {
				return err
			}
			if i, ok := at[id]; ok {
				games[i].Steps = append(games[i].Steps, st)
			}
			return nil
		}, `SELECT s.game, s.rev, s.idx, s.actor, s.notation FROM steps s JOIN games g ON g.id = s.game
			WHERE NOT g.archived AND `+cond+` ORDER BY s.game, s.rev`, args...)
	})
	return games, err
}

// Record returns an archived game's record; for an open one "" and true.
func (s *Store) Record(ctx context.Context, id string) (string, bool, error) {
	var rec sql.NullString
	err := s.DB.QueryRowContext(ctx, `SELECT record FROM games WHERE id = $1`, id).Scan(&rec)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return rec.String, err == nil, err
}

// Public returns the open public games with a seat open, newest first.
func (s *Store) Public(ctx context.Context, max int) ([]store.Stored, error) {
	var out []store.Stored
	err := each(ctx, s.DB.QueryContext, func(rows *sql.Rows) error {
		var g store.Stored
		err := rows.Scan(&g.Game, &g.Meta)
		out = append(out, g)
		return err
	}, `SELECT id, meta FROM games WHERE `+s.Live+` AND public AND open > 0 ORDER BY made DESC LIMIT $1`, max)
	return out, err
}

// Ping runs a query, the smallest: its answer says the database serves.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.DB.QueryRowContext(ctx, `SELECT 1`).Scan(&one)
}

// Migrate brings the database's schema to the last of the migrations in
// fsys, and prepares the writes of a change. A migration is a file of SQL
// statements ("001_games.sql", …), its number in the order of the names;
// the database keeps the number applied (its schema's version), and those
// after it are applied in one transaction with the version they bring,
// from any earlier version (0: before the schema had versions, taken as
// it is by the first). Never change one that has shipped: add another.
func (s *Store) Migrate(ctx context.Context, fsys fs.FS) error {
	ms, err := fs.Glob(fsys, "*.sql") // in the order of their names
	if err != nil {
		return err
	}
	err = s.Tx(ctx, nil, func(tx *sql.Tx) error {
		for _, q := range []string{cmp.Or(s.Lock, "SELECT 1"), `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`} {
			if err := exec(ctx, tx, q); err != nil {
				return err
			}
		}
		var v int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v); err != nil {
			return err
		}
		switch {
		case v > len(ms):
			return fmt.Errorf("the schema's version %d is newer than this program's %d", v, len(ms))
		case v == len(ms):
			return nil
		}
		for _, m := range ms[v:] {
			up, err := fs.ReadFile(fsys, m)
			if err == nil {
				err = exec(ctx, tx, string(up))
			}
			if err != nil {
				return fmt.Errorf("migration %s: %w", m, err)
			}
		}
		if err := exec(ctx, tx, `DELETE FROM schema_version`); err != nil {
			return err
		}
		return exec(ctx, tx, `INSERT INTO schema_version (version) VALUES ($1)`, len(ms))
	})
	if err != nil {
		return err
	}
	return s.prepare(ctx)
}

// Package sqlite is the game server's default store: the games in one
// SQLite file in WAL mode, through a pure-Go driver (no cgo), written by
// one goroutine that commits the changes waiting at once in one
// transaction (a group commit), so that many games' steps share one sync.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"

	_ "modernc.org/sqlite" // the pure-Go driver "sqlite": no cgo

	"github.com/brettspiel/brettspiel/server/store"
)

// Store is a store.Store in one SQLite file.
type Store struct {
	db     *sql.DB
	writes *store.Batcher[*write]
}

type write struct {
	c   store.Change
	err chan error
}

// maxBatch bounds the changes one transaction commits.
const maxBatch = 256

// Open opens (or makes) the database file at path and brings its schema
// up to date. sync is
// SQLite's synchronous setting: "full" syncs the log at every commit (no
// committed step is lost to a power cut), "normal" only at checkpoints
// (none is lost to a killed process).
func Open(path, sync string) (*Store, error) {
	switch sync {
	case "full", "normal":
	default:
		return nil, fmt.Errorf("sqlite: synchronous %q: want full or normal", sync)
	}
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous("+sync+")")
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer; the reads are at the start only
	if err := migrate(context.Background(), db, migrations); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	s := &Store{db: db}
	s.writes = store.NewBatcher(maxBatch, maxBatch, s.commit)
	return s, nil
}

// Write commits c, with the changes of other games that wait with it.
func (s *Store) Write(ctx context.Context, c store.Change) error {
	w := &write{c: c, err: make(chan error, 1)}
	if err := s.writes.Send(ctx, w); err != nil {
		return fmt.Errorf("%w: %v", store.ErrStorage, err)
	}
	// once queued the write is done or refused whole: wait for it even
	// when ctx ends, so that the caller knows which
	return <-w.err
}

// commit writes a batch in one transaction. A change refused by its row
// version is left out and told store.ErrConflict; the others commit. Should the
// transaction fail, each change is tried alone, so that one bad change
// does not fail the others.
func (s *Store) commit(batch []*write) {
	errs := make([]error, len(batch))
	err := s.tx(func(tx *sql.Tx) error {
		for i, w := range batch {
			errs[i] = apply(tx, w.c)
			if errs[i] != nil && !errors.Is(errs[i], store.ErrConflict) {
				return errs[i]
			}
		}
		return nil
	})
	if err != nil && len(batch) > 1 {
		for _, w := range batch {
			s.commit([]*write{w})
		}
		return
	}
	for i, w := range batch {
		if err != nil {
			w.err <- fmt.Errorf("%w: %v", store.ErrStorage, err)
			continue
		}
		w.err <- errs[i]
	}
}

func (s *Store) tx(f func(*sql.Tx) error) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// apply writes one change within tx. A savepoint keeps a change refused
// by its row version from leaving half of itself.
func apply(tx *sql.Tx, c store.Change) error {
	if _, err := tx.Exec("SAVEPOINT change"); err != nil {
		return err
	}
	err := applyChange(tx, c)
	if err != nil {
		if _, e := tx.Exec("ROLLBACK TO change"); e != nil {
			return e
		}
	}
	if _, e := tx.Exec("RELEASE change"); e != nil && err == nil {
		return e
	}
	return err
}

func applyChange(tx *sql.Tx, c store.Change) error {
	switch c.Kind {
	case store.Create:
		_, err := tx.Exec(`INSERT INTO games (id, handle, meta, snapshot, snap_rev, rev, public, open, made) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.Game, c.Handle, c.Meta, c.Snapshot, c.Rev, c.Rev, c.Public, c.Open, c.Made)
		return err
	case store.Steps:
		if err := bump(tx, c.Game, c.From, c.Rev, `UPDATE games SET rev = ?, ver = ver + 1 WHERE id = ? AND ver = ? AND archived = 0`, c.Rev); err != nil {
			return err
		}
		for _, st := range c.Steps {
			if _, err := tx.Exec(`INSERT INTO steps (game, rev, idx, actor, notation) VALUES (?, ?, ?, ?, ?)`,
				c.Game, st.Rev, st.Index, st.Actor, st.Notation); err != nil {
				return err
			}
		}
		return nil
	case store.Snap:
		if err := bump(tx, c.Game, c.From, c.Rev, `UPDATE games SET rev = ?, snap_rev = ?, snapshot = ?, meta = ?, public = ?, open = ?, ver = ver + 1, snap_ver = ver + 1 WHERE id = ? AND ver = ? AND archived = 0`,
			c.Rev, c.Rev, c.Snapshot, c.Meta, c.Public, c.Open); err != nil {
			return err
		}
		_, err := tx.Exec(`DELETE FROM steps WHERE game = ?`, c.Game)
		return err
	case store.Archive:
		if err := bump(tx, c.Game, c.From, c.From, `UPDATE games SET archived = 1, record = ?, snapshot = NULL, ver = ver + 1 WHERE id = ? AND ver = ? AND archived = 0`, c.Record); err != nil {
			return err
		}
		_, err := tx.Exec(`DELETE FROM steps WHERE game = ?`, c.Game)
		return err
	}
	return fmt.Errorf("unknown change %d", c.Kind)
}

// bump runs an update whose last two arguments are the game's id and the
// revision it follows, and refuses with store.ErrConflict when no row matched.
func bump(tx *sql.Tx, game string, from, to int, query string, args ...any) error {
	args = append(args, game, from)
	r, err := tx.Exec(query, args...)
	if err != nil {
		return err
	}
	n, err := r.RowsAffected()
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("%w: game %.8s… is not at version %d", store.ErrConflict, game, from)
	}
	return nil
}

// Open returns the games not archived, each with the steps after its
// snapshot.
func (s *Store) Open(ctx context.Context) ([]store.Stored, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, handle, meta, snapshot, snap_rev, rev, ver FROM games WHERE archived = 0 ORDER BY handle`)
	if err != nil {
		return nil, err
	}
	games, at, err := store.ScanGames(rows)
	rows.Close()
	if err != nil {
		return nil, err
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = s.db.QueryContext(ctx, `SELECT s.game, s.rev, s.idx, s.actor, s.notation FROM steps s JOIN games g ON g.id = s.game WHERE g.archived = 0 ORDER BY s.game, s.rev`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if err := store.ScanSteps(rows, games, at); err != nil {
		return nil, err
	}
	return games, rows.Err()
}

// Game returns one open game with the steps after its snapshot.
func (s *Store) Game(ctx context.Context, id string) (store.Stored, bool, error) {
	g := store.Stored{Game: id}
	err := s.db.QueryRowContext(ctx, `SELECT handle, meta, snapshot, snap_rev, rev, ver FROM games WHERE id = ? AND archived = 0`, id).
		Scan(&g.Handle, &g.Meta, &g.Snapshot, &g.SnapRev, &g.Rev, &g.Ver)
	if errors.Is(err, sql.ErrNoRows) {
		return g, false, nil
	}
	if err != nil {
		return g, false, err
	}
	return s.steps(ctx, g, 0)
}

// Since returns the steps of an open game stored after revision rev, or
// the whole game after a snapshot written after version ver.
func (s *Store) Since(ctx context.Context, id string, rev, ver int) (store.Stored, bool, error) {
	g := store.Stored{Game: id}
	var snapVer int
	err := s.db.QueryRowContext(ctx, `SELECT handle, snap_rev, snap_ver, rev, ver FROM games WHERE id = ? AND archived = 0`, id).
		Scan(&g.Handle, &g.SnapRev, &snapVer, &g.Rev, &g.Ver)
	if errors.Is(err, sql.ErrNoRows) {
		return g, false, nil
	}
	if err != nil {
		return g, false, err
	}
	if snapVer > ver || g.SnapRev > rev {
		return s.Game(ctx, id)
	}
	return s.steps(ctx, g, rev)
}

// steps reads the steps of g stored after revision rev into it.
func (s *Store) steps(ctx context.Context, g store.Stored, rev int) (store.Stored, bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT rev, idx, actor, notation FROM steps WHERE game = ? AND rev > ? ORDER BY rev`, g.Game, rev)
	if err != nil {
		return g, false, err
	}
	defer rows.Close()
	if err := store.ScanGameSteps(rows, &g); err != nil {
		return g, false, err
	}
	return g, true, rows.Err()
}

// Record returns an archived game's record; for an open one "" and true
// (the server makes it from the game).
func (s *Store) Record(ctx context.Context, id string) (string, bool, error) {
	var rec sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT record FROM games WHERE id = ?`, id).Scan(&rec)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return rec.String, true, nil
}

// Public returns the open public games with a seat open, newest first.
func (s *Store) Public(ctx context.Context, max int) ([]store.PublicGame, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, meta FROM games WHERE archived = 0 AND public AND open > 0 ORDER BY made DESC LIMIT ?`, max)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out, err := store.ScanPublic(rows)
	if err != nil {
		return nil, err
	}
	return out, rows.Err()
}

// Close commits the writes queued and closes the file.
func (s *Store) Close() error {
	s.writes.Close()
	return s.db.Close()
}

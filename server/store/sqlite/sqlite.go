// Package sqlite is the game server's default store: the games in one
// SQLite file in WAL mode (a pure-Go driver), the changes waiting at once
// committed in one transaction, so that many games' steps share one sync.
package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"

	_ "modernc.org/sqlite" // the pure-Go driver "sqlite": no cgo

	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/sqlstore"
)

// Store is a store.Store in one SQLite file.
type Store struct {
	*sqlstore.Store
	writes *store.Batcher[*write]
}

type write struct {
	c   store.Change
	err chan error
}

// migrations are the schema's steps (sqlstore.Store.Migrate).
//
//go:embed *.sql
var migrations embed.FS

// maxBatch bounds the changes one transaction commits.
const maxBatch = 256

// Open opens (or makes) the database file at path and brings its schema
// up to date. sync is SQLite's synchronous setting: "full" syncs the log
// at every commit (no committed step is lost to a power cut), "normal"
// only at checkpoints (none is lost to a killed process).
func Open(path, sync string) (*Store, error) {
	if sync != "full" && sync != "normal" {
		return nil, fmt.Errorf("sqlite: synchronous %q: want full or normal", sync)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=synchronous("+sync+")&_pragma=busy_timeout(5000)&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one writer; the reads are at the start only
	s := &Store{Store: &sqlstore.Store{DB: db, Live: "archived = 0"}}
	if err := s.Migrate(context.Background(), migrations); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite %s: %w", path, err)
	}
	s.writes = store.NewBatcher(maxBatch, maxBatch, s.commit)
	return s, nil
}

// Write commits c, with the changes of other games that wait with it.
func (s *Store) Write(ctx context.Context, c store.Change) error {
	w := &write{c: c, err: make(chan error, 1)}
	if err := s.writes.Send(ctx, w); err != nil {
		return fmt.Errorf("%w: %v", store.ErrStorage, err)
	}
	// once queued the write is done or refused whole: wait for which
	return <-w.err
}

// commit writes a batch in one transaction, a change at another row
// version left out (Apply writes nothing of it); should the transaction
// fail, each change is tried alone, so that one does not fail the others.
func (s *Store) commit(batch []*write) {
	errs := make([]error, len(batch))
	err := s.Tx(context.Background(), nil, func(tx *sql.Tx) error {
		for i, w := range batch {
			errs[i] = s.Apply(context.Background(), tx, w.c)
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
	if err != nil {
		err = fmt.Errorf("%w: %v", store.ErrStorage, err)
	}
	for i, w := range batch {
		w.err <- cmp.Or(err, errs[i])
	}
}

// Close commits the writes queued and closes the file.
func (s *Store) Close() error {
	s.writes.Close()
	return s.DB.Close()
}

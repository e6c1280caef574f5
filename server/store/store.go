// Package store says what a store of the game server keeps: for each open
// game the session's snapshot and the steps after it, under a row version.
package store

import (
	"context"
	"errors"
	"time"
)

// ErrStorage: the storage refused or failed a write or a read. A failed
// write may still have been stored (a connection lost in its commit).
var ErrStorage = errors.New("storage failed")

// ErrConflict: a write named a row version of a game that is not the
// stored one (another process changed the game first). Nothing was written.
var ErrConflict = errors.New("the game changed in storage")

// Store keeps the open games of a server and the records of those
// archived; a write is committed when it returns nil. Every write raises
// a game's row version by one and names the version it follows: at another
// it is refused (ErrConflict), so that no step is applied twice.
type Store interface {
	// Write commits one change of a game.
	Write(ctx context.Context, c Change) error
	// Open returns every game not archived, with the steps after its snapshot.
	Open(ctx context.Context) ([]Stored, error)
	// Game returns one game as Open does; false when there is none.
	Game(ctx context.Context, id string) (Stored, bool, error)
	// Record returns an archived game's record ("" for an open one; false
	// for a game the store does not hold).
	Record(ctx context.Context, id string) (string, bool, error)
	// Public returns the id and meta of the open games the lobby may list
	// (public and a seat open), newest first, at most max.
	Public(ctx context.Context, max int) ([]Stored, error)
	// Ping says whether the storage answers: a query's round trip.
	Ping(ctx context.Context) error
	// Close finishes the writes under way and releases the storage.
	Close() error
}

// ChangeKind says what a Change writes.
type ChangeKind int

const (
	Create  ChangeKind = iota // a new game: its meta and its first snapshot
	Steps                     // the steps played after the stored revision, appended
	Snap                      // the snapshot and the meta replaced, the steps dropped
	Archive                   // the game ended: its record kept, its snapshot and steps gone
)

// Change is one write of a game. Handle (the session's) and Made (Unix
// seconds, the lobby's order) are of Create; Meta (the server's JSON),
// Snapshot, Public and Open (seats open) of Create and Snap; From (the
// row's version it follows) of the others; Rev (the session's revision
// after it) of all but Archive; Steps of Steps, Record of Archive.
type Change struct {
	Kind           ChangeKind
	Game           string
	Handle         int
	Meta, Snapshot []byte
	From, Rev      int
	Steps          []StoredStep
	Record         string
	Public         bool
	Open           int
	Made           int64
}

// StoredStep is one step of a game: the revision it made, its index in
// the game, its actor and its notation, which replays it.
type StoredStep struct {
	Rev      int    `json:"r"`
	Index    int    `json:"i"`
	Actor    int    `json:"a"`
	Notation string `json:"n"`
}

// Stored is an open game as the store holds it: SnapRev is the revision
// of the snapshot, Rev the revision after the steps, Ver the row's version.
type Stored struct {
	Game              string
	Handle            int
	Meta, Snapshot    []byte
	SnapRev, Rev, Ver int
	Steps             []StoredStep
}

// Notifier is a Store shared by several server processes: Listen calls f
// with every change any process commits until ctx ends, and with an empty
// Note each time it starts to listen (again), for those missed meanwhile.
type Notifier interface {
	Listen(ctx context.Context, f func(Note)) error
}

// Presence is a Store shared by several server processes that keeps when
// a person was last at each game, as any process saw him: a person's
// presence through one process keeps the game from every process's sweep.
type Presence interface {
	// Touch notes that a person is at the game at at; a time before the
	// one stored changes nothing. It is no change of the game: its row's
	// version stays, and nobody is notified.
	Touch(ctx context.Context, game string, at time.Time) error
	// Touched returns when a person was last at the game; the zero time
	// when never, or when the store holds no such open game.
	Touched(ctx context.Context, game string) (time.Time, error)
}

// Note tells of one change committed (a notification's JSON payload): the
// row's version and revision after it, and the steps it appended when they
// fit; else Reload says to read the game from the store.
type Note struct {
	Game string `json:"g"`
	Ver  int    `json:"v"`
	// At is when the change was committed (Unix milliseconds), for the
	// notifications' lag; 0 unknown.
	At     int64        `json:"t,omitempty"`
	Rev    int          `json:"r,omitempty"`
	Steps  []StoredStep `json:"s,omitempty"`
	Reload bool         `json:"reload,omitempty"`
}

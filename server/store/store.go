package store

import (
	"context"
	"errors"
)

// ErrStorage: the storage refused or failed a write or a read. A write
// that failed may still have been stored (a connection lost during its
// commit): the server brings the game back as storage holds it before it
// shows it again, so that nothing is shown that is not stored.
var ErrStorage = errors.New("storage failed")

// ErrConflict: a write named a revision of a game that is not the stored
// one: another process changed the game first. Nothing was written.
var ErrConflict = errors.New("the game changed in storage")

// Store keeps the games of a server: for each open game the session's
// snapshot and every step played after it, and the records of the games
// archived. Every write is committed when its method returns nil; the
// server answers a call only then.
//
// A game's row has a version, which every write raises by one: a write
// names the version it follows, and one that follows another is refused
// with ErrConflict, so that no step is applied twice or on a game another
// process has changed (a claim, which is no step, changes it too).
type Store interface {
	// Write commits one change of a game.
	Write(ctx context.Context, c Change) error
	// Open returns every game not archived, with the steps after its
	// snapshot, in no particular order.
	Open(ctx context.Context) ([]Stored, error)
	// Game returns one game not archived, with the steps after its
	// snapshot; false when the store holds no such game.
	Game(ctx context.Context, id string) (Stored, bool, error)
	// Since returns what the store holds of one open game after revision
	// rev, for a caller that holds the game at version ver: its revision
	// and version and the steps stored after rev, with Snapshot nil; when
	// a snapshot was written after version ver (a claim, an undo, 64
	// steps), the whole game as Game returns it. It is how a server
	// catches up with the steps another process stored.
	Since(ctx context.Context, id string, rev, ver int) (Stored, bool, error)
	// Record returns the record of a game, archived or open ("" and
	// false for a game the store does not hold).
	Record(ctx context.Context, id string) (string, bool, error)
	// Public returns the meta of open games the lobby may list (Meta's
	// public flag set and a seat open), newest first, at most max.
	Public(ctx context.Context, max int) ([]PublicGame, error)
	// Close finishes the writes under way and releases the storage.
	Close() error
}

// ChangeKind says what a Change writes.
type ChangeKind int

const (
	// Create stores a new game: its meta and its first snapshot.
	Create ChangeKind = iota
	// Steps appends steps played after the stored revision.
	Steps
	// Snap replaces the snapshot (after an undo, a claim, a takeback, or
	// to keep the steps after it few).
	Snap
	// Archive ends a game: its record is kept, its snapshot and steps go.
	Archive
)

// Change is one write of a game.
type Change struct {
	Kind ChangeKind
	Game string // the game's id
	// Handle is the session's handle of the game (Create only): the
	// game is restored under it.
	Handle int
	// Meta is the server's own data of the game (Create, Snap): its
	// invitations, seats and whether the lobby lists it, as JSON.
	Meta []byte
	// Snapshot is the session's snapshot (Create, Snap).
	Snapshot []byte
	// From is the row's version the change follows (Steps, Snap,
	// Archive), which it raises by one; Rev the session's revision after
	// it (Create, Steps, Snap).
	From, Rev int
	// Steps are the steps played, in order (Steps).
	Steps []StoredStep
	// Record is the game's record (Archive).
	Record string
	// Public says the lobby may list the game while a seat is open
	// (Create, Snap); Open is the number of seats open; Made when the
	// game was made, in Unix seconds (Create), the lobby's order.
	Public bool
	Open   int
	Made   int64
}

// PublicGame is a game of the lobby: its id and its meta (JSON).
type PublicGame struct {
	Game string
	Meta []byte
}

// StoredStep is one step of a game: its index in the game and its
// notation, which replays it (session.Game.Apply plays moves and throws
// alike), and the revision it made.
type StoredStep struct {
	Rev      int
	Index    int
	Actor    int
	Notation string
}

// Stored is an open game as the store holds it.
type Stored struct {
	Game     string
	Handle   int
	Meta     []byte
	Snapshot []byte
	SnapRev  int // the revision of the snapshot
	Rev      int // the revision after the steps
	Ver      int // the row's version
	Steps    []StoredStep
}

// Notifier is a Store shared by several server processes: Listen calls f
// with every change committed, by any process, until ctx ends. Each time
// it starts to listen (at first, and again after a lost connection to the
// store) it calls f with an empty Note: the changes committed while it
// did not listen are told by nothing else, so the server looks at every
// game it holds.
type Notifier interface {
	Listen(ctx context.Context, f func(Note)) error
}

// Note tells of one change committed: the game, its row's version after
// the change, and the steps it appended when they fit in a notification
// (a Steps change of at most NoteSteps bytes of notations); nil Steps
// with Reload set says that the game changed otherwise (a snapshot, an
// archive) or by more than a notification carries, and is read from the
// store.
type Note struct {
	Game   string
	Ver    int
	Rev    int
	Steps  []StoredStep
	Reload bool
}

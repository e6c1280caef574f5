package hub

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/session"
)

// The server's own errors, each with the stable name of its error object
// as the session names its own.
var (
	ErrUnknownGame  = kit.NewSentinel("ErrUnknownGame", "no game of that id")
	ErrBadInvite    = kit.NewSentinel("ErrBadInvite", "no open seat of the game has that invitation")
	ErrNotServed    = kit.NewSentinel("ErrNotServed", "the server does not offer that method")
	ErrBadFrame     = kit.NewSentinel("ErrBadFrame", "a frame that is no call")
	ErrRateLimited  = kit.NewSentinel("ErrRateLimited", "too many calls; wait a moment")
	ErrTooManyGames = kit.NewSentinel("ErrTooManyGames", "this network made too many games of late, or has too many waiting for a player; wait, or play those")
	ErrBusy         = kit.NewSentinel("ErrBusy", "the server is busy; try again")
	ErrTooMany      = kit.NewSentinel("ErrTooMany", "too many connections")
	ErrNoHello      = kit.NewSentinel("ErrNoHello", "say hello with the game first")
	ErrStopping     = kit.NewSentinel("ErrStopping", "the server is stopping; reconnect in a moment")
	ErrNotOver      = kit.NewSentinel("ErrNotOver", "the game is not over yet")
	// ErrStorage is what a client is told of any failure of the storage;
	// the failure itself (its database's user, host, tables…) is logged.
	ErrStorage = kit.NewSentinel("ErrStorage", "the games' storage failed; try again")
)

// ErrorJSON is the answer {"error": {"name", "message", …}} of an error, as
// the session's; for a failure of the storage, ErrStorage's words alone.
func ErrorJSON(err error) []byte {
	if errors.Is(err, store.ErrStorage) || errors.Is(err, store.ErrConflict) || errors.Is(err, ErrStorage) {
		err = ErrStorage
	}
	b, _ := json.Marshal(map[string]any{"error": session.NewErrorJSON(err)})
	return b
}

// IsError says whether an answer is an error's.
func IsError(answer []byte) bool { return bytes.HasPrefix(answer, []byte(`{"error":`)) }

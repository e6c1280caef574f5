package session

import (
	"context"
	"errors"
	"time"

	"github.com/brettspiel/brettspiel/kit"
)

// Calls that can be stopped. A long call — advance, botMove, hint,
// analyze, rollout — runs within a context made of three: the caller's
// ([Table.CallContext], or the context given to [Game.Advance] and the
// like), the game's own, which [Game.Close] (and [Table.Close]) ends, and
// the table's budget per call ([Options.CallBudget]). Whichever ends first stops the call: it
// changes nothing, or exactly the steps it reports (an advance answers with
// the steps it made and says why it stopped; see the package doc).

// The errors of a call that was stopped, each with its stable name.
var (
	// ErrCancelled: the caller's context was cancelled or its deadline
	// passed ([Table.CallContext], [Game.Advance], …).
	ErrCancelled = kit.NewSentinel("ErrCancelled", "call cancelled")
	// ErrGameClosed: the game was closed ([Game.Close], [Table.Close])
	// before or while the call ran.
	ErrGameClosed = kit.NewSentinel("ErrGameClosed", "game closed")
	// ErrOverBudget: the call ran longer than the table allows a call
	// ([Options.CallBudget]).
	ErrOverBudget = kit.NewSentinel("ErrOverBudget", "call over budget")
)

// DefaultCallBudget is the time a call may run when [Options.CallBudget]
// is 0: long enough for an advance of a whole Partie between the
// strongest bots (about 50 ms a decision) or the analysis of
// [MaxAnalyze] steps at one ply, short enough that a transport's request
// does not time out before the call answers.
const DefaultCallBudget = 10 * time.Second

// The reasons a stopped advance gives under "stopped" (StateJSON.Stopped).
const (
	StoppedCancelled = "cancelled" // ErrCancelled
	StoppedClosed    = "closed"    // ErrGameClosed
	StoppedBudget    = "budget"    // ErrOverBudget
)

// Close closes the game: the long calls running on it (advance, botMove,
// hint, analyze, rollout) stop as their caller's cancellation stops them, and every
// later one is refused with an error wrapping [ErrGameClosed]; its
// watchers' channels close with that error. The other calls go on
// answering (a closed game can still be read and saved). Closing twice is
// harmless.
func (g *Game) Close() {
	g.closed.Store(true)
	g.stops.close()
	g.closeWatchers()
}

// budgetCause and closedCause are the causes of a call's context ended by
// the table's budget and by the game's closing (see bind).
var (
	budgetCause = errors.New("budget spent")
	closedCause = errors.New("game closed")
)

// stopped returns nil while the call op on g goes on, else the error that
// stops it: wrapping ErrGameClosed (g is closed), ErrOverBudget or
// ErrCancelled (ctx, nil for none, has ended).
func (g *Game) stopped(ctx context.Context, op string) error {
	if g != nil && g.closed.Load() {
		return bad(op, "", ErrGameClosed, "the game was closed; the call stopped")
	}
	if ctx == nil || ctx.Err() == nil {
		return nil
	}
	switch cause := context.Cause(ctx); cause {
	case closedCause:
		return bad(op, "", ErrGameClosed, "the game was closed; the call stopped")
	case budgetCause:
		return bad(op, "", ErrOverBudget, "the call ran past the table's budget per call; it stopped")
	default:
		return bad(op, "", ErrCancelled, "the caller's context ended: "+cause.Error())
	}
}

// stopReason is the "stopped" key of an answer for a call stopped by err
// ("" for an error that is no stop).
func stopReason(err error) string {
	switch {
	case errors.Is(err, ErrCancelled):
		return StoppedCancelled
	case errors.Is(err, ErrGameClosed):
		return StoppedClosed
	case errors.Is(err, ErrOverBudget):
		return StoppedBudget
	}
	return ""
}

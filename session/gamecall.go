package session

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/brettspiel/brettspiel/words"
)

// The calls on one game. Each method of the protocol that is about one game
// is a gameMethod: it reads its arguments, finds its game — by the handle
// through [Table.Call], or the game itself through [Game.Call] — and runs
// under the game's locks as its kind says.

// gameArgs are the keys every call on one game takes; the argument structs
// of those calls embed it. Handle names the game at a table (a game's own
// [Game.Call] takes none). Secret is the caller's seat's secret in a game
// of owned seats: the calls that act check it, the calls that only read
// take it and ignore it, so that a transport sends every call with the
// secret it holds.
type gameArgs struct {
	Handle *int    `json:"handle"`
	Secret *string `json:"secret"`
}

func (a *gameArgs) game() *gameArgs { return a }

// The kinds of call on one game, by the locks they take.
const (
	// reads: the game's state lock only, for as long as the answer takes
	// to write: a read never waits for a bot to think or an advance to
	// end, only for the step under way.
	reads = iota
	// acts: the acting lock too, for the whole call: calls that act
	// happen one after the other.
	acts
	// long: acts, within the call's context bound to the game's closing
	// and the budget per call (bind).
	long
)

// gameMethod runs one method on one game: it reads the call's arguments,
// asks locate for the game and its handle (0 for a game's own Call), and
// runs the method within ctx.
type gameMethod func(ctx context.Context, name string, args []byte, locate locator) ([]byte, error)

// locator finds the game of a call's arguments and its handle.
type locator func(name string, a *gameArgs) (*Game, int, error)

// gameMethods are the methods of the protocol on one game, which both
// [Table.Call] and [Game.Call] offer.
var gameMethods map[string]gameMethod

// onTable runs m as a method of [Table.Call]: the game is the handle's.
func (m gameMethod) onTable(ctx context.Context, t *Table, name string, args []byte) ([]byte, error) {
	return m(ctx, name, args, func(name string, a *gameArgs) (*Game, int, error) {
		if a.Handle == nil {
			return nil, 0, missing(name, "handle")
		}
		g, err := t.Game(*a.Handle)
		return g, *a.Handle, err
	})
}

// onGame makes a gameMethod of f: the arguments are read strictly into an
// A, and f runs with the game locked as kind says. A call whose context
// ended while it waited for the game's locks changes nothing. (The context
// goes to f through the game, not as an argument: a context.Context in the
// type of a generic function's argument links time's formatting into the
// WebAssembly.)
func onGame[A any, P interface {
	*A
	game() *gameArgs
}](kind int, f func(name string, h int, g *Game, in P) ([]byte, error)) gameMethod {
	return func(ctx context.Context, name string, args []byte, locate locator) ([]byte, error) {
		in := P(new(A))
		if !fastArgs(in, args) {
			if err := decode(name, args, in); err != nil {
				return nil, err
			}
		}
		g, h, err := locate(name, in.game())
		if err != nil {
			return nil, err
		}
		return g.run(ctx, name, kind, func() ([]byte, error) { return f(name, h, g, in) })
	}
}

// run runs f, one call of a kind on g, under the locks its kind takes. It
// is onGame's part that is the same for every call: one function, not one
// a call's type.
func (g *Game) run(ctx context.Context, name string, kind int, f func() ([]byte, error)) ([]byte, error) {
	if kind == reads {
		g.mu.Lock()
		defer g.mu.Unlock()
		if err := g.stopped(ctx, name); err != nil {
			return nil, err
		}
		return f()
	}
	if kind == long {
		var end func()
		ctx, end = g.bind(ctx, g.budget)
		defer end()
	}
	g.act.Lock()
	defer g.act.Unlock()
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.stopped(ctx, name); err != nil {
		return nil, err
	}
	g.touch(g.now())
	g.callStart = g.h.Len()
	g.setCallContext(ctx)
	defer g.setCallContext(nil)
	return f()
}

// Call runs a method of the protocol on this game, as [Table.Call] runs it
// on the game of a handle, and answers the same JSON but for the handle,
// which neither the arguments nor the answer carry: a transport that holds
// the game calls it with the caller's words as they came and passes the
// answer on as it is. secret is the caller's seat's secret in a game of
// owned seats ("" for a watcher, or in a game of one screen); the
// arguments carry none, and a "handle" or "secret" among them is refused
// with [ErrBadCall], so a client cannot name another game or speak for
// another seat.
//
// The methods are those of the package doc that name a game by its handle
// (state, legal, apply, watch, …, not close, which is the table's), and
// those that name none (version, games, rule). A long call is bounded by
// ctx (nil for none), the game's closing and the budget of the table that
// holds the game ([Options.CallBudget]; [DefaultCallBudget] for a game at
// no table). Call never panics: a panic below it is returned as an error
// named ErrInternal.
func (g *Game) Call(ctx context.Context, method string, args []byte, secret string) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			out = errorJSON(bad(method, "", ErrInternal, fmt.Sprintf("%v\n%s", r, firstLines(debug.Stack(), 12))))
		}
	}()
	args, err := callArgs(ctx, method, args)
	if err != nil {
		return errorJSON(err)
	}
	var res []byte
	if m, ok := gameMethods[method]; ok {
		res, err = m(ctx, method, args, func(name string, a *gameArgs) (*Game, int, error) {
			switch {
			case a.Handle != nil:
				return nil, 0, bad(name, "", ErrBadCall, `a game's own call names no "handle"`)
			case a.Secret != nil:
				return nil, 0, bad(name, "", ErrBadCall, `the secret is given beside the arguments, not as "secret"`)
			}
			if secret != "" {
				a.Secret = &secret
			}
			return g, 0, nil
		})
	} else if m, ok := methods[method]; ok && tableless[method] {
		res, err = m(ctx, nil, method, args)
	} else {
		err = bad("call", method, ErrUnknownMethod, "a game's own call runs the methods on one game and version, games, rule")
	}
	if err != nil {
		return errorJSONIn(err, langOf(args, g.lang))
	}
	return res
}

// tableless are the methods of [Table.Call] that need no table, which
// [Game.Call] offers too.
var tableless = map[string]bool{"version": true, "games": true, "rule": true, "verifyDice": true}

// langOf is the language of a failed call's answer: the call's "lang",
// else l.
func langOf(args []byte, l words.Lang) words.Lang {
	if in, ok := leniently(args); ok && in.Lang != "" {
		if x, err := words.Parse(in.Lang); err == nil {
			return x
		}
	}
	return l
}

package session

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/order"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/words"
)

// Protocol is the version of the [Table.Call] protocol: the methods, their
// arguments and results as the package doc describes them. It rises when a
// method, a key or an error name changes its meaning or goes away; new
// methods, keys and error names do not raise it.
const Protocol = 1

// MaxArgs is the longest argument document, in bytes, that [Table.Call]
// reads; longer ones are refused unread with [ErrTooLarge].
const MaxArgs = kit.MaxJSONSize

// DefaultMaxGames is the number of games a table holds when
// [Options.MaxGames] is 0.
const DefaultMaxGames = 32

// Options configure a [Table].
type Options struct {
	// MaxGames bounds the games the table holds at once; a new game beyond
	// it is refused with [ErrTableFull] until one is closed. 0 means
	// [DefaultMaxGames].
	MaxGames int
	// CallBudget bounds the time of one call ([Table.CallContext]): a call
	// still running then stops as a cancelled one does, with an error
	// wrapping [ErrOverBudget] (an advance answers with the steps it made).
	// 0 means [DefaultCallBudget]; below 0, no bound but the caller's.
	CallBudget time.Duration
	// IdleTimeout closes the games that no call has named and that have
	// not changed for longer ([Table.Sweep]); 0 keeps them until closed.
	IdleTimeout time.Duration
	// Now is the table's clock, for idle games and for the clocks of the
	// games made by its calls; nil is time.Now. Tests inject their own.
	Now func() time.Time
	// MaxWatchers bounds the watchers of each game made by the table's
	// calls ([Game.Watch]); 0 means [DefaultMaxWatchers].
	MaxWatchers int
}

// Table is a set of games, each under a handle, and the entry point of the
// JSON protocol, [Table.Call]. The zero value is not ready; use [NewTable].
//
// A Table is safe for concurrent use. Calls on distinct games run in
// parallel; calls on one game run one after the other, each seeing the
// game as the one before left it (a [Game] holds its own lock for the
// whole of a call).
type Table struct {
	mu    sync.Mutex
	games map[int]*Game
	next  int
	max   int
	// budget is Options.CallBudget, resolved; 0 for none.
	budget time.Duration
	idle   time.Duration
	now    func() time.Time
	// maxWatchers is Options.MaxWatchers.
	maxWatchers int
}

// NewTable returns an empty table.
func NewTable(o Options) *Table {
	if o.MaxGames <= 0 {
		o.MaxGames = DefaultMaxGames
	}
	switch {
	case o.CallBudget == 0:
		o.CallBudget = DefaultCallBudget
	case o.CallBudget < 0:
		o.CallBudget = 0
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Table{games: map[int]*Game{}, next: 1, max: o.MaxGames, budget: o.CallBudget, idle: o.IdleTimeout, now: o.Now, maxWatchers: o.MaxWatchers}
}

// Add seats a game at the table and returns its handle, 1 for the first
// and rising, never one given before; a full table, or one that has given
// every handle up to [MaxHandle], refuses with [ErrTableFull].
func (t *Table) Add(g *Game) (int, error) {
	t.sweepIfFull()
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.games) >= t.max {
		return 0, bad("new game", "", ErrTableFull, fmt.Sprintf("the table holds %d games, its most; close one first", t.max))
	}
	if t.next > MaxHandle {
		// a handle is never given twice: a client that kept an old one
		// must not reach another game with it
		return 0, bad("new game", "", ErrTableFull, fmt.Sprintf("the table has given every handle up to %d", MaxHandle))
	}
	h := t.next
	t.next++
	t.games[h] = g
	g.budget = t.budget
	g.touch(t.now())
	return h, nil
}

// Game returns the game of a handle; an unknown handle is refused with
// [ErrUnknownHandle].
func (t *Table) Game(handle int) (*Game, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	g, ok := t.games[handle]
	if !ok {
		return nil, bad("find game", strconv.Itoa(handle), ErrUnknownHandle, "no game of the table has this handle")
	}
	return g, nil
}

// Close removes the game of a handle and closes it ([Game.Close]): a long
// call running on it stops, and answers as a stopped call does
// ([ErrGameClosed]). An unknown handle is refused with [ErrUnknownHandle].
func (t *Table) Close(handle int) error {
	t.mu.Lock()
	g, ok := t.games[handle]
	if !ok {
		t.mu.Unlock()
		return bad("close", strconv.Itoa(handle), ErrUnknownHandle, "no game of the table has this handle")
	}
	delete(t.games, handle)
	t.mu.Unlock()
	g.Close()
	return nil
}

// Len returns the number of games at the table.
func (t *Table) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.games)
}

// Call is [Table.CallContext] without a context of the caller's (as
// context.Background()): a call bounded by the table's budget and the
// closing of its game only.
func (t *Table) Call(method string, args []byte) []byte {
	// nil, not context.Background(): a js/wasm build makes no context
	// value (see bind_js.go); CallContext reads nil as Background.
	return t.CallContext(nil, method, args)
}

// CallContext runs a method of the protocol within ctx (nil for none) with its arguments, a JSON
// object (empty or null for none), and returns its result as a JSON
// object; a failure is the object {"error": ErrorJSON}. It never panics: a
// panic below it is returned as an error named ErrInternal. The package
// doc lists the methods; the schema of every answer is [Schema].
//
// A long call (advance, botMove, hint, analyze) stops when ctx ends, when
// its game is closed or when it has run [Options.CallBudget]; it then
// changes nothing and fails with ErrCancelled, ErrGameClosed or
// ErrOverBudget — but for advance, which answers with the steps it made
// and the reason under "stopped". A call whose ctx has ended before it
// starts is refused with ErrCancelled.
func (t *Table) CallContext(ctx context.Context, method string, args []byte) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			out = errorJSON(bad(method, "", ErrInternal, fmt.Sprintf("%v\n%s", r, firstLines(debug.Stack(), 12))))
		}
	}()
	m, ok := methods[method]
	if !ok {
		return errorJSON(bad("call", method, ErrUnknownMethod, "the methods are "+strings.Join(Methods(), ", ")))
	}
	args, err := callArgs(ctx, method, args)
	if err != nil {
		return errorJSON(err)
	}
	res, err := m(ctx, t, method, args)
	if err != nil {
		return errorJSONIn(err, t.langOf(args))
	}
	return res
}

// callArgs checks a call's arguments before they are read: at most
// MaxArgs bytes, none (empty, null) read as {}; and a call whose ctx has
// ended already is refused.
func callArgs(ctx context.Context, method string, args []byte) ([]byte, error) {
	if len(args) > MaxArgs {
		return nil, bad(method, "", ErrTooLarge, fmt.Sprintf("%d bytes of arguments; at most %d", len(args), MaxArgs))
	}
	if t := bytes.TrimSpace(args); len(t) == 0 || string(t) == "null" {
		args = []byte("{}")
	}
	if err := (*Game)(nil).stopped(ctx, method); err != nil {
		return nil, err
	}
	return args, nil
}

// lenientArgs are the keys of a failed call that choose its answer's
// language.
type lenientArgs struct {
	Lang   string `json:"lang"`
	Handle *int   `json:"handle"`
}

// leniently reads the keys of lenientArgs from args, which may be what
// failed.
func leniently(args []byte) (lenientArgs, bool) {
	var in lenientArgs
	return in, json.Unmarshal(args, &in) == nil
}

// langOf is the language of a failed call's answer: the call's "lang",
// else the language of the game of its "handle", else English. The
// arguments are read leniently here: they may be what failed.
func (t *Table) langOf(args []byte) words.Lang {
	in, ok := leniently(args)
	if !ok {
		return words.English
	}
	if l, err := words.Parse(in.Lang); err == nil && in.Lang != "" {
		return l
	}
	if in.Handle != nil {
		if g, err := t.Game(*in.Handle); err == nil {
			return g.lang // set once when the game is made
		}
	}
	return words.English
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}

func errorJSON(err error) []byte { return errorJSONIn(err, words.English) }

func errorJSONIn(err error, l words.Lang) []byte {
	b, _ := json.Marshal(struct {
		Error ErrorJSON `json:"error"`
	}{NewErrorJSONIn(err, l)})
	return b
}

// Methods lists the methods of [Table.Call], sorted.
func Methods() []string {
	names := make([]string, 0, len(methods))
	for n := range methods {
		names = append(names, n)
	}
	order.Stable(names, strings.Compare)
	return names
}

// decode reads a call's arguments strictly, as kit.DecodeStrict
// reads a state: keys exactly as spelt, none twice, none unknown, values of
// the right type. Its error wraps ErrBadCall.
func decode(method string, args []byte, v any) error {
	if err := kit.DecodeStrict(args, v); err != nil {
		reason := err.Error()
		if e, ok := err.(*brettspiel.Error); ok {
			reason = e.Reason
		}
		return bad(method, "", ErrBadCall, "arguments: "+reason)
	}
	return nil
}

//go:embed protocol.schema.json
var schema []byte

// Schema returns the JSON Schema (draft 2020-12) of every answer of
// [Table.Call], the file protocol.schema.json of this package: a failure or
// the result of a method, each result under its name in "$defs" (state,
// legal, next, hints, text, id, version, games, rule, plan, analysis,
// rollout, claim, watch, diceCheck, empty). [Game.Call] answers the same but for
// the key "handle". The slice is the caller's.
func Schema() []byte { return slices.Clone(schema) }

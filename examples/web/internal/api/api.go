// Package api is the JavaScript-facing surface of the web page, written as a
// plain Go package so that it can be tested on the host: a table of games
// (handles), each a brettspiel.History with its seed, and one entry point,
// [API.Call], that takes a method name and its arguments as JSON and returns
// a JSON result. The WebAssembly adapter (examples/web/wasm) only passes
// strings between JavaScript and Call.
//
// # Results and errors
//
// Every result is a JSON object. A failed call returns
//
//	{"error": {"name": "ErrIllegalMove", "message": "…", "rule": {…}}}
//
// where name is the Go name of the sentinel error the library's error wraps
// (see [ErrorName]; "ErrBadCall" for a call that is wrong in itself: an
// unknown method or handle, arguments of the wrong type or missing), message
// is the error's text, and rule, when the message names a rule ID, is that
// rule's title and text. A panic anywhere below Call is recovered and
// returned as an error value too ("ErrInternal"), so the Go runtime in the
// page never dies.
//
// # Seeds
//
// A game has a seed, a uint64 shown on the page. The dice and the bots draw
// from math/rand/v2's PCG, seeded afresh for every step from the seed and
// the number of steps played (see [Rand]): the throw after n steps is the
// one [brettspiel.SampleChance] draws from Rand(seed, n, Dice). The same
// seed and the same moves give the same game, and undoing a throw and
// throwing again gives the same numbers, so undo is no way to throw again.
package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/rules"
)

// ErrBadCall is wrapped by the errors of calls that are wrong in themselves:
// an unknown method or handle, a missing argument or one of the wrong type.
var ErrBadCall = errors.New("bad call")

// errInternal is what a recovered panic becomes.
var errInternal = errors.New("internal error")

// sentinels names the sentinel errors for JavaScript, in the order they are
// tried: the name of the first one that an error wraps is its name.
var sentinels = []struct {
	err  error
	name string
}{
	{brettspiel.ErrIllegalMove, "ErrIllegalMove"},
	{brettspiel.ErrGameOver, "ErrGameOver"},
	{brettspiel.ErrNotYourTurn, "ErrNotYourTurn"},
	{brettspiel.ErrChanceNode, "ErrChanceNode"},
	{brettspiel.ErrBadNotation, "ErrBadNotation"},
	{brettspiel.ErrBadPosition, "ErrBadPosition"},
	{brettspiel.ErrBadOptions, "ErrBadOptions"},
	{brettspiel.ErrZeroGame, "ErrZeroGame"},
	{ErrBadCall, "ErrBadCall"},
	{errInternal, "ErrInternal"},
}

// ErrorName returns the name of the sentinel error that err wraps, e.g.
// "ErrIllegalMove", or "Error" when it wraps none of them.
func ErrorName(err error) string {
	for _, s := range sentinels {
		if errors.Is(err, s.err) {
			return s.name
		}
	}
	return "Error"
}

// Purpose tells the random streams of a game apart, for [Rand].
type Purpose uint64

const (
	// Dice is the stream of the seeded throws.
	Dice Purpose = 0
	// Bots is the stream the bots draw from.
	Bots Purpose = 1
)

// Rand returns the random source for the step after n steps of a game with
// the given seed, for one purpose: PCG seeded with (seed, 2n+purpose). A
// test that replays a game of the page computes its throws with it:
//
//	m, _ := brettspiel.SampleChance(g, api.Rand(seed, n, api.Dice))
func Rand(seed uint64, n int, p Purpose) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 2*uint64(n)+uint64(p)))
}

// game is one game of the table.
type game struct {
	h       *brettspiel.History
	variant string
	preset  string
	players int
	seed    uint64
}

// API is a table of games. The zero value is not ready; use [New]. Its
// methods are safe for concurrent use.
type API struct {
	mu    sync.Mutex
	games map[int]*game
	next  int
	// now measures the bots' time; tests may fix it.
	now func() time.Time
}

// New returns an empty table.
func New() *API {
	return &API{games: map[int]*game{}, next: 1, now: time.Now}
}

// MaxGames bounds the games a table keeps; the oldest is dropped beyond it,
// so that a page that starts game after game does not grow without end.
const MaxGames = 32

// badCall builds an error for a wrong call.
func badCall(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadCall, fmt.Sprintf(format, args...))
}

// Call runs method with its arguments (a JSON object, or empty for none) and
// returns its result as JSON. It never panics: errors, bad calls and panics
// are returned as error values (see the package doc).
func (a *API) Call(method string, args []byte) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			out = errorJSON(fmt.Errorf("%w: %s: %v\n%s", errInternal, method, r, firstLines(debug.Stack(), 12)))
		}
	}()
	a.mu.Lock()
	defer a.mu.Unlock()
	f, ok := methods[method]
	if !ok {
		return errorJSON(badCall("no method %q; the methods are %s", method, strings.Join(MethodNames(), ", ")))
	}
	if len(bytes.TrimSpace(args)) == 0 {
		args = []byte("{}")
	}
	res, err := f(a, args)
	if err != nil {
		return errorJSON(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		return errorJSON(fmt.Errorf("%w: encode the result of %s: %v", errInternal, method, err))
	}
	return b
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// ErrorJSON is the "error" object of a failed call.
type ErrorJSON struct {
	Name    string `json:"name"`
	Message string `json:"message"`
	// Rule is the first rule the message names, Rules all of them.
	Rule  *RuleJSON  `json:"rule,omitempty"`
	Rules []RuleJSON `json:"rules,omitempty"`
}

// RuleJSON is a rule's text for the page.
type RuleJSON struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Text   string `json:"text"`
	Source string `json:"source"`
}

// ruleID finds a rule ID in a text, such as "T-H3" or "V-W4" or "F-A2".
var ruleID = regexp.MustCompile(`\b[A-Z]{1,2}-[A-Z]{0,2}[0-9]+[a-z]?\b`)

// rulesIn returns the rules named in text that the rules package knows, in
// the order named, each once.
func rulesIn(text string) []RuleJSON {
	var out []RuleJSON
	for _, id := range ruleID.FindAllString(text, -1) {
		if r := ruleOf(id); r != nil && !slices.ContainsFunc(out, func(x RuleJSON) bool { return x.ID == r.ID }) {
			out = append(out, *r)
		}
	}
	return out
}

func ruleOf(id string) *RuleJSON {
	r, ok := rules.Lookup(id)
	if !ok {
		return nil
	}
	return &RuleJSON{ID: r.ID, Title: r.Title, Text: r.Text, Source: r.Source}
}

func errorJSON(err error) []byte {
	e := ErrorJSON{Name: ErrorName(err), Message: err.Error(), Rules: rulesIn(err.Error())}
	if len(e.Rules) > 0 {
		e.Rule = &e.Rules[0]
	}
	b, _ := json.Marshal(struct {
		Error ErrorJSON `json:"error"`
	}{e})
	return b
}

type method func(a *API, args []byte) (any, error)

// methods is the table of Call's methods; see the doc of each function.
var methods map[string]method

func init() {
	methods = map[string]method{
		"games":       (*API).gamesCall,
		"newGame":     (*API).newGameCall,
		"state":       (*API).stateCall,
		"legal":       (*API).legalCall,
		"nextSteps":   (*API).nextStepsCall,
		"apply":       (*API).applyCall,
		"throw":       (*API).throwCall,
		"throwManual": (*API).throwManualCall,
		"undo":        (*API).undoCall,
		"redo":        (*API).redoCall,
		"takeback":    (*API).takebackCall,
		"rule":        (*API).ruleCall,
		"botMove":     (*API).botMoveCall,
		"hint":        (*API).hintCall,
		"saveRecord":  (*API).saveRecordCall,
		"loadRecord":  (*API).loadRecordCall,
		"positionID":  (*API).positionIDCall,
		"loadID":      (*API).loadIDCall,
		"close":       (*API).closeCall,
	}
}

// MethodNames lists the methods of Call, sorted.
func MethodNames() []string {
	names := make([]string, 0, len(methods))
	for n := range methods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// decode reads the arguments of a call strictly: unknown keys and values of
// the wrong type are bad calls.
func decode(args []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(args))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return badCall("arguments: %v", err)
	}
	return nil
}

// decodeGame decodes a call's arguments into in and returns the game that
// their handle, read by handle once they are decoded, names.
func (a *API) decodeGame(args []byte, in any, handle func() *int) (*game, error) {
	if err := decode(args, in); err != nil {
		return nil, err
	}
	return a.lookup(handle())
}

// handleArgs are the arguments of the calls on one game.
type handleArgs struct {
	Handle *int `json:"handle"`
	// Since is the first entry of the move log to return (see StateJSON.Log).
	Since int `json:"since"`
}

func (a *API) lookup(h *int) (*game, error) {
	if h == nil {
		return nil, badCall("no \"handle\"")
	}
	g, ok := a.games[*h]
	if !ok {
		return nil, badCall("no game with handle %d", *h)
	}
	return g, nil
}

func (a *API) add(g *game) int {
	if len(a.games) >= MaxGames {
		oldest := a.next
		for h := range a.games {
			oldest = min(oldest, h)
		}
		delete(a.games, oldest)
	}
	h := a.next
	a.next++
	a.games[h] = g
	return h
}

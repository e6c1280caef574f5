// Command frontend is an HTTP server for the three games, written as a
// frontend team outside this module would write it: on the public API of
// package session alone, in a module of its own. It offers what the web
// page offers — the games and bots, new games with people or bots at the
// seats, states, legal moves as data, single steps, dice seeded or entered
// by hand, undo, redo and takeback, bot moves, hints, records, position
// IDs and the analysis — to people at their own screens, each holding his
// seat, and to watchers.
//
// # The API
//
//	POST /api/newGame              newGame's arguments → 201 {"game": ID, "state": STATE}
//	POST /api/loadRecord           loadRecord's arguments → 201 {"game": ID, "state": STATE}
//	POST /api/loadID               loadID's arguments → 201 {"game": ID, "state": STATE}
//	POST /api/games/{ID}/{method}  the method's arguments → its answer
//	POST /api/games/{ID}/close     {} → {"closed": bool}
//	POST /api/{method}             version, games, rule, verifyDice: the catalogue
//	GET  /api/schema               the JSON Schema of every answer
//	GET  /api/                     the methods' names, by where they are called
//
// A body is the method's arguments as the session's protocol takes them
// (go doc …/session), one JSON object of at most session.MaxArgs bytes, read
// as strictly; an answer is the protocol's, passed on as it is, and a new
// game's is its STATE beside its ID (and Location: /api/games/ID). The
// methods on a game are those of the protocol but for the handle, which
// their arguments and answers do not carry: claim, state, legal,
// nextSteps, apply, throw, throwManual, botMove, advance, undo, redo,
// takeback, answerTakeback, giveUp, answerGiveUp, hint, watch, saveRecord,
// positionID, plan, analyze, rollout.
//
// A game is made owned ("owned": true, in loadRecord and loadID too)
// unless its arguments say "owned": false. Its people's seats are claimed
// — claim {"seat"} answers {"seat", "secret"}, the secret given once — and
// every later call for the seat carries the secret in the header
// "Authorization: Bearer SECRET", never in the JSON (a "secret" or
// "handle" among the arguments is refused). Who acts and who only reads is
// the session's rule (its package doc, "Seats that belong to someone"): a
// call without a secret watches, and its dice are secret until the game
// ends. Its seed is the server's, drawn in secret: a "seed" in the
// arguments of an owned game is refused (ErrBadCall). A game made with
// "owned": false is a game of one screen: whoever has its ID plays every
// seat, and it may name its seed.
//
// Each game has an ID of 128 random bits from crypto/rand (base64url),
// which this server maps to the session's handle; the handle never leaves
// the server, and no answer lists the games. An owned game's ID is its
// link for the other people, who claim the free seats, and for watchers,
// who read. In a game of one screen anyone who has the ID closes it; in an
// owned game close is a seat's holder leaving (with his secret), and the
// game closes once every claimed seat has left, so that its play and its
// record stay the others' until then ("closed" says which). A game in which
// nobody has acted for -idle is closed; a seat's holder who only reads
// (watch, state, with his secret) keeps it open.
//
// # Limits
//
// At most -calls requests are served at once; one beyond them waits -wait
// for its turn and is then refused with 503 ("ErrBusy") and Retry-After.
// A request's body is read only once it is served, in -calls buffers at
// most; its headers are at most 16 KiB. An answer carries at most -log
// steps of a game's log: a "since" further back is refused (413), an
// advance that names no limit plays at most -log steps (without its log,
// "log": false, up to session.MaxAdvance), one that names a greater limit
// (or 0) is refused, and a watch of a game longer than -log from a
// revision older than the last 256 changes is refused (ask state with a
// "since" instead). A game is played to at most -steps steps: beyond, the
// calls that play are refused (413), and a record to load or to check
// (verifyDice) is at most 16 bytes a step of it. The Go runtime's soft
// memory limit is -mem. What each request costs while it is served is
// measured by BenchmarkRequest, and TestFloodStaysSmall keeps 400 of the
// heaviest at once under 200 MB of heap.
//
// # Status
//
// A refused call answers with its {"error": …} object and a status by the
// error's stable name: 404 for an unknown game ID (ErrUnknownHandle) or
// method or a game closed during the call, 403 for a missing or wrong
// seat's secret, 409 for a seat already claimed or a takeback that needs
// the other's consent, 413 for arguments too large or an answer that
// would be (ErrTooLarge), 503 when the table is full, the call ran past
// the table's budget or the server is busy, 500 for an internal error,
// 400 otherwise. Each call runs within its request's context: a client
// that goes away stops its advance, bot move, hint or analysis.
//
//	go run . -addr localhost:8080
//	curl -d '{"variant":"verkehren","seats":["person","greedy"]}' localhost:8080/api/newGame
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "the address to listen on")
	o := defaults()
	flag.IntVar(&o.maxGames, "games", o.maxGames, "the most games held at once")
	flag.DurationVar(&o.idle, "idle", o.idle, "close a game in which nobody has acted for this long (0: never)")
	flag.IntVar(&o.calls, "calls", o.calls, "the most requests served at once")
	flag.DurationVar(&o.wait, "wait", o.wait, "how long a request beyond -calls waits before it is refused")
	flag.IntVar(&o.maxLog, "log", o.maxLog, "the most steps of a game's log an answer carries")
	flag.IntVar(&o.maxSteps, "steps", o.maxSteps, "the most steps a game is played to")
	flag.Int64Var(&o.mem, "mem", o.mem, "the Go runtime's soft memory limit in bytes, as GOMEMLIMIT (0: none)")
	flag.Parse()
	limitMemory(o)
	s := newServer(o)
	go s.sweepEvery(context.Background())
	srv := newHTTPServer(*addr, s)
	log.Printf("serving the games on http://%s/api/", *addr)
	log.Fatal(srv.ListenAndServe())
}

// newHTTPServer is the HTTP server of h on addr, with the bounds on a
// connection that the handler cannot set: its headers' size and time, the
// time to read a request and to write an answer.
func newHTTPServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		MaxHeaderBytes:    16 << 10, // a secret is 32 bytes
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second, // past the table's budget per call (10 s)
		IdleTimeout:       2 * time.Minute,
	}
}

// options are the server's bounds (the flags).
type options struct {
	maxGames int           // the table's MaxGames
	idle     time.Duration // the table's IdleTimeout; 0 for none
	calls    int           // requests served at once
	wait     time.Duration // a request's wait for its turn
	maxLog   int           // steps of log in an answer
	maxSteps int           // steps of a game
	mem      int64         // the runtime's soft memory limit; 0 for none
	now      func() time.Time
}

func defaults() options {
	return options{
		maxGames: session.DefaultMaxGames,
		idle:     30 * time.Minute,
		calls:    8,
		wait:     2 * time.Second,
		maxLog:   1000,
		maxSteps: session.MaxAdvance,
		mem:      128 << 20,
	}
}

// limitMemory sets the Go runtime's soft memory limit: the garbage of the
// requests under way is collected before the heap grows past it. What the
// server holds at most — its games, at most -games of -steps steps (about
// 120 bytes a step), and what -calls requests hold while they are served
// (up to about 5 MB each) — stays well below it.
func limitMemory(o options) {
	if o.mem > 0 {
		debug.SetMemoryLimit(o.mem)
	}
}

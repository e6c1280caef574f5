// Command engine plays the games of the module over standard input and
// output, one JSON request per line and one JSON answer per line, as a
// chess engine speaks UCI: a program in any language starts it as a
// subprocess and talks to it through pipes.
//
//	go run ./examples/engine
//	go build -o brettspiel-engine ./examples/engine
//
// # Framing
//
// A request is one line holding one JSON object:
//
//	{"id": 1, "method": "newGame", "args": {"variant": "verkehren", "seats": ["person", "greedy"]}}
//
// "method" is a method of the protocol of package session (session.Table.Call:
// version, games, newGame, legal, apply, throw, advance, botMove, hint,
// saveRecord, …), "args" its arguments (an object; absent or null for none)
// and "id" a number or a string (or absent) that the answer repeats. The
// answer is one line:
//
//	{"id": 1, "result": {...}}                              // what Call answers
//	{"id": 1, "error": {"name": "ErrIllegalMove", "message": "…", "rules": [...]}}
//
// The result is exactly what Call returns; the error is Call's error object
// ({"name", "message", "rules"}). The engine keeps one table of games for
// its whole run: games are named by the handle newGame answers with, so
// that every request says all it needs (there is no "current game").
//
// # The engine always reads
//
// A request runs as soon as it is read, beside the ones under way, so that
// a long search on one game does not hold up the others (nor a "version"
// asked to see that the engine lives). A request that names a handle
// ("args": {"handle": h, …}) runs after the earlier requests on that handle
// and the earlier requests that name none (newGame, loadRecord, loadID,
// games, …), so a client may send a whole game's requests without waiting
// and they run in their order. Requests on different games run side by
// side, and a request that names no handle runs at once: their answers may
// overtake each other, so a client that sends a request before the answer
// to the one before matches answers by "id". At most [MaxRunning] requests
// run or wait at once; while that many do, the engine reads on as they
// finish. An answer is written when the client reads it: a client reads
// the answers as they come (beside its writing, or after each request),
// else the engine stops reading once that many answers wait.
//
// # Bad input
//
// A line that is not a request gets an error line (name "ErrBadCall"; its
// "id" as far as it could be read, else null) and the engine goes on. A line
// longer than [MaxLine] bytes is refused with an error named "ErrTooLarge"
// and skipped without being kept in memory. Blank lines are ignored. The
// end of the input ends the engine once the requests under way are
// answered; its exit status is 0, or 1 if the input or output failed.
package main

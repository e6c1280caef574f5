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
// and "id" a number or a string (or absent) that the answer repeats, at
// most [MaxID] bytes of JSON (a longer one is refused, the answer's id
// null). The answer is one line:
//
//	{"id": 1, "result": {...}}                              // what Call answers
//	{"id": 1, "error": {"name": "ErrIllegalMove", "message": "…", "say": "…", "refusal": {...}, "rules": [...]}}
//
// The result is exactly what Call returns; the error is Call's error object
// ({"name", "message", "rules", "say", "refusal"}). The engine keeps one table of games for
// its whole run: games are named by the handle newGame answers with, so
// that every request says all it needs (there is no "current game").
//
// # The engine always reads
//
// A request is read as soon as it comes, beside the ones under way, so
// that a long search on one game holds up neither the others nor a
// "version" asked to see that the engine lives. Each game has a queue: a
// request that names a handle ("args": {"handle": h, …}) runs after the
// earlier requests on that handle and the earlier requests that name none
// (newGame, loadRecord, loadID, games, …), so a client may send a whole
// game's requests without waiting and they run in their order. A request
// that names no handle waits for no game. Requests on different games run
// side by side, at most [MaxRunning] at once; a request takes its place
// among them only when its game's turn comes, so requests waiting on a
// busy game hold up nobody. Requests on no handle run beside them, again
// at most MaxRunning at once. Answers may therefore overtake each other:
// a client that sends a request before the answer to the one before
// matches answers by "id". While [MaxWaiting] requests (or
// [MaxWaitingBytes] of their lines) are read and not yet answered, the
// engine reads no further line until some are. An answer is written when
// the client reads it: a client reads the answers as they come (beside
// its writing, or after each request), else the requests wait for it.
//
// # The end
//
// The end of the input ends the engine once the requests under way are
// answered (so that a file of requests piped in is played to its end); its
// exit status is 0, or 1 if the input or output failed. An interrupt or a
// termination signal (SIGINT, SIGTERM) stops reading, as does an output
// that fails (the client is gone): the requests not yet begun are answered
// with an error named "ErrStopped" ([ErrStopped]) without running, and
// the engine exits once the requests under way are answered. Each request
// runs with a context of its own, derived from the engine's, that is
// cancelled then: a long request under way (advance, botMove, hint,
// analyze, rollout) stops as the session's calls stop, an advance answering with the
// steps it made.
//
// # Bad input
//
// A line that is not a request gets an error line (name "ErrBadCall"; its
// "id" as far as it could be read, else null) and the engine goes on. A line
// longer than [MaxLine] bytes is refused with an error named "ErrTooLarge"
// and skipped without being kept in memory. Blank lines are ignored.
package main

// Command server serves the games to people at their own screens: a game
// is made with people and bots at its seats, the other people are invited
// by a link, watchers by another, and every step reaches every page at
// once over a WebSocket. Every change is stored before it is answered, in
// SQLite by default (one file in WAL mode, a pure-Go driver), so that the
// games outlive the process: a restart brings every game back, and the
// pages reconnect by themselves and catch up.
//
//	(cd examples/server && go run .)                 # serve on 127.0.0.1:8090, games in ./brettspiel.db
//	(cd examples/server && go run . -addr :0 -db /var/lib/brettspiel/games.db)
//
// # The layers
//
// The rules and the table are package session's: seats that belong to
// someone (each claimed seat's secret), watchers told of every change as a
// small delta, snapshots. This program adds what a server needs and the
// session must not know: ids that cannot be guessed (128 bits from
// crypto/rand) for games and invitations, mapped to the session's small
// handles, which never leave the server; the storage; the sockets; the
// limits.
//
// # The API
//
//	POST /api/games   {variant, preset?, players?, seats?, public?, lang?}
//	                  → {game, seat, secret, invites: [{seat, token}]}
//	POST /api/join    {game, invite} (or {game, seat} of a public game) → {seat, secret}
//	GET  /api/lobby   → {games: [{game, variant, preset, seats, open}]}: public games with a seat open
//	GET  /api/games/{id}/record → the game's record (text), open or archived
//	GET  /ws          the WebSocket of a page (see ws.go for its frames)
//
// The creator holds the first person's seat; every other person's seat
// has an invitation, which claiming turns into that person's secret. The
// game's id is the watchers' link. A page keeps its secret (in its
// localStorage, by game) and gives it in its hello; the server checks it
// once and adds it to every call that acts, so that a client never names
// a handle or another seat. After each call that acts the server throws
// the seeded dice and lets the bots play until a person is to move.
//
// # Storage
//
// A Store keeps each open game as the session's snapshot plus the steps
// played after it (their notations replay them), each write committed
// before the call is answered and before any connection is told the
// change; after 64 steps, and after anything other than a step (an undo,
// a takeback, a claim), a new snapshot replaces them. Every write raises
// the row's version by one, and a write that does not follow the stored
// version is refused (ErrConflict). A game unused and unwatched for -idle is archived: its
// record stays, its snapshot goes. With -postgres the games are kept in
// PostgreSQL instead (pgx): the same tables, each change a transaction
// under the row version, each commit notified on the channel
// "brettspiel_games". Several server processes share one database, and a
// person may connect to any of them: each open game is held by one
// process (games.holder), and the connections other processes accept for
// it are relayed to the holder over a link between the two (peer.go), so
// that a game is in the memory of one process. A holder killed or stopped
// is taken for gone and the game is held anew by the next process asked
// for it. Holding is advice: two processes never both apply a step, since
// the second write does not follow the stored revision, and a process
// that holds a copy of a game another changed is brought up to date by
// the notifications.
//
// # Defence
//
// A call is at most MaxFrame bytes, the API's bodies 4 KiB; the
// connections, those of one address, and the calls running at once are
// bounded, the calls of a connection and of an address rate-limited; the
// WebSocket is accepted from the server's own pages (and -origins) only; a
// connection that does not read is closed when its queue is full. Secrets
// and invitations are never logged. SIGTERM and SIGINT stop the server
// cleanly: new calls are refused, those under way finish and are stored,
// the pages are told to reconnect.
package main

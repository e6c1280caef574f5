// Package server is the game server of the module's games: people at
// their own screens play a game made by one of them, the others invited
// by a link, watchers by another, and every step reaches every page at
// once over a WebSocket. Every change is stored before anyone learns of
// it — in SQLite (one file) or PostgreSQL (any number of processes) — so
// that the games outlive the process.
//
// The parts, each a package:
//
//	hub           the games held: the session's games, stored, their watchers the only fan-out
//	store         what a store keeps and how (Store, Change)
//	store/sqlstore  what the SQL stores share: the writes, the reads, the migrations
//	store/sqlite  the default store: one file, a group commit
//	store/postgres  the store of several processes: row versions, LISTEN/NOTIFY
//	ws            the WebSocket transport: a goroutine a connection, slow readers dropped
//	api           the HTTP API: games made, seats claimed, rematches, the lobby, records
//	limit         the limits per client address, and the address behind trusted proxies
//	site          the page, with the online layer
//	client        a Go client of the API and the WebSocket (the tests', the load generator's)
//
// The command brettspiel-server (cmd/brettspiel-server) runs it;
// brettspiel-load (cmd/brettspiel-load) measures it.
package server

// Package server is the game server of the module's games: people at
// their own screens play a game one of them made, the others invited by a
// link, watchers by another; every change is stored (SQLite, or PostgreSQL
// for several processes) before any page learns of it over its WebSocket.
//
//	hub             the games held: the session's games, stored, their watchers the only fan-out
//	store           what a store keeps (Store, Change)
//	store/sqlstore  what the SQL stores share: the writes, the reads, the migrations
//	store/sqlite    the default store: one file, a group commit
//	store/postgres  the store of several processes: row versions, LISTEN/NOTIFY
//	ws              the WebSocket transport: a goroutine a connection, slow readers dropped
//	api             the HTTP API: games made, seats claimed, rematches, the lobby, records
//	limit           the limits per client address, and the address behind trusted proxies
//	site            the page, with the online layer
//	client          a Go client of the API and the WebSocket
//
// The command brettspiel-server runs it; brettspiel-load measures it.
package server

// Package server is the game server of the module's games: people at
// their own screens play a game one of them made, the others invited by a
// link, watchers by another; every change is stored (SQLite, or PostgreSQL
// for several processes) before any page learns of it over its WebSocket.
// The module's README maps its packages; the command brettspiel-server
// runs it, brettspiel-load measures it.
package server

// Package hub holds the games a game server serves: each the session's
// game at its table, every change written to the store before its
// watchers (the session's, gated) see it, and those watchers the only
// fan-out. A transport (package ws, package api) asks the hub for a game
// by its id, calls its methods through the session's per-game entry point
// and follows it with a watcher; the hub never edits the session's JSON.
//
// Processes sharing one PostgreSQL database each hold a copy of the games
// their people use: every write names the row's version it follows (a
// stale copy is brought up to date and the call made again), and the
// store's notifications bring each copy the others' changes.
//
// A game's life: Create makes it (the creator holds the first person's
// seat, each other person's seat gets an invitation, kept as its SHA-256),
// Join claims a seat, Call plays, Watch follows, Rematch makes the next
// game, and Sweep archives the games idle for long (sooner those still
// waiting for a player): the record stays, the game goes.
package hub

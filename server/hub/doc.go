// Package hub holds the games a game server serves: each game at the
// session's table (package session) under a handle of its own, its every
// change written to the store before anyone learns of it, and its
// watchers — the session's, gated so that they see only what is stored —
// as the only fan-out. A transport (package ws, package api) asks the hub
// for a game by its id, calls its methods through the session's per-game
// entry point and follows it with a watcher; the hub never edits the
// session's JSON.
//
// Any number of processes may serve the same games from one PostgreSQL
// database: each holds a copy of the games its people use, every write
// names the row's version it follows (a stale one is refused, the copy
// brought up to date from the store and the call made again), and the
// store's notifications bring each copy the changes the others commit —
// with the steps themselves when they fit, else by reading the store.
//
// A game's life: Create makes it (the creator holds the first person's
// seat; each other person's seat gets an invitation, kept as its SHA-256
// only), Join claims a seat by its invitation, Call plays, Watch follows,
// Rematch makes the next game with the seats turned round, and Sweep
// archives the games nobody used for a long time (or, sooner, the games
// in which a person's seat is still waiting for its player): the record
// stays, the game goes.
package hub

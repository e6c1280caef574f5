// Package hub holds the games a game server serves: each the session's game
// at its table, every change stored before its watchers (the session's,
// gated, the only fan-out) see it. A transport (package ws, package api)
// calls a game's methods through the session's per-game entry point and
// follows it with a watcher; the hub never edits the session's JSON.
//
// Processes sharing one PostgreSQL database each hold a copy of the games
// their people use: every write names the row's version it follows (a
// stale copy is brought up to date and the call made again), and the
// store's notifications bring each copy the others' changes. A copy that
// no connection of its process follows is let go at another process's
// write instead (that process holds the game until yet another writes),
// and a game read on demand catches up once held, since a note told
// while it was read found no game here. A person's presence (Touch) is
// written to the store the processes share (store.Presence), and every
// process's sweep reads it before it archives a game idle there.
//
// Create makes a game (the creator's seat claimed, an invitation, kept as
// its SHA-256, to each other person's), Join claims a seat, Call plays,
// Watch follows, Rematch makes the next game, and Sweep archives the games
// idle for long (sooner those waiting for a player), their records kept.
//
// The games waiting for a player are bounded per network of their maker
// and in all (Options.WaitingPerNet, MaxWaiting): beyond the share of all,
// and at a full table, the oldest of them is archived to make room, so
// that a flood from many networks never keeps a new game from the table
// while the games being played leave it room.
package hub

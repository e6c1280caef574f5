// Package metrics keeps the game server's figures for Prometheus
// (github.com/prometheus/client_golang), served in its text format at
// /metrics, each named brettspiel_…: the games held and waiting, the
// connections open, the calls and refusals by method and error, the
// store's latency by operation, the lag of PostgreSQL's notifications,
// the games archived by why and those spared for a person at them through
// another process, beside Go's and the process's own.
//
// A label takes its values from a fixed set only — the methods the server
// serves (any other is "other"), the names of its errors, the store's
// operations — never a game's id or a client's address: the series stay
// as few however many games and clients come. A nil *Metrics counts
// nothing, so that the parts that count run without it.
package metrics

//go:build !wasm

package session

// The learned levels of the race games (net-beginner … net-strongest) join
// bot's registry when their package is linked in; a seat names them like any
// other bot. The WebAssembly build leaves them out for now: their weights and
// code would take its download past its size budget (1.55 MB gzipped).
import _ "github.com/brettspiel/brettspiel/bot/neural"

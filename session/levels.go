//go:build !wasm || nets

package session

// The learned levels of the race games (net-beginner … net-strongest) join
// bot's registry when their package is linked in; a seat names them like any
// other bot. A WebAssembly build leaves them out unless it is built with the
// tag nets: their weights and code would take the lean build (the JavaScript
// package's) past its size bound; the web page builds with the tag.
import _ "github.com/brettspiel/brettspiel/bot/neural"

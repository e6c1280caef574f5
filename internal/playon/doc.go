// Package playon holds the rule every bot of the module follows with a
// game that can be given up: a game is never conceded while a move that
// plays on is left.
package playon

// Package playon holds the rule every bot of the module follows with a
// game that can be given up: a game is never conceded while a move that
// plays on is left; and with a game whose rules settle some decisions for
// a fair player (kit.RuleMover, Toccateglio's Schule), the rule's move is
// played there, also inside a search.
package playon

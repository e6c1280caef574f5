// Package board is the 24-point board of Toccateglio and Verkehren (rules
// B-1…B-3): two rows of twelve points, four quarters of six, and for each player
// a track numbered 1…24 in his own direction of play, with 0 for a stone waiting
// to enter (in hand, or on the bar) and 25 for a stone borne off.
//
// Rules are written in track numbers; frontends draw absolute points 1…24 as seen
// from the first player (player 0's track). How the two tracks relate is the
// game's [Geometry]: in Toccateglio the players move in opposite directions
// (A's point i is B's 25−i); in Verkehren both run the same way round, each
// starting on the other's side (A's point i is B's i+12, modulo 24).
//
// A [Board] is a fixed-size value — arrays, no maps, no pointers — so copying it
// is a clone and move generation can work on it without allocating. It is safe
// for concurrent use when not written.
package board

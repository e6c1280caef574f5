package brettspiel

import (
	"fmt"
	"strconv"
)

// Player names the actor of a state: a seat 0…n−1, or one of the pseudo-players
// [Chance] and [Terminal].
type Player int8

const (
	// Chance is the actor of a chance node: the dice are to be thrown.
	Chance Player = -1
	// Terminal is returned by [Game.ToMove] when the game is over.
	Terminal Player = -2
	// Nobody fills a Player field that names no one (see [Event.Other]).
	Nobody Player = -3
)

// String returns "player N", "chance", "terminal" or "nobody".
func (p Player) String() string {
	switch p {
	case Chance:
		return "chance"
	case Terminal:
		return "terminal"
	case Nobody:
		return "nobody"
	}
	return "player " + strconv.Itoa(int(p))
}

// Move is one whole step of a game: a player's complete turn (the full play of a
// throw, a pass, or a decision) or a chance outcome. The high byte names the
// actor; the low 56 bits are the variant's encoding (see kit.NewMove). The zero
// Move is [NoMove], which no game accepts.
type Move uint64

// NoMove is the zero Move. It is never legal.
const NoMove Move = 0

const (
	payloadBits = 56
	payloadMask = 1<<payloadBits - 1
)

// Actor returns the player the move belongs to: a seat, [Chance], or [Nobody]
// for [NoMove] and values no kit.NewMove call can produce.
func (m Move) Actor() Player {
	a := Player(int(m>>payloadBits) - 3)
	if a < Chance || a >= MaxPlayers || m == NoMove {
		return Nobody
	}
	return a
}

// Payload returns the variant's part of the move.
func (m Move) Payload() uint64 { return uint64(m) & payloadMask }

// String prints the raw move for debugging; use [Game.MoveString] for notation.
func (m Move) String() string {
	if m == NoMove {
		return "no move"
	}
	return fmt.Sprintf("%v:%#x", m.Actor(), m.Payload())
}

// Outcome is one possible result of a chance node with its integer weight. The
// probability of an outcome is its weight divided by the sum of the weights of
// all outcomes of that node.
type Outcome struct {
	Move   Move
	Weight int
}

// Game is the state of one game of any variant. Its methods never panic on any
// input; Apply and ParseMove report bad input as errors that wrap the sentinel
// errors of this package.
type Game interface {
	// NumPlayers is the number of seats, 2…MaxPlayers.
	NumPlayers() int

	// ToMove returns the seat to move, Chance at a chance node, or Terminal when
	// the game is over.
	ToMove() Player

	// LegalMoves returns the moves of the actor to move, sorted ascending and
	// without duplicates: the whole-turn plays at a player's node (a single pass
	// when nothing can be played), the outcomes at a chance node, nothing at the
	// end. The slice is the caller's.
	LegalMoves() []Move

	// AppendLegalMoves appends the moves that LegalMoves returns to dst and
	// returns the extended slice. With a dst of enough capacity it does not
	// allocate, which is what search code wants.
	AppendLegalMoves(dst []Move) []Move

	// ChanceOutcomes returns the outcomes of a chance node with their weights, in
	// the order of LegalMoves; nil at any other node. The slice is the
	// caller's to keep or change: a game must not hand out a table that
	// other games read. (Search code that must not allocate draws a throw
	// through kit.ChanceSampler instead.)
	ChanceOutcomes() []Outcome

	// Apply plays m, which must be one of LegalMoves, or the move by which
	// a seat gives up (see [GiveUpper]). On error the state is
	// unchanged.
	Apply(m Move) error

	// Events returns what the last successful Apply did, in order. The slice
	// is the caller's, a copy: writing into it changes neither the game nor
	// its JSON form, and a later Apply does not overwrite it.
	Events() []Event

	// Returns gives one payoff per seat. Before the end they are the payoffs the
	// game would give if it stopped now, where the variant defines that, and
	// zeros otherwise.
	Returns() []int

	// Clone returns an independent deep copy.
	Clone() Game

	// MoveString prints m in the variant's notation for the current state.
	MoveString(m Move) string

	// ParseMove reads a move in the variant's notation and checks it against the
	// current state: it returns a legal move or an error that says what is wrong.
	ParseMove(s string) (Move, error)

	// String draws the position for a person to read.
	String() string

	// Variant returns the game's name in records, position IDs and JSON,
	// e.g. "toccateglio": the prefix of its ID and the "game:" of its
	// record.
	Variant() string

	// ID returns the position ID of the state (see [EncodeID]), the text
	// that the variant's ParseID and package catalog's ParseID read back;
	// "" for a game that has none, such as a zero value.
	ID() string
}

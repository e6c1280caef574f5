package brettspiel

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// JSONVersion is the version of the JSON form of the states of this module.
// It rises when a key changes its meaning or goes away; new keys do not raise
// it.
const JSONVersion = 1

// Turn names in JSON who is to move.
const (
	TurnPlayer = "player" // a seat is to move; "player" gives which
	TurnChance = "chance" // the dice are to be thrown
	TurnOver   = "over"   // the game has ended
)

// StateJSON is the part of a state's JSON form that every variant shares; the
// variant packages embed it in their own JSON types, next to their board.
// Decoding reads the rules and the position from the variant's keys and the
// ID; "legal" and "returns" follow from them and are written for frontends
// only, and "events" are kept as the events of the last apply.
type StateJSON struct {
	Version int         `json:"version"`          // JSONVersion
	Game    string      `json:"game"`             // the variant, e.g. "toccateglio"
	ID      string      `json:"id"`               // the position ID (see EncodeID)
	Turn    string      `json:"turn"`             // TurnPlayer, TurnChance or TurnOver
	Player  int         `json:"player"`           // the seat to move; −1 unless Turn is TurnPlayer
	Legal   []LegalMove `json:"legal"`            // the legal moves in the order of LegalMoves
	Events  []Event     `json:"events"`           // what the last apply did
	Returns []int       `json:"returns"`          // the payoff of each seat (see Game.Returns)
	Winner  *int        `json:"winner,omitempty"` // the winning seat once the game is over, if one won
}

// LegalMove is one legal move in JSON: its notation (what ParseMove reads) and,
// at a chance node, its weight.
type LegalMove struct {
	Notation string `json:"notation"`
	Weight   int    `json:"weight,omitempty"`
}

// NewStateJSON fills the shared part of g's JSON form. game names the variant
// and id is g's position ID. Winner is left for the variant to set.
func NewStateJSON(g Game, game, id string) StateJSON {
	s := StateJSON{Version: JSONVersion, Game: game, ID: id, Player: -1, Legal: []LegalMove{}, Events: []Event{}}
	switch p := g.ToMove(); p {
	case Chance:
		s.Turn = TurnChance
		for _, o := range g.ChanceOutcomes() {
			s.Legal = append(s.Legal, LegalMove{Notation: g.MoveString(o.Move), Weight: o.Weight})
		}
	case Terminal:
		s.Turn = TurnOver
	default:
		s.Turn, s.Player = TurnPlayer, int(p)
		for _, m := range g.LegalMoves() {
			s.Legal = append(s.Legal, LegalMove{Notation: g.MoveString(m)})
		}
	}
	s.Events = append(s.Events, g.Events()...)
	s.Returns = g.Returns()
	return s
}

// Check validates the shared part of a decoded state: the version, the game's
// name and that the events name possible players. A variant's UnmarshalJSON
// calls it before it reads its own keys.
func (s *StateJSON) Check(game string, players int) error {
	bad := func(format string, args ...any) error {
		return &Error{Op: "decode JSON", Err: ErrBadPosition, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case s.Version != JSONVersion:
		return bad("version %d, want %d", s.Version, JSONVersion)
	case s.Game != game:
		return bad("game %q, want %q", s.Game, game)
	}
	for i, e := range s.Events {
		for _, p := range [2]Player{e.Player, e.Other} {
			if p < Nobody || int(p) >= players {
				return bad("events[%d]: player %d of %d", i, p, players)
			}
		}
		if e.Kind == "" {
			return bad("events[%d]: no kind", i)
		}
	}
	return nil
}

// DecodeStrict unmarshals data into v and refuses keys that v does not have,
// so a misspelt key is an error rather than a silently lost value.
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &Error{Op: "decode JSON", Err: ErrBadNotation, Reason: err.Error()}
	}
	if dec.More() {
		return &Error{Op: "decode JSON", Err: ErrBadNotation, Reason: "data after the JSON object"}
	}
	return nil
}

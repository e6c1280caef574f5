package verkehren

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/wire"
	"github.com/brettspiel/brettspiel/kit"
)

// IDVersion is the version of the package's position IDs.
const IDVersion = 1

// Variant is the game's name in position IDs, JSON and records.
const Variant = "verkehren"

// The payload of a position ID, version 1, is a row of varints (see
// internal/wire): the options (band rule, opening, band limit, higher die,
// first player as 0 draw / 1 + seat, turn cap), the phase (0, 1 the draw for
// the start; 2 a throw is due; 3 a throw is being played; 4 over), the seat
// whose turn it is, the two dice (higher first, 0 0 when none), player 0's
// total in the draw, the turns played, the winner (−3 nobody), the ending,
// and then each side's 26 counts (track positions 0 off the board, 1…24, 25
// borne off) packed like gnubg's Position ID: for each position as many 1
// bits as stones, then a 0 bit, from the lowest bit up, 41 bits a side.

// MarshalText returns the game's position ID, "verkehren:1:…". It holds
// everything that decides what happens next, but not the events of the last
// Apply. A zero Game has no ID: the error wraps brettspiel.ErrZeroGame.
func (g *Game) MarshalText() ([]byte, error) {
	if g.zero() {
		return nil, errZero(kit.OpEncodeID)
	}
	return []byte(g.ID()), nil
}

// ID returns the game's position ID (see MarshalText), or "" for a zero Game.
func (g *Game) ID() string {
	if g.zero() {
		return ""
	}
	var w wire.Writer
	o := g.opts
	w.Uint(uint64(o.Bands))
	w.Uint(uint64(o.Opening))
	w.Uint(uint64(o.BandLimit))
	w.Bool(o.HigherDie)
	w.Uint(uint64(o.FirstPlayer))
	w.Uint(uint64(o.TurnCap))
	w.Uint(uint64(g.phase))
	w.Uint(uint64(g.toMove))
	w.Uint(uint64(g.dice[0]))
	w.Uint(uint64(g.dice[1]))
	w.Uint(uint64(g.draw0))
	w.Uint(uint64(g.turns))
	w.Int(int64(g.winner))
	w.Uint(uint64(g.ending))
	for p := range 2 {
		w.Uint(packSide(&g.b.Sides[p]))
	}
	return kit.EncodeID(Variant, IDVersion, w.Bytes())
}

func packSide(s *board.Side) uint64 {
	var v uint64
	n := 0
	for _, c := range s {
		for range c {
			v |= 1 << n
			n++
		}
		n++ // the 0 bit after each position
	}
	return v
}

// unpackSide reverses packSide; ok is false unless v holds 26 positions and
// 15 stones in exactly 41 bits.
func unpackSide(v uint64, out *[26]int) bool {
	if v >= 1<<41 || bits.OnesCount64(v) != 15 || v&(1<<40) != 0 {
		return false
	}
	i := 0
	for n := 0; n < 41; n++ {
		if v&(1<<n) != 0 {
			out[i]++
		} else {
			i++
		}
	}
	return i == 26
}

// UnmarshalText loads a position ID written by MarshalText. The error wraps
// brettspiel.ErrBadNotation for an ID that is no ID of this package (mistyped,
// cut short, another variant or version) and brettspiel.ErrBadPosition (or
// ErrBadOptions) for a state that cannot arise, and says what is wrong. On
// error g is unchanged. The events of the last Apply are empty.
func (g *Game) UnmarshalText(text []byte) error {
	return kit.UnmarshalID(g, text, ParseID)
}

// ParseID returns the game of a position ID (see UnmarshalText).
func ParseID(id string) (*Game, error) {
	const op = kit.OpDecodeID
	payload, err := kit.DecodeID(Variant, IDVersion, id)
	if err != nil {
		return nil, err
	}
	r := wire.NewReader(payload)
	var s state
	s.opts.Bands = BandRule(r.Uint("band rule", uint64(BandsFiske)))
	s.opts.Opening = Opening(r.Uint("opening", uint64(BandLimit)))
	s.opts.BandLimit = int(r.Uint("band limit", 15))
	s.opts.HigherDie = r.Bool("higher die")
	s.opts.FirstPlayer = brettspiel.FirstPlayer(r.Uint("first player", 2))
	s.opts.TurnCap = int(r.Uint("turn cap", math.MaxInt))
	s.phase = phase(r.Uint("phase", uint64(phaseOver)))
	s.toMove = brettspiel.Player(r.Uint("seat to move", 1))
	s.dice[0] = int(r.Uint("die", 6))
	s.dice[1] = int(r.Uint("die", 6))
	s.draw0 = int(r.Uint("draw total", 12))
	s.turns = int(r.Uint("turns", math.MaxInt))
	s.winner = brettspiel.Player(r.Int("winner", int64(brettspiel.Nobody), 1))
	s.ending = Ending(r.Uint("ending", uint64(lastEnding)))
	for p := range 2 {
		if v := r.Uint("stones", math.MaxUint64); r.Err() == nil && !unpackSide(v, &s.sides[p]) {
			return nil, &brettspiel.Error{Op: op, Input: id, Err: brettspiel.ErrBadNotation, Reason: fmt.Sprintf("the stones of player %d are not 15 stones on 26 positions", p)}
		}
	}
	if err := r.Done(); err != nil {
		return nil, &brettspiel.Error{Op: op, Input: id, Err: brettspiel.ErrBadNotation, Reason: err.Error()}
	}
	if s.winner != brettspiel.Nobody && s.winner < 0 {
		return nil, &brettspiel.Error{Op: op, Input: id, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf("the winner %d is no seat", s.winner)}
	}
	g, err := s.build(op)
	if err != nil {
		if e := (*brettspiel.Error)(nil); errors.As(err, &e) {
			e.Input = id
		}
		return nil, err
	}
	if g.ID() != id {
		// varints written longer than needed: one state, one ID
		return nil, &brettspiel.Error{Op: op, Input: id, Err: brettspiel.ErrBadNotation, Reason: "the payload is not written as this package writes it"}
	}
	return g, nil
}

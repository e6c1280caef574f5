package festung

import (
	"errors"
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/wire"
	"github.com/brettspiel/brettspiel/kit"
)

// Variant is the game's name in position IDs, JSON and records.
const Variant = "festung"

// IDVersion is the version of the payload of this package's position IDs.
const IDVersion = 1

// The payload of a position ID, version 1, is a sequence of varints (package
// internal/wire), in this order:
//
//	players, stock, empty field (0 unless five players), turn cap  (the options, normalized)
//	marker bits of fields 1…63, then of fields 64…68                (bit i-1, bit i-64)
//	per seat: balance (signed), bought, Pasches
//	thrower
//	pending throw: 0, or L<<8 | a<<4 | b with a ≤ b
//	throws made
//	ending: 0 playing, 1 stopped by the turn cap, 2 the thrower threw his fifth Pasch
//
// That is everything that decides what happens next; the events of the last
// Apply are not in it.
func (g *Game) payload() []byte {
	var w wire.Writer
	o := g.opts
	w.Uint(uint64(o.Players))
	w.Uint(uint64(o.Stock))
	w.Uint(uint64(o.EmptyField))
	w.Uint(uint64(o.TurnCap))
	w.Uint(g.on[0] >> 1)
	w.Uint(g.on[1])
	for p := range o.Players {
		w.Int(int64(g.balance[p]))
		w.Uint(uint64(g.bought[p]))
		w.Uint(uint64(g.pasch[p]))
	}
	w.Uint(uint64(g.turn))
	w.Uint(throwCode(g.throw))
	w.Uint(uint64(g.throws))
	w.Uint(uint64(g.ending()))
	return w.Bytes()
}

func (g *Game) ending() ending {
	switch {
	case g.winner != brettspiel.Nobody:
		return won
	case g.capped:
		return capped
	}
	return playing
}

// MarshalText implements encoding.TextMarshaler: the position ID of the
// game, "festung:1:" and the payload in URL-safe base64 with a checksum
// (kit.EncodeID). It holds the options and the whole position — every
// field's marker, the balances, bought counts and Pasches of the seats, whose
// throw it is, a throw awaiting its thrower's decision, the number of throws
// and how the game ended — so that a game loaded from it plays on exactly as
// the original. It does not hold the events of the last Apply. A zero Game
// has no ID: its error wraps brettspiel.ErrZeroGame.
func (g *Game) MarshalText() ([]byte, error) {
	if g.zero() {
		return nil, zeroErr(kit.OpEncodeID)
	}
	return []byte(g.ID()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads a position ID
// written by MarshalText and checks the position as FromPosition does (a
// finished game is accepted if it looks as a fifth Pasch or the turn cap
// leaves it), and against its history: the thrower must be the seat whose
// turn it is after that many throws (seat 0 first; at the end the last
// thrower), nobody may have more Pasches than two for each of his throws
// (F-C4), a fifth Pasch needs three throws of the winner, every balance must
// lie within what the throws can have moved it from the setup (a seat gains
// at most 153 markers on a throw of his own and loses at most 17 on any
// throw), what a seat bought must lie between what the setup made him buy
// and what the throws can have added, and before the first throw the plan
// must be the setup. Every state a game reaches from a state so accepted is
// accepted too, to the turn cap. The events are empty afterwards. The error wraps
// brettspiel.ErrBadNotation for text that is no ID of this package, and
// brettspiel.ErrBadPosition or ErrBadOptions for an impossible state; on
// error g is unchanged.
func (g *Game) UnmarshalText(text []byte) error {
	return kit.UnmarshalID(g, text, ParseID)
}

// ParseID returns the game of a position ID (see [Game.UnmarshalText]).
func ParseID(id string) (*Game, error) {
	payload, err := kit.DecodeID(Variant, IDVersion, id)
	if err != nil {
		return nil, err
	}
	bad := func(sentinel error, format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: kit.OpDecodeID, Input: id, Err: sentinel, Reason: fmt.Sprintf(format, args...)}
	}
	r := wire.NewReader(payload)
	raw := Options{
		Players:    int(r.Uint("players", 6)),
		Stock:      int(r.Uint("stock", maxStock)),
		EmptyField: FieldID(r.Uint("empty field", NumOuterWorks)),
		TurnCap:    int(r.Uint("turn cap", maxTurnCap)),
	}
	var on marks
	on[0] = r.Uint("markers of fields 1…63", 1<<63-1) << 1
	on[1] = r.Uint("markers of fields 64…68", 1<<(NumMarkerFields-63)-1)
	if err := r.Err(); err != nil {
		return bad(brettspiel.ErrBadNotation, "%v", err)
	}
	o, err := raw.normalized()
	if err != nil {
		return bad(brettspiel.ErrBadOptions, "%v", kit.ReasonOf(err))
	}
	if o != raw {
		return bad(brettspiel.ErrBadNotation, "the options %v are not written in full (%v)", raw, o)
	}
	n := o.Players
	pos := Position{Balances: make([]int, n), Bought: make([]int, n), Pasches: make([]int, n)}
	for p := range n {
		pos.Balances[p] = int(r.Int(fmt.Sprintf("seat %d's balance", p), -maxBalance, maxBalance))
		pos.Bought[p] = int(r.Uint(fmt.Sprintf("seat %d's bought markers", p), maxBalance))
		pos.Pasches[p] = int(r.Uint(fmt.Sprintf("seat %d's Pasches", p), 5))
	}
	pos.Thrower = brettspiel.Player(r.Uint("thrower", uint64(n-1)))
	code := r.Uint("pending throw", 0x666)
	pos.Throws = int(r.Uint("throws", maxTurnCap))
	end := ending(r.Uint("ending", uint64(won)))
	if err := r.Done(); err != nil {
		return bad(brettspiel.ErrBadNotation, "%v", err)
	}
	if code != 0 {
		t, ok := decodeThrow(code)
		if !ok {
			return bad(brettspiel.ErrBadNotation, "pending throw %#x is no throw L/a-b with a ≤ b", code)
		}
		pos.Throw = t
	}
	for id := FieldID(1); id <= NumMarkerFields; id++ {
		if on.has(id) {
			pos.Markers = append(pos.Markers, id)
		}
	}
	g, err := load(o, pos, end)
	if err != nil {
		var e *brettspiel.Error
		if !errors.As(err, &e) {
			return nil, err
		}
		return bad(e.Err, "%s", e.Reason)
	}
	return g, nil
}

// throwCode is the pending throw as the ID writes it.
func throwCode(t dice.Throw3) uint64 {
	if t.L == 0 {
		return 0
	}
	return uint64(t.L)<<8 | uint64(t.A)<<4 | uint64(t.B)
}

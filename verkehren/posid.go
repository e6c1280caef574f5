package verkehren

import (
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

// state is everything that decides what happens next, as the ID and the JSON
// carry it; build checks it and makes a Game of it.
type state struct {
	opts   Options
	sides  [2][26]int
	phase  phase
	toMove brettspiel.Player
	dice   [2]int
	draw0  int
	turns  int
	winner brettspiel.Player
	ending Ending
}

func (g *Game) state() state {
	s := state{opts: g.opts, phase: g.phase, toMove: g.toMove, dice: [2]int{int(g.dice[0]), int(g.dice[1])},
		draw0: int(g.draw0), turns: g.turns, winner: g.winner, ending: g.ending}
	for p := range 2 {
		for i, c := range g.b.Sides[p] {
			s.sides[p][i] = int(c)
		}
	}
	return s
}

// build checks s as strictly as FromPosition does, for every phase of a game,
// and returns the game. The error wraps brettspiel.ErrBadPosition (or
// ErrBadOptions) and names the problem.
func (s state) build(op string) (*Game, error) {
	if err := s.opts.Validate(); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: op, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...)}
	}
	if s.toMove != 0 && s.toMove != 1 {
		return bad("turn %d is no seat of two", s.toMove)
	}
	pos := Position{Stones: s.sides, Turn: s.toMove, Turns: s.turns}
	if s.phase != phasePlay && s.dice != [2]int{} {
		return bad("dice %d-%d, but no throw is being played", s.dice[0], s.dice[1])
	}
	if s.phase != phaseDraw1 && s.draw0 != 0 {
		return bad("a total %d of the draw for the start, but player 1 is not throwing in the draw", s.draw0)
	}
	if s.phase != phaseOver && (s.winner != brettspiel.Nobody || s.ending != NotEnded) {
		return bad("the game goes on, but it has a winner (%d) or an ending (%v)", s.winner, s.ending)
	}
	var g *Game
	switch s.phase {
	case phaseDraw0, phaseDraw1:
		if _, ok := s.opts.FirstPlayer.Seat(); ok {
			return bad("a draw for the start, but the options name the player who begins")
		}
		if s.sides != startSides {
			return bad("a draw for the start, but the stones are not all on their houses")
		}
		if s.turns != 0 || s.toMove != 0 {
			return bad("a draw for the start after %d turns, or with player %d's turn", s.turns, s.toMove)
		}
		if s.phase == phaseDraw1 && (s.draw0 < 2 || s.draw0 > 12) {
			return bad("player 0 threw %d in the draw for the start, not 2…12", s.draw0)
		}
		g = &Game{opts: s.opts, b: board.New(board.SameDirection), phase: s.phase, draw0: uint8(s.draw0), winner: brettspiel.Nobody}
		g.b.Sides[0][house], g.b.Sides[1][house] = 15, 15
		return g, nil
	case phaseThrow, phasePlay:
		if s.phase == phasePlay {
			d := s.dice
			if d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 || d[0] < d[1] {
				return bad("dice %d-%d: each die shows 1…6, the higher first", d[0], d[1])
			}
			pos.Dice = d
		}
		if s.turns == 0 {
			if s.sides != startSides {
				return bad("no turn has been played, but the stones are not all on their houses")
			}
			if p, ok := s.opts.FirstPlayer.Seat(); ok && p != s.toMove {
				return bad("no turn has been played and the options let player %d begin, but it is player %d's turn", p, s.toMove)
			}
		}
		var err error
		if g, err = FromPosition(s.opts, pos); err != nil {
			if e, ok := err.(*brettspiel.Error); ok {
				e.Op = op
			}
			return nil, err
		}
		return g, nil
	case phaseOver:
	default:
		return bad("phase %d is unknown", s.phase)
	}
	// the game is over
	if s.toMove != 0 {
		return bad("the game is over, but it is player %d's turn", s.toMove)
	}
	if err := checkSides(&s.opts, &s.sides); err != "" {
		return bad("%s", err)
	}
	var sides [2]board.Side
	for p := range 2 {
		for i, c := range s.sides[p] {
			sides[p][i] = int8(c)
		}
	}
	w := s.winner
	noWinner := s.ending == TurnCapped || s.ending == DrawnBothJunker
	switch {
	case s.ending == NotEnded || s.ending > lastEnding:
		return bad("the game is over, but its ending is %v", s.ending)
	case s.ending == TurnCapped && w != brettspiel.Nobody:
		return bad("the turn cap ended the game, but player %d won", w)
	case s.ending == DrawnBothJunker && w != brettspiel.Nobody:
		return bad("the game ended drawn (V-W4), but it has the winner %d", w)
	case s.ending == TurnCapped && s.turns != s.opts.turnCap():
		return bad("the turn cap ended the game after %d turns, not %d", s.turns, s.opts.turnCap())
	case !noWinner && w != 0 && w != 1:
		return bad("the game ended by %v, but the winner %d is no seat of two", s.ending, w)
	case s.turns < 0 || s.turns > s.opts.turnCap():
		return bad("%d turns played is outside 0…%d", s.turns, s.opts.turnCap())
	}
	ended := func(p int) string { // why p's position has ended the game
		me, opp := &sides[p], &sides[1-p]
		switch {
		case me[off] == 15:
			return fmt.Sprintf("player %d has borne off all his stones", p)
		case me[24] == 15:
			return fmt.Sprintf("player %d has all his stones on point 24", p)
		case s.opts.doubleLoss(me, opp) != NotEnded:
			return fmt.Sprintf("player %d has lost a double game", p)
		}
		return ""
	}
	if s.ending != Conceded && !noWinner && (sides[1-w][off] == 15 || sides[1-w][24] == 15) {
		return bad("player %d won, but player %d has all his stones borne off or on point 24", w, 1-w)
	}
	switch s.ending {
	case Conceded, TurnCapped, DrawnBothJunker:
		for p := range 2 {
			if why := ended(p); why != "" {
				return bad("the game ended by %v, but %s", s.ending, why)
			}
		}
		// V-W4 needs both players Junker. (A game that the turn cap ended
		// with both Junker is what versions before V-W4 wrote; it loads as
		// it was.)
		for p := 0; p < 2 && s.ending == DrawnBothJunker; p++ {
			if !s.opts.junker(&sides[p], &sides[1-p]) {
				return bad("the game ended drawn with both players Junker (V-W4), but player %d is not Junker", p)
			}
		}
	case SingleGame:
		if sides[w][off] != 15 {
			return bad("player %d won a single game without bearing off all his stones", w)
		}
		if d := s.opts.doubleLoss(&sides[1-w], &sides[w]); d != NotEnded {
			return bad("player %d won a single game, but the position is a double game: %v", w, d)
		}
	case DoublePoint24:
		if sides[w][24] != 15 {
			return bad("player %d won by all his stones on point 24, but they are not", w)
		}
	default:
		if d := s.opts.doubleLoss(&sides[1-w], &sides[w]); d != s.ending {
			return bad("player %d won by %v, but the position says %v", w, s.ending, d)
		}
	}
	g = &Game{opts: s.opts, b: board.Board{Geometry: board.SameDirection, Sides: sides}, phase: phaseOver, turns: s.turns, winner: w, ending: s.ending}
	return g, nil
}

var startSides = [2][26]int{{house: 15}, {house: 15}}

// checkSides checks what holds in every position, the end included: 15
// stones a side, no point shared, no Band where V-B1 or the band limit of V-O1
// forbids one. It returns the problem, or "".
func checkSides(opts *Options, s *[2][26]int) string {
	var sides [2]board.Side
	for p := range 2 {
		total := 0
		for i, c := range s[p] {
			if c < 0 || c > 15 {
				return fmt.Sprintf("player %d has %d stones on %s", p, c, pointName(i))
			}
			total += c
			sides[p][i] = int8(c)
		}
		if total != 15 {
			return fmt.Sprintf("player %d has %d stones, not 15", p, total)
		}
	}
	for p := range 2 {
		me, opp := &sides[p], &sides[1-p]
		for i := 1; i <= 24; i++ {
			if me[i] > 0 && opp[oppPoint[i]] > 0 {
				return fmt.Sprintf("both players have stones on player %d's point %d", p, i)
			}
		}
		if opts.Bands != BandsFiske {
			hi := 11
			if opts.Bands == BandsCotton {
				hi = 12
			}
			for i := 2; i <= hi; i++ {
				if me[i] >= 2 {
					return fmt.Sprintf("player %d has a Band on his point %d, on the opponent's side (V-B1)", p, i)
				}
			}
		}
		if opts.Opening == BandLimit && bands(me) > opts.limit() {
			return fmt.Sprintf("player %d has %d Bände, more than the limit %d (V-O1)", p, bands(me), opts.limit())
		}
	}
	return ""
}

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
		return nil, errZero("encode position ID")
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
	n, err := ParseID(string(text))
	if err != nil {
		return err
	}
	*g = *n
	return nil
}

// ParseID returns the game of a position ID (see UnmarshalText).
func ParseID(id string) (*Game, error) {
	const op = "load position ID"
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
		if e, ok := err.(*brettspiel.Error); ok {
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

// Variant returns the game's name, [Variant] ("verkehren"), as every
// brettspiel.Game says it.
func (g *Game) Variant() string { return Variant }

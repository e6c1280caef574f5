package verkehren

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
)

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
	bad := stateError(op)
	if s.toMove != 0 && s.toMove != 1 {
		return bad("turn %d is no seat of two", s.toMove)
	}
	if s.phase != phasePlay && s.dice != [2]int{} {
		return bad("dice %d-%d, but no throw is being played", s.dice[0], s.dice[1])
	}
	if s.phase != phaseDraw1 && s.draw0 != 0 {
		return bad("a total %d of the draw for the start, but player 1 is not throwing in the draw", s.draw0)
	}
	if s.phase != phaseOver && (s.winner != brettspiel.Nobody || s.ending != NotEnded) {
		return bad("the game goes on, but it has a winner (%d) or an ending (%v)", s.winner, s.ending)
	}
	switch s.phase {
	case phaseDraw0, phaseDraw1:
		return s.buildDraw(bad)
	case phaseThrow, phasePlay:
		return s.buildTurn(op, bad)
	case phaseOver:
		return s.buildOver(bad)
	}
	return bad("phase %d is unknown", s.phase)
}

// badState is how build and its parts refuse a state.
type badState func(format string, args ...any) (*Game, error)

// stateError returns the refusal of a state for the operation op.
func stateError(op string) badState {
	return func(format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: op, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...)}
	}
}

// buildDraw is build for a state in the draw for the start.
func (s *state) buildDraw(bad badState) (*Game, error) {
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
	g := &Game{opts: s.opts, b: board.New(board.SameDirection), phase: s.phase, draw0: uint8(s.draw0), winner: brettspiel.Nobody}
	g.b.Sides[0][house], g.b.Sides[1][house] = 15, 15
	return g, nil
}

// buildTurn is build for a state at a throw or a play: FromPosition's
// checks, its errors under op.
func (s *state) buildTurn(op string, bad badState) (*Game, error) {
	pos := Position{Stones: s.sides, Turn: s.toMove, Turns: s.turns}
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
	g, err := FromPosition(s.opts, pos)
	if err != nil {
		return nil, withOp(err, op)
	}
	return g, nil
}

// buildOver is build for a state of a game that is over: the ending, the
// winner and the position must agree.
func (s *state) buildOver(bad badState) (*Game, error) {
	if s.toMove != 0 {
		return bad("the game is over, but it is player %d's turn", s.toMove)
	}
	if err := checkSides(&s.opts, &s.sides); err != "" {
		return bad("%s", err)
	}
	if g, err := s.checkEnding(bad); err != nil {
		return g, err
	}
	var sides [2]board.Side
	for p := range 2 {
		for i, c := range s.sides[p] {
			sides[p][i] = int8(c)
		}
	}
	if g, err := s.checkEnded(&sides, bad); err != nil {
		return g, err
	}
	return &Game{opts: s.opts, b: board.Board{Geometry: board.SameDirection, Sides: sides}, phase: phaseOver, turns: s.turns, winner: s.winner, ending: s.ending}, nil
}

// checkEnding checks that the ending, the winner and the turns of a game
// that is over agree with each other.
func (s *state) checkEnding(bad badState) (*Game, error) {
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
	return nil, nil
}

// checkEnded checks that the position of a game that is over shows its
// ending (checkEnding has checked the ending and the winner).
func (s *state) checkEnded(sides *[2]board.Side, bad badState) (*Game, error) {
	w := s.winner
	noWinner := s.ending == TurnCapped || s.ending == DrawnBothJunker
	if s.ending != Conceded && !noWinner && (sides[1-w][off] == 15 || sides[1-w][24] == 15) {
		return bad("player %d won, but player %d has all his stones borne off or on point 24", w, 1-w)
	}
	switch s.ending {
	case Conceded, TurnCapped, DrawnBothJunker:
		for p := range 2 {
			if why := s.opts.endedBy(sides, p); why != "" {
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
	return nil, nil
}

// endedBy says why player p's position would have ended the game, or "".
func (o *Options) endedBy(sides *[2]board.Side, p int) string {
	me, opp := &sides[p], &sides[1-p]
	switch {
	case me[off] == 15:
		return fmt.Sprintf("player %d has borne off all his stones", p)
	case me[24] == 15:
		return fmt.Sprintf("player %d has all his stones on point 24", p)
	case o.doubleLoss(me, opp) != NotEnded:
		return fmt.Sprintf("player %d has lost a double game", p)
	}
	return ""
}

var startSides = [2][26]int{{house: 15}, {house: 15}}

// checkSides checks what holds in every position, the end included: 15
// stones a side, no point shared, no Band where V-B1 or the band limit of V-O1
// forbids one. It returns the problem, or "".
func checkSides(opts *Options, s *[2][26]int) string {
	var sides [2]board.Side
	for p := range 2 {
		if why := sideCounts(p, &s[p], &sides[p]); why != "" {
			return why
		}
	}
	for p := range 2 {
		if why, rule := opts.placement(&sides, p); why != "" {
			if rule != "" {
				why += " (" + rule + ")"
			}
			return why
		}
	}
	return ""
}

// sideCounts copies player p's counts into side and checks them: 0…15 on
// each position, 15 stones in all. It returns the problem, or "".
func sideCounts(p int, counts *[26]int, side *board.Side) string {
	total := 0
	for i, c := range counts {
		if c < 0 || c > 15 {
			return fmt.Sprintf("player %d has %d stones on %s", p, c, pointName(i))
		}
		total += c
		side[i] = int8(c)
	}
	if total != 15 {
		return fmt.Sprintf("player %d has %d stones, not 15", p, total)
	}
	return ""
}

// placement checks where player p's stones stand: on no point the
// opponent holds, no Band where V-B1 or the band limit of V-O1 forbids one.
// It returns the problem and its rule ID ("" for the shared point), or "".
func (o *Options) placement(sides *[2]board.Side, p int) (why, rule string) {
	me, opp := &sides[p], &sides[1-p]
	for i := 1; i <= 24; i++ {
		if me[i] > 0 && opp[oppPoint[i]] > 0 {
			return fmt.Sprintf("both players have stones on player %d's point %d", p, i), ""
		}
	}
	if o.Bands != BandsFiske {
		hi := 11
		if o.Bands == BandsCotton {
			hi = 12
		}
		for i := 2; i <= hi; i++ {
			if me[i] >= 2 {
				return fmt.Sprintf("player %d has a Band on his point %d, on the opponent's side", p, i), "V-B1"
			}
		}
	}
	if o.Opening == BandLimit && bands(me) > o.limit() {
		return fmt.Sprintf("player %d has %d Bände, more than the limit %d", p, bands(me), o.limit()), "V-O1"
	}
	return "", ""
}

package verkehren

import (
	"fmt"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// Position is a position of a game in progress, for tests, frontends and
// puzzles: both sides' stones in their own tracks, whose turn it is, and the
// throw he is to play (or none: he is to throw).
type Position struct {
	// Stones[p][i] is the number of player p's stones on his track position i:
	// 0 off the board (hit, waiting to enter), 1…24 the points, 25 borne off.
	Stones [2][26]int
	// Turn is the player whose turn it is, 0 or 1.
	Turn brettspiel.Player
	// Dice is the throw Turn is to play, in any order; {0, 0}: he is to throw.
	Dice [2]int
	// Turns is the number of turns played so far (it counts to the turn
	// cap). Stones away from the start take a turn: FromPosition counts 0
	// as 1 for them, so that the game's position ID and JSON load again.
	Turns int
}

// Position returns the position of the game. During the draw for the start
// and at the end it has Turn 0 and no dice.
func (g *Game) Position() Position {
	var pos Position
	for p := 0; p < 2; p++ {
		for i, c := range g.b.Sides[p] {
			pos.Stones[p][i] = int(c)
		}
	}
	if g.phase == phaseThrow || g.phase == phasePlay {
		pos.Turn = g.toMove
	}
	if g.phase == phasePlay {
		pos.Dice = [2]int{int(g.dice[0]), int(g.dice[1])}
	}
	pos.Turns = g.turns
	return pos
}

// FromPosition builds a game under opts at pos. A position that cannot arise
// under the rules is refused with an error wrapping brettspiel.ErrBadPosition
// that names the problem: not 15 stones a side, two players on one point, a
// Band where V-B1 or V-O1 (band limit) allows none, or a game that is over
// already (all 15 borne off, or a double game of V-W3). A position in which
// both players are Junker is accepted: the player to move passes, and the
// game ends drawn after that turn (V-W4).
func FromPosition(opts Options, pos Position) (*Game, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	bad := func(rules []string, format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: kit.OpLoadPosition, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...), Rules: rules}
	}
	g := &Game{opts: opts, b: board.New(board.SameDirection), winner: brettspiel.Nobody}
	for p := 0; p < 2; p++ {
		if why := sideCounts(p, &pos.Stones[p], &g.b.Sides[p]); why != "" {
			return bad(nil, "%s", why)
		}
	}
	if pos.Turn != 0 && pos.Turn != 1 {
		return bad(nil, "turn %d is no seat of two", pos.Turn)
	}
	switch d := pos.Dice; {
	case d == [2]int{}:
		g.phase = phaseThrow
	case d[0] >= 1 && d[0] <= 6 && d[1] >= 1 && d[1] <= 6:
		g.phase = phasePlay
		g.dice = [2]uint8{uint8(max(d[0], d[1])), uint8(min(d[0], d[1]))}
	default:
		return bad(nil, "dice %d-%d: each die shows 1…6, or both 0 when the throw is due", d[0], d[1])
	}
	if pos.Turns < 0 || pos.Turns >= opts.turnCap() {
		return bad(nil, "%d turns played is outside 0…%d", pos.Turns, opts.turnCap()-1)
	}
	// No turn played leaves the stones at the start: a position elsewhere
	// counts one turn, so that the game agrees with its history when it is
	// saved (its position ID and JSON load again).
	turns := pos.Turns
	if turns == 0 && pos.Stones != startSides {
		turns = 1
	}
	if turns >= opts.turnCap() {
		return bad(nil, "the stones are not at the start, which takes a turn, but the turn cap is %d", opts.turnCap())
	}
	g.turns, g.toMove = turns, pos.Turn
	for p := 0; p < 2; p++ {
		if why, rule := opts.placement(&g.b.Sides, p); why != "" {
			var rules []string
			if rule != "" {
				rules = []string{rule}
			}
			return bad(rules, "%s", why)
		}
		me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
		switch {
		case me[off] == 15:
			return bad([]string{"V-W1"}, "player %d has borne off all his stones: the game is over", p)
		case me[24] == 15:
			return bad([]string{"V-W3"}, "player %d has all his stones on point 24: the game is over (clause c)", p)
		}
		if d := opts.doubleLoss(me, opp); d != NotEnded {
			return bad([]string{"V-W3"}, "player %d has lost a double game already: %s", p, d)
		}
	}
	return g, nil
}

package verkehren

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// Event kinds of this package, besides the shared ones.
const (
	// EventJunker: at the start of his turn Player is Junker (V-J1): Amount
	// stones off the board, Number open entry points. All his numbers are
	// unplayable.
	EventJunker brettspiel.EventKind = "junker"
	// EventConcede: Player gave the single game up (V-W2).
	EventConcede brettspiel.EventKind = "concede"
)

// Ending says how a game ended. The values are stable: they are the ending
// codes of position IDs, and new endings are added at the end.
type Ending uint8

const (
	NotEnded        Ending = iota // the game goes on
	SingleGame                    // V-W1: the winner bore off all 15 stones first
	Conceded                      // V-W2: the loser gave the single game up
	DoubleJunker                  // V-W3 (a): the loser is Junker and no Band of the winner stands on his entry points
	DoubleSixOff                  // V-W3 (b): the loser has 6 or more stones off the board and is Junker
	DoublePoint24                 // V-W3 (c): the winner has all 15 stones on his point 24, none borne off
	TurnCapped                    // the turn cap was reached; nobody wins
	DrawnBothJunker               // V-W4: both players are Junker after a turn, and no double game holds; drawn
)

// lastEnding is the highest Ending value.
const lastEnding = DrawnBothJunker

var endingNames = [...]string{"not ended", "single game", "conceded", "double game: junker", "double game: six off the board", "double game: all on point 24", "turn cap", "drawn, both players junker"}

func (e Ending) String() string {
	if int(e) < len(endingNames) {
		return endingNames[e]
	}
	return "Ending(" + strconv.Itoa(int(e)) + ")"
}

// Rule returns the rule ID of the ending ("" for NotEnded and TurnCapped).
func (e Ending) Rule() string {
	switch e {
	case SingleGame:
		return "V-W1"
	case Conceded:
		return "V-W2"
	case DoubleJunker, DoubleSixOff, DoublePoint24:
		return "V-W3"
	case DrawnBothJunker:
		return "V-W4"
	}
	return ""
}

// Points is what the ending is worth to the winner: 1 for a single game, 2
// for a double one, 0 otherwise (no winner: the turn cap, or a draw).
func (e Ending) Points() int {
	switch e {
	case SingleGame, Conceded:
		return 1
	case DoubleJunker, DoubleSixOff, DoublePoint24:
		return 2
	}
	return 0
}

type phase uint8

const (
	phaseDraw0 phase = iota // player 0 throws for the start
	phaseDraw1              // player 1 throws for the start
	phaseThrow              // toMove throws
	phasePlay               // toMove plays the dice
	phaseOver
)

// Game is the state of a game of Verkehren. It implements brettspiel.Game. A
// Game is not safe for concurrent use; clones are independent.
type Game struct {
	opts   Options
	b      board.Board // each side in its own track
	phase  phase
	toMove brettspiel.Player // the player whose turn it is (the thrower at a throw)
	dice   [2]uint8          // the throw being played, higher first
	draw0  uint8             // player 0's total in the draw for the start
	turns  int
	winner brettspiel.Player
	ending Ending
	events []brettspiel.Event
}

var _ brettspiel.Game = (*Game)(nil)

// New starts a game under opts: 15 stones each on their point 1, then the draw
// for the start (V-S1), or the throw of the seat that opts.FirstPlayer names.
func New(opts Options) (*Game, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	g := &Game{opts: opts, b: board.New(board.SameDirection), winner: brettspiel.Nobody}
	g.b.Sides[0][house] = 15
	g.b.Sides[1][house] = 15
	if p, ok := opts.FirstPlayer.Seat(); ok {
		g.phase, g.toMove = phaseThrow, p
	}
	return g, nil
}

// Options returns the rules of the game.
func (g *Game) Options() Options { return g.opts }

// NumPlayers is 2.
func (g *Game) NumPlayers() int { return 2 }

// zero reports whether g is a zero Game, made by no constructor: every
// constructor sets the board's geometry, whose zero value Verkehren never
// uses.
func (g *Game) zero() bool { return g.b.Geometry != board.SameDirection }

// errZero is the error of every call that a zero Game refuses.
func errZero(op string) error {
	return &brettspiel.Error{Op: op, Err: brettspiel.ErrZeroGame}
}

// ToMove returns the seat to play, Chance when dice are to be thrown (the draw
// for the start included), or Terminal. A zero Game is Terminal.
func (g *Game) ToMove() brettspiel.Player {
	switch g.phase {
	case phaseOver:
		return brettspiel.Terminal
	case phasePlay:
		return g.toMove
	}
	if g.zero() {
		return brettspiel.Terminal
	}
	return brettspiel.Chance
}

// Turn returns the seat whose turn it is (who throws or plays), or Nobody
// during the draw for the start and at the end.
func (g *Game) Turn() brettspiel.Player {
	if g.phase == phaseThrow || g.phase == phasePlay {
		return g.toMove
	}
	return brettspiel.Nobody
}

// Dice returns the numbers of the throw being played, higher first (a
// doublet as two equal numbers), or nil when no throw is being played.
func (g *Game) Dice() []int {
	if g.phase != phasePlay {
		return nil
	}
	return []int{int(g.dice[0]), int(g.dice[1])}
}

// Count returns how many stones player has on his track position p: 0 off the
// board, 1…24 the points, 25 borne off.
func (g *Game) Count(player brettspiel.Player, p int) int {
	if player != 0 && player != 1 {
		return 0
	}
	return g.b.Count(int(player), p)
}

// Board returns a copy of the board (both sides in their own tracks).
func (g *Game) Board() board.Board { return g.b }

// Junker reports whether player is Junker now (V-J1): more stones off the board
// than open entry points.
func (g *Game) Junker(player brettspiel.Player) bool {
	if player != 0 && player != 1 {
		return false
	}
	return g.opts.junker(&g.b.Sides[player], &g.b.Sides[1-player])
}

// OpenEntries returns how many of player's entry points 1…6 are open to a
// stone entering now (V-E2).
func (g *Game) OpenEntries(player brettspiel.Player) int {
	if player != 0 && player != 1 {
		return 0
	}
	me := g.b.Sides[player]
	if me[bar] == 0 {
		me[bar] = 1 // judge the points as for one stone off the board
	}
	return g.opts.openEntries(&me, &g.b.Sides[1-player])
}

// CanConcede reports whether player may give the single game up at his next
// decision (V-W2): he has no Band on his own side, points 13–24.
func (g *Game) CanConcede(player brettspiel.Player) bool {
	if player != 0 && player != 1 || g.phase == phaseOver || g.zero() {
		return false
	}
	return !ownSideBand(&g.b.Sides[player])
}

// Ending returns how the game ended (NotEnded while it goes on).
func (g *Game) Ending() Ending { return g.ending }

// Winner returns the winning seat once the game is over with a winner, and
// (Nobody, false) while it goes on, after a draw (V-W4) and after the turn
// cap.
func (g *Game) Winner() (brettspiel.Player, bool) {
	if g.phase != phaseOver || g.winner != 0 && g.winner != 1 {
		return brettspiel.Nobody, false
	}
	return g.winner, true
}

// Capped reports whether the game ended at the turn cap (Options.TurnCap).
func (g *Game) Capped() bool { return g.phase == phaseOver && g.ending == TurnCapped }

// Turns returns the number of turns played.
func (g *Game) Turns() int { return g.turns }

// LegalMoves lists the moves of the actor to move (see AppendLegalMoves).
func (g *Game) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }

// AppendLegalMoves appends the legal moves to dst, sorted ascending: at a throw
// the 21 distinct throws; at a player's turn every whole play of the throw,
// one per resulting position (the one with the smallest notation), or the pass
// when no number can be played, then "concede" when V-W2 allows it. It does
// not allocate when dst has room.
func (g *Game) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	switch g.phase {
	case phaseOver:
		return dst
	case phasePlay:
		p := g.toMove
		me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
		dst = g.opts.appendPlays(dst, p, me, opp, int(g.dice[0]), int(g.dice[1]))
		if !ownSideBand(me) {
			dst = append(dst, kit.NewMove(p, concedePayload))
		}
		return dst
	}
	if g.zero() {
		return dst
	}
	for _, w := range dice.Distinct2() {
		dst = append(dst, throwMove(w.Throw))
	}
	return dst
}

// maxLegal is room for the legal moves of almost any turn on the stack.
const maxLegal = 512

// Events returns what the last Apply did, as a copy that is the caller's
// (the dice of a throw included). Places are in the board's coordinates (see
// the package doc's Events).
func (g *Game) Events() []brettspiel.Event {
	evs := append([]brettspiel.Event(nil), g.events...)
	for i := range evs {
		if evs[i].Dice != nil {
			evs[i].Dice = slices.Clone(evs[i].Dice)
		}
	}
	return evs
}

// Returns gives +1/−1 for a single game, +2/−2 for a double one, zeros before
// the end, for a draw (V-W4), after the turn cap and for a zero Game.
func (g *Game) Returns() []int {
	r := make([]int, 2)
	if w, ok := g.Winner(); ok {
		r[w] = g.ending.Points()
		r[1-w] = -g.ending.Points()
	}
	return r
}

// Concedes reports whether m gives the game up as a single game (V-W2), by
// the rules or by agreement (see GiveUpMove). Bots
// use it to keep from conceding a game they could still play on (see the
// module's bot package).
func (g *Game) Concedes(m brettspiel.Move) bool {
	a := m.Actor()
	return (a == 0 || a == 1) && (m.Payload() == concedePayload || m.Payload() == concedeAgreedPayload)
}

// Clone returns an independent deep copy (of a zero Game another zero Game).
func (g *Game) Clone() brettspiel.Game { return g.clone() }

func (g *Game) clone() *Game {
	c := *g
	c.events = append([]brettspiel.Event(nil), g.events...)
	return &c
}

// String draws the board in absolute points (player 0 X, player 1 O; player 0's
// track is the absolute numbering, player 1's point i is absolute i+12), then
// the state of the game. A zero Game is "zero Game".
func (g *Game) String() string {
	if g.zero() {
		return "zero Game"
	}
	var sb strings.Builder
	sb.WriteString(g.b.String())
	for p := brettspiel.Player(0); p < 2; p++ {
		if g.Junker(p) {
			fmt.Fprintf(&sb, "%s is Junker (%d off the board, %d open entry points)\n", p, g.b.Sides[p][bar], g.OpenEntries(p))
		}
	}
	switch g.phase {
	case phaseDraw0, phaseDraw1:
		fmt.Fprintf(&sb, "draw for the start: player %d throws", g.phase-phaseDraw0)
		if g.phase == phaseDraw1 {
			fmt.Fprintf(&sb, " (player 0 threw %d)", g.draw0)
		}
	case phaseThrow:
		fmt.Fprintf(&sb, "%s to throw", g.toMove)
	case phasePlay:
		fmt.Fprintf(&sb, "%s to play %d-%d", g.toMove, g.dice[0], g.dice[1])
	case phaseOver:
		if g.winner == brettspiel.Nobody {
			fmt.Fprintf(&sb, "game over: %s", g.ending)
		} else {
			fmt.Fprintf(&sb, "game over: %s wins, %s (%d)", g.winner, g.ending, g.ending.Points())
		}
	}
	fmt.Fprintf(&sb, ", turn %d", g.turns)
	return sb.String()
}

// Variant returns the game's name, [Variant] ("verkehren"), as every
// brettspiel.Game says it.
func (g *Game) Variant() string { return Variant }

package toccateglio

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// Event kinds of this package, besides the shared ones.
const (
	// EventBegin: Player begins the Partie (the draw for the start, T-S3).
	EventBegin brettspiel.EventKind = "begin"
	// EventSetup: the stones went back to the setup (a new Marsch, T-B4, or a
	// Partie begun afresh, T-W3).
	EventSetup brettspiel.EventKind = "setup"
	// EventSatz: Player won the Marsch with a doublet and so the Partie (T-B3,
	// Toccateglispiel).
	EventSatz brettspiel.EventKind = "satz"
)

// Decisions of the winner of a Partie (T-W3), as move payloads.
const (
	decideGoOn   = 1<<40 | 2
	decideAfresh = 1<<40 | 1
)

type phase uint8

const (
	// phaseZero is the phase of a zero Game, which no constructor makes: it
	// behaves as the end in every switch on the phase, so that a zero Game
	// plays nothing without a check of its own on the hot paths.
	phaseZero   phase = iota
	phaseDraw0        // chance: seat 0 throws for the start
	phaseDraw1        // chance: seat 1 throws for the start
	phaseThrow        // chance: turn throws
	phaseMove         // turn plays dice
	phaseDecide       // turn, the winner of the Partie, goes on or starts afresh
	phaseOver         // the match is over
	phaseMark         // Schule: a player declares the points of a step of T-W1
	phaseSchule       // Schule: the other player claims, makes him mark right, or lets it pass
)

// resume says how play goes on after a Partie when the winner keeps his Rest.
type resume uint8

const (
	resumeMove  resume = iota // won by the hit marks: that throw is played (steps 3–6) by its thrower, next
	resumeSetup               // won by the Marsch, or as it ended (Schule): the setup, the winner throws
	resumeNext                // whoever would throw next throws (next)
)

// Game is the state of a match of Toccateglio. It implements brettspiel.Game.
// A Game is not safe for concurrent use; clones are independent.
//
// Make games with [New], [FromPosition], [ParseID], [LoadRecord] or
// [ReadRecord], or load one into a Game with UnmarshalJSON or UnmarshalText.
// The zero Game is no game: it refuses every call that would play or report
// one (Apply, ParseMove, Describe, NextSteps, MarshalJSON and MarshalText
// return an error wrapping brettspiel.ErrZeroGame, ID returns "", it lists no
// moves and is terminal).
type Game struct {
	opts    Options
	sides   [2]board.Side // each player's stones in his own track
	marks   [2]int8
	strokes [2]int32
	partien int32 // Partien finished
	turns   int32 // players' turns played, for the turn cap
	phase   phase
	turn    brettspiel.Player // who throws / plays / decides
	dice    [2]uint8          // the throw to play, higher first
	draw0   [2]uint8          // seat 0's throw in the draw for the start
	resume  resume
	next    brettspiel.Player // the thrower after a Partie won by a play (resumeNext)
	capped  bool
	sch     schule // the window of the Schule (Options.Schule) that is open
	quiet   bool   // Simulate: no events are recorded
	events  []brettspiel.Event
}

var _ brettspiel.Game = (*Game)(nil)

// New starts a match under opts: the setup, and the draw for the start (or the
// seat named by opts.FirstPlayer throws first).
func New(opts Options) (*Game, error) {
	o, err := opts.normalized()
	if err != nil {
		return nil, err
	}
	g := &Game{opts: o}
	g.setup()
	g.start()
	g.events = g.events[:0]
	return g, nil
}

// NumPlayers is 2.
func (g *Game) NumPlayers() int { return 2 }

// ToMove returns the seat to play or decide, Chance when a throw is due, or
// Terminal at the end.
func (g *Game) ToMove() brettspiel.Player {
	switch g.phase {
	case phaseOver, phaseZero:
		return brettspiel.Terminal
	case phaseDraw0, phaseDraw1, phaseThrow:
		return brettspiel.Chance
	case phaseMark:
		return g.declarer()
	case phaseSchule:
		return g.asked()
	}
	return g.turn
}

// LegalMoves returns the legal moves, sorted.
func (g *Game) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }

// AppendLegalMoves appends the legal moves to dst: the 21 throws at a chance
// node, the decisions at the end of a Partie, the plays of a throw (the pass
// first when it is legal). It does not allocate when dst has room.
func (g *Game) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	if g.phase == phaseMove { // the hot path first
		return g.appendPlays(dst)
	}
	switch g.phase {
	case phaseOver, phaseZero:
		return dst
	case phaseDraw0, phaseDraw1, phaseThrow:
		for i := range throws.Len() {
			dst = append(dst, throws.Outcome(i).Move)
		}
		return dst
	case phaseDecide:
		return append(dst, kit.NewMove(g.turn, decideAfresh), kit.NewMove(g.turn, decideGoOn))
	case phaseMark, phaseSchule:
		return g.appendSchule(dst)
	}
	return g.appendPlays(dst)
}

// Events returns what the last Apply did (see the package doc), as a copy
// that is the caller's, the dice of the throws included.
func (g *Game) Events() []brettspiel.Event {
	out := append([]brettspiel.Event(nil), g.events...)
	n := 0
	for _, e := range out {
		n += len(e.Dice)
	}
	if n == 0 {
		return out
	}
	// The game's events share the dice of every throw (throwDice): one
	// block holds the caller's copies.
	dice := make([]int, 0, n)
	for i, e := range out {
		if len(e.Dice) > 0 {
			k := len(dice)
			dice = append(dice, e.Dice...)
			out[i].Dice = dice[k:len(dice):len(dice)]
		}
	}
	return out
}

// Returns gives each player his strokes minus the opponent's (T-W4): the
// strokes of the Partien finished so far, also before the end.
func (g *Game) Returns() []int {
	d := int(g.strokes[0] - g.strokes[1])
	return []int{d, -d}
}

// Clone returns an independent copy.
func (g *Game) Clone() brettspiel.Game {
	c := *g
	c.events = append([]brettspiel.Event(nil), g.events...)
	return &c
}

// String draws the position: the board in absolute points (player 0's track;
// X player 0, O player 1), stones in hand and borne off, marks, strokes, and
// who is to do what. The zero Game is "zero Game".
func (g *Game) String() string {
	if g.phase == phaseZero {
		return "zero Game"
	}
	var b strings.Builder
	bd := g.Board()
	b.WriteString(bd.String())
	fmt.Fprintf(&b, "marks X %d, O %d; strokes X %d, O %d; Partie %d of %d\n",
		g.marks[0], g.marks[1], g.strokes[0], g.strokes[1], min(int(g.partien)+1, g.opts.Partien), g.opts.Partien)
	name := [2]string{"X", "O"}
	switch g.phase {
	case phaseDraw0:
		b.WriteString("draw for the start: X throws")
	case phaseDraw1:
		fmt.Fprintf(&b, "draw for the start: X threw %d-%d, O throws", g.draw0[0], g.draw0[1])
	case phaseThrow:
		fmt.Fprintf(&b, "%s (player %d) throws", name[g.turn], g.turn)
	case phaseMove:
		fmt.Fprintf(&b, "%s (player %d) plays %s", name[g.turn], g.turn, g.throwString())
	case phaseDecide:
		fmt.Fprintf(&b, "%s (player %d) won the Partie: go-on or afresh", name[g.turn], g.turn)
	case phaseMark:
		p := g.declarer()
		fmt.Fprintf(&b, "%s (player %d) declares his points for %s after %s", name[p], p, stepNotes[g.sch.step], g.throwString())
	case phaseSchule:
		p := g.asked()
		fmt.Fprintf(&b, "%s (player %d) claims, makes %s mark right or lets it pass (%s)", name[p], p, name[1-p], stepNotes[g.sch.step])
	case phaseOver:
		if g.capped {
			b.WriteString("over (turn cap)")
		} else {
			b.WriteString("the match is over")
		}
	}
	return b.String()
}

// Variant returns the game's name, [Variant] ("toccateglio"), as every
// brettspiel.Game says it.
func (g *Game) Variant() string { return Variant }

// ID returns the position ID, the text of MarshalText; "" for the zero Game.
func (g *Game) ID() string {
	if g.phase == phaseZero {
		return ""
	}
	return kit.EncodeID(Variant, g.idVersion(), g.payload())
}

// Options returns the rules of the game, with the defaults filled in.
func (g *Game) Options() Options { return g.opts }

func (g *Game) setup() {
	for p := range g.sides {
		g.sides[p] = board.Side{}
		if g.opts.EnterFromHand {
			g.sides[p][hand] = int8(g.opts.Stones)
		} else {
			g.sides[p][1] = int8(g.opts.Stones)
		}
	}
}

// start begins a Partie afresh: the draw, or the FirstPlayer's throw.
func (g *Game) start() {
	g.dice = [2]uint8{}
	if p, ok := g.opts.FirstPlayer.Seat(); ok {
		g.turn, g.phase = p, phaseThrow
		return
	}
	g.turn, g.phase = 0, phaseDraw0
}

// Marks returns the players' marks in the current Partie.
func (g *Game) Marks() [2]int { return [2]int{int(g.marks[0]), int(g.marks[1])} }

// Strokes returns the strokes each player has won in the match.
func (g *Game) Strokes() [2]int { return [2]int{int(g.strokes[0]), int(g.strokes[1])} }

// Partien returns how many Partien of the match are finished.
func (g *Game) Partien() int { return int(g.partien) }

// Dice returns the numbers of the throw being played, higher die first: the
// throw to play, or the throw that the winner of a Partie decides on (it is
// played when he goes on after a win by the hit marks). Once the match is
// over it is the throw on which the last Partie ended, if it ended on one.
// It is nil when there is none (a throw is due, the draw for the start).
func (g *Game) Dice() []int {
	if g.dice[0] == 0 {
		return nil
	}
	return []int{int(g.dice[0]), int(g.dice[1])}
}

// Turn returns the seat whose turn it is: who throws, plays or decides;
// brettspiel.Nobody during the draw for the start and at the end.
func (g *Game) Turn() brettspiel.Player {
	switch g.phase {
	case phaseThrow, phaseMove, phaseDecide, phaseMark, phaseSchule:
		return g.turn
	}
	return brettspiel.Nobody
}

// Turns returns the players' turns (plays and passes) of the whole match,
// the count that the turn cap (Options.TurnCap) bounds.
func (g *Game) Turns() int { return int(g.turns) }

// Winner returns the winner of the match once it is over: the seat with
// more strokes. It is (brettspiel.Nobody, false) before the end and when
// the match ended with the strokes level.
func (g *Game) Winner() (brettspiel.Player, bool) {
	if g.phase != phaseOver || g.strokes[0] == g.strokes[1] {
		return brettspiel.Nobody, false
	}
	if g.strokes[1] > g.strokes[0] {
		return 1, true
	}
	return 0, true
}

// Capped reports whether the turn cap (Options.TurnCap) ended the match.
func (g *Game) Capped() bool { return g.capped }

// Stones returns player's stones by track position: index 0 the hand, 1…24
// the points of his track, 25 borne off.
func (g *Game) Stones(player brettspiel.Player) board.Side {
	if player != 0 && player != 1 {
		return board.Side{}
	}
	return g.sides[player]
}

// Board returns both sides as a board.Board (Opposite geometry).
func (g *Game) Board() board.Board {
	return board.Board{Geometry: board.Opposite, Sides: g.sides}
}

// zeroGame is the error of a call on the zero Game.
func zeroGame(op string) error {
	return &brettspiel.Error{Op: op, Err: brettspiel.ErrZeroGame}
}

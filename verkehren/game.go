package verkehren

import (
	"fmt"
	"math/rand/v2"
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

// throwNames[a][b] is the notation of the throw a-b.
var throwNames = func() (n [7][7]string) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			n[a][b] = strconv.Itoa(a) + "-" + strconv.Itoa(b)
		}
	}
	return n
}()

func throwMove(t dice.Throw) brettspiel.Move {
	return kit.NewMove(brettspiel.Chance, uint64(t.A)<<3|uint64(t.B))
}

// throwOf decodes a chance move; ok false if it is no canonical throw.
func throwOf(m brettspiel.Move) (dice.Throw, bool) {
	p := m.Payload()
	if m.Actor() != brettspiel.Chance || p > 63 {
		return dice.Throw{}, false
	}
	t := dice.Throw{A: uint8(p >> 3), B: uint8(p & 7)}
	return t, t.Valid() && t.A >= t.B
}

// chanceOutcomes is the table ChanceOutcomes returns: the 21 distinct throws
// in the order of AppendLegalMoves, with their weights of 36.
var chanceOutcomes = func() []brettspiel.Outcome {
	ws := dice.Distinct2()
	outs := make([]brettspiel.Outcome, len(ws))
	for i, w := range ws {
		outs[i] = brettspiel.Outcome{Move: throwMove(w.Throw), Weight: w.Weight}
	}
	return outs
}()

// drawnThrow[x] is the throw that brettspiel.SampleChance's walk over
// chanceOutcomes gives for the draw x of 36, so that sampling a throw is one
// lookup.
var drawnThrow = func() (t [36]brettspiel.Move) {
	x := 0
	for _, o := range chanceOutcomes {
		for range o.Weight {
			t[x] = o.Move
			x++
		}
	}
	return t
}()

// ChanceOutcomes returns the 21 distinct throws with their weights of 36, at
// every chance node, the draw for the start included (it uses the same
// throws); nil at any other node.
//
// The slice is the caller's: a copy of the package's table, so that no
// caller can change the throws of another game. Search code that must not
// allocate draws a throw with SampleChance, which reads the table itself.
func (g *Game) ChanceOutcomes() []brettspiel.Outcome {
	if g.ToMove() != brettspiel.Chance {
		return nil
	}
	return slices.Clone(chanceOutcomes)
}

var _ kit.ChanceSampler = (*Game)(nil)

// SampleChance implements kit.ChanceSampler: one r.IntN(36) read in a
// table, the throw that brettspiel.SampleChance's walk over ChanceOutcomes
// gives for that draw, at every chance node (the draw for the start
// included); NoMove when no throw is due.
func (g *Game) SampleChance(r *rand.Rand) brettspiel.Move {
	if g.ToMove() != brettspiel.Chance {
		return brettspiel.NoMove
	}
	return drawnThrow[r.IntN(len(drawnThrow))]
}

// maxLegal is room for the legal moves of almost any turn on the stack.
const maxLegal = 512

// Apply plays m. On error the state is unchanged. A player's play is judged
// without listing the plays (see checkPlay): the same moves are accepted as
// AppendLegalMoves lists, and a refused one gets the reason. A zero Game
// refuses every move with an error wrapping brettspiel.ErrZeroGame.
func (g *Game) Apply(m brettspiel.Move) error {
	tm := g.ToMove()
	if tm == brettspiel.Chance {
		// the legal throws are exactly the canonical ones: no list needed
		if t, ok := throwOf(m); ok {
			g.events = g.events[:0]
			g.applyThrow(t)
			return nil
		}
	}
	if tm == brettspiel.Chance || tm == brettspiel.Terminal || m.Actor() != tm {
		if tm == brettspiel.Terminal && g.zero() {
			return errZero("apply")
		}
		var buf [32]brettspiel.Move
		legal := g.AppendLegalMoves(buf[:0])
		if err := kit.CheckMove(tm, m, legal, nil); err != nil {
			// again with the notation for the message (the method value costs an
			// allocation, so only on this path)
			return kit.CheckMove(tm, m, legal, g.MoveString)
		}
		g.events = g.events[:0]
		t, _ := throwOf(m)
		g.applyThrow(t)
		return nil
	}
	if err := g.checkMove(m); err != nil {
		return err
	}
	g.events = g.events[:0]
	g.applyPlay(m.Payload())
	return nil
}

// checkMove judges a move of the player to move: nil when it is legal,
// else the refusal that says why.
func (g *Game) checkMove(m brettspiel.Move) *brettspiel.Error {
	p := g.toMove
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	if m.Payload() == concedePayload {
		if ownSideBand(me) {
			e := kit.Refuse(RefuseNoConcede, "a single game may be given up only while no own Band stands on points 13–24", "V-W2")
			return g.tried(e, "apply", concedePayload, -1)
		}
		return nil
	}
	at, e := g.opts.checkPlay(me, opp, int(g.dice[0]), int(g.dice[1]), m.Payload())
	if e != nil {
		return g.tried(e, "apply", m.Payload(), at)
	}
	return nil
}

func ev(kind brettspiel.EventKind, rule string, p brettspiel.Player) brettspiel.Event {
	return brettspiel.Event{Kind: kind, Rule: rule, Player: p, Other: brettspiel.Nobody,
		From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace}
}

// absPoint[p][t] is player p's track position t as an absolute point, the
// numbering in which the board is drawn (player 0's track): off the board
// (0) and borne off (25) are the same in both.
var absPoint = func() (a [2][26]int8) {
	for t := range 26 {
		a[0][t], a[1][t] = int8(t), int8(t)
		if t >= 1 && t <= 24 {
			a[1][t] = int8(board.SameDirection.ToAbsolute(1, t))
		}
	}
	return a
}()

// placeNames names the places of an event that are no point: off the board
// ("bar", where a hit stone waits to enter) and borne off ("off").
var placeNames = func() (n [26]string) {
	n[bar], n[off] = "bar", "off"
	return n
}()

// diceOf[a][b] is the Dice of the event of the throw a-b: one read-only
// slice a throw, so that an Apply allocates none ([Game.Events] hands out
// copies).
var diceOf = func() (d [7][7][]int) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			d[a][b] = []int{a, b}[:2:2]
		}
	}
	return d
}()

// moveEvent is an event of p's stone moving from track position from to
// to: From and To absolute, TrackFrom and TrackTo in p's track.
func moveEvent(kind brettspiel.EventKind, rule string, p brettspiel.Player, from, to int) brettspiel.Event {
	return brettspiel.Event{Kind: kind, Rule: rule, Player: p, Other: brettspiel.Nobody, Amount: 1,
		From: int(absPoint[p][from]), To: int(absPoint[p][to]), TrackFrom: from, TrackTo: to,
		FromName: placeNames[from], ToName: placeNames[to]}
}

func (g *Game) applyThrow(t dice.Throw) {
	switch g.phase {
	case phaseDraw0, phaseDraw1:
		p := brettspiel.Player(g.phase - phaseDraw0)
		e := ev(brettspiel.EventThrow, "V-S1", p)
		e.Number, e.Dice, e.Note = t.Sum(), diceOf[t.A][t.B], "draw for the start"
		g.events = append(g.events, e)
		if g.phase == phaseDraw0 {
			g.draw0, g.phase = uint8(t.Sum()), phaseDraw1
			return
		}
		switch s := uint8(t.Sum()); {
		case s == g.draw0:
			g.phase = phaseDraw0
			e := ev(brettspiel.EventDecide, "V-S1", brettspiel.Nobody)
			e.Note = "equal totals: both throw again"
			g.events = append(g.events, e)
		default:
			g.toMove = 0
			if s > g.draw0 {
				g.toMove = 1
			}
			g.phase = phaseThrow
			e := ev(brettspiel.EventDecide, "V-S1", g.toMove)
			e.Note = "the higher total begins and throws anew"
			g.events = append(g.events, e)
		}
		g.draw0 = 0
		return
	}
	g.dice = [2]uint8{t.A, t.B}
	g.phase = phasePlay
	e := ev(brettspiel.EventThrow, "", g.toMove)
	e.Number, e.Dice = t.Sum(), diceOf[t.A][t.B]
	if t.IsDoublet() {
		e.Rule = "V-D1"
	}
	g.events = append(g.events, e)
	me, opp := &g.b.Sides[g.toMove], &g.b.Sides[1-g.toMove]
	if g.opts.junker(me, opp) {
		e := ev(EventJunker, "V-J1", g.toMove)
		e.Amount, e.Number = int(me[bar]), g.opts.openEntries(me, opp)
		e.Note = "more stones off the board than open entry points"
		g.events = append(g.events, e)
	}
}

func (g *Game) applyPlay(pay uint64) {
	p := g.toMove
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	switch pay {
	case concedePayload:
		g.events = append(g.events, ev(EventConcede, "V-W2", p))
		g.finish(1-p, Conceded)
		return
	case 0:
		e := ev(brettspiel.EventPass, "V-D2", p)
		if g.opts.junker(me, opp) {
			e.Rule, e.Note = "V-J1", "junker"
		}
		g.events = append(g.events, e)
	}
	for i := 0; i < maxSteps; i++ {
		from, to, die, ok := stepAt(pay, i)
		if !ok {
			break
		}
		hit := to <= 24 && opp[oppPoint[to]] == 1
		me[from]--
		me[to]++
		var e brettspiel.Event
		switch {
		case from == bar:
			e = moveEvent(brettspiel.EventEnter, "V-E1", p, from, to)
		case to == off:
			e = moveEvent(brettspiel.EventBearOff, "V-F1", p, from, to)
		default:
			e = moveEvent(brettspiel.EventMove, "", p, from, to)
		}
		e.Number = die
		g.events = append(g.events, e)
		if hit {
			opp[oppPoint[to]]--
			opp[bar]++
			// the hitter's event: the point in his track; the hit stone goes
			// to Other's bar
			h := ev(brettspiel.EventHit, "V-H1", p)
			if from == bar {
				h.Rule = "V-E3"
			}
			h.Other, h.Amount, h.To, h.TrackTo, h.Number = 1-p, 1, int(absPoint[p][to]), to, die
			g.events = append(g.events, h)
		}
	}
	g.endTurn()
}

// endTurn judges the end of the game after a whole turn (V-W1, V-W3, V-W4)
// and passes the turn on.
func (g *Game) endTurn() {
	p := g.toMove
	me, opp := &g.b.Sides[p], &g.b.Sides[1-p]
	g.turns++
	g.dice = [2]uint8{} // no throw is being played until the next one
	switch {
	case me[off] == 15:
		end := SingleGame
		if d := g.opts.doubleLoss(opp, me); d != NotEnded {
			end = d
		}
		g.finish(p, end)
	case g.opts.doubleLoss(opp, me) != NotEnded:
		g.finish(p, g.opts.doubleLoss(opp, me))
	case me[24] == 15:
		g.finish(p, DoublePoint24)
	case opp[24] == 15:
		g.finish(1-p, DoublePoint24)
	case g.opts.doubleLoss(me, opp) != NotEnded:
		g.finish(1-p, g.opts.doubleLoss(me, opp))
	case g.opts.junker(me, opp) && g.opts.junker(opp, me):
		// neither can ever move again: a Junker enters nowhere and moves
		// nothing else, so the position would only repeat
		g.finish(brettspiel.Nobody, DrawnBothJunker)
	case g.turns >= g.opts.turnCap():
		g.finish(brettspiel.Nobody, TurnCapped)
	default:
		g.toMove = 1 - p
		g.phase = phaseThrow
	}
}

// finish ends the game with its winner (Nobody for a draw and the turn cap)
// and reports it in an EventEnd.
func (g *Game) finish(winner brettspiel.Player, end Ending) {
	// a game over keeps no dice and no seat to move, so that its ID and JSON
	// say only what decides the result
	g.phase, g.winner, g.ending = phaseOver, winner, end
	g.dice, g.toMove = [2]uint8{}, 0
	e := ev(brettspiel.EventEnd, end.Rule(), winner)
	if winner == 0 || winner == 1 {
		e.Other = 1 - winner
	}
	e.Amount, e.Note = end.Points(), end.String()
	g.events = append(g.events, e)
}

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

// Concedes reports whether m gives the game up as a single game (V-W2). Bots
// use it to keep from conceding a game they could still play on (see the
// module's bot package).
func (g *Game) Concedes(m brettspiel.Move) bool {
	a := m.Actor()
	return (a == 0 || a == 1) && m.Payload() == concedePayload
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

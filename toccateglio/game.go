package toccateglio

import (
	"math/bits"
	"math/rand/v2"
	"slices"

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
)

// resume says how play goes on after a Partie when the winner keeps his Rest.
type resume uint8

const (
	resumeMove  resume = iota // won by the hit marks: that throw is played (steps 3–6)
	resumeSetup               // won by the Marsch: the setup, the winner throws
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
	quiet   bool // Simulate: no events are recorded
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
	}
	return g.turn
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
	case phaseThrow, phaseMove, phaseDecide:
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

// zeroGame is the error of a call on the zero Game.
func zeroGame(op string) error {
	return &brettspiel.Error{Op: op, Err: brettspiel.ErrZeroGame}
}

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

// Returns gives each player his strokes minus the opponent's (T-W4): the
// strokes of the Partien finished so far, also before the end.
func (g *Game) Returns() []int {
	d := int(g.strokes[0] - g.strokes[1])
	return []int{d, -d}
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

// Clone returns an independent copy.
func (g *Game) Clone() brettspiel.Game {
	c := *g
	c.events = append([]brettspiel.Event(nil), g.events...)
	return &c
}

// throws lists the 21 distinct throws, higher die first, in ascending payload
// order: 1-1, 2-1, 2-2, 3-1, …, 6-6.
var throws = func() (t [21][2]uint8) {
	i := 0
	for hi := uint8(1); hi <= 6; hi++ {
		for lo := uint8(1); lo <= hi; lo++ {
			t[i] = [2]uint8{hi, lo}
			i++
		}
	}
	return t
}()

func throwMove(hi, lo uint8) brettspiel.Move {
	return kit.NewMove(brettspiel.Chance, uint64(hi)<<3|uint64(lo))
}

// LegalMoves returns the legal moves, sorted.
func (g *Game) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }

// AppendLegalMoves appends the legal moves to dst: the 21 throws at a chance
// node, the decisions at the end of a Partie, the plays of a throw (the pass
// first when it is legal). It does not allocate when dst has room.
func (g *Game) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	switch g.phase {
	case phaseOver, phaseZero:
		return dst
	case phaseDraw0, phaseDraw1, phaseThrow:
		for _, t := range throws {
			dst = append(dst, throwMove(t[0], t[1]))
		}
		return dst
	case phaseDecide:
		return append(dst, kit.NewMove(g.turn, decideAfresh), kit.NewMove(g.turn, decideGoOn))
	}
	return g.appendPlays(dst)
}

// chanceOutcomes is the table ChanceOutcomes returns: the 21 throws in the
// order of AppendLegalMoves, weighted 1 (doublets) or 2 of 36.
var chanceOutcomes = func() []brettspiel.Outcome {
	outs := make([]brettspiel.Outcome, 0, len(throws))
	for _, t := range throws {
		w := 2
		if t[0] == t[1] {
			w = 1
		}
		outs = append(outs, brettspiel.Outcome{Move: throwMove(t[0], t[1]), Weight: w})
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

// ChanceOutcomes lists the 21 distinct throws with their weights of 36, at
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

// Apply plays m, which must be one of the legal moves; on error the state is
// unchanged. A play is checked by replaying its steps (see checkPlay), not by
// listing every play.
func (g *Game) Apply(m brettspiel.Move) error {
	var mv mover // the position as the mover sees it, when a play is checked
	if !g.isLegal(m, &mv) {
		if g.phase == phaseZero {
			return zeroGame("apply")
		}
		if g.phase == phaseMove && m.Actor() == g.turn {
			return g.refusePlay(m) // the rule the play breaks
		}
		return kit.CheckMove(g.ToMove(), m, nil, g.MoveString) // says why
	}
	g.events = g.events[:0]
	switch g.phase {
	case phaseDraw0, phaseDraw1, phaseThrow:
		g.applyThrow(uint8(m.Payload()>>3), uint8(m.Payload()&7))
	case phaseDecide:
		g.applyDecision(m.Payload() == decideGoOn)
	case phaseMove:
		g.applyPlay(m.Payload(), nil, &mv)
		g.countTurn()
	}
	return nil
}

// isLegal reports whether m is one of the legal moves; for a play it fills
// mv for applyPlay.
func (g *Game) isLegal(m brettspiel.Move, mv *mover) bool {
	p := m.Payload()
	switch g.phase {
	case phaseOver, phaseZero:
		return false
	case phaseDraw0, phaseDraw1, phaseThrow:
		hi, lo := p>>3, p&7
		return m.Actor() == brettspiel.Chance && p>>6 == 0 && lo >= 1 && lo <= hi && hi <= 6
	case phaseDecide:
		return m.Actor() == g.turn && (p == decideGoOn || p == decideAfresh)
	}
	if m.Actor() != g.turn {
		return false
	}
	*mv = g.newMover()
	_, ok := g.checkPlay(mv, p)
	return ok
}

// countTurn counts a play or pass for the turn cap and ends the match there.
func (g *Game) countTurn() {
	g.turns++
	if g.phase != phaseOver && int(g.turns) >= g.opts.TurnCap {
		g.phase, g.capped = phaseOver, true
		e := ev(brettspiel.EventEnd, "", brettspiel.Nobody, brettspiel.Nobody)
		e.Note = "turn cap"
		g.emit(e)
	}
}

func (g *Game) emit(e brettspiel.Event) {
	if !g.quiet {
		g.events = append(g.events, e)
	}
}

func ev(kind brettspiel.EventKind, rule string, player, other brettspiel.Player) brettspiel.Event {
	return brettspiel.Event{Kind: kind, Rule: rule, Player: player, Other: other,
		From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace}
}

// Names of the places off the points, for the events.
const (
	handName = "hand"
	offName  = "off"
)

// absPoint returns the point t of player p's track in absolute points
// (player 0's track): 25−t for player 1 (board.Opposite). The hand (0) and
// off (25) are the same in every track.
func absPoint(p brettspiel.Player, t int) int {
	if p == 1 && t >= 1 && t <= 24 {
		return 25 - t
	}
	return t
}

// place sets e's From and To to the track points from and to of Player (or
// NoPlace), in absolute points and in his track, naming the hand and off.
func place(e *brettspiel.Event, from, to int) {
	e.TrackFrom, e.TrackTo = from, to
	e.From, e.To = absPoint(e.Player, from), absPoint(e.Player, to)
	if from == hand {
		e.FromName = handName
	}
	if to == off {
		e.ToName = offName
	}
}

// throwDice holds the dice of every throw as the slice of its events, so
// that a throw's event costs no allocation. The slices are shared and
// read-only; their capacity ends at their length, so an append copies.
var throwDice = func() (d [7][7][]int) {
	for hi := 1; hi <= 6; hi++ {
		for lo := 1; lo <= 6; lo++ {
			d[hi][lo] = []int{hi, lo}[:2:2]
		}
	}
	return d
}()

// emitThrow emits the event of the throw hi-lo by player, built in its
// place in the list.
func (g *Game) emitThrow(rule string, player brettspiel.Player, hi, lo uint8) {
	if g.quiet {
		return
	}
	g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventThrow, Rule: rule, Player: player, Other: brettspiel.Nobody,
		From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace,
		Number: int(hi + lo), Dice: throwDice[hi%7][lo%7], Note: throwNote(hi, lo)})
}

// throwNotes holds the notation of every throw, so that events need no
// allocation.
var throwNotes = func() (n [7][7]string) {
	for hi := 1; hi <= 6; hi++ {
		for lo := 1; lo <= 6; lo++ {
			n[hi][lo] = string([]byte{'0' + byte(hi), '-', '0' + byte(lo)})
		}
	}
	return n
}()

func throwNote(hi, lo uint8) string { return throwNotes[hi%7][lo%7] }

func (g *Game) applyThrow(hi, lo uint8) {
	switch g.phase {
	case phaseDraw0:
		g.draw0 = [2]uint8{hi, lo}
		g.emitThrow("T-S3", 0, hi, lo)
		g.phase = phaseDraw1
		return
	case phaseDraw1:
		g.emitThrow("T-S3", 1, hi, lo)
		t0, t1 := g.draw0[0]+g.draw0[1], hi+lo
		if t0 == t1 {
			e := ev(EventBegin, "T-S3", brettspiel.Nobody, brettspiel.Nobody)
			e.Note = "equal totals: both throw again"
			g.emit(e)
			g.phase = phaseDraw0
			return
		}
		starter := brettspiel.Player(0)
		if (t1 > t0) != g.opts.LowerBegins {
			starter = 1
		}
		e := ev(EventBegin, "T-S3", starter, 1-starter)
		g.turn = starter
		if !g.opts.LowerBegins {
			e.Note = "the higher total begins"
			g.emit(e)
			g.phase = phaseThrow
			return
		}
		e.Note = "the lower total begins with that throw"
		g.emit(e)
		if starter == 0 {
			hi, lo = g.draw0[0], g.draw0[1]
		}
	default:
		g.emitThrow("", g.turn, hi, lo)
	}
	g.dice = [2]uint8{hi, lo}
	g.phase = phaseMove
	me := g.turn
	if n := g.hitCount(int(me)); n > 0 {
		if !g.quiet {
			g.hitMarks(int(me), true) // the events, one per hit
		}
		g.marks[me] += int8(n)
		if g.marks[me] >= 12 {
			g.endPartie(me, resumeMove, me)
		}
	}
}

// hitMarks counts the marks of T-M1…T-M3 for player me with the current throw
// from the position as it stands, and emits their events when emit is set.
func (g *Game) hitMarks(me int, emit bool) int {
	s, occ := g.view(me)
	d1, d2 := int(g.dice[0]), int(g.dice[1])
	doublet := d1 == d2
	worth, rule := 1, "T-M1"
	if doublet {
		worth, rule = 2, "T-M2"
	}
	pl, other := brettspiel.Player(me), brettspiel.Player(1-me)
	total := 0
	hit := func(x, r int) {
		total += worth
		if emit { // built in its place in the list: an event is large to copy
			g.events = append(g.events, brettspiel.Event{Kind: brettspiel.EventMark, Rule: rule, Player: pl, Other: other, Amount: worth, Number: r, Note: "hit"})
			place(&g.events[len(g.events)-1], x, x+r)
		}
	}
	blot := func(t int) bool { return t <= 24 && t != oppHucke && occ[t] == 1 }
	stop := func(i int) bool { // a stone could stop here on the way
		switch {
		case occ[i] > 0:
			return false
		case i == ownHucke && s[ownHucke] == 0:
			return false
		case i == oppHucke && g.opts.ClosedOpponentHucke:
			return false
		}
		return true
	}
	for x := 1; x <= 24; x++ {
		if s[x] == 0 {
			continue
		}
		if blot(x + d1) {
			hit(x, d1)
		}
		if !doublet && blot(x+d2) {
			hit(x, d2)
		}
		if !g.opts.SingleDieHitsOnly && blot(x+d1+d2) && (stop(x+d1) || (!doublet && stop(x+d2))) {
			hit(x, d1+d2)
		}
	}
	// T-M3: the opponent's empty Hucke, by two stones at once, the own Hucke held.
	if s[ownHucke] >= 2 && occ[oppHucke] == 0 {
		avail := s
		avail[ownHucke] -= 2 // the base of the own Hucke never counts
		if hasPair(&avail, oppHucke-d1, oppHucke-d2) {
			n := 2 * worth
			total += n
			if emit {
				e := ev(brettspiel.EventMark, "T-M3", pl, other)
				e.Amount, e.Note = n, "Hucke hit"
				place(&e, brettspiel.NoPlace, oppHucke)
				g.emit(e)
			}
		}
	}
	return total
}

// hitCount is hitMarks without the events, by bit masks: the same count.
func (g *Game) hitCount(me int) int {
	s, o := &g.sides[me], &g.sides[1-me]
	d1, d2 := int(g.dice[0]), int(g.dice[1])
	var src, blot, open uint32 // by points of the mover's track
	for p := 1; p <= 24; p++ {
		src |= nz(s[p]) << p
		c := o[25-p]
		open |= (1 - nz(c)) << p
		if c == 1 {
			blot |= 1 << p
		}
	}
	blot &^= 1 << oppHucke // never a target (T-M3 covers it)
	stop := open           // a stone could stop here on the way
	if s[ownHucke] == 0 {
		stop &^= 1 << ownHucke
	}
	if g.opts.ClosedOpponentHucke {
		stop &^= 1 << oppHucke
	}
	n := 0
	if d1 == d2 {
		n = bits.OnesCount32(src & (blot >> d1))
		if !g.opts.SingleDieHitsOnly {
			n += bits.OnesCount32(src & (blot >> (2 * d1)) & (stop >> d1))
		}
		n *= 2
	} else {
		n = bits.OnesCount32(src&(blot>>d1)) + bits.OnesCount32(src&(blot>>d2))
		if !g.opts.SingleDieHitsOnly {
			n += bits.OnesCount32(src & (blot >> (d1 + d2)) & (stop>>d1 | stop>>d2))
		}
	}
	// T-M3: the opponent's empty Hucke, by two stones at once, the own Hucke held.
	if s[ownHucke] >= 2 && o[25-oppHucke] == 0 {
		avail := *s
		avail[ownHucke] -= 2 // the base of the own Hucke never counts
		if hasPair(&avail, oppHucke-d1, oppHucke-d2) {
			if d1 == d2 {
				n += 4
			} else {
				n += 2
			}
		}
	}
	return n
}

// closedQuarters returns a bit per quarter 1, 2, 4 whose six points all hold
// two or more of the side's stones (T-J1).
func closedQuarters(s *board.Side) uint8 {
	// Adding 0x7e to a count of 0…16 sets its top bit exactly when it is 2
	// or more; a quarter is six bytes of a word.
	const six, plus = 0x0000808080808080, 0x7e7e7e7e7e7e7e7e
	var m uint8
	for i, w := range [3]uint64{word(s, 1), word(s, 7), word(s, 18) >> 8} { // points 1…6, 7…12, 19…24
		if (w+plus)&six == six {
			m |= 2 << (i + i/2) // quarters 1, 2, 4
		}
	}
	return m
}

// afterPlay returns the side after the steps of payload.
func afterPlay(s board.Side, payload uint64) board.Side {
	a, b := playSteps(payload)
	for _, st := range [2]step{a, b} {
		if st != 0 {
			s[st.from()]--
			s[st.to()]++
		}
	}
	return s
}

// applyPlay plays a legal play and runs steps 4–6 of T-W1. legal is the list
// of the legal moves when the caller has it; it is needed (and otherwise
// made) only when the play opens a closed quarter (T-J2). mv, if not nil, is
// the mover's view of the position before the play (for the events).
func (g *Game) applyPlay(payload uint64, legal []brettspiel.Move, mv *mover) {
	me := g.turn
	you := 1 - me
	before := g.sides[me]
	after := afterPlay(before, payload)
	closedBefore := closedQuarters(&before)
	closedAfter := closedQuarters(&after)
	opened := closedBefore &^ closedAfter
	var keepable uint8 // the quarters that some legal play keeps closed
	if opened != 0 {
		var buf [64]brettspiel.Move
		if legal == nil {
			legal = g.appendPlays(buf[:0])
		}
		for _, m := range legal {
			f := afterPlay(before, m.Payload())
			keepable |= closedQuarters(&f)
		}
	}
	unusedDie := g.playSteps(payload, mv)
	a, b := playSteps(payload)
	// (4) the opponent's marks: unplayable numbers (T-D7) and an opened Jan (T-J2).
	unplayed := 0
	switch {
	case after[off] == int8(g.opts.Stones):
		// a number left over after the last stone is borne off is not unplayable
	case a == 0:
		unplayed = 2
	case b == 0:
		unplayed = 1
	}
	pen := 0
	if unplayed > 0 {
		dice := [2]int{int(g.dice[0]), int(g.dice[1])}
		if unplayed == 1 {
			dice[0] = unusedDie
		}
		for i := 0; i < unplayed; i++ {
			e := ev(brettspiel.EventMark, "T-D7", you, me)
			e.Amount, e.Number, e.Note = 1, dice[i], "unplayable number"
			g.emit(e)
			pen++
		}
	}
	if opened != 0 {
		for _, q := range [3]int{1, 2, 4} {
			if opened&keepable&(1<<q) != 0 {
				e := ev(brettspiel.EventMark, "T-J2", you, me)
				e.Amount, e.Number, e.Note = 2, q, "a closed quarter opened that could have been kept"
				g.emit(e)
				pen += 2
			}
		}
	}
	if pen > 0 {
		g.marks[you] += int8(pen)
		if g.marks[you] >= 12 {
			g.endPartie(you, resumeNext, g.nextThrower())
			return
		}
	}
	// (5) the mover's Jan marks (T-J1; T-J3 when kept by an unplayable number).
	jan := 0
	for _, q := range [3]int{1, 2, 4} {
		if closedAfter&(1<<q) != 0 {
			rule := "T-J1"
			if unplayed > 0 && closedBefore&(1<<q) != 0 {
				rule = "T-J3"
			}
			e := ev(brettspiel.EventMark, rule, me, you)
			e.Amount, e.Number, e.Note = 2, q, "closed quarter"
			g.emit(e)
			jan += 2
		}
	}
	if jan > 0 {
		g.marks[me] += int8(jan)
		if g.marks[me] >= 12 {
			g.endPartie(me, resumeNext, g.nextThrower())
			return
		}
	}
	// (6) the Marsch (T-B3, T-B4).
	if after[off] == int8(g.opts.Stones) {
		e := ev(brettspiel.EventMark, "T-B3", me, you)
		e.Amount, e.Note = 2, "Marsch"
		g.emit(e)
		g.marks[me] += 2
		if g.marks[me] >= 12 {
			g.endPartie(me, resumeSetup, me)
			return
		}
		if !g.opts.NoSatz && g.dice[0] == g.dice[1] {
			e := ev(EventSatz, "T-B3", me, you)
			e.Note = "the Marsch won with a doublet wins the Partie"
			g.emit(e)
			g.endPartie(me, resumeSetup, me)
			return
		}
		g.setup()
		e = ev(EventSetup, "T-B4", me, you)
		e.Note = "a new Marsch; its winner throws"
		g.emit(e)
		g.turn, g.phase, g.dice = me, phaseThrow, [2]uint8{}
		return
	}
	g.turn, g.phase = g.nextThrower(), phaseThrow
	g.dice = [2]uint8{}
}

// nextThrower is who throws after the current turn: the mover again after a
// doublet under ThrowAgainAfterDoublet (T-D1), else the opponent.
func (g *Game) nextThrower() brettspiel.Player {
	if g.opts.ThrowAgainAfterDoublet && g.dice[0] == g.dice[1] {
		return g.turn
	}
	return 1 - g.turn
}

// assignDice returns the dice that the steps a and b (b may be 0) of a play
// from side s used, lower die tried first for the first step.
func (g *Game) assignDice(m *mover, a, b step) (int, int) {
	s := m.s
	d := [2]int{int(g.dice[1]), int(g.dice[0])}
	for o := 0; o < 2; o++ {
		x, y := d[o], d[1-o]
		if t, ok := m.stepTo(&s, a.from(), x, true); !ok || t != a.to() {
			continue
		}
		if b == 0 {
			return x, y
		}
		s1 := s
		s1[a.from()]--
		s1[a.to()]++
		if t, ok := m.stepTo(&s1, b.from(), y, false); ok && t == b.to() {
			return x, y
		}
	}
	return d[0], d[1]
}

// playSteps moves the stones of a play and emits the move events; it returns
// the die left unused by a one-step play (0 when quiet). m, if not nil, is
// the mover's view of the position before the play.
func (g *Game) playSteps(payload uint64, m *mover) (unused int) {
	me := g.turn
	a, b := playSteps(payload)
	if g.quiet {
		for _, st := range [2]step{a, b} {
			if st != 0 {
				g.sides[me][st.from()]--
				g.sides[me][st.to()]++
			}
		}
		return 0
	}
	if a == 0 {
		g.emit(ev(brettspiel.EventPass, "T-D7", me, brettspiel.Nobody))
		return 0
	}
	if m == nil {
		mv := g.newMover()
		m = &mv
	}
	fa, fb, isForce := g.forcePlay(m)
	isForce = isForce && mkPlay(fa, fb) == payload
	var da, db int
	if isForce {
		da, db = ownHucke-a.from()+1, ownHucke-b.from()+1
	} else {
		da, db = g.assignDice(m, a, b)
	}
	for i, st := range [2]step{a, b} {
		if st == 0 {
			continue
		}
		num := da
		if i == 1 {
			num = db
		}
		kind, rule, note := brettspiel.EventMove, "T-D2", ""
		switch {
		case isForce:
			rule, note = "T-H3", "the Hucke taken by force"
		case st.from() == hand:
			kind, rule = brettspiel.EventEnter, "T-S4"
		case st.to() == off:
			kind, rule = brettspiel.EventBearOff, "T-B1"
		}
		// Built in its place in the list: an event is large to copy.
		g.events = append(g.events, brettspiel.Event{Kind: kind, Rule: rule, Player: me, Other: brettspiel.Nobody, Number: num, Note: note})
		place(&g.events[len(g.events)-1], st.from(), st.to())
		g.sides[me][st.from()]--
		g.sides[me][st.to()]++
	}
	if b == 0 {
		return db
	}
	return 0
}

// endPartie ends the Partie won by w (T-W2) and opens the winner's decision
// (T-W3), or ends the match (T-W4).
func (g *Game) endPartie(w brettspiel.Player, how resume, next brettspiel.Player) {
	l := 1 - w
	mult := g.opts.Multipliers.Multiplier(int(g.marks[l]))
	g.strokes[w] += int32(mult)
	g.partien++
	e := ev(brettspiel.EventEnd, "T-W2", w, l)
	e.Amount, e.Number, e.Note = mult, int(g.marks[l]), "Partie won"
	g.emit(e)
	g.resume, g.next, g.turn = how, next, w
	if int(g.partien) >= g.opts.Partien {
		g.phase = phaseOver
		e := ev(brettspiel.EventEnd, "T-W4", w, l)
		e.Amount, e.Note = int(g.strokes[w]-g.strokes[l]), "match over"
		if g.strokes[w] < g.strokes[l] {
			e.Player, e.Other, e.Amount = l, w, -e.Amount
		} else if g.strokes[w] == g.strokes[l] {
			e.Player, e.Other = brettspiel.Nobody, brettspiel.Nobody
		}
		g.emit(e)
		return
	}
	g.phase = phaseDecide
}

// applyDecision carries out the winner's choice (T-W3).
func (g *Game) applyDecision(goOn bool) {
	w := g.turn
	l := 1 - w
	e := ev(brettspiel.EventDecide, "T-W3", w, brettspiel.Nobody)
	if !goOn {
		e.Note = "afresh"
		g.emit(e)
		g.marks = [2]int8{}
		g.setup()
		s := ev(EventSetup, "T-W3", w, brettspiel.Nobody)
		s.Note = "a new Partie afresh"
		g.emit(s)
		g.start()
		if g.phase == phaseThrow {
			b := ev(EventBegin, "T-S3", g.turn, 1-g.turn)
			b.Note = "FirstPlayer"
			g.emit(b)
		}
		return
	}
	rest := max(0, min(int(g.marks[w])-12, 11)) // after a Satz below 12 there is none
	g.marks[w], g.marks[l] = int8(rest), 0
	e.Note, e.Amount = "go on with the Rest", rest
	g.emit(e)
	switch g.resume {
	case resumeMove:
		g.phase = phaseMove
	case resumeSetup:
		g.setup()
		s := ev(EventSetup, "T-B4", w, brettspiel.Nobody)
		s.Note = "a new Marsch; its winner throws"
		g.emit(s)
		g.phase, g.dice = phaseThrow, [2]uint8{}
	default:
		g.turn, g.phase, g.dice = g.next, phaseThrow, [2]uint8{}
	}
}

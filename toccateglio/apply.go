package toccateglio

import (
	"math/bits"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/kit"
)

// Apply plays m, which must be one of the legal moves; on error the state is
// unchanged. A play is checked by replaying its steps (see checkPlay), not by
// listing every play.
func (g *Game) Apply(m brettspiel.Move) error {
	var mv mover // the position as the mover sees it, when a play is checked
	if !g.isLegal(m, &mv) {
		if g.phase == phaseZero {
			return zeroGame(kit.OpApply)
		}
		if m.Payload() == giveUpPayload {
			if err := g.mayGiveUp(m.Actor(), kit.OpApply); err != nil {
				return err
			}
			g.events = g.events[:0]
			g.applyGiveUp(m.Actor())
			return nil
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
	case phaseMark, phaseSchule:
		g.applySchule(m.Payload())
	}
	return nil
}

// isLegal reports whether m is one of the legal moves; for a play it fills
// mv for applyPlay.
func (g *Game) isLegal(m brettspiel.Move, mv *mover) bool {
	p := m.Payload()
	if g.phase == phaseMove { // the hot path first
		if m.Actor() != g.turn {
			return false
		}
		*mv = g.newMover()
		_, ok := g.checkPlay(mv, p)
		return ok
	}
	switch g.phase {
	case phaseOver, phaseZero:
		return false
	case phaseDraw0, phaseDraw1, phaseThrow:
		hi, lo := p>>3, p&7
		return m.Actor() == brettspiel.Chance && p>>6 == 0 && lo >= 1 && lo <= hi && hi <= 6
	case phaseDecide:
		return m.Actor() == g.turn && (p == decideGoOn || p == decideAfresh)
	case phaseMark, phaseSchule:
		return g.schuleLegal(m)
	}
	return false
}

// countTurn counts a play or pass for the turn cap and ends the match there;
// with the Schule the cap waits for the windows after the play (capTurn).
func (g *Game) countTurn() {
	g.turns++
	if g.phase != phaseMark {
		g.capTurn()
	}
}

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
	if g.opts.Schule {
		g.openWindow(2) // the mover declares his hits (T-W5a)
		return
	}
	if n := g.hitCount(int(me)); n > 0 {
		if !g.quiet {
			g.hitMarks(int(me), true) // the events, one per hit
		}
		if g.addMarks(me, n) {
			g.endPartie(me, resumeMove, me)
		}
	}
}

// applyPlay plays a legal play and runs steps 4–6 of T-W1. legal is the list
// of the legal moves when the caller has it; it is needed (and otherwise
// made) only when the play opens a closed quarter (T-J2). mv, if not nil, is
// the mover's view of the position before the play (for the events).
func (g *Game) applyPlay(payload uint64, legal []brettspiel.Move, mv *mover) {
	before := g.sides[g.turn]
	after := afterPlay(before, payload)
	closedBefore := closedQuarters(&before)
	closedAfter := closedQuarters(&after)
	opened := closedBefore &^ closedAfter
	if opened != 0 {
		opened &= g.keepable(&before, legal)
	}
	unusedDie := g.moveStones(payload, mv)
	a, b := playSteps(payload)
	marsch := after[off] == int8(g.opts.Stones)
	unplayed := 0
	switch {
	case marsch:
		// a number left over after the last stone is borne off is not unplayable
	case a == 0:
		unplayed = 2
	case b == 0:
		unplayed = 1
	}
	if g.opts.Schule {
		if unplayed != 1 {
			// the die a one-step play left is kept only when it is
			// unplayable: not after the last stone is borne off (T-D7)
			unusedDie = 0
		}
		// steps 4–6 are declared by the players, one window each (T-W5a)
		g.sch = schule{unplayed: uint8(unplayed), unusedDie: uint8(unusedDie), opened: opened, closedBefore: closedBefore}
		g.openWindow(4)
		return
	}
	if g.markOpponent(unplayed, unusedDie, opened) {
		return
	}
	if g.markJans(closedBefore, closedAfter, unplayed > 0) {
		return
	}
	if marsch {
		g.winMarsch()
		return
	}
	g.turn, g.phase = g.nextThrower(), phaseThrow
	g.dice = [2]uint8{}
}

// keepable returns the quarters that some legal play from the mover's side
// before keeps closed (T-J2). legal is the list of the legal plays, or nil
// when the caller has none.
func (g *Game) keepable(before *board.Side, legal []brettspiel.Move) uint8 {
	var buf [64]brettspiel.Move
	if legal == nil {
		legal = g.appendPlays(buf[:0])
	}
	var keep uint8
	for _, m := range legal {
		f := afterPlay(*before, m.Payload())
		keep |= closedQuarters(&f)
	}
	return keep
}

// markOpponent is step 4 of T-W1: the opponent's marks for the unplayed
// numbers of the throw (T-D7; unusedDie is the one of a one-step play) and
// for each closed quarter opened that could have been kept (T-J2). It
// reports whether they ended the Partie.
func (g *Game) markOpponent(unplayed, unusedDie int, opened uint8) bool {
	you := 1 - g.turn
	pen := g.penaltyEvents(unplayed, unusedDie, opened)
	if pen > 0 && g.addMarks(you, pen) {
		g.endPartie(you, resumeNext, g.nextThrower())
		return true
	}
	return false
}

// penaltyEvents emits the events of step 4 of T-W1 (see markOpponent) and
// returns the marks they give the opponent.
func (g *Game) penaltyEvents(unplayed, unusedDie int, opened uint8) int {
	me := g.turn
	you := 1 - me
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
			if opened&(1<<q) != 0 {
				g.markQuarter("T-J2", you, q, "a closed quarter opened that could have been kept")
				pen += 2
			}
		}
	}
	return pen
}

// markJans is step 5 of T-W1: the mover's marks for his closed quarters
// (T-J1; T-J3 for one that was closed before and is kept by an unplayed
// number). It reports whether they ended the Partie.
func (g *Game) markJans(closedBefore, closedAfter uint8, unplayed bool) bool {
	me := g.turn
	jan := g.janEvents(closedBefore, closedAfter, unplayed)
	if jan > 0 && g.addMarks(me, jan) {
		g.endPartie(me, resumeNext, g.nextThrower())
		return true
	}
	return false
}

// janEvents emits the events of step 5 of T-W1 (see markJans) and returns
// the mover's marks for them.
func (g *Game) janEvents(closedBefore, closedAfter uint8, unplayed bool) int {
	me := g.turn
	jan := 0
	for _, q := range [3]int{1, 2, 4} {
		if closedAfter&(1<<q) != 0 {
			rule := "T-J1"
			if unplayed && closedBefore&(1<<q) != 0 {
				rule = "T-J3"
			}
			g.markQuarter(rule, me, q, "closed quarter")
			jan += 2
		}
	}
	return jan
}

// addMarks scores n marks for p and reports whether they reach the 12
// that win the Partie (T-W1); the caller ends it as its step requires.
func (g *Game) addMarks(p brettspiel.Player, n int) bool {
	g.marks[p] += int8(n)
	return g.marks[p] >= 12
}

// markQuarter emits the 2 marks for player by rule for the quarter q
// (T-J1…T-J3); the other player is his opponent.
func (g *Game) markQuarter(rule string, player brettspiel.Player, q int, note string) {
	e := ev(brettspiel.EventMark, rule, player, 1-player)
	e.Amount, e.Number, e.Note = 2, q, note
	g.emit(e)
}

// winMarsch is step 6 of T-W1: the mover bore off his last stone and wins
// the Marsch (T-B3): its marks, the Satz of a doublet, or else a new Marsch
// from the setup, its winner to throw (T-B4).
func (g *Game) winMarsch() {
	me := g.turn
	g.marschEvent()
	if g.addMarks(me, 2) {
		g.endPartie(me, resumeSetup, me)
		return
	}
	g.afterMarsch()
}

// marschEvent emits the mover's 2 marks for the Marsch (T-B3).
func (g *Game) marschEvent() {
	e := ev(brettspiel.EventMark, "T-B3", g.turn, 1-g.turn)
	e.Amount, e.Note = 2, "Marsch"
	g.emit(e)
}

// afterMarsch is the rest of step 6 when the Marsch marks did not win the
// Partie: the Satz of a doublet (T-B3), or a new Marsch from the setup, its
// winner to throw (T-B4).
func (g *Game) afterMarsch() {
	me := g.turn
	you := 1 - me
	if !g.opts.NoSatz && g.dice[0] == g.dice[1] {
		e := ev(EventSatz, "T-B3", me, you)
		e.Note = "the Marsch won with a doublet wins the Partie"
		g.emit(e)
		g.endPartie(me, resumeSetup, me)
		return
	}
	g.setup()
	e := ev(EventSetup, "T-B4", me, you)
	e.Note = "a new Marsch; its winner throws"
	g.emit(e)
	g.turn, g.phase, g.dice = me, phaseThrow, [2]uint8{}
}

// nextThrower is who throws after the current turn: the mover again after a
// doublet under ThrowAgainAfterDoublet (T-D1), else the opponent.
func (g *Game) nextThrower() brettspiel.Player {
	if g.opts.ThrowAgainAfterDoublet && g.dice[0] == g.dice[1] {
		return g.turn
	}
	return 1 - g.turn
}

// moveStones moves the stones of a play and emits the move events; it returns
// the die left unused by a one-step play (0 when quiet). m, if not nil, is
// the mover's view of the position before the play.
func (g *Game) moveStones(payload uint64, m *mover) (unused int) {
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
		// the winning throw is played by its thrower: the winner, unless
		// the other player won it by his claims (Schule)
		g.turn, g.phase = g.next, phaseMove
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

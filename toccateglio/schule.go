package toccateglio

import (
	"fmt"
	"math/bits"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// Event kinds of the Schule (Options.Schule, T-W5).
const (
	// EventDeclare: Player declared Amount marks for the T-W1 step Number
	// (2 hits, 4 unplayable numbers and opened quarters, 5 closed quarters,
	// 6 the Marsch), as his move (T-W5a).
	EventDeclare brettspiel.EventKind = "declare"
	// EventSchule: Player sent Other to school and marked Amount points;
	// Other's marks went down by Number (what he had marked too many of
	// them), T-W5b.
	EventSchule brettspiel.EventKind = "schule"
	// EventRight: Player made Other mark right: Other's marks went up
	// (Note "forgot") or down ("too many") by Amount to what was due, or
	// stayed ("was right"), and nobody marked for it (T-W5c).
	EventRight brettspiel.EventKind = "right"
	// EventLetPass: Player let Other's declaration or claim pass (T-W5c).
	EventLetPass brettspiel.EventKind = "let-pass"
)

// maxClaims bounds the claims of one window of the Schule, a claim and the
// claims back against it, so that every window ends: after that many the
// question offers "right" and "pass" alone. The claims alternate between
// the players, so a player's marks stay below 127: at most 11 before the
// window, 12 declared, three claims of 12 and 40 more due than 12 (52, the
// most one step gives, maxMarksAtOnce).
const maxClaims = 6

// maxWindowMoves bounds the moves of one window: the declaration, the
// claims, and the answer that closes it.
const maxWindowMoves = maxClaims + 2

// Payloads of the moves of the Schule. A declaration is schuleMark | n
// (n = 0…12); an answer is schuleAsk | 0 (pass), | 1 (right), | 1+k (a claim
// of k = 1…12 points). Their order is the order of the lists: pass, right,
// then the claims by size.
const (
	schuleMark = 1 << 42
	schuleAsk  = schuleMark | 1<<5
	askPass    = schuleAsk
	askRight   = schuleAsk | 1
)

// schule is the state of one window of the Schule: the step of T-W1 whose
// points are declared or questioned, the item in question (a declaration or
// a claim) and what the play left to be marked after it. Fields marked
// secret are what a player must not see: what was due.
type schule struct {
	step    uint8             // the step of T-W1: 2, 4, 5 or 6; 0 when no window is open
	author  brettspiel.Player // phaseSchule: who declared or claimed the item in question
	claims  uint8             // the claims made in the window
	seq     uint8             // the declarations, claims and corrections made in the window
	reached [2]uint8          // seq at which each player's marks last rose to 12 or more; 0 below
	owed    int8              // secret: by how much the item in question is wrong
	short   bool              // secret: the item fell short (a declaration that forgot points)
	extra   int8              // secret: what is due beyond a declaration of 12, marked when the window closes
	// What the play left for steps 4–6 (set by the play, kept to the end of
	// the turn): the unplayable numbers and the die left over by a one-step
	// play (T-D7), the closed quarters opened that could have been kept
	// (T-J2, secret), and the quarters closed before the play (T-J3).
	unplayed, unusedDie  uint8
	opened, closedBefore uint8
}

// declarer returns who declares the points of the window's step: the
// opponent at step 4, the mover at the others.
func (g *Game) declarer() brettspiel.Player {
	if g.sch.step == 4 {
		return 1 - g.turn
	}
	return g.turn
}

// asked returns who is asked about the item in question: the other player.
func (g *Game) asked() brettspiel.Player { return 1 - g.sch.author }

// due returns what the rules give for the window's step (T-W1): the hit
// marks (T-M1…T-M3), the unplayable numbers and opened quarters (T-D7,
// T-J2), the closed quarters (T-J1, T-J3), the Marsch (T-B3).
func (g *Game) due() int {
	switch g.sch.step {
	case 2:
		return g.hitCount(int(g.turn))
	case 4:
		return int(g.sch.unplayed) + 2*bits.OnesCount8(g.sch.opened)
	case 5:
		return 2 * bits.OnesCount8(closedQuarters(&g.sides[g.turn]))
	case 6:
		return 2
	}
	return 0
}

// openWindow opens the window of step: its player declares.
func (g *Game) openWindow(step uint8) {
	g.sch.step, g.sch.claims, g.sch.seq, g.sch.reached = step, 0, 0, [2]uint8{}
	g.sch.owed, g.sch.short, g.sch.author, g.sch.extra = 0, false, 0, 0
	g.phase = phaseMark
}

// appendSchule appends the moves of a window: the declarations 0…12 of the
// declarer, or the answers of the player asked (pass, right, the claims).
// They are the same whatever is due, so the list reveals nothing (T-W5a).
func (g *Game) appendSchule(dst []brettspiel.Move) []brettspiel.Move {
	if g.phase == phaseMark {
		p := g.declarer()
		for n := range uint64(13) {
			dst = append(dst, kit.NewMove(p, schuleMark|n))
		}
		return dst
	}
	p := g.asked()
	dst = append(dst, kit.NewMove(p, askPass), kit.NewMove(p, askRight))
	if g.sch.claims < maxClaims {
		for k := range uint64(12) {
			dst = append(dst, kit.NewMove(p, schuleAsk|(k+2)))
		}
	}
	return dst
}

// schuleLegal reports whether m is one of the moves of the window.
func (g *Game) schuleLegal(m brettspiel.Move) bool {
	p := m.Payload()
	if g.phase == phaseMark {
		return m.Actor() == g.declarer() && p >= schuleMark && p <= schuleMark|12
	}
	if m.Actor() != g.asked() || p < schuleAsk || p > schuleAsk|13 {
		return false
	}
	return p <= askRight || g.sch.claims < maxClaims
}

// applySchule plays a move of the window (T-W5a–c).
func (g *Game) applySchule(payload uint64) {
	if g.phase == phaseMark {
		n := int8(payload &^ schuleMark)
		p := g.declarer()
		due := g.due()
		e := ev(EventDeclare, "T-W5a", p, 1-p)
		e.Amount, e.Number, e.Note = int(n), int(g.sch.step), stepNotes[g.sch.step]
		g.emit(e)
		g.marks[p] += n
		g.sch.author, g.sch.short = p, int(n) < due
		g.sch.owed = int8(abs(due - int(n)))
		if n == 12 && due > 12 {
			// 12 declares all that is due: the rest is his when the
			// window closes, and nothing is owed
			g.sch.author, g.sch.short, g.sch.owed, g.sch.extra = p, false, 0, int8(due-12)
		}
		g.phase = phaseSchule
		g.markedNow()
		return
	}
	asked, author := g.asked(), g.sch.author
	switch payload {
	case askPass:
		e := ev(EventLetPass, "T-W5c", asked, author)
		g.emit(e)
		g.closeWindow()
	case askRight:
		e := ev(EventRight, "T-W5c", asked, author)
		e.Amount = int(g.sch.owed)
		switch {
		case g.sch.owed == 0:
			e.Note = "was right"
		case g.sch.short:
			g.marks[author] += g.sch.owed
			e.Note = "forgot"
		default:
			g.marks[author] -= g.sch.owed
			e.Note = "too many"
		}
		g.emit(e)
		g.markedNow()
		g.closeWindow()
	default:
		k := int8(payload - schuleAsk - 1)
		back := int8(0) // what the author loses: the points he marked too many, up to k
		if !g.sch.short {
			back = min(k, g.sch.owed)
		}
		e := ev(EventSchule, "T-W5b", asked, author)
		e.Amount, e.Number = int(k), int(back)
		g.emit(e)
		g.marks[author] -= back
		g.marks[asked] += k
		// The claim is an item of its own: beyond what was owed it went over,
		// and the author may claim that back (T-W5b).
		g.sch.owed = max(0, k-g.sch.owed)
		g.sch.short, g.sch.author = false, asked
		g.sch.claims++
		g.markedNow()
	}
}

// markedNow notes, after a change of the marks in the window, when each
// player's marks last rose to 12 or more (T-W5d).
func (g *Game) markedNow() {
	g.sch.seq++
	for p := range g.marks {
		switch {
		case g.marks[p] < 12:
			g.sch.reached[p] = 0
		case g.sch.reached[p] == 0:
			g.sch.reached[p] = g.sch.seq
		}
	}
}

// closeWindow settles the window (T-W5d): it says what the rules gave for
// its step, as the events of the marks without the Schule (T-W1), makes the
// 12-check and goes on with the turn.
func (g *Game) closeWindow() {
	step := g.sch.step
	me := g.turn
	if !g.quiet {
		switch step {
		case 2:
			g.hitMarks(int(me), true)
		case 4:
			g.penaltyEvents(int(g.sch.unplayed), int(g.sch.unusedDie), g.sch.opened)
		case 5:
			g.janEvents(g.sch.closedBefore, closedQuarters(&g.sides[me]), g.sch.unplayed > 0)
		case 6:
			g.marschEvent()
		}
	}
	if g.sch.extra > 0 {
		g.marks[g.declarer()] += g.sch.extra
		g.markedNow()
	}
	g.sch.step = 0
	if w, ok := g.twelve(); ok {
		switch {
		case step == 2:
			// the throw is played on by its thrower, whoever won (T-W3)
			g.endPartie(w, resumeMove, me)
		case step == 6 || g.sides[me][off] == int8(g.opts.Stones):
			// the Marsch is over, won or not yet marked: a new one from
			// the setup, the Partie's winner to throw (T-W3, T-B4)
			g.endPartie(w, resumeSetup, me)
		default:
			g.endPartie(w, resumeNext, g.nextThrower())
		}
		if step != 2 {
			g.capTurn()
		}
		g.sch = schule{}
		return
	}
	switch step {
	case 2:
		g.sch = schule{}
		g.phase = phaseMove
		return
	case 4:
		g.openWindow(5)
		return
	case 5:
		if g.sides[me][off] == int8(g.opts.Stones) {
			g.openWindow(6)
			return
		}
		g.sch = schule{}
		g.turn, g.phase = g.nextThrower(), phaseThrow
		g.dice = [2]uint8{}
	case 6:
		g.sch = schule{}
		g.afterMarsch()
	}
	g.capTurn()
}

// twelve returns the winner of the Partie when a player holds 12 marks or
// more: the one whose marks reached 12 first in the window and stayed there
// when both do (T-W5d).
func (g *Game) twelve() (brettspiel.Player, bool) {
	a, b := g.marks[0] >= 12, g.marks[1] >= 12
	switch {
	case a && b:
		if g.sch.reached[1] != 0 && g.sch.reached[1] < g.sch.reached[0] {
			return 1, true
		}
		return 0, true
	case a:
		return 0, true
	case b:
		return 1, true
	}
	return brettspiel.Nobody, false
}

// capTurn ends the match at the turn cap once the turn is done; with the
// Schule the play counts the turn (schulePlay) and the cap waits for the
// windows after it.
func (g *Game) capTurn() {
	if g.phase != phaseOver && int(g.turns) >= g.opts.TurnCap {
		g.phase, g.capped = phaseOver, true
		e := ev(brettspiel.EventEnd, "", brettspiel.Nobody, brettspiel.Nobody)
		e.Note = "turn cap"
		g.emit(e)
	}
}

// stepNotes name the steps of T-W1 whose points are declared.
var stepNotes = [7]string{2: "hits", 4: "unplayable numbers and opened quarters", 5: "closed quarters", 6: "Marsch"}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// RuleMove returns the move a player who sees what is due makes at a
// decision of the Schule (Options.Schule, T-W5g): he declares exactly what
// is due, claims a declaration or claim that is wrong whole, and lets a
// right one pass. It is what the module's bots play there; elsewhere ok is
// false. It implements kit.RuleMover.
func (g *Game) RuleMove() (m brettspiel.Move, ok bool) {
	switch g.phase {
	case phaseMark:
		return kit.NewMove(g.declarer(), schuleMark|uint64(min(g.due(), 12))), true
	case phaseSchule:
		p := g.asked()
		k := int(g.sch.owed)
		if k == 0 || g.sch.claims >= maxClaims {
			if k != 0 {
				return kit.NewMove(p, askRight), true
			}
			return kit.NewMove(p, askPass), true
		}
		// a declaration that forgot more than 12 points: the most a claim
		// takes
		return kit.NewMove(p, schuleAsk|uint64(1+min(k, 12))), true
	}
	return brettspiel.NoMove, false
}

// schuleString is the notation of a move of the Schule, "" if m is none.
func schuleString(p uint64) string {
	switch {
	case p >= schuleMark && p <= schuleMark|12:
		return fmt.Sprintf("mark %d", p-schuleMark)
	case p == askPass:
		return "pass"
	case p == askRight:
		return "right"
	case p > askRight && p <= schuleAsk|13:
		return fmt.Sprintf("schule %d", p-schuleAsk-1)
	}
	return ""
}

// quarterBits are the quarters that can be closed (T-J1), as bits of a mask.
const quarterBits = 1<<1 | 1<<2 | 1<<4

// checkSchule is the part of check on the window of the Schule: what
// cannot arise in it, or "".
func (g *Game) checkSchule() string {
	c := &g.sch
	window := g.phase == phaseMark || g.phase == phaseSchule
	switch {
	case !window && *c != schule{}:
		return fmt.Sprintf("a window of the Schule (step %d) in phase %s", c.step, phaseNames[g.phase])
	case !window:
		return ""
	case !g.opts.Schule:
		return "a window of the Schule, but the rules mark every point themselves (Schule is off)"
	case c.step != 2 && c.step != 4 && c.step != 5 && c.step != 6:
		return fmt.Sprintf("the Schule's window is of step %d of T-W1, want 2, 4, 5 or 6", c.step)
	case c.step == 2 && (c.unplayed != 0 || c.unusedDie != 0 || c.opened != 0 || c.closedBefore != 0):
		return "the window of the hit marks holds what a play left, but the throw is not played yet"
	case c.unplayed > 2 || c.unusedDie > 6 || (c.unusedDie != 0) != (c.unplayed == 1) || c.opened&^quarterBits != 0 || c.closedBefore&^quarterBits != 0 || c.opened&^c.closedBefore != 0:
		return fmt.Sprintf("the play left %d unplayable numbers (die %d) and quarters %#b opened of %#b closed, which cannot be", c.unplayed, c.unusedDie, c.opened, c.closedBefore)
	case c.step == 6 && g.sides[g.turn][off] != int8(g.opts.Stones):
		return "the Marsch marks are declared, but the mover has not borne off every stone"
	case g.sides[g.turn][off] == int8(g.opts.Stones) && (c.unplayed != 0 || c.closedBefore != 0):
		// at most two stones stood on the board before the play: no
		// quarter was closed, and no number is unplayable after the last
		// stone (T-D7)
		return "the play bore off the last stone, but the window holds unplayable numbers or quarters closed before it"
	case c.owed < 0 || c.owed > maxMarksAtOnce || c.extra < 0 || c.extra > maxMarksAtOnce-12:
		return fmt.Sprintf("%d points owed and %d beyond a declaration of 12, out of range", c.owed, c.extra)
	case c.reached[0] > c.seq || c.reached[1] > c.seq || c.claims > maxClaims || c.claims > c.seq:
		return fmt.Sprintf("%d claims and marks reaching 12 at %v after %d changes in the window", c.claims, c.reached, c.seq)
	}
	for p := range g.marks {
		if (g.marks[p] >= 12) != (c.reached[p] != 0) {
			return fmt.Sprintf("player %d has %d marks, but the window says otherwise when they reached 12", p, g.marks[p])
		}
	}
	if g.phase == phaseMark {
		if c.author != 0 || c.claims != 0 || c.seq != 0 || c.owed != 0 || c.short || c.extra != 0 {
			return "nothing is declared yet, but the window holds a declaration"
		}
		if g.marks[0] >= 12 || g.marks[1] >= 12 {
			return "a declaration is due, but a player holds 12 marks: the Partie is won"
		}
		return ""
	}
	switch {
	case c.author != 0 && c.author != 1:
		return fmt.Sprintf("the item in question is by %s", c.author)
	case c.seq == 0:
		return "a question of the Schule, but nothing is declared"
	case c.short && c.claims != 0:
		return "a claim in question that fell short: a claim only goes over (T-W5b)"
	case c.claims == 0 && c.author != g.declarer():
		return fmt.Sprintf("the declaration in question is player %d's, but the step is player %d's", c.author, g.declarer())
	case c.extra != 0 && c.author == g.declarer() && c.claims == 0 && c.owed != 0:
		return "a declaration of 12 with more due owes nothing"
	}
	return ""
}

var _ kit.RuleMover = (*Game)(nil)

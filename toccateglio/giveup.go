package toccateglio

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// giveUpPayload is the move by which the player to play gives up the Partie
// (T-W6). It is never among the legal moves: bots and the analysis do not
// weigh it; a person's frontend offers it (GiveUpMove).
const giveUpPayload = 1<<40 | 4

// RefuseNoGiveUp: the Partie is given up only at the player's own play,
// not while the Schule's declarations of a throw are open, nor at the
// winner's choice after a Partie (T-W6).
const RefuseNoGiveUp brettspiel.RefusalCode = "no-give-up"

// EventGiveUp: Player gave up the Partie to Other (T-W6). A mark event
// follows that raises Other's marks to 12, then the end of the Partie
// (T-W2) with the multiplier by Player's marks.
const EventGiveUp brettspiel.EventKind = "give-up"

var _ brettspiel.GiveUpper = (*Game)(nil)

// GiveUpMove returns the move by which seat p gives up the Partie (T-W6),
// to apply like any move; it is never among LegalMoves. A player gives up
// at his own play, after his throw (a pass included). The other player wins
// the Partie as if he had reached 12 marks then: his marks are raised to
// 12, the multiplier is that of the giver's marks (T-W2), and the match
// goes on as after any Partie (T-W3, T-W4). The throw goes with the
// Partie: if the winner goes on, he throws next. The give-up counts as the
// giver's turn towards the turn cap. byAgreement is always false: the
// rules ask nobody's consent.
//
// It is refused at a throw, at the other player's play, at the winner's
// choice after a Partie, after the match, and under the Schule while the
// declarations of the throw are open (T-W5f).
func (g *Game) GiveUpMove(p brettspiel.Player) (m brettspiel.Move, byAgreement bool, err error) {
	if e := g.mayGiveUp(p, kit.OpGiveUp); e != nil {
		return brettspiel.NoMove, false, e
	}
	return kit.NewMove(p, giveUpPayload), false, nil
}

// mayGiveUp returns nil when p may give up now, else the error of op that
// says why not.
func (g *Game) mayGiveUp(p brettspiel.Player, op string) error {
	if g.phase == phaseZero {
		return zeroGame(op)
	}
	fail := func(err error, reason string) error {
		return &brettspiel.Error{Op: op, Input: "give up", Err: err, Reason: reason}
	}
	tm := g.ToMove()
	switch {
	case p != 0 && p != 1:
		return fail(brettspiel.ErrNotYourTurn, "a seat gives up, 0 or 1, not "+p.String())
	case tm == brettspiel.Terminal:
		return fail(brettspiel.ErrGameOver, "the match is over")
	case tm == brettspiel.Chance:
		return fail(brettspiel.ErrChanceNode, "a player gives up at his play, after his throw")
	case p != tm:
		return fail(brettspiel.ErrNotYourTurn, "a player gives up at his own play; "+tm.String()+" is to move")
	case g.phase == phaseDecide:
		e := kit.Refuse(RefuseNoGiveUp, "the Partie is won already: its winner chooses go-on or afresh", "T-W6", "T-W3")
		e.Op, e.Input, e.Refusal.Player = op, "give up", p
		return e
	case g.phase != phaseMove:
		e := kit.Refuse(RefuseNoGiveUp, "not while the Schule's declarations of this throw are open", "T-W6", "T-W5f")
		e.Op, e.Input, e.Refusal.Player = op, "give up", p
		return e
	}
	return nil
}

// applyGiveUp ends the Partie by p's giving up (T-W6); mayGiveUp has
// allowed it.
func (g *Game) applyGiveUp(p brettspiel.Player) {
	w := 1 - p
	g.emit(ev(EventGiveUp, "T-W6", p, w))
	if m := g.marks[w]; m < 12 {
		e := ev(brettspiel.EventMark, "T-W6", w, p)
		e.Amount, e.Note = int(12-m), "the Partie given up"
		g.emit(e)
		g.marks[w] = 12
	}
	g.turns++
	// the dice stay until the winner's choice: going on, he throws (resumeNext)
	g.endPartie(w, resumeNext, w)
	g.capTurn()
}

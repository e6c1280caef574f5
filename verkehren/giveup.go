package verkehren

import (
	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// concedeAgreedPayload ends the game by agreement: the player to move gives
// up the single game with a Band on his own side, which the rules allow
// only with the other player's consent (V-W2). It is never among the legal
// moves; a frontend that has asked the other person applies it.
const concedeAgreedPayload = concedePayload | 1

var _ brettspiel.GiveUpper = (*Game)(nil)

// GiveUpMove returns the move by which seat p gives up the single game now
// (V-W2), at his play after his throw. Without a Band on his own side
// (points 13–24) it is the move "concede", one of the legal moves, and
// byAgreement is false. With one there the rules let him give up only if
// the other player consents: the move is "concede by agreement", never
// among the legal moves, and byAgreement is true — apply it only once the
// other person has agreed. Either way the game ends as a single game lost
// by p.
func (g *Game) GiveUpMove(p brettspiel.Player) (m brettspiel.Move, byAgreement bool, err error) {
	if g.zero() {
		return brettspiel.NoMove, false, errZero(kit.OpGiveUp)
	}
	fail := func(err error, reason string) (brettspiel.Move, bool, error) {
		return brettspiel.NoMove, false, &brettspiel.Error{Op: kit.OpGiveUp, Input: "concede", Err: err, Reason: reason}
	}
	tm := g.ToMove()
	switch {
	case p != 0 && p != 1:
		return fail(brettspiel.ErrNotYourTurn, "a seat gives up, 0 or 1, not "+p.String())
	case tm == brettspiel.Terminal:
		return fail(brettspiel.ErrGameOver, "the game is over")
	case tm == brettspiel.Chance:
		return fail(brettspiel.ErrChanceNode, "a player gives up at his play, after his throw")
	case p != tm:
		return fail(brettspiel.ErrNotYourTurn, "a player gives up at his own play; "+tm.String()+" is to move")
	}
	if ownSideBand(&g.b.Sides[p]) {
		return kit.NewMove(p, concedeAgreedPayload), true, nil
	}
	return kit.NewMove(p, concedePayload), false, nil
}

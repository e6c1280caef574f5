package brettspiel

// GiveUpper is implemented by the games whose rules let a player give up
// before the end: Toccateglio, where a player gives up the Partie (T-W6),
// and Verkehren, where he concedes the single game (V-W2).
//
// Giving up is offered to people, not weighed by search: where it is not
// among the legal moves (Toccateglio's), bots, hints and the analysis never
// see it. Verkehren's concession without a Band on the own side is a legal
// move of the rules as well, and the same move is returned here.
type GiveUpper interface {
	// GiveUpMove returns the move by which seat p gives up now, to be
	// applied like any other (Game.Apply, History.Apply, Record.Append);
	// it does not change the state. byAgreement reports that the rules
	// allow it only with the other seat's consent (Verkehren with a Band
	// on the own side): a frontend asks the other person first, the
	// engine cannot. A seat that may not give up now (not at its
	// decision, the game over, a window of the Schule open) gets an error
	// wrapping ErrIllegalMove, ErrNotYourTurn, ErrChanceNode or
	// ErrGameOver that says why.
	GiveUpMove(p Player) (m Move, byAgreement bool, err error)
}

package words

import "github.com/brettspiel/brettspiel"

// TimeUp says that seat out ran out of time, and what that ends: winner
// is the seat that wins by it, or [brettspiel.Nobody] where nobody does
// (the Festungsspiel ends with the markers as they stand).
func (l Lang) TimeUp(out, winner brettspiel.Player) string {
	if winner >= 0 {
		return l.pick(l.Seat(out)+" ran out of time: "+l.Seat(winner)+" wins.",
			l.Seat(out)+" hat die Zeit überschritten: "+l.Seat(winner)+" gewinnt.")
	}
	return l.pick(l.Seat(out)+" ran out of time and loses; the game ends with the markers as they stand.",
		l.Seat(out)+" hat die Zeit überschritten und verliert; das Spiel endet mit den Marken, wie sie stehen.")
}

// EndedByAgreement says that the players agreed to end the game before its
// end, as the Festungsspiel's players do: nobody wins by it.
func (l Lang) EndedByAgreement() string {
	return l.pick("The players agreed to end the game here.", "Die Spieler haben vereinbart, das Spiel hier zu beenden.")
}

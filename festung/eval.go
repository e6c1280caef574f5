package festung

import "github.com/brettspiel/brettspiel"

// Evaluate returns p's return now, as a float (for bots).
func (g *Game) Evaluate(p brettspiel.Player) float64 {
	if !g.seat(p) {
		return 0
	}
	return float64(g.balance[p] - g.opts.Stock)
}

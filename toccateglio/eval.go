package toccateglio

import "github.com/brettspiel/brettspiel"

// Evaluate estimates p's return, in strokes like Returns, for bots (it
// implements the module's bot.Evaluator). Once the match is over it is
// exactly Returns()[p]. Before, it is the strokes won so far (p's minus the
// opponent's) plus the expected strokes of the Partie in play, judged by the
// marks alone: with a and b the marks that p and his opponent still need to
// reach 12, p wins the Partie with probability b²/(a²+b²), and a Partie is
// worth the multiplier (T-W2) of the loser's marks as they stand. At the
// winner's decision the Partie in play is the next one, begun with the Rest.
// The Partien after the one in play count as even. The estimate is zero-sum:
// Evaluate(0) = −Evaluate(1). It looks at the marks, not at the stones: the
// bots' searches add the rest.
func (g *Game) Evaluate(p brettspiel.Player) float64 {
	if p != 0 && p != 1 {
		return 0
	}
	v := float64(g.strokes[0] - g.strokes[1])
	if g.phase != phaseOver {
		m := [2]int{int(g.marks[0]), int(g.marks[1])}
		if g.phase == phaseDecide {
			w := g.turn
			m[w], m[1-w] = max(0, min(m[w]-12, 11)), 0
		}
		m0, m1 := min(m[0], 11), min(m[1], 11)
		a, b := float64(12-m0), float64(12-m1)
		win := b * b / (a*a + b*b)
		t := g.opts.Multipliers
		v += win*float64(t.Multiplier(m1)) - (1-win)*float64(t.Multiplier(m0))
	}
	if p == 1 {
		return -v
	}
	return v
}

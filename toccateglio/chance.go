package toccateglio

import (
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// throws is the table of every chance node, the draw for the start
// included: the 21 distinct throws of dice.Distinct2, higher die first, in
// ascending payload order (1-1, 2-1, 2-2, 3-1, …, 6-6), weighted 1
// (doublets) or 2 of 36.
var throws = func() *kit.Chance {
	ts := dice.Distinct2()
	outs := make([]brettspiel.Outcome, len(ts))
	for i, t := range ts {
		outs[i] = brettspiel.Outcome{Move: throwMove(t.Throw.A, t.Throw.B), Weight: t.Weight}
	}
	return kit.NewChance(outs)
}()

func throwMove(hi, lo uint8) brettspiel.Move {
	return kit.NewMove(brettspiel.Chance, uint64(hi)<<3|uint64(lo))
}

// ChanceOutcomes lists the 21 distinct throws with their weights of 36, at
// every chance node, the draw for the start included (it uses the same
// throws); nil at any other node.
//
// The slice is the caller's: a copy of the package's table, so that no
// caller can change the throws of another game. Search code that must not
// allocate draws a throw with SampleChance, which reads the table itself.
func (g *Game) ChanceOutcomes() []brettspiel.Outcome { return throws.OutcomesAt(g.ToMove()) }

var _ kit.ChanceSampler = (*Game)(nil)

// SampleChance implements kit.ChanceSampler: one r.IntN(36) read in a
// table, the throw that brettspiel.SampleChance's walk over ChanceOutcomes
// gives for that draw, at every chance node (the draw for the start
// included); NoMove when no throw is due.
func (g *Game) SampleChance(r *rand.Rand) brettspiel.Move { return throws.SampleAt(g.ToMove(), r) }

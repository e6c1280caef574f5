package verkehren

import (
	"math/rand/v2"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// throwNames[a][b] is the notation of the throw a-b.
var throwNames = func() (n [7][7]string) {
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			n[a][b] = strconv.Itoa(a) + "-" + strconv.Itoa(b)
		}
	}
	return n
}()

func throwMove(t dice.Throw) brettspiel.Move {
	return kit.NewMove(brettspiel.Chance, uint64(t.A)<<3|uint64(t.B))
}

// throwOf decodes a chance move; ok false if it is no canonical throw.
func throwOf(m brettspiel.Move) (dice.Throw, bool) {
	p := m.Payload()
	if m.Actor() != brettspiel.Chance || p > 63 {
		return dice.Throw{}, false
	}
	t := dice.Throw{A: uint8(p >> 3), B: uint8(p & 7)}
	return t, t.Valid() && t.A >= t.B
}

// throws is the table of ChanceOutcomes and SampleChance: the 21 distinct
// throws in the order of AppendLegalMoves, with their weights of 36.
var throws = func() *kit.Chance {
	ws := dice.Distinct2()
	outs := make([]brettspiel.Outcome, len(ws))
	for i, w := range ws {
		outs[i] = brettspiel.Outcome{Move: throwMove(w.Throw), Weight: w.Weight}
	}
	return kit.NewChance(outs)
}()

// ChanceOutcomes returns the 21 distinct throws with their weights of 36, at
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

package festung

import (
	"math/bits"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

var _ kit.Simulator = (*Game)(nil)

// Simulate implements kit.Simulator: it plays the game to its end in
// place, by the same rules as Apply, but without recording events, so that
// search code and simulations run a game several times faster than through
// brettspiel.PlayOut.
//
// Each throw is one draw r.IntN(216) read as the large die and the two small
// dice, so every throw of three dice is equally likely; a decision (a pending
// one too) picks uniformly among the fortresses on offer, as
// brettspiel.RandomPolicy does at a decision node. The game ends at the fifth
// Pasch or at the turn cap. Afterwards Events is empty. Simulate does not
// allocate. On a zero Game it does nothing.
func (g *Game) Simulate(r *rand.Rand) {
	if g.zero() {
		return
	}
	g.events, g.loaded = g.events[:0], nil
	g.quiet = true
	if g.winner == brettspiel.Nobody && !g.capped && g.throw.L != 0 {
		t := g.throw
		g.throw = dice.Throw3{}
		g.resolve(t, g.pick(t, r))
	}
	for g.winner == brettspiel.Nobody && !g.capped {
		x := r.IntN(216)
		t := canonical(dice.Throw3{L: uint8(x/36 + 1), A: uint8(x/6%6 + 1), B: uint8(x%6 + 1)})
		g.resolve(t, g.pick(t, r))
	}
	g.quiet = false
}

// pick returns the fortress the thrower of t takes from, drawn uniformly from
// r when t leaves him a choice (rule F-A2), else 0 (resolve's own rule).
func (g *Game) pick(t dice.Throw3, r *rand.Rand) int {
	mask, ok := g.decides(t)
	if !ok {
		return 0
	}
	for k := r.IntN(bits.OnesCount8(mask)); k > 0; k-- {
		mask &= mask - 1 // drop the lowest fortress
	}
	return bits.TrailingZeros8(mask)
}

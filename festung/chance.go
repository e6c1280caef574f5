package festung

import (
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

// Move payloads: a throw is L<<8 | a<<4 | b, so throws sort as their notation
// "L/a-b"; a decision is the fortress (1…4) whose outer works give the marker.

func throwMove(t dice.Throw3) brettspiel.Move {
	return kit.NewMove(brettspiel.Chance, uint64(t.L)<<8|uint64(t.A)<<4|uint64(t.B))
}

// decodeThrow reads a throw payload; ok only for a valid throw with the small
// dice in canonical order (a ≤ b).
func decodeThrow(payload uint64) (dice.Throw3, bool) {
	if payload>>12 != 0 {
		return dice.Throw3{}, false
	}
	t := dice.Throw3{L: uint8(payload >> 8 & 15), A: uint8(payload >> 4 & 15), B: uint8(payload & 15)}
	return t, t.Valid() && t.A <= t.B
}

// canonical orders the small dice of t, smaller first: the rules never tell
// them apart (they use a+b, "a or b shows 1" and a = b), so a-b and b-a are
// one chance outcome.
func canonical(t dice.Throw3) dice.Throw3 {
	if t.A > t.B {
		t.A, t.B = t.B, t.A
	}
	return t
}

// throwNames[L][a][b] is the notation of a throw, so that events need not
// format it.
var throwNames = func() (names [7][7][7]string) {
	for l := uint8(1); l <= 6; l++ {
		for a := uint8(1); a <= 6; a++ {
			for b := uint8(1); b <= 6; b++ {
				names[l][a][b] = dice.Throw3{L: l, A: a, B: b}.String()
			}
		}
	}
	return names
}()

// throwDice[L][a][b] is the Dice of a throw's event, [L, a, b]: one
// read-only slice per throw, shared by every game, so that an event's dice
// cost no allocation. Its capacity ends at its length, so that appending to
// it copies; nothing may write into it.
var throwDice = func() (d [7][7][7][]int) {
	for l := 1; l <= 6; l++ {
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				d[l][a][b] = []int{l, a, b}[:3:3]
			}
		}
	}
	return d
}()

// ThrowMove returns the chance move of throw t (large die, then the small
// ones in either order), for a frontend with physical dice; it is legal at
// every chance node when t is a valid throw.
func ThrowMove(t dice.Throw3) brettspiel.Move { return throwMove(canonical(t)) }

// throws is the chance node's table, the same in every state: the 126
// throws in ascending order, the small dice smaller first, with weight 1
// for a small doublet and 2 otherwise (of 216).
var throws = kit.NewChance(func() []brettspiel.Outcome {
	outs := make([]brettspiel.Outcome, 0, 126)
	for l := uint8(1); l <= 6; l++ {
		for a := uint8(1); a <= 6; a++ {
			for b := a; b <= 6; b++ {
				w := 2
				if a == b {
					w = 1
				}
				outs = append(outs, brettspiel.Outcome{Move: throwMove(dice.Throw3{L: l, A: a, B: b}), Weight: w})
			}
		}
	}
	return outs
}())

// chanceMoves are the moves of throws, for AppendLegalMoves to copy in one
// append.
var chanceMoves = func() (ms [126]brettspiel.Move) {
	for i := range ms {
		ms[i] = throws.Outcome(i).Move
	}
	return ms
}()

// ChanceOutcomes implements brettspiel.Game: the 126 throws that differ for
// the rules — the large die, and the small dice as an unordered pair — with
// their weights of 216: 1 for a small doublet, 2 otherwise.
//
// The slice is the caller's: a copy of the package's table, so that no
// caller can change the throws of another game. Search code that must not
// allocate draws a throw with SampleChance, which reads the table itself.
func (g *Game) ChanceOutcomes() []brettspiel.Outcome { return throws.OutcomesAt(g.ToMove()) }

// SampleChance implements kit.ChanceSampler: one r.IntN(216) read in
// a table, the same throw brettspiel.SampleChance's walk over ChanceOutcomes
// gives for that draw; NoMove when no throw is due.
func (g *Game) SampleChance(r *rand.Rand) brettspiel.Move { return throws.SampleAt(g.ToMove(), r) }

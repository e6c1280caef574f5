//go:build !(js && wasm)

package neural

import (
	"context"
	"math"
	"time"

	"github.com/brettspiel/brettspiel"
)

// The third ply of the strongest level. A js/wasm build leaves it out: there
// the level's time ends within its second ply (a position costs about ten
// times its native time), so the third would never be reached.

// deepen judges the first n of the ranked plays three plies deep, those
// among them within margin of the best, as far as the deadline allows, and
// puts those it judged first, best first. A play far behind the best by
// two plies seldom overtakes it a ply deeper, and a decision with one play
// left to judge needs no deeper look: so the clear decisions stay fast.
func (b Bot) deepen(ctx context.Context, j *judge, g brettspiel.Game, ranked []Ranked, p brettspiel.Player, n int, margin float64, deadline time.Time) []Ranked {
	n = min(n, len(ranked))
	for n > 1 && !(ranked[n-1].Value >= ranked[0].Value-margin) {
		n--
	}
	if n < 2 {
		return ranked
	}
	deep := make([]Ranked, 0, n)
	for _, c := range ranked[:n] {
		if ctx != nil && ctx.Err() != nil {
			break
		}
		v, ok := j.after3(g, c.Move, p, deadline)
		if !ok {
			break
		}
		deep = append(deep, Ranked{Move: c.Move, Value: v, Plies: 3})
	}
	if len(deep) < 2 {
		return ranked
	}
	sortRanked(deep)
	return append(deep, ranked[len(deep):]...)
}

// deepSlot is the first scratch game of the third ply's look at the
// throws after the answer; the ones below it are the first two plies' and
// value's.
const deepSlot = valueScratch + 3

// after3 returns p's value of playing m in g at three plies (gnubg's
// "2-ply"): the position after m, averaged over the throws that follow,
// each answered by the best play at one ply, whose position is judged at
// two plies. ok is false when the deadline passed first.
func (j *judge) after3(g brettspiel.Game, m brettspiel.Move, p brettspiel.Player, deadline time.Time) (v float64, ok bool) {
	sc := j.scratchAt(0, g)
	if !sc.copyFrom(g) || sc.game.Apply(m) != nil {
		return math.Inf(-1), true
	}
	s := sc.game
	t, isTurner := s.(turner)
	if s.ToMove() != brettspiel.Chance || !isTurner || t.Turn() == brettspiel.Nobody {
		return j.value(s, p, 2), true
	}
	sum, total := 0.0, 0
	for _, o := range s.ChanceOutcomes() {
		uc := j.scratchAt(1, g)
		if !uc.copyFrom(s) || uc.game.Apply(o.Move) != nil {
			continue
		}
		u := uc.game
		var x float64
		vc := j.scratchAt(deepSlot, g)
		if q := u.ToMove(); q != 0 && q != 1 {
			x = j.value(u, p, 2)
		} else if a, _, found := j.best1(u, 2); !found || !vc.copyFrom(u) || vc.game.Apply(a) != nil {
			x = j.value(u, p, 2)
		} else {
			var done bool
			if x, done = j.overThrows(vc.game, p, deepSlot+1, deadline); !done {
				return 0, false
			}
		}
		sum += float64(o.Weight) * x
		total += o.Weight
	}
	if total == 0 {
		return j.value(s, p, 2), true
	}
	return sum / float64(total), true
}

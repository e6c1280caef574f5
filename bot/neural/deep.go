//go:build !(js && wasm)

package neural

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
)

// The third ply of the strongest level. A js/wasm build leaves it out: there
// the level's time ends within its second ply (a position costs about ten
// times its native time), so the third would never be reached.

// deepen judges the first n of the ranked plays three plies deep, those
// among them within margin of the best, as far as the deadline allows, and
// puts those it judged first, best first. A play far behind the best by
// two plies seldom overtakes it a ply deeper, and a decision with one play
// left to judge needs no deeper look: so the clear decisions stay fast.
func (b Bot) deepen(ctx context.Context, js []*judge, g brettspiel.Game, ranked []Ranked, p brettspiel.Player, n int, margin float64, deadline time.Time) []Ranked {
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
		v, ok := after3(js, g, c.Move, p, deadline)
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

// twoDiceThrows is the number of different throws of two dice: more
// goroutines than that would find no throw to judge.
const twoDiceThrows = 21

// judges returns j and the judges of the goroutines beside it among which
// a decision shares the throws of its looks two and three plies deep.
func (b Bot) judges(j *judge) []*judge {
	js := []*judge{j}
	for range min(b.workers(), twoDiceThrows) - 1 {
		js = append(js, j.e.getJudge())
	}
	return js
}

// sharedAfter2 is the judge's after2 with the throws shared among js.
func sharedAfter2(js []*judge, g brettspiel.Game, m brettspiel.Move, p brettspiel.Player, deadline time.Time) (v float64, ok bool) {
	sc := js[0].scratchAt(0, g)
	if !sc.copyFrom(g) || playon.Apply(sc.game, m) != nil {
		return math.Inf(-1), true
	}
	return shareThrows(js, sc.game, p, deadline, (*judge).throw2)
}

// after3 returns p's value of playing m in g at three plies (gnubg's
// "2-ply"): the position after m, averaged over the throws that follow,
// each answered by the best play at one ply, whose position is judged at
// two plies. ok is false when the deadline passed first.
func after3(js []*judge, g brettspiel.Game, m brettspiel.Move, p brettspiel.Player, deadline time.Time) (v float64, ok bool) {
	sc := js[0].scratchAt(0, g)
	if !sc.copyFrom(g) || playon.Apply(sc.game, m) != nil {
		return math.Inf(-1), true
	}
	return shareThrows(js, sc.game, p, deadline, (*judge).throw3)
}

// shareThrows returns p's mean over the throws at s of what throw says of
// each, the throws shared out among the judges js, one goroutine each (the
// first is the caller's). The mean is summed in the throws' order, so it
// does not depend on how many judges there are. Where s is not at a throw
// it is p's value of s. ok is false when the deadline passed first.
func shareThrows(js []*judge, s brettspiel.Game, p brettspiel.Player, deadline time.Time,
	throw func(j *judge, s brettspiel.Game, o brettspiel.Move, p brettspiel.Player, deadline time.Time) (x float64, applies, done bool),
) (v float64, ok bool) {
	if t, isTurner := s.(turner); s.ToMove() != brettspiel.Chance || !isTurner || t.Turn() == brettspiel.Nobody {
		return js[0].value(s, p, 2), true
	}
	outs := s.ChanceOutcomes()
	xs := make([]float64, len(outs))
	played := make([]bool, len(outs))
	var next atomic.Int64
	var late atomic.Bool
	work := func(j *judge) {
		for !late.Load() {
			i := int(next.Add(1) - 1)
			if i >= len(outs) {
				return
			}
			x, applies, done := throw(j, s, outs[i].Move, p, deadline)
			if !done {
				late.Store(true)
				return
			}
			xs[i], played[i] = x, applies
		}
	}
	// s is only read while the judges work: each copies it into its own
	// scratch game before playing a throw on it. A panic on another
	// goroutine is raised again on the caller's, where its recover (say
	// session.Table.Call's) can catch it, rather than ending the program.
	var wg sync.WaitGroup
	var panicked atomic.Pointer[any]
	catch := func() {
		if r := recover(); r != nil {
			panicked.CompareAndSwap(nil, &r)
			late.Store(true)
		}
	}
	for _, h := range js[1:min(len(js), len(outs))] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer catch()
			work(h)
		}()
	}
	func() {
		defer catch()
		work(js[0])
	}()
	wg.Wait()
	if r := panicked.Load(); r != nil {
		panic(*r)
	}
	if late.Load() {
		return 0, false
	}
	sum, total := 0.0, 0
	for i, o := range outs {
		if played[i] {
			sum += float64(o.Weight) * xs[i]
			total += o.Weight
		}
	}
	if total == 0 {
		return js[0].value(s, p, 2), true
	}
	return sum / float64(total), true
}

// throw2 returns p's value at s after the throw o: the thrower's best play
// at one ply. applies is false when o cannot be played at s; done is false
// when the deadline had passed.
func (j *judge) throw2(s brettspiel.Game, o brettspiel.Move, p brettspiel.Player, deadline time.Time) (x float64, applies, done bool) {
	if !deadline.IsZero() && time.Now().After(deadline) {
		return 0, false, false
	}
	uc := j.scratchAt(1, s)
	if !uc.copyFrom(s) || playon.Apply(uc.game, o) != nil {
		return 0, false, true
	}
	u := uc.game
	switch q := u.ToMove(); {
	case q == 0 || q == 1:
		_, x, _ = j.best1(u, 2)
		if q != p {
			x = -x
		}
	default:
		x = j.value(u, p, 2)
	}
	return x, true, true
}

// throw3 returns p's value at s after the throw o: the thrower's best play
// at one ply, its position judged at two plies. applies is false when o
// cannot be played at s; done is false when the deadline passed first.
func (j *judge) throw3(s brettspiel.Game, o brettspiel.Move, p brettspiel.Player, deadline time.Time) (x float64, applies, done bool) {
	uc := j.scratchAt(1, s)
	if !uc.copyFrom(s) || playon.Apply(uc.game, o) != nil {
		return 0, false, true
	}
	u := uc.game
	vc := j.scratchAt(deepSlot, s)
	if q := u.ToMove(); q != 0 && q != 1 {
		return j.value(u, p, 2), true, true
	}
	if a, _, found := j.best1(u, 2); !found || !vc.copyFrom(u) || playon.Apply(vc.game, a) != nil {
		return j.value(u, p, 2), true, true
	}
	x, done = j.overThrows(vc.game, p, deepSlot+1, deadline)
	return x, true, done
}

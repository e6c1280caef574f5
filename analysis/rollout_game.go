package analysis

import (
	"context"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// copier is a game of its own into which positions of one kind are copied
// without allocating (the games' CopyFrom).
type copier struct {
	g    brettspiel.Game
	from func(src brettspiel.Game)
}

// newCopier returns a copier for games of g's kind, false for a kind it
// cannot copy.
func newCopier(g brettspiel.Game) (copier, bool) {
	switch g.(type) {
	case *verkehren.Game:
		s := new(verkehren.Game)
		return copier{g: s, from: func(src brettspiel.Game) { s.CopyFrom(src.(*verkehren.Game)) }}, true
	case *toccateglio.Game:
		s := new(toccateglio.Game)
		return copier{g: s, from: func(src brettspiel.Game) { s.CopyFrom(src.(*toccateglio.Game)) }}, true
	}
	return copier{}, false
}

// worker plays games of a rollout, one at a time, with buffers of its own:
// one a goroutine.
type worker struct {
	ro    *roller
	j     *neural.Judge
	game  copier // the game being played
	try   copier // a throw tried, for its luck
	dpcg  *rand.PCG
	cpcg  *rand.PCG
	dice  *rand.Rand // the throws of the game not stratified
	pick  *rand.Rand // the bots' choices
	legal []brettspiel.Move
	// next is the judge's best play after the throw just made, found while
	// its luck was judged; NoMove when there is none.
	next brettspiel.Move
}

func (ro *roller) newWorker() *worker {
	w := &worker{ro: ro, j: ro.e.NewJudge(), dpcg: rand.NewPCG(0, 0), cpcg: rand.NewPCG(0, 0)}
	w.game, _ = newCopier(ro.start)
	w.try, _ = newCopier(ro.start)
	w.dice, w.pick = rand.New(w.dpcg), rand.New(w.cpcg)
	return w
}

// strata follows a game's stratified throws: rest is what is left of the
// game's index to choose throws by, span the number of games among which
// the throws still to be stratified are shared (0: no more).
type strata struct{ rest, span int }

// play plays game i of the task t to its end, or its truncation, and
// returns its result for t's seat less the luck of its throws when the
// variance is reduced.
func (w *worker) play(ctx context.Context, t task, i int) (float64, error) {
	ro := w.ro
	var done <-chan struct{} // nil: never done
	if ctx != nil {
		done = ctx.Done()
	}
	w.game.from(t.start)
	g := w.game.g
	w.dpcg.Seed(ro.o.Seed, 2*uint64(i))
	w.cpcg.Seed(ro.o.Seed, 2*uint64(i)+1)
	w.next = brettspiel.NoMove
	st := strata{rest: i, span: ro.o.Games}
	turns, luck := 0, 0.0
	for {
		select {
		case <-done:
			return 0, ctx.Err()
		default:
		}
		q := g.ToMove()
		switch {
		case q == brettspiel.Terminal:
			r := g.Returns()
			if int(t.seat) >= len(r) {
				return 0, nil
			}
			return float64(r[t.seat]) - luck, nil
		case ro.o.Truncate && turns >= ro.o.Turns:
			return w.j.Equity(g, t.seat) - luck, nil
		case q == brettspiel.Chance:
			if v, kind := w.j.Race(g, t.seat); kind.Exact() && !ro.o.playSolved {
				// a race the bear-off tables solve: its exact value ends
				// the game
				return v - luck, nil
			}
			m, err := w.throw(g, &st)
			if err != nil {
				return 0, err
			}
			w.next = brettspiel.NoMove
			if ro.o.VarianceReduction {
				luck += w.luck(g, m, t.seat)
			}
			if err := g.Apply(m); err != nil {
				return 0, err
			}
		default:
			if err := g.Apply(w.choose(g)); err != nil {
				return 0, err
			}
			turns++
		}
	}
}

// choose returns the level's move at g, a seat's decision.
func (w *worker) choose(g brettspiel.Game) brettspiel.Move {
	if w.ro.fast {
		if m := w.next; m != brettspiel.NoMove {
			w.next = brettspiel.NoMove
			return m
		}
		if m, _, ok := w.j.Best(g); ok {
			return m
		}
	}
	w.legal = g.AppendLegalMoves(w.legal[:0])
	return w.ro.b.Choose(g, w.legal, w.pick)
}

// throw returns the throw of the chance node g: while the games can share
// the throws out evenly (the span a multiple of the weights' total), the
// one the game's index gives — of the games in one stratum of the throws
// before, every throw by as many as its weight — and then one drawn from
// the game's dice.
func (w *worker) throw(g brettspiel.Game, st *strata) (brettspiel.Move, error) {
	if st.span > 1 {
		outs := g.ChanceOutcomes()
		total := 0
		for _, o := range outs {
			total += max(o.Weight, 0)
		}
		if total > 0 && st.span%total == 0 {
			d := st.rest % total
			st.rest /= total
			st.span /= total
			for _, o := range outs {
				if d < max(o.Weight, 0) {
					return o.Move, nil
				}
				d -= max(o.Weight, 0)
			}
		}
		st.span = 0
	}
	return brettspiel.SampleChance(g, w.dice)
}

// luck returns seat's luck of the throw m at the chance node g, as the
// analysis judges a throw: seat's equity after it, its best play made by
// the net at one ply, less the mean of that over every throw by weight.
// It keeps the best play after m in w.next.
func (w *worker) luck(g brettspiel.Game, m brettspiel.Move, seat brettspiel.Player) float64 {
	sum, total := 0.0, 0
	actual, found := 0.0, false
	for _, o := range g.ChanceOutcomes() {
		if o.Weight <= 0 {
			continue
		}
		w.try.from(g)
		u := w.try.g
		if u.Apply(o.Move) != nil {
			continue
		}
		v, best := w.settled(u, seat)
		sum += float64(o.Weight) * v
		total += o.Weight
		if o.Move == m {
			actual, found = v, true
			w.next = best
		}
	}
	if total == 0 || !found {
		return 0
	}
	return finite(actual) - finite(sum/float64(total))
}

// settled returns seat's equity at u with the decision there, if a seat is
// to decide, taken by the net's best play at one ply, and that play.
func (w *worker) settled(u brettspiel.Game, seat brettspiel.Player) (float64, brettspiel.Move) {
	if q := u.ToMove(); q >= 0 {
		if best, v, ok := w.j.Best(u); ok {
			if q != seat {
				v = -v
			}
			return v, best
		}
	}
	return w.j.Equity(u, seat), brettspiel.NoMove
}

package bot

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
)

// Expectimax looks Plies players' moves ahead, averaging exactly over every
// chance node on the way (the throws with their weights), and judges the
// positions at the horizon with [Evaluate]. The player to move maximises his
// value; every other player is taken to minimise it (in a two-player zero-sum
// game that is exact; with more players it is the cautious reading). Nodes
// bounds the positions judged per decision: once it is spent, what is left is
// judged as it stands, so a decision costs at most about Nodes applies. The
// zero value uses the defaults.
//
// Time bounds a decision's time as Nodes bounds its work: once it has passed
// (or the context of [Expectimax.RankContext] is done), the search stops as
// if the budget were spent, and the moves are ranked by what it has seen. The
// clock is read every 64 positions, and the positions being expanded finish
// their lists of children, so a decision overruns its time by at most about
// the cost of a few hundred positions. A decision cut by the clock depends on
// the machine's speed; leave Time zero for repeatable games.
type Expectimax struct {
	Plies int           // players' moves looked ahead, the bot's own included; default 2
	Nodes int           // positions judged per decision at most; default 20000
	Time  time.Duration // time per decision at most; 0: no limit but Nodes
}

func (e Expectimax) withDefaults() Expectimax {
	if e.Plies <= 0 {
		e.Plies = 2
	}
	if e.Nodes <= 0 {
		e.Nodes = 20000
	}
	return e
}

// Choose implements Bot.
// Moves of equal value are chosen among at random.
func (e Expectimax) Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return pickBest(rankExpectimax(nil, e, g, legal), r)
}

// Rank returns the legal moves (concessions left out while others exist) with
// their values for the player to move, best first. It uses no randomness; r
// may be nil.
func (e Expectimax) Rank(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []Ranked {
	return rankExpectimax(nil, e, g, legal)
}

// rankExpectimax is [Expectimax.RankContext]; a nil ctx is none. It is a
// function, not a method: see the file of the methods that take a context.
func rankExpectimax(ctx context.Context, e Expectimax, g brettspiel.Game, legal []brettspiel.Move) []Ranked {
	e = e.withDefaults()
	p := g.ToMove()
	moves := playon.Moves(g, legal, make([]brettspiel.Move, 0, len(legal)))
	out := make([]Ranked, len(moves))
	s := &search{p: p, budget: e.Nodes, clock: newClock(ctx, e.Time)}
	s.stopped = s.clock.expired()
	for i, m := range moves {
		out[i].Move = m
		// Each move gets an equal share of what is left, so the last moves
		// are not judged more shallowly than the first.
		share := s.budget / (len(moves) - i)
		rest := s.budget - share
		s.budget = share
		if s.stopped {
			s.budget, rest = 0, 0
		}
		out[i].Value = s.after(g, m, e.Plies-1)
		s.budget += rest
	}
	sortRanked(out)
	return out
}

// clock tells when a decision's time is up: its context is done, or its
// deadline (the earlier of the context's and the bot's own) has passed.
type clock struct {
	ctx      context.Context // nil: none
	deadline time.Time       // zero: none
}

func newClock(ctx context.Context, limit time.Duration) clock {
	c := clock{ctx: ctx}
	if ctx != nil {
		if d, ok := ctx.Deadline(); ok {
			c.deadline = d
		}
	}
	if limit > 0 {
		if d := time.Now().Add(limit); c.deadline.IsZero() || d.Before(c.deadline) {
			c.deadline = d
		}
	}
	return c
}

func (c clock) expired() bool {
	return c.ctx != nil && c.ctx.Err() != nil || !c.deadline.IsZero() && !time.Now().Before(c.deadline)
}

// checkEvery is how many positions the search judges between readings of
// the clock: reading it costs about as much as judging a position.
const checkEvery = 64

// search holds the state of one decision's look-ahead.
type search struct {
	p       brettspiel.Player
	budget  int
	buf     [][]brettspiel.Move // move lists by depth, reused
	kept    [][]brettspiel.Move // the same without concessions, reused
	clock   clock
	ticks   int  // positions judged since the clock was last read
	stopped bool // the time is up: no more look-ahead
}

// after returns p's value of playing m in g with plies players' moves left.
func (s *search) after(g brettspiel.Game, m brettspiel.Move, plies int) float64 {
	next := g.Clone()
	if playon.Apply(next, m) != nil {
		return math.Inf(-1)
	}
	return s.value(next, plies, 0)
}

// value returns p's value of g with plies players' moves left to look at.
func (s *search) value(g brettspiel.Game, plies, depth int) float64 {
	s.budget--
	if s.ticks++; s.ticks >= checkEvery && !s.stopped {
		s.ticks = 0
		s.stopped = s.clock.expired()
	}
	if s.stopped {
		s.budget = 0
	}
	q := g.ToMove()
	switch {
	case q == brettspiel.Terminal:
		return Evaluate(g, s.p)
	case q == brettspiel.Chance:
		if plies <= 0 || s.budget <= 0 {
			return Evaluate(g, s.p)
		}
		sum, total := 0.0, 0
		outs := g.ChanceOutcomes()
		for i, o := range outs {
			if s.stopped || s.budget <= 0 {
				// The budget or the time is spent: the throws not yet
				// looked at are judged by the position before them, at no
				// cost. (Judging each after its throw would cost a clone
				// apiece, at every chance node open on the path — and in
				// games of long runs of throws without a choice, such as
				// the Festungsspiel's, that path is thousands deep.)
				rest := 0
				for _, o := range outs[i:] {
					rest += o.Weight
				}
				sum += float64(rest) * Evaluate(g, s.p)
				total += rest
				break
			}
			next := g.Clone()
			if playon.Apply(next, o.Move) != nil {
				continue
			}
			sum += float64(o.Weight) * s.value(next, plies, depth+1)
			total += o.Weight
		}
		if total == 0 {
			return Evaluate(g, s.p)
		}
		return sum / float64(total)
	case plies <= 0 || s.budget <= 0:
		return Evaluate(g, s.p)
	}
	for len(s.buf) <= depth {
		s.buf, s.kept = append(s.buf, nil), append(s.kept, nil)
	}
	legal := g.AppendLegalMoves(s.buf[depth][:0])
	s.buf[depth] = legal
	// kept may share legal's array (when moves is legal itself); the filter
	// writes no further than it has read, so that is safe.
	moves := playon.Moves(g, legal, s.kept[depth])
	s.kept[depth] = moves[:0]
	best := math.Inf(-1)
	if q != s.p {
		best = math.Inf(1)
	}
	for i, m := range moves {
		if s.stopped && i > 0 && !math.IsInf(best, 0) {
			break // the time is up: the best of the plays judged so far
		}
		next := g.Clone()
		if playon.Apply(next, m) != nil {
			continue
		}
		v := s.value(next, plies-1, depth+1)
		if q == s.p {
			best = math.Max(best, v)
		} else {
			best = math.Min(best, v)
		}
	}
	if math.IsInf(best, 0) {
		return Evaluate(g, s.p)
	}
	return best
}

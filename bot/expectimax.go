package bot

import (
	"math"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
)

// Expectimax looks Plies players' moves ahead, averaging exactly over every
// chance node on the way (the throws with their weights), and judges the
// positions at the horizon with [Evaluate]. The player to move maximises his
// value; every other player is taken to minimise it (in a two-player zero-sum
// game that is exact; with more players it is the cautious reading). Nodes
// bounds the positions judged per decision: once it is spent, what is left is
// judged as it stands, so a decision costs at most about Nodes applies. The
// zero value uses the defaults.
type Expectimax struct {
	Plies int // players' moves looked ahead, the bot's own included; default 2
	Nodes int // positions judged per decision at most; default 20000
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
	return pickBest(e.Rank(g, legal, r), r)
}

// Rank returns the legal moves (concessions left out while others exist) with
// their values for the player to move, best first. It uses no randomness; r
// may be nil.
func (e Expectimax) Rank(g brettspiel.Game, legal []brettspiel.Move, _ *rand.Rand) []Ranked {
	e = e.withDefaults()
	p := g.ToMove()
	moves := withoutConcessions(g, legal, make([]brettspiel.Move, 0, len(legal)))
	out := make([]Ranked, len(moves))
	s := &search{p: p, budget: e.Nodes}
	for i, m := range moves {
		out[i].Move = m
		// Each move gets an equal share of what is left, so the last moves
		// are not judged more shallowly than the first.
		share := s.budget / (len(moves) - i)
		rest := s.budget - share
		s.budget = share
		out[i].Value = s.after(g, m, e.Plies-1)
		s.budget += rest
	}
	sortRanked(out)
	return out
}

// search holds the state of one decision's look-ahead.
type search struct {
	p      brettspiel.Player
	budget int
	buf    [][]brettspiel.Move // move lists by depth, reused
	kept   [][]brettspiel.Move // the same without concessions, reused
}

// after returns p's value of playing m in g with plies players' moves left.
func (s *search) after(g brettspiel.Game, m brettspiel.Move, plies int) float64 {
	next := g.Clone()
	if next.Apply(m) != nil {
		return math.Inf(-1)
	}
	return s.value(next, plies, 0)
}

// value returns p's value of g with plies players' moves left to look at.
func (s *search) value(g brettspiel.Game, plies, depth int) float64 {
	s.budget--
	q := g.ToMove()
	switch {
	case q == brettspiel.Terminal:
		return Evaluate(g, s.p)
	case q == brettspiel.Chance:
		if plies <= 0 || s.budget <= 0 {
			return Evaluate(g, s.p)
		}
		sum, total := 0.0, 0
		for _, o := range g.ChanceOutcomes() {
			next := g.Clone()
			if next.Apply(o.Move) != nil {
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
	moves := withoutConcessions(g, legal, s.kept[depth])
	s.kept[depth] = moves[:0]
	best := math.Inf(-1)
	if q != s.p {
		best = math.Inf(1)
	}
	for _, m := range moves {
		next := g.Clone()
		if next.Apply(m) != nil {
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

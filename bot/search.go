package bot

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/kit"
)

// Searcher is a Monte Carlo searcher: it spreads a budget of rollouts over the
// legal moves by the UCB1 rule, each rollout playing at random for up to
// Depth turns after the move (throws drawn by their weights) and then judging
// the position with [Evaluate]; it plays the move with the best mean. The zero
// value uses the defaults.
//
// A rollout to the end (Depth < 0) in a game that is a
// [kit.Simulator] is the game's own fast playout, as
// [brettspiel.Simulate] plays it, with the distribution over plays that the
// variant documents; every other rollout plays the [Random] bot step by step,
// which never concedes while it can play on. A rollout step allocates nothing
// beyond what the game's methods allocate.
//
// Time bounds a decision's time: once it has passed (or the context of
// [Searcher.RankContext] is done) no further rollout starts, and a move that
// has had none is judged by [Evaluate] right after it.
type Searcher struct {
	Rollouts    int           // rollouts per decision; default 400
	Depth       int           // players' turns per rollout before judging; default 8; <0: to the end
	Exploration float64       // UCB1 constant in units of the value spread; default 1.4
	Time        time.Duration // time per decision at most; 0: no limit but Rollouts
}

func (s Searcher) withDefaults() Searcher {
	if s.Rollouts <= 0 {
		s.Rollouts = 400
	}
	if s.Depth == 0 {
		s.Depth = 8
	}
	if s.Exploration <= 0 {
		s.Exploration = 1.4
	}
	return s
}

// Choose implements Bot.
func (s Searcher) Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return firstMove(rankSearcher(nil, s, g, legal, r))
}

// firstMove is the move ranked first, NoMove when none is.
func firstMove(ranked []Ranked) brettspiel.Move {
	if len(ranked) == 0 {
		return brettspiel.NoMove
	}
	return ranked[0].Move
}

// Rank returns the legal moves (concessions left out while others exist) ranked
// by their mean rollout value for the player to move, best first. With a single
// candidate it spends no rollouts.
func (s Searcher) Rank(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []Ranked {
	return rankSearcher(nil, s, g, legal, r)
}

// rankSearcher is [Searcher.RankContext]; a nil ctx is none. It is a
// function, not a method: see the file of the methods that take a context.
func rankSearcher(ctx context.Context, s Searcher, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []Ranked {
	s = s.withDefaults()
	r = orFixed(r)
	clk := newClock(ctx, s.Time)
	p := g.ToMove()
	moves := playon.Moves(g, legal, make([]brettspiel.Move, 0, len(legal)))
	out := make([]Ranked, len(moves))
	sums := make([]float64, len(moves))
	after := make([]brettspiel.Game, len(moves))
	for i, m := range moves {
		out[i].Move = m
		after[i] = g.Clone()
		if playon.Apply(after[i], m) != nil {
			after[i] = nil
		}
	}
	if len(moves) == 0 {
		return out
	}
	if len(moves) == 1 {
		out[0].Value = Evaluate(after[0], p)
		return out
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	var buf []brettspiel.Move
	for n := 0; n < s.Rollouts && !clk.expired(); n++ {
		i := s.pick(out, sums, n, hi-lo)
		v := math.Inf(-1)
		if after[i] != nil {
			v, buf = rollout(after[i].Clone(), p, s.Depth, r, buf)
		}
		out[i].Tries++
		sums[i] += v
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	for i := range out {
		switch {
		case out[i].Tries > 0:
			out[i].Value = sums[i] / float64(out[i].Tries)
		case after[i] != nil: // the time ran out before its first rollout
			out[i].Value = Evaluate(after[i], p)
		default:
			out[i].Value = math.Inf(-1)
		}
	}
	sortRanked(out)
	return out
}

// pick chooses the next move to try: each once in order, then by UCB1.
func (s Searcher) pick(out []Ranked, sums []float64, n int, spread float64) int {
	if n < len(out) {
		return n
	}
	if spread <= 0 || math.IsInf(spread, 0) {
		spread = 1
	}
	best, bestScore := 0, math.Inf(-1)
	logN := math.Log(float64(n))
	for i := range out {
		score := sums[i]/float64(out[i].Tries) + s.Exploration*spread*math.Sqrt(logN/float64(out[i].Tries))
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// rollout plays g forward at random for depth players' turns (or to the end
// when depth < 0: by the game's own playout where it is a
// kit.Simulator) and returns the evaluation for p.
func rollout(g brettspiel.Game, p brettspiel.Player, depth int, r *rand.Rand, buf []brettspiel.Move) (float64, []brettspiel.Move) {
	if sim, ok := g.(kit.Simulator); ok && depth < 0 {
		// brettspiel.Simulate(g, r) would do the same; the fallback it
		// offers (PlayOut with RandomPolicy) may concede, the loop below
		// does not.
		sim.Simulate(r)
		return Evaluate(g, p), buf
	}
	var random Random
	for turns := 0; depth < 0 || turns < depth; {
		switch g.ToMove() {
		case brettspiel.Terminal:
			return Evaluate(g, p), buf
		case brettspiel.Chance:
			m, err := brettspiel.SampleChance(g, r)
			if err != nil || playon.Apply(g, m) != nil {
				return Evaluate(g, p), buf
			}
		default:
			buf = g.AppendLegalMoves(buf[:0])
			if len(buf) == 0 || playon.Apply(g, random.Choose(g, buf, r)) != nil {
				return Evaluate(g, p), buf
			}
			turns++
		}
	}
	return Evaluate(g, p), buf
}

// Ranker is a bot that ranks all the legal moves with their values, best
// first: [Greedy], [Searcher] and [Expectimax] are Rankers.
type Ranker interface {
	Rank(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []Ranked
}

// Hint ranks the legal moves of g for the player to move by the bot by, best
// first. Each Ranked carries its estimated value (expected return), what the
// move itself scores as Scores (the marks, hits and payments of its events
// with their rule IDs) and the same in English as its Reason, e.g. "+2
// marks (T-M2); expected +0.31". It returns nil at a chance node, at the
// end, and at a decision that the rules settle (kit.RuleMover: the
// Schule's declarations and claims are the person's own work, T-W5g, and
// the rule's move would tell what is due).
func Hint(g brettspiel.Game, by Ranker, r *rand.Rand) []Ranked { return HintContext(nil, g, by, r) }

// contextRanker is a Ranker that a context can stop (a js/wasm build has
// none).
type contextRanker interface {
	RankContext(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []Ranked
}

// HintContext is [Hint] within ctx (nil for none): a ranker with a
// RankContext method (Searcher, Expectimax) stops its search when ctx is
// done and ranks by what it judged so far. The caller tells whether ctx
// ended meanwhile.
func HintContext(ctx context.Context, g brettspiel.Game, by Ranker, r *rand.Rand) []Ranked {
	p := g.ToMove()
	if p < 0 {
		return nil
	}
	if rm, ok := g.(kit.RuleMover); ok {
		if _, ok := rm.RuleMove(); ok {
			return nil
		}
	}
	var ranked []Ranked
	if c, ok := by.(contextRanker); ok && ctx != nil {
		ranked = c.RankContext(ctx, g, g.LegalMoves(), r)
	} else {
		ranked = by.Rank(g, g.LegalMoves(), r)
	}
	for i := range ranked {
		ranked[i].Scores = scores(g, ranked[i].Move, p)
		ranked[i].Reason = reason(ranked[i])
	}
	return ranked
}

// scoring lists the event kinds a hint reports, with the word for their amount.
var scoring = []struct {
	kind brettspiel.EventKind
	unit string
}{
	{brettspiel.EventMark, "marks"},
	{brettspiel.EventHit, "hits"},
	{brettspiel.EventPay, "markers paid"},
	{brettspiel.EventTake, "markers taken"},
	{brettspiel.EventPlace, "markers placed"},
}

// scores returns what playing m scores for p (positive) or for the others
// (negative), summed by kind and rule, in the order of scoring.
func scores(g brettspiel.Game, m brettspiel.Move, p brettspiel.Player) []Score {
	type key struct {
		kind brettspiel.EventKind
		rule string
	}
	var order []key
	sums := map[key]int{}
	after := g.Clone()
	if after.Apply(m) == nil {
		for _, e := range after.Events() {
			amount := e.Amount
			if e.Kind == brettspiel.EventHit {
				amount = max(amount, 1)
			}
			if e.Player != p {
				amount = -amount
			}
			k := key{e.Kind, e.Rule}
			if _, ok := sums[k]; !ok {
				order = append(order, k)
			}
			sums[k] += amount
		}
	}
	var out []Score
	for _, sc := range scoring {
		for _, k := range order {
			if k.kind == sc.kind && sums[k] != 0 {
				out = append(out, Score{Kind: k.kind, Rule: k.rule, Amount: sums[k]})
			}
		}
	}
	return out
}

// ScoreUnit returns the English word for the amount of a Score of kind k:
// "marks", "hits", "markers paid", "markers taken", "markers placed"; "" for
// a kind a hint does not report.
func ScoreUnit(k brettspiel.EventKind) string {
	for _, sc := range scoring {
		if sc.kind == k {
			return sc.unit
		}
	}
	return ""
}

// reason describes the scores of rk in English, then the estimate.
func reason(rk Ranked) string {
	var parts []string
	for _, sc := range rk.Scores {
		part := fmt.Sprintf("%+d %s", sc.Amount, ScoreUnit(sc.Kind))
		if sc.Rule != "" {
			part += " (" + sc.Rule + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		parts = append(parts, "nothing scored at once")
	}
	estimate := fmt.Sprintf("expected %+.2f", rk.Value)
	if rk.Tries > 0 {
		estimate += fmt.Sprintf(" over %d rollouts", rk.Tries)
	}
	return strings.Join(parts, ", ") + "; " + estimate
}

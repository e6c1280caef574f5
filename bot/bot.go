package bot

import (
	"math/rand/v2"
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/kit"
)

// Bot chooses a move for the player to move in g. legal is g's legal list;
// Choose returns one of its elements and leaves g unchanged. With an empty
// list (at a chance node or at the end, or a list the caller has emptied)
// there is nothing to choose, and Choose returns [brettspiel.NoMove], which
// every game's Apply refuses with an error. The bots of this package accept a
// nil r as a fixed source (the same choices every time).
type Bot interface {
	Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move
}

// Policy adapts a Bot to brettspiel.Policy.
func Policy(b Bot) brettspiel.Policy { return b.Choose }

// Evaluator is implemented by games that can estimate a position: Evaluate
// returns p's expected return, in the unit of Returns. At the end of the game it
// must equal Returns()[p].
type Evaluator interface {
	Evaluate(p brettspiel.Player) float64
}

// Conceder is [kit.Conceder], named here for the bots' users.
type Conceder = kit.Conceder

// Evaluate returns g's estimate for p: the game's own [Evaluator] if it has one,
// else p's Returns.
func Evaluate(g brettspiel.Game, p brettspiel.Player) float64 {
	if e, ok := g.(Evaluator); ok {
		return e.Evaluate(p)
	}
	if p < 0 || int(p) >= g.NumPlayers() {
		return 0
	}
	return float64(g.Returns()[p])
}

// Random chooses uniformly among the legal moves that do not concede (among
// all of them when every move concedes), and at a decision that the rules
// settle (kit.RuleMover: Toccateglio's Schule) the rule's move. It
// allocates nothing.
type Random struct{}

// Choose implements Bot.
func (Random) Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	if len(legal) == 0 {
		return brettspiel.NoMove
	}
	if rm, ok := g.(kit.RuleMover); ok {
		if m, ok := rm.RuleMove(); ok && slices.Contains(legal, m) {
			return m // a decision the rules settle (T-W5g)
		}
	}
	return brettspiel.RandomPolicy(g, legal, orFixed(r))
}

// orFixed returns r, or for nil a source of a fixed seed, so that a bot
// given no source still chooses (the same way every time).
func orFixed(r *rand.Rand) *rand.Rand {
	if r == nil {
		return rand.New(rand.NewPCG(0, 0))
	}
	return r
}

// Greedy takes the move with the best immediate outcome for the mover: the
// evaluation of the position right after it, averaged over the throws when the
// dice come next (so the opponent's hits or the next payments count). Moves
// it cannot tell apart are chosen among at random; it never concedes while it
// has another move.
type Greedy struct{}

// Choose implements Bot.
func (Greedy) Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return pickBest(rankGreedy(g, legal), r)
}

// Rank returns the legal moves (concessions left out while others exist) with
// their immediate values for the player to move, best first.
func (Greedy) Rank(g brettspiel.Game, legal []brettspiel.Move, _ *rand.Rand) []Ranked {
	return rankGreedy(g, legal)
}

// pickBest returns one of the best moves of ranked (sorted best first),
// chosen at random among those of equal value, so that a bot whose judgement
// cannot tell moves apart does not always play the lowest.
func pickBest(ranked []Ranked, r *rand.Rand) brettspiel.Move {
	if len(ranked) == 0 {
		return brettspiel.NoMove
	}
	n := 1
	for n < len(ranked) && ranked[n].Value == ranked[0].Value {
		n++
	}
	if n == 1 || r == nil {
		return ranked[0].Move
	}
	return ranked[r.IntN(n)].Move
}

// Ranked is a move with its value for the player to move, as a bot judged it.
type Ranked struct {
	Move   brettspiel.Move
	Value  float64 // expected return (the unit of Returns), as estimated
	Tries  int     // rollouts spent on it (0 for greedy judgement)
	Reason string  // what the move itself scores, from its events; set by Hint
	Scores []Score // the same as data, in the order of Reason; set by Hint
}

// Score is one part of what a move scores at once: the amounts of its
// events of one kind and rule, summed — positive for the player who moves,
// negative for the others. A frontend says it in its own words.
type Score struct {
	Kind   brettspiel.EventKind // EventMark, EventHit, EventPay, EventTake or EventPlace
	Rule   string               // the rule ID of the events; "" for none
	Amount int                  // never 0
}

// immediate returns the value for p of playing m in g: the evaluation after m,
// averaged over the following throws if the dice come next.
func immediate(g brettspiel.Game, m brettspiel.Move, p brettspiel.Player) float64 {
	next := g.Clone()
	if err := playon.Apply(next, m); err != nil {
		return -1e18
	}
	if next.ToMove() != brettspiel.Chance {
		return Evaluate(next, p)
	}
	sum, total := 0.0, 0
	for _, o := range next.ChanceOutcomes() {
		after := next.Clone()
		if playon.Apply(after, o.Move) != nil {
			continue
		}
		sum += float64(o.Weight) * Evaluate(after, p)
		total += o.Weight
	}
	if total == 0 {
		return Evaluate(next, p)
	}
	return sum / float64(total)
}

func rankGreedy(g brettspiel.Game, legal []brettspiel.Move) []Ranked {
	p := g.ToMove()
	moves := playon.Moves(g, legal, make([]brettspiel.Move, 0, len(legal)))
	out := make([]Ranked, len(moves))
	for i, m := range moves {
		out[i] = Ranked{Move: m, Value: immediate(g, m, p)}
	}
	sortRanked(out)
	return out
}

// sortRanked orders by value, best first; equal values keep the legal order.
func sortRanked(rs []Ranked) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j].Value > rs[j-1].Value; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

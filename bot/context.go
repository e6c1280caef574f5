//go:build !js

// The methods that take a context. A js/wasm build has none of them: a
// method with a context.Context in its signature, on a type that a program
// holds as a Bot, keeps all of package time's formatting and parsing in a
// WebAssembly program (through the time.Time of Context.Deadline), some 45 KB
// gzipped. There a decision is bounded by the Time field alone.

package bot

import (
	"context"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
)

// ChooseContext is Choose within ctx: when ctx is done (or e.Time has passed)
// the search stops and the best move found so far is played, so a frontend
// can bound or cancel a decision. With ctx done on entry every move is judged
// as it stands right after it, without look-ahead. A js/wasm build has no
// ChooseContext.
func (e Expectimax) ChooseContext(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return pickBest(rankExpectimax(ctx, e, g, legal), r)
}

// RankContext is Rank within ctx, as [Expectimax.ChooseContext] is Choose.
func (e Expectimax) RankContext(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, _ *rand.Rand) []Ranked {
	return rankExpectimax(ctx, e, g, legal)
}

// ChooseContext is Choose within ctx: when ctx is done (or s.Time has
// passed) no further rollout starts and the best move so far is played. A
// js/wasm build has no ChooseContext.
func (s Searcher) ChooseContext(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return firstMove(rankSearcher(ctx, s, g, legal, r))
}

// RankContext is Rank within ctx, as [Searcher.ChooseContext] is Choose.
func (s Searcher) RankContext(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []Ranked {
	return rankSearcher(ctx, s, g, legal, r)
}

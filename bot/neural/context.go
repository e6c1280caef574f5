//go:build !js

// The method that takes a context is left out of a js/wasm build, as in
// package bot: on a type held as a bot.Bot, a context.Context in a method's
// signature keeps all of package time's formatting and parsing in a
// WebAssembly program. There a decision is bounded by the Time field alone.

package neural

import (
	"context"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
)

// ChooseContext is Choose within ctx: when ctx is done the best play found
// so far is played. A js/wasm build has no ChooseContext.
func (b Bot) ChooseContext(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return b.choose(ctx, g, legal, r)
}

//go:build js

package session

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
)

// In a js/wasm build a call makes no context of its own and a Game holds
// none: a context value there, or a context.Context field in a type the
// program puts in an interface, links all of package time's formatting
// into the WebAssembly (through the time.Time of the Deadline method),
// some 50 KB gzipped. The program runs one call at a time on the page's
// thread, where neither a Close nor a timer comes between the steps of a
// call; a closed game refuses its long calls all the same (Game.stopped),
// and a caller's context, if one is given, still stops them.

type stops struct{}

// chooseWithin lets b choose: the bots of a js/wasm build take no context.
func chooseWithin(_ context.Context, b bot.Bot, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return b.Choose(g, legal, r)
}

func (g *Game) openClosing()                   {}
func (s *stops) close()                        {}
func (g *Game) setCallContext(context.Context) {}
func (g *Game) callContext() context.Context   { return nil }

func (g *Game) bind(ctx context.Context, _ time.Duration) (context.Context, func()) {
	return ctx, func() {}
}

//go:build !js

package session

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
)

// contextChooser is a bot that a context can stop.
type contextChooser interface {
	ChooseContext(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move
}

// chooseWithin lets b choose within ctx (nil for none) when it can be
// stopped by one, else as it chooses.
func chooseWithin(ctx context.Context, b bot.Bot, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	if c, ok := b.(contextChooser); ok && ctx != nil {
		return c.ChooseContext(ctx, g, legal, r)
	}
	return b.Choose(g, legal, r)
}

// stops are the contexts of a game's calls: closing, which Close ends and
// to which bind ties the context of every long call, and call, the
// context of the long call under way of the protocol (gameCall; nil
// outside one).
type stops struct {
	closing  context.Context
	closeNow context.CancelFunc
	call     context.Context
}

// openClosing gives g its closing context.
func (g *Game) openClosing() {
	g.stops.closing, g.stops.closeNow = context.WithCancel(context.Background())
}

func (s *stops) close() {
	if s.closeNow != nil {
		s.closeNow()
	}
}

func (g *Game) setCallContext(ctx context.Context) { g.stops.call = ctx }
func (g *Game) callContext() context.Context       { return g.stops.call }

// bind returns the context of a long call on g: ctx (Background for nil),
// ended also when g is closed and, for budget > 0, once budget has passed,
// so that a bot thinking within it stops. end releases what bind holds;
// call it when the call is done.
func (g *Game) bind(ctx context.Context, budget time.Duration) (_ context.Context, end func()) {
	if ctx == nil {
		ctx = context.Background()
	}
	c, cancel := context.WithCancelCause(ctx)
	unclose := func() bool { return false }
	if closing := g.stops.closing; closing != nil {
		unclose = context.AfterFunc(closing, func() { cancel(closedCause) })
		if closing.Err() != nil {
			// closed already: AfterFunc's goroutine may come late
			cancel(closedCause)
		}
	}
	// A timer rather than a context's deadline: the bots would read a
	// deadline as their own and hurry every decision near the budget.
	var timer *time.Timer
	if budget > 0 {
		timer = time.AfterFunc(budget, func() { cancel(budgetCause) })
	}
	return c, func() {
		if timer != nil {
			timer.Stop()
		}
		unclose()
		cancel(nil)
	}
}

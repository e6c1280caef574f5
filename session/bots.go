package session

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
)

// The bots at a game: a bot's move, an advance that throws and lets the
// bots play until a person is to decide, and hints. A bot thinks with the
// game's state lock let go (unlocked), so that reads answer meanwhile.

// BotMove lets the bot of a name (bot.Named) play the seat to move, with
// the source Rand(seed, Len(), Bots), and returns the step with the bot's
// name and time. ctx bounds the time of a bot that honours it (in a js/wasm
// build none of package bot does; their Time field bounds them there): when
// ctx ends or the game is closed while the bot thinks, its move is not
// played and the error wraps [ErrCancelled] or [ErrGameClosed].
func (g *Game) BotMove(ctx context.Context, name string) (Step, error) {
	b, err := bot.Named(name)
	if err != nil {
		return Step{}, err
	}
	ctx, end := g.bind(ctx, 0)
	defer end()
	defer g.lock()()
	return g.told(g.botMove(ctx, b, canonicalBot(name)))
}

// canonicalBot is the name of a bot as the registry spells it.
func canonicalBot(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func (g *Game) botMove(ctx context.Context, b bot.Bot, name string) (Step, error) {
	if err := g.stopped(ctx, "bot move"); err != nil {
		return Step{}, err
	}
	now := g.cur.Clone()
	if p := now.ToMove(); p < 0 {
		return Step{}, bad("bot move", name, brettspiel.ErrNotYourTurn, "no seat is to move: "+p.String())
	}
	r := Rand(g.seed, g.h.Len(), Bots)
	start := time.Now()
	m := unlocked(g, func() brettspiel.Move { return chooseWithin(ctx, b, now, now.LegalMoves(), r) })
	took := time.Since(start)
	// a move chosen in a hurry because the call was stopped is not played:
	// a stopped call makes no step it does not report
	if err := g.stopped(ctx, "bot move"); err != nil {
		return Step{}, err
	}
	s, err := g.play(m)
	if err != nil {
		return Step{}, err
	}
	s.Bot, s.Millis = name, float64(took.Microseconds())/1000
	return s, nil
}

// MaxAdvance is the most steps one [Game.Advance] plays.
const MaxAdvance = 10000

// Advance plays on from the position now: it throws the seeded dice and
// lets the bots of their seats play, until a person is to move, a throw is
// to be entered by hand (dice mode manual), the game is over, or limit
// steps are played (at most [MaxAdvance]; 0 means MaxAdvance). It returns
// the steps played, none when a person is to move already. It is the one
// call a frontend makes after each move of a person.
//
// When ctx ends or the game is closed ([Game.Close]) it stops between two
// steps (a bot's move chosen meanwhile is not played) and returns the
// steps it made with an error wrapping [ErrCancelled] or [ErrGameClosed]:
// the game holds those steps and no other.
func (g *Game) Advance(ctx context.Context, limit int) ([]Step, error) {
	ctx, end := g.bind(ctx, 0)
	defer end()
	unlock := g.lock()
	steps, err := g.advance(ctx, limit)
	var entries []brettspiel.HistoryEntry
	if len(steps) > 0 {
		entries = g.entries(steps[0].Index)
	}
	unlock()
	// the steps in words after the game's locks: they are copies
	for i, s := range steps {
		full := stepOf(g.lang, s.Index, entries[i], true)
		full.Bot, full.Millis = s.Bot, s.Millis
		steps[i] = full
	}
	return steps, err
}

// AdvanceCount plays on as [Game.Advance] does and returns how many steps
// it played rather than the steps: a caller whose clients learn them
// otherwise, as a server's from its watchers' deltas, saves putting each
// into words.
func (g *Game) AdvanceCount(ctx context.Context, limit int) (int, error) {
	ctx, end := g.bind(ctx, 0)
	defer end()
	defer g.lock()()
	steps, err := g.advance(ctx, limit)
	return len(steps), err
}

func (g *Game) advance(ctx context.Context, limit int) ([]Step, error) {
	if limit <= 0 || limit > MaxAdvance {
		limit = MaxAdvance
	}
	out := []Step{}
	for len(out) < limit {
		if err := g.stopped(ctx, "advance"); err != nil {
			return out, err
		}
		p := g.h.ToMove()
		var s Step
		var err error
		switch {
		case p == brettspiel.Terminal:
			return out, nil
		case p == brettspiel.Chance:
			if g.manual {
				return out, nil
			}
			s, err = g.throw()
		case g.bots[p] != nil:
			s, err = g.botMove(ctx, g.bots[p], g.seats[p])
		default:
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, s)
	}
	return out, nil
}

// Hint is one ranked move of [Game.Hints].
type Hint struct {
	Notation string            `json:"notation"`
	Value    float64           `json:"value"`
	Reason   string            `json:"reason"`
	Steps    []brettspiel.Step `json:"steps,omitempty"`
}

// MaxHints is the most moves [Game.Hints] ranks.
const MaxHints = 100

// Hints ranks the moves of the seat to move by the bot of a name (one that
// ranks: greedy, search, expectimax; "" is greedy), best first, with what
// each scores (bot.Hint), at most n of them (1…MaxHints; 0 for 5). It draws
// from Rand(seed, Len(), Bots). When ctx ends or the game is closed while
// the bot ranks, the error wraps [ErrCancelled] or [ErrGameClosed].
func (g *Game) Hints(ctx context.Context, name string, n int) ([]Hint, error) {
	ctx, end := g.bind(ctx, 0)
	defer end()
	defer g.lock()()
	return g.hints(ctx, name, n)
}

func (g *Game) hints(ctx context.Context, name string, n int) ([]Hint, error) {
	if err := g.stopped(ctx, "hint"); err != nil {
		return nil, err
	}
	if name == "" {
		name = "greedy"
	}
	if n == 0 {
		n = 5
	}
	if n < 0 || n > MaxHints {
		return nil, bad("hint", strconv.Itoa(n), ErrBadCall, "ask for 1…"+strconv.Itoa(MaxHints)+" hints")
	}
	b, err := bot.Named(name)
	if err != nil {
		return nil, err
	}
	rk, ok := b.(bot.Ranker)
	if !ok {
		return nil, bad("hint", name, ErrBadCall, "the bot does not rank moves; take greedy, search or expectimax")
	}
	now := g.cur.Clone()
	if p := now.ToMove(); p < 0 {
		return nil, bad("hint", "", brettspiel.ErrNotYourTurn, "no seat is to move: "+p.String())
	}
	r := Rand(g.seed, g.h.Len(), Bots)
	ranked := unlocked(g, func() []bot.Ranked { return bot.HintContext(ctx, now, rk, r) })
	if err := g.stopped(ctx, "hint"); err != nil {
		return nil, err
	}
	d, _ := now.(brettspiel.Describer)
	out := make([]Hint, 0, min(n, len(ranked)))
	for _, r := range ranked[:min(len(ranked), n)] {
		h := Hint{Notation: now.MoveString(r.Move), Value: r.Value, Reason: r.Reason}
		if d != nil {
			if info, err := d.Describe(r.Move); err == nil {
				h.Steps = info.Steps
			}
		}
		out = append(out, h)
	}
	return out, nil
}

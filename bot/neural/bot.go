package neural

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// Level grades the net's bots from the weakest to the strongest.
type Level int

const (
	// Beginner plays the net's judgement at one ply blurred by a large
	// random error, so that it often misses the best play.
	Beginner Level = iota
	// Casual blurs the judgement less.
	Casual
	// Intermediate blurs it a little.
	Intermediate
	// Advanced plays the net's best play at one ply.
	Advanced
	// Expert looks two plies deep at the few best plays of one ply: each
	// averaged over the opponent's throws, each throw answered by his best
	// play at one ply (gnubg's 1-ply).
	Expert
	// Strongest looks two plies deep at more of them, and in Toccateglio
	// three plies deep at the best few of those when they are close: after
	// each throw of the opponent his best play at one ply, and the position
	// it leaves judged two plies deep (gnubg's 2-ply).
	Strongest
)

var levelNames = [...]string{"beginner", "casual", "intermediate", "advanced", "expert", "strongest"}

// Levels lists the levels, weakest first.
func Levels() []Level { return []Level{Beginner, Casual, Intermediate, Advanced, Expert, Strongest} }

// String returns the level's name ("beginner" … "strongest").
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// LevelNamed returns the level of a name (see [Level.String]), in any case.
func LevelNamed(name string) (Level, error) {
	for i, n := range levelNames {
		if strings.EqualFold(n, name) {
			return Level(i), nil
		}
	}
	return 0, &brettspiel.Error{Op: "level", Input: name, Err: brettspiel.ErrBadOptions,
		Reason: "no such level; there are " + strings.Join(levelNames[:], ", ")}
}

// settings are what a level does.
type settings struct {
	noise      float64       // the standard deviation of the error added to each play's value
	candidates int           // plays looked at two plies deep; 0: none
	deeper     int           // of those, the best looked at three plies deep where the game allows,
	margin     float64       // when within this of the best by two plies
	time       time.Duration // the default time per decision
}

// deepMargin is the strongest level's margin for a look three plies deep,
// in the unit of Returns.
const deepMargin = 0.3

var levelSettings = [...]settings{
	Beginner:     {noise: 0.3},
	Casual:       {noise: 0.12},
	Intermediate: {noise: 0.04},
	Advanced:     {},
	Expert:       {candidates: 4, time: 50 * time.Millisecond},
	Strongest:    {candidates: 16, deeper: 4, margin: deepMargin, time: 50 * time.Millisecond},
}

// Bot plays Toccateglio and Verkehren by the nets shipped with the package
// at its Level. It implements the module's bot.Bot (Choose). Time bounds a
// decision (0: the level's default, 50 ms for the deeper levels; the
// one-ply levels need about a millisecond): once it has passed, the
// deepest judgement complete so far decides — the plays judged three plies
// deep when at least two were, else those judged two plies deep, else the
// one-ply judgement. Fallback chooses in a game of another kind (nil: a uniformly random
// move that does not concede). The error of the lower levels is drawn from
// the caller's source; with a nil source they play without it. A Bot keeps
// no state between calls; one value may serve several goroutines.
type Bot struct {
	Level    Level
	Time     time.Duration
	Fallback interface {
		Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move
	}
	// Eval, when set, is used for games of its kind instead of the shipped
	// net (for training and tests).
	Eval *Evaluator
	// Workers bounds the goroutines among which the deeper levels share
	// the throws of their looks two and three plies deep (0 or less:
	// runtime.GOMAXPROCS; at most 21, the throws of two dice; a js/wasm
	// build uses one). The values do not
	// depend on it; how far a look gets within the time does.
	Workers int
}

// workers returns the goroutines a decision may use.
func (b Bot) workers() int {
	if b.Workers > 0 {
		return b.Workers
	}
	return max(1, runtime.GOMAXPROCS(0))
}

// NewBot returns the bot of a level with its default time.
func NewBot(level Level) Bot { return Bot{Level: level} }

// shippedEvals are the shipped evaluators, loaded on first use.
var shippedEvals = sync.OnceValues(func() (map[string]*Evaluator, error) {
	m := map[string]*Evaluator{}
	for _, name := range Games() {
		e, err := Load(name)
		if err != nil {
			return nil, err
		}
		m[name] = e
	}
	return m, nil
})

// evaluatorFor returns the evaluator for g, or nil for a game of another
// kind.
func (b Bot) evaluatorFor(g brettspiel.Game) *Evaluator {
	var name string
	switch g.(type) {
	case *verkehren.Game:
		name = "verkehren"
	case *toccateglio.Game:
		name = "toccateglio"
	default:
		return nil
	}
	if b.Eval != nil && b.Eval.v.name == name {
		return b.Eval
	}
	m, err := shippedEvals()
	if err != nil {
		return nil
	}
	return m[name]
}

// Choose implements the module's bot.Bot: one of legal, [brettspiel.NoMove]
// when legal is empty.
func (b Bot) Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return b.choose(nil, g, legal, r)
}

// choose is Choose within ctx; a nil ctx bounds nothing.
func (b Bot) choose(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	if len(legal) == 0 {
		return brettspiel.NoMove
	}
	e := b.evaluatorFor(g)
	if e == nil {
		if b.Fallback != nil {
			return b.Fallback.Choose(g, legal, r)
		}
		moves := playon.Moves(g, legal, nil)
		if r == nil {
			return moves[0]
		}
		return moves[r.IntN(len(moves))]
	}
	ranked := b.rank(ctx, e, g, legal, r)
	return ranked[0].Move
}

// Ranked is a move with its value for the player to move.
type Ranked struct {
	Move  brettspiel.Move
	Value float64 // expected return, in the unit of Returns
	Plies int     // how deep it was judged: 1, 2 or 3
}

// Rank returns the legal moves that do not concede (all when each does)
// with their values for the player to move as the level judges them, best
// first (the noise of the lower levels included). In a game of another kind
// it returns nil.
func (b Bot) Rank(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []Ranked {
	e := b.evaluatorFor(g)
	if e == nil || len(legal) == 0 {
		return nil
	}
	return b.rank(nil, e, g, legal, r)
}

// rank ranks the moves as the level judges them, within ctx; a nil ctx
// bounds nothing.
func (b Bot) rank(ctx context.Context, e *Evaluator, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []Ranked {
	lv := levelSettings[Advanced]
	if b.Level >= 0 && int(b.Level) < len(levelSettings) {
		lv = levelSettings[b.Level]
	}
	start := time.Now()
	deadline := time.Time{}
	if d := cmpOr(b.Time, lv.time); d > 0 {
		deadline = start.Add(d)
	}
	if ctx != nil {
		if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
			deadline = d
		}
	}
	moves := playon.Moves(g, legal, nil)
	out := make([]Ranked, len(moves))
	p := g.ToMove()
	if len(moves) == 1 || p < 0 {
		for i, m := range moves {
			out[i] = Ranked{Move: m}
		}
		return out
	}
	j := e.getJudge()
	js := []*judge{j}
	if _, kind := j.race(g, p); kind == RaceExact || kind == RaceTabled {
		// a race the two-sided table solves: one ply is its exact value
		// and every level plays it, without error and without looking
		// deeper
		lv = settings{}
	}
	vals := append(j.vals[:0], make([]float64, len(moves))...)
	j.vals = vals
	j.rank1(g, moves, vals, 0)
	for i, m := range moves {
		out[i] = Ranked{Move: m, Value: vals[i], Plies: 1}
		if lv.noise > 0 && r != nil {
			out[i].Value += lv.noise * r.NormFloat64()
		}
	}
	sortRanked(out)
	if lv.candidates > 0 {
		n := min(lv.candidates, len(out))
		deep := make([]Ranked, 0, n)
		js = b.judges(j)
		for _, c := range out[:n] {
			if ctx != nil && ctx.Err() != nil {
				break
			}
			v, ok := sharedAfter2(js, g, c.Move, p, deadline)
			if !ok {
				break
			}
			deep = append(deep, Ranked{Move: c.Move, Value: v, Plies: 2})
		}
		if len(deep) > 0 {
			// the plays judged two plies deep first, then the rest by one ply
			sortRanked(deep)
			if e.v.deep3 {
				deep = b.deepen(ctx, js, g, deep, p, lv.deeper, lv.margin, deadline)
			}
			rest := out[:0] // filtered in place: a plain loop, lighter in WebAssembly than slices.DeleteFunc
			for _, x := range out {
				if !judged(deep, x.Move) {
					rest = append(rest, x)
				}
			}
			out = append(deep, rest...)
		}
	}
	for _, x := range js {
		e.putJudge(x)
	}
	return out
}

// judged says whether m is among the ranked plays rs.
func judged(rs []Ranked, m brettspiel.Move) bool {
	for _, r := range rs {
		if r.Move == m {
			return true
		}
	}
	return false
}

func cmpOr(a, b time.Duration) time.Duration {
	if a != 0 {
		return a
	}
	return b
}

// sortRanked orders by value, best first, keeping the order of equal values;
// a value that is not a number sorts last.
func sortRanked(rs []Ranked) {
	slices.SortStableFunc(rs, func(a, b Ranked) int {
		av, bv := a.Value, b.Value
		switch {
		case math.IsNaN(av) && math.IsNaN(bv):
			return 0
		case math.IsNaN(av):
			return 1
		case math.IsNaN(bv):
			return -1
		case av > bv:
			return -1
		case av < bv:
			return 1
		}
		return 0
	})
}

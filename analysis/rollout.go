package analysis

import (
	"cmp"
	"context"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/kit"
)

// DefaultRolloutGames is the number of games a rollout plays unless its
// options say otherwise: 1,296 = 36², every pair of the first two throws
// of two dice once.
const DefaultRolloutGames = 1296

// DefaultRolloutBot is the level that plays a rollout's games unless its
// options say otherwise: the net's best play at one ply.
const DefaultRolloutBot = "net-advanced"

// ErrExactJudge is wrapped by the error of a rollout of a game that has an
// exact judge instead, the Festungsspiel.
var ErrExactJudge = kit.NewSentinel("ErrExactJudge", "judged exactly, not rolled out")

// RolloutOptions sets how a rollout plays. The zero value is the default:
// 1,296 games to the end by the net at one ply, seed 0, every legal move.
type RolloutOptions struct {
	// Games is the number of games played (0: DefaultRolloutGames). With
	// a multiple of the weights' total of the first throw (36 for two
	// dice) the first throw is stratified, with a multiple of the product
	// of the first two (1,296) the first two, and so on.
	Games int
	// Bot names the level that plays every seat, as bot.Named takes it
	// ("": DefaultRolloutBot). A level bounded by a time (the two-ply nets)
	// plays without the bound, so that the result depends on the options
	// alone.
	Bot string
	// Seed seeds the dice and the bots' choices: game i throws from
	// PCG(Seed, 2i) and chooses from PCG(Seed, 2i+1).
	Seed uint64
	// Truncate stops every game after Turns turns (a turn is a seat's
	// move: the play of a throw, a pass, a decision) and scores it by the
	// net's estimate of the position there (neural.Evaluator.Equity);
	// Turns 0 scores the position itself. Without Truncate every game is
	// played to its end and scored by its Returns, or to a race the
	// bear-off tables solve exactly (neural.RaceExact: in Verkehren every
	// race of up to six stones a side, in Toccateglio those in which either
	// side's Marsch ends the Partie) and scored by its exact value.
	Truncate bool
	Turns    int
	// VarianceReduction subtracts from each game's result the luck of
	// every throw in it, as the analysis judges luck (see the package doc).
	VarianceReduction bool
	// Candidates bounds the moves RolloutMoves rolls out to the best so
	// many by the judge at one ply (0: every legal move).
	Candidates int
	// Within bounds them to the moves whose equity at one ply is within
	// so much of the best move's (0: no bound); with Candidates, both
	// bounds hold.
	Within float64
	// Include are moves RolloutMoves rolls out whatever the bounds say
	// (the play made at a decision reviewed); each must be legal.
	Include []brettspiel.Move

	// playSolved plays on through the races the bear-off tables solve
	// (for the tests of the rollout's own arithmetic on races small enough
	// to solve by hand).
	playSolved bool
}

// RolloutResult is a rollout's estimate of a position's equity for one
// seat, in the unit of the game's Returns.
type RolloutResult struct {
	// Seat is the seat the equity is for: the seat to move, at a throw the
	// seat who throws (seat 0 in the draw for the start); for a move of
	// RolloutMoves the seat who chose it.
	Seat int `json:"seat"`
	// Unit is the unit of the equity: "strokes" (Toccateglio), "points"
	// (Verkehren).
	Unit string `json:"unit"`
	// Equity is the mean result of the games, less their luck with
	// VarianceReduction; StdErr its standard error (the games' standard
	// deviation over √Games; 0 for one game). Stratified throws make the
	// true error smaller than StdErr says.
	Equity float64 `json:"equity"`
	StdErr float64 `json:"stdErr"`
	// Games is the number of games played.
	Games int `json:"games"`
}

// MoveRollout is one move of a decision rolled out: the position after it
// from the view of the seat who chose it.
type MoveRollout struct {
	Move     brettspiel.Move `json:"-"`
	Notation string          `json:"notation"`
	// OnePly is the move's equity by the judge at one ply, the net over
	// the position after it: what the analysis of a game says of it.
	OnePly float64 `json:"onePly"`
	RolloutResult
}

// Rollout plays o.Games games from g, a position of Toccateglio or
// Verkehren at a seat's decision or at a throw, by the level o.Bot on
// every seat, and returns the mean result for the seat to move (at a throw
// the seat who throws) with its standard error. The games are shared out
// among runtime.GOMAXPROCS goroutines; the result is the same on any
// number of them. When ctx (nil for none) is done it stops within a step
// of each game and returns ctx's error.
//
// A game that has an exact judge, the Festungsspiel, is refused with an
// error wrapping ErrExactJudge; a finished game with one wrapping
// brettspiel.ErrGameOver; bad options with brettspiel.ErrBadOptions, an
// unknown level with bot.ErrUnknownBot.
func Rollout(ctx context.Context, g brettspiel.Game, o RolloutOptions) (RolloutResult, error) {
	ro, err := newRoller(g, o)
	if err != nil {
		return RolloutResult{}, err
	}
	if g.ToMove() == brettspiel.Terminal {
		return RolloutResult{}, &brettspiel.Error{Op: "rollout", Err: brettspiel.ErrGameOver, Reason: "nothing is left to roll out"}
	}
	res, err := ro.run(ctx, []task{{start: g, seat: seatOf(g)}})
	if err != nil {
		return RolloutResult{}, err
	}
	return res[0], nil
}

// RolloutMoves rolls out the moves of g, a seat's decision: each legal
// move, or with o.Candidates the best so many by the judge at one ply and
// with o.Within those within so much of the best there, and the moves of
// o.Include, from the position after it and for the seat who chooses, as Rollout
// does, every move's game i with the same dice (common random numbers, so
// that the moves' differences are measured more closely than their
// equities). The moves are returned best first by the rollout; moves of
// equal equity keep their order of one ply. A throw is refused with an
// error wrapping brettspiel.ErrChanceNode, a move of o.Include that is
// not legal with one wrapping brettspiel.ErrIllegalMove.
func RolloutMoves(ctx context.Context, g brettspiel.Game, o RolloutOptions) ([]MoveRollout, error) {
	ro, err := newRoller(g, o)
	if err != nil {
		return nil, err
	}
	p := g.ToMove()
	switch p {
	case brettspiel.Terminal:
		return nil, &brettspiel.Error{Op: "rollout", Err: brettspiel.ErrGameOver, Reason: "no move is left to roll out"}
	case brettspiel.Chance:
		return nil, &brettspiel.Error{Op: "rollout", Err: brettspiel.ErrChanceNode, Reason: "the dice are to be thrown; roll out the position instead"}
	}
	j := ro.e.NewJudge()
	var moves []MoveRollout
	var starts []brettspiel.Game
	for _, m := range g.LegalMoves() {
		c := g.Clone()
		if c.Apply(m) != nil {
			continue
		}
		moves = append(moves, MoveRollout{Move: m, Notation: g.MoveString(m), OnePly: j.Equity(c, p)})
		starts = append(starts, c)
	}
	// the moves by one ply, best first, equal ones in their order (sorted
	// by insertion: the slices package's stable sort costs a WebAssembly
	// build some 20 KB for each type it sorts)
	order := make([]int, 0, len(moves))
	for k := range moves {
		i := len(order)
		order = append(order, k)
		for ; i > 0 && moves[order[i-1]].OnePly < moves[k].OnePly; i-- {
			order[i] = order[i-1]
		}
		order[i] = k
	}
	n := len(order)
	if w := ro.o.Within; w > 0 {
		for n = 1; n < len(order) && moves[order[n]].OnePly >= moves[order[0]].OnePly-w; n++ {
		}
	}
	if k := ro.o.Candidates; k > 0 && k < n {
		n = k
	}
	keep := make([]bool, len(moves))
	for _, k := range order[:n] {
		keep[k] = true
	}
	for _, m := range ro.o.Include {
		k := 0
		for k < len(moves) && moves[k].Move != m {
			k++
		}
		if k == len(moves) {
			return nil, &brettspiel.Error{Op: "rollout", Input: g.MoveString(m), Err: brettspiel.ErrIllegalMove, Reason: "a move to include is not legal here"}
		}
		keep[k] = true
	}
	var tasks []task
	var out []MoveRollout
	for _, k := range order {
		if keep[k] {
			tasks = append(tasks, task{start: starts[k], seat: p})
			out = append(out, moves[k])
		}
	}
	res, err := ro.run(ctx, tasks)
	if err != nil {
		return nil, err
	}
	// best first by the rollout, equal ones in their order of one ply
	for i := range out {
		out[i].RolloutResult = res[i]
		for j := i; j > 0 && out[j-1].Equity < out[j].Equity; j-- {
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	return out, nil
}

// seatOf is the seat a rollout of g is for: the seat to move, at a throw
// the seat who throws, in the draw for the start seat 0.
func seatOf(g brettspiel.Game) brettspiel.Player {
	if p := g.ToMove(); p >= 0 {
		return p
	}
	if t, ok := g.(interface{ Turn() brettspiel.Player }); ok && t.Turn() >= 0 {
		return t.Turn()
	}
	return 0
}

// roller holds what every game of a rollout shares.
type roller struct {
	o     RolloutOptions // Games and Bot set
	b     bot.Bot
	e     *neural.Evaluator
	unit  string
	start brettspiel.Game // a game of the kind rolled out, for the workers' copies
	// fast says that the level is the net at one ply, which the judge's
	// Best plays as the bot does (neural.Judge.Best), without allocating.
	fast bool
}

// task is one position rolled out, for one seat.
type task struct {
	start brettspiel.Game
	seat  brettspiel.Player
}

// unbounded is the time a level bounded by a clock is given in a
// rollout: in effect none, so that its choices do not depend on the
// machine's load.
const unbounded = 24 * time.Hour

func newRoller(g brettspiel.Game, o RolloutOptions) (*roller, error) {
	reason := ""
	switch {
	case g == nil:
		reason = "no game to roll out"
	case o.Games < 0:
		reason = "a negative number of games"
	case o.Truncate && o.Turns < 0:
		reason = "truncated after a negative number of turns"
	case o.Candidates < 0:
		reason = "a negative number of candidates"
	case !(o.Within >= 0) || math.IsInf(o.Within, 1):
		reason = "within is a finite equity, 0 or more"
	}
	if reason != "" {
		return nil, &brettspiel.Error{Op: "rollout", Err: brettspiel.ErrBadOptions, Reason: reason}
	}
	v := g.Variant()
	if v == "festung" {
		return nil, &brettspiel.Error{Op: "rollout", Input: v, Err: ErrExactJudge,
			Reason: "the Festungsspiel has an exact judge (festungbot.ChoiceValues), which its analysis uses; rollouts judge Toccateglio and Verkehren"}
	}
	if _, ok := newCopier(g); !ok {
		return nil, &brettspiel.Error{Op: "rollout", Input: v, Err: brettspiel.ErrBadOptions,
			Reason: "rollouts judge games of Toccateglio and Verkehren, the games with a net"}
	}
	e, err := neural.Load(v)
	if err != nil {
		return nil, err
	}
	o.Games = cmp.Or(o.Games, DefaultRolloutGames)
	o.Bot = cmp.Or(o.Bot, DefaultRolloutBot)
	b, err := bot.Named(o.Bot)
	if err != nil {
		return nil, err
	}
	ro := &roller{o: o, e: e, unit: unitOf(v), start: g}
	if nb, ok := b.(neural.Bot); ok {
		ro.fast = nb.Level == neural.Advanced && nb.Eval == nil
		// the games run on every core already; the deeper levels look
		// within no clock, so that their choices depend on nothing else
		nb.Time, nb.Workers = unbounded, 1
		b = nb
	}
	ro.b = b
	return ro, nil
}

// rolloutBlock bounds the games whose results are held at once: the games
// are played in blocks of so many, and each block's results summed in the
// games' order before the next begins.
const rolloutBlock = 1 << 14

// run rolls out the tasks, ro.o.Games games each, and returns a result a
// task. Game i of every task is played with the same seeds; index k of
// the games played is task k mod len(tasks), game k div len(tasks).
func (ro *roller) run(ctx context.Context, tasks []task) ([]RolloutResult, error) {
	// nil stays nil, not context.Background(): a context value links
	// package time's formatting into a WebAssembly build
	if ctx != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	nt := len(tasks)
	n := ro.o.Games * nt
	acc := make([]moments, nt)
	workers := make([]*worker, max(1, min(runtime.GOMAXPROCS(0), n)))
	vals := make([]float64, min(n, rolloutBlock))
	// a channel, not a sync.WaitGroup, which a WebAssembly build lacks
	finished := make(chan struct{}, len(workers))
	for lo := 0; lo < n; lo += rolloutBlock {
		hi := min(n, lo+rolloutBlock)
		var next atomic.Int64
		next.Store(int64(lo))
		var (
			mu       sync.Mutex
			firstErr error
			stop     atomic.Bool
		)
		for wi := range workers {
			go func() {
				defer func() { finished <- struct{}{} }()
				if workers[wi] == nil {
					workers[wi] = ro.newWorker()
				}
				w := workers[wi]
				for !stop.Load() {
					k := int(next.Add(1) - 1)
					if k >= hi {
						return
					}
					v, err := w.play(ctx, tasks[k%nt], k/nt)
					if err != nil {
						stop.Store(true)
						mu.Lock()
						if firstErr == nil {
							firstErr = err
						}
						mu.Unlock()
						return
					}
					vals[k-lo] = v
				}
			}()
		}
		for range workers {
			<-finished
		}
		if firstErr != nil {
			if ctx != nil && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, firstErr
		}
		for k := lo; k < hi; k++ {
			acc[k%nt].add(vals[k-lo])
		}
	}
	out := make([]RolloutResult, nt)
	for i, a := range acc {
		out[i] = RolloutResult{Seat: int(tasks[i].seat), Unit: ro.unit, Equity: a.mean, StdErr: a.stdErr(), Games: a.n}
	}
	return out, nil
}

// moments sums a sample up in the order it is given (Welford's way), so
// that the same values in the same order give the same mean and error to
// the last bit.
type moments struct {
	n        int
	mean, m2 float64
}

func (a *moments) add(x float64) {
	a.n++
	d := x - a.mean
	a.mean += d / float64(a.n)
	a.m2 += d * (x - a.mean)
}

// stdErr is the standard error of the mean, 0 for fewer than two values.
func (a moments) stdErr() float64 {
	if a.n < 2 {
		return 0
	}
	return math.Sqrt(a.m2 / float64(a.n-1) / float64(a.n))
}

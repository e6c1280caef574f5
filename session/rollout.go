//go:build !wasm || nets

package session

import (
	"cmp"
	"context"
	"math"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
)

// RolloutOptions choose what [Game.Rollout] rolls out and how; they are
// the arguments of "rollout" too. The zero value rolls out the best
// [DefaultRolloutPlays] plays by the net at one ply of the decision now,
// analysis.DefaultRolloutGames games each to the end, seed 0.
type RolloutOptions struct {
	// Step is the index of a step played, or undone and not replaced (a
	// review walks the game back to show a position): the rollout is of
	// the position before it, a decision's plays with the play made among
	// them. nil: the position now.
	Step *int `json:"step"`
	// Position true rolls out the position itself, for the seat to move
	// (at a throw the seat who throws), not its plays; a throw is always
	// rolled out so.
	Position bool `json:"position"`
	// Plays bounds the plays to the best so many by the net at one ply,
	// 1…MaxRolloutPlays; 0 is DefaultRolloutPlays, or MaxRolloutPlays
	// with Within.
	Plays int `json:"plays"`
	// Within keeps only the plays within so much of the best at one ply,
	// in the game's unit (0: no bound but Plays).
	Within float64 `json:"within"`
	// Games is the number of games a play, 1…MaxRolloutGames; 0 is
	// analysis.DefaultRolloutGames (1,296).
	Games int `json:"games"`
	// Turns, when given, stops every game after so many turns and scores
	// it by the net's estimate there (0…MaxRolloutTurns); nil plays every
	// game to its end.
	Turns *int `json:"turns"`
	// Bot is the level that plays every seat, as "bots" names them; "" is
	// analysis.DefaultRolloutBot (net-advanced).
	Bot string `json:"bot"`
	// Seed seeds the games' dice and the bots' choices: the same options
	// give the same answer, on any number of cores.
	Seed Seed `json:"seed"`
	// VarianceReduction subtracts each throw's luck from the games'
	// results (package analysis): a smaller error for more work a game.
	VarianceReduction bool `json:"varianceReduction"`
}

// The bounds of a rollout's options.
const (
	// DefaultRolloutPlays is how many plays a rollout of a decision rolls
	// out unless told: the best three by the net at one ply.
	DefaultRolloutPlays = 3
	// MaxRolloutPlays is the most plays one rollout rolls out (beside the
	// play made at a step).
	MaxRolloutPlays = 10
	// MaxRolloutGames is the most games a play: eight times the default.
	MaxRolloutGames = 8 * analysis.DefaultRolloutGames
	// MaxRolloutTurns is the most turns a truncated game is played.
	MaxRolloutTurns = 1000
)

// RolloutJSON is the result of "rollout": what was rolled out, how, and
// per play (or for the position) the mean result with its standard error.
type RolloutJSON struct {
	Variant string `json:"variant"`
	// Unit is the unit of the equities: "strokes" (Toccateglio), "points"
	// (Verkehren).
	Unit string `json:"unit"`
	// Step is the step whose position was rolled out; absent for the
	// position now.
	Step *int `json:"step,omitempty"`
	// Seat is the seat the equities are for: the seat who chooses among
	// the plays, or for the position the seat to move (who throws).
	Seat int `json:"seat"`
	// Bot, Games, Turns (absent: to the end), Seed and VarianceReduction
	// are the rollout's options, the defaults filled in.
	Bot               string `json:"bot"`
	Games             int    `json:"games"`
	Turns             *int   `json:"turns,omitempty"`
	Seed              Seed   `json:"seed"`
	VarianceReduction bool   `json:"varianceReduction"`
	// Plays are the plays rolled out, best first by the rollout; absent
	// when the position was rolled out.
	Plays []RolloutPlay `json:"plays,omitempty"`
	// Position is the position's own result; absent when its plays were
	// rolled out.
	Position *RolloutMean `json:"position,omitempty"`
}

// RolloutMean is a rollout's mean result in the game's unit with its
// standard error (the games' standard deviation over √games).
type RolloutMean struct {
	Equity float64 `json:"equity"`
	StdErr float64 `json:"stdErr"`
}

// RolloutPlay is one play rolled out: the position after it, for the seat
// who chose it.
type RolloutPlay struct {
	Notation string `json:"notation"`
	// Steps are the play's single steps in the board's points.
	Steps []brettspiel.Step `json:"steps,omitempty"`
	// OnePly is the play's equity by the net at one ply, the analysis's
	// judge.
	OnePly float64 `json:"onePly"`
	RolloutMean
	// Played is true for the play made at the step.
	Played bool `json:"played,omitempty"`
}

// Rollout plays games from a position of the game by a level on every
// seat, on every core, and answers the mean result and its standard error
// (package analysis): of each candidate play of a decision (the best by
// the net at one ply, and at a step the play made), or of the position
// itself. It is reproducible: the same options give the same answer. A
// game with an exact judge, the Festungsspiel, is refused with an error
// wrapping analysis.ErrExactJudge; options out of range with ErrBadCall.
//
// The game's lock is held only to copy the position: the games run
// without it. When ctx ends, the game is closed or the call's budget is
// spent the rollout stops, changes nothing and fails with [ErrCancelled],
// [ErrGameClosed] or [ErrOverBudget]: a rollout too big for the budget is
// refused so, and a client asks fewer games or plays, or truncates them.
func (g *Game) Rollout(ctx context.Context, o RolloutOptions) (*RolloutJSON, error) {
	ctx, end := g.bind(ctx, 0)
	defer end()
	return g.rollout(ctx, "rollout", o)
}

// rollout is Rollout within ctx, bound already. (Written lean: every
// line of it is in the page's WebAssembly.)
func (g *Game) rollout(ctx context.Context, op string, o RolloutOptions) (*RolloutJSON, error) {
	if o.Plays < 0 || o.Plays > MaxRolloutPlays || !(o.Within >= 0) || math.IsInf(o.Within, 1) ||
		o.Games < 0 || o.Games > MaxRolloutGames || o.Turns != nil && (*o.Turns < 0 || *o.Turns > MaxRolloutTurns) {
		return nil, bad(op, "", ErrBadCall, rolloutBounds)
	}
	ao := analysis.RolloutOptions{
		Games: cmp.Or(o.Games, analysis.DefaultRolloutGames), Bot: cmp.Or(o.Bot, analysis.DefaultRolloutBot),
		Seed: uint64(o.Seed), VarianceReduction: o.VarianceReduction, Candidates: o.Plays, Within: o.Within,
	}
	if o.Plays == 0 {
		ao.Candidates = DefaultRolloutPlays
		if o.Within > 0 {
			ao.Candidates = MaxRolloutPlays
		}
	}
	if o.Turns != nil {
		ao.Truncate, ao.Turns = true, *o.Turns
	}
	g.mu.Lock()
	err := g.stopped(ctx, op)
	var start brettspiel.Game
	made := brettspiel.NoMove
	if err == nil {
		start = g.cur.Clone()
		if o.Step != nil {
			start, made, err = g.stepAt(op, *o.Step)
		}
	}
	g.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if made != brettspiel.NoMove {
		ao.Include = []brettspiel.Move{made}
	}
	out := &RolloutJSON{Variant: start.Variant(), Step: o.Step, Bot: ao.Bot, Games: ao.Games, Turns: o.Turns, Seed: o.Seed, VarianceReduction: o.VarianceReduction}
	var moves []analysis.MoveRollout
	if o.Position || start.ToMove() == brettspiel.Chance {
		var r analysis.RolloutResult
		r, err = analysis.Rollout(ctx, start, ao)
		out.Unit, out.Seat, out.Position = r.Unit, r.Seat, &RolloutMean{Equity: r.Equity, StdErr: r.StdErr}
	} else {
		moves, err = analysis.RolloutMoves(ctx, start, ao)
	}
	if stop := g.stopped(ctx, op); stop != nil {
		return nil, stop
	}
	if err != nil {
		return nil, err
	}
	d, _ := start.(brettspiel.Describer)
	for _, m := range moves {
		p := RolloutPlay{Notation: m.Notation, OnePly: m.OnePly, RolloutMean: RolloutMean{Equity: m.Equity, StdErr: m.StdErr}, Played: m.Move == made}
		if d != nil {
			if info, err := d.Describe(m.Move); err == nil {
				p.Steps = info.Steps
			}
		}
		out.Unit, out.Seat = m.Unit, m.Seat
		out.Plays = append(out.Plays, p)
	}
	return out, nil
}

// stepAt returns, with g locked, the position before step i and the move
// made there if a seat chose it: a step played, or one undone that redo
// plays again (a review walks the game back so, to show the position).
// The history is left as it was.
func (g *Game) stepAt(op string, i int) (brettspiel.Game, brettspiel.Move, error) {
	if i < 0 || i >= g.h.Len()+g.h.RedoLen() {
		return nil, brettspiel.NoMove, bad(op, strconv.Itoa(i), ErrBadCall, "step is the index of a step played or undone")
	}
	redone := 0
	for g.h.Len() <= i && g.h.Redo() {
		redone++
	}
	start, ok := g.h.Before(i)
	e, played := g.h.Entry(i)
	for ; redone > 0; redone-- {
		g.h.Undo()
	}
	if !ok || !played {
		return nil, brettspiel.NoMove, bad(op, strconv.Itoa(i), ErrInternal, "no position before the step")
	}
	if start.ToMove() < 0 {
		return start, brettspiel.NoMove, nil
	}
	return start, e.Move, nil
}

// rolloutBounds says the bounds of a rollout's arguments.
const rolloutBounds = "plays is 0 (3) or 1…10, within 0 or more, games 0 (1296) or 1…10368, turns 0…1000 or absent (to the end)"

type rolloutArgs struct {
	gameArgs
	RolloutOptions
}

// rolloutMethod is no onGame call: the game's lock is held only to copy
// the position, not while the games are played (Game.rollout).
func rolloutMethod(ctx context.Context, name string, args []byte, locate locator) ([]byte, error) {
	var in rolloutArgs
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	g, _, err := locate(name, &in.gameArgs)
	if err != nil {
		return nil, err
	}
	ctx, end := g.bind(ctx, g.budget)
	defer end()
	out, err := g.rollout(ctx, name, in.RolloutOptions)
	if err != nil {
		return nil, err
	}
	return marshal(out)
}

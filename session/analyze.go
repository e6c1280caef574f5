//go:build !wasm || nets

package session

import (
	"context"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/words"
)

// AnalysisJSON is the result of "analyze": the analysis of the steps played
// (package analysis).
type AnalysisJSON = analysis.Report

// AnalyzeOptions choose how deep and which steps [Game.Analyze] judges;
// they are the arguments of "analyze" too. The zero value judges the first
// [MaxAnalyze] steps at one ply.
type AnalyzeOptions struct {
	// Plies is 1 (or 0) for the race games' net at one ply, 2 for two
	// plies (package analysis).
	Plies int `json:"plies"`
	// From is the index of the first step to judge; 0 by default.
	From int `json:"from"`
	// Count is the most steps to judge, 1…MaxAnalyze; 0 means MaxAnalyze.
	Count int `json:"count"`
	// Lang is the language of each decision's "why" (the tutor's reasons,
	// analysis.Why): "en" or "de" as the VIEW's lang; "" for the game's
	// language (Config.Lang).
	Lang string `json:"lang"`
}

// Analyze judges the steps played (not the undone ones) from the step of
// index o.From on, at most o.Count of them: every decision's play against
// the best, every throw's luck, and each seat's error rate, luck and rating
// over those steps (package analysis), and where a play made differs from
// the best, what differs (the decision's reasons and why, in o.Lang or the
// game's language). When steps follow the last one
// judged, the report's Truncated is true; ask again from the next index.
// Plies, From or Count out of range are refused with an error wrapping
// ErrBadCall.
//
// The game's lock is held only to copy the steps: the judging, which takes
// about a millisecond a step at one ply and ten at two, runs without it,
// so the game's other calls go on meanwhile. When ctx ends or the game is
// closed the analysis stops and the error wraps [ErrCancelled] or
// [ErrGameClosed].
func (g *Game) Analyze(ctx context.Context, o AnalyzeOptions) (*AnalysisJSON, error) {
	ctx, end := g.bind(ctx, 0)
	defer end()
	return g.analyze(ctx, "analyze", o)
}

// analyze is Analyze within ctx, bound already.
func (g *Game) analyze(ctx context.Context, op string, o AnalyzeOptions) (*AnalysisJSON, error) {
	switch {
	case o.Plies < 0 || o.Plies > 2:
		return nil, bad(op, strconv.Itoa(o.Plies), ErrBadCall, "plies are 1 or 2")
	case o.Count < 0 || o.Count > MaxAnalyze:
		return nil, bad(op, strconv.Itoa(o.Count), ErrBadCall, "count is 0 (no bound but "+strconv.Itoa(MaxAnalyze)+") or 1…"+strconv.Itoa(MaxAnalyze))
	}
	if o.Count == 0 {
		o.Count = MaxAnalyze
	}
	lang := g.lang
	if o.Lang != "" {
		l, err := words.Parse(o.Lang)
		if err != nil {
			return nil, bad(op, o.Lang, ErrBadCall, `the languages are "en" and "de"`)
		}
		lang = l
	}
	g.mu.Lock()
	err := g.stopped(ctx, op)
	var start brettspiel.Game
	var steps []brettspiel.HistoryEntry
	var more bool
	if err == nil {
		start, steps, more, err = g.stepsFrom(op, o.From, o.Count)
	}
	g.mu.Unlock()
	if err != nil {
		return nil, err
	}
	rep, err := analysis.Options{Plies: o.Plies, Lang: lang}.Steps(ctx, start, o.From, steps)
	if err := g.stopped(ctx, op); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	rep.Truncated = more
	return rep, nil
}

// MaxAnalyze is the most steps one [Game.Analyze] (and "analyze") judges,
// more than a game but the longest has: at one ply they take about two
// seconds, within [DefaultCallBudget]; at two plies a client asks fewer at
// a time (AnalyzeOptions.Count).
const MaxAnalyze = 2000

// stepsFrom copies, with g locked, the position before step from and the
// steps from there on, at most count of them, and says whether more
// follow.
func (g *Game) stepsFrom(op string, from, count int) (brettspiel.Game, []brettspiel.HistoryEntry, bool, error) {
	n := g.h.Len()
	if from < 0 || from > n {
		return nil, nil, false, bad(op, strconv.Itoa(from), ErrBadCall, "from is a step's index, 0…"+strconv.Itoa(n))
	}
	start, ok := g.h.Before(from)
	if !ok {
		return nil, nil, false, bad(op, strconv.Itoa(from), ErrInternal, "no position before the step")
	}
	last := min(n, from+count)
	steps := make([]brettspiel.HistoryEntry, 0, last-from)
	for i := from; i < last; i++ {
		e, _ := g.h.Entry(i)
		e.Events = nil // not read by the analysis
		steps = append(steps, e)
	}
	return start, steps, last < n, nil
}

type analyzeArgs struct {
	gameArgs
	AnalyzeOptions
}

// analyzeMethod is no onGame call: the game's lock is held only to copy
// the steps, not while they are judged (Game.analyze).
func analyzeMethod(ctx context.Context, name string, args []byte, locate locator) ([]byte, error) {
	var in analyzeArgs
	if err := decode(name, args, &in); err != nil {
		return nil, err
	}
	g, _, err := locate(name, &in.gameArgs)
	if err != nil {
		return nil, err
	}
	ctx, end := g.bind(ctx, g.budget)
	defer end()
	rep, err := g.analyze(ctx, name, in.AnalyzeOptions)
	if err != nil {
		return nil, err
	}
	return marshal(rep)
}

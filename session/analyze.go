//go:build !wasm || nets

package session

import (
	"strconv"

	"github.com/brettspiel/brettspiel/analysis"
)

// AnalysisJSON is the result of "analyze": the analysis of the steps played
// (package analysis).
type AnalysisJSON = analysis.Report

// Analyze judges the steps played so far (not the undone ones): every
// decision's play against the best, every throw's luck, and each seat's
// error rate, luck and rating (package analysis). plies is 0 or 1 for the
// race games' net at one ply, 2 for two plies; another is refused with an
// error wrapping brettspiel.ErrBadOptions.
func (g *Game) Analyze(plies int) (*AnalysisJSON, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return analysis.Options{Plies: plies}.Game(g.h)
}

type analyzeArgs struct {
	handleArgs
	// Plies is 1 (the default) or 2: how deep the race games' plays are
	// judged.
	Plies int `json:"plies"`
}

func analyzeCall(name string, h int, g *Game, in *analyzeArgs) ([]byte, error) {
	if in.Plies < 0 || in.Plies > 2 {
		return nil, bad(name, strconv.Itoa(in.Plies), ErrBadCall, "plies are 1 or 2")
	}
	rep, err := analysis.Options{Plies: in.Plies}.Game(g.h)
	if err != nil {
		return nil, err
	}
	return marshal(rep)
}

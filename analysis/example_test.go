package analysis_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/verkehren"
)

// A seeded Partie of Toccateglio, the random player (seat 0) against the
// greedy one, analysed: each seat's error rate, luck and rating, and the
// worst decision.
func Example() {
	h, err := catalog.NewHistory("toccateglio", "", 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := rand.New(rand.NewPCG(1, 0))
	bots := []bot.Bot{bot.Random{}, bot.Greedy{}}
	for h.ToMove() != brettspiel.Terminal {
		g := h.Game()
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			m = bots[g.ToMove()].Choose(g, g.LegalMoves(), r)
		}
		if err := h.Apply(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	rep, err := analysis.Game(h)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("judged by", rep.Judge, "in", rep.Unit)
	for _, p := range rep.Players {
		fmt.Printf("seat %d: %d decisions, error rate %.3f, luck %+.2f: %s\n", p.Seat, p.Decisions, p.ErrorRate, p.Luck, p.Rating)
	}
	worst := rep.Steps[0]
	for _, s := range rep.Steps {
		if s.Decision != nil && (worst.Decision == nil || s.Decision.Loss > worst.Decision.Loss) {
			worst = s
		}
	}
	d := worst.Decision
	fmt.Printf("worst: step %d, seat %d played %s (%.3f), best %s (%.3f)\n", worst.Index, worst.Actor, worst.Notation, d.Played, d.BestNotation, d.Best)
	// Output:
	// judged by net, 1 ply in strokes
	// seat 0: 13 decisions, error rate 0.307, luck -0.92: awful
	// seat 1: 13 decisions, error rate 0.088, luck -0.78: intermediate
	// worst: step 39, seat 0 played 11/17 11/17 (-1.186), best 1/7 1/7 (0.256)
}

// A record whose steps were changed is refused as catalog.LoadRecord
// refuses it.
func ExampleRecord() {
	const good = "# brettspiel record\ngame: verkehren\npreset: VK\n\n3-2 ; 2-1 ; 6-3 ; 1/4 1/7\n6-4 ; 1/5 5/11\n"
	rep, err := analysis.Record(good)
	if err != nil {
		fmt.Println(err)
		return
	}
	last := rep.Steps[len(rep.Steps)-1]
	fmt.Printf("%d steps; the last, %s, loses %.3f\n", len(rep.Steps), last.Notation, last.Decision.Loss)
	_, err = analysis.Record(strings.Replace(good, "5/11", "5/12", 1))
	fmt.Println(err)
	// Output:
	// 6 steps; the last, 1/5 5/11, loses 0.015
	// record line 6, step "1/5 5/12": brettspiel: parse move "1/5 5/12": illegal move: move 2 (5/12): no number of the throw left (6) moves a stone from 5 to 12 (V-D2)
}

// A race near its end in Verkehren, player 0 to throw, rolled out by the
// net at one ply: the bear-off tables solve it, so every game ends at once
// with the race's exact value (1,296 games, no error). Then the plays of
// his throw 4-1, each rolled out with the same dice, and as one ply judges
// them: exactly too.
func ExampleRollout() {
	var pos verkehren.Position
	pos.Stones[0][19], pos.Stones[0][21], pos.Stones[0][25] = 1, 1, 13
	pos.Stones[1][20], pos.Stones[1][22], pos.Stones[1][25] = 1, 1, 13
	pos.Turns = 100
	g, err := verkehren.FromPosition(verkehren.Options{}, pos)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	for _, vr := range []bool{false, true} {
		r, err := analysis.Rollout(ctx, g, analysis.RolloutOptions{Seed: 1, VarianceReduction: vr})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("seat %d: %+.3f ± %.3f %s in %d games\n", r.Seat, r.Equity, r.StdErr, r.Unit, r.Games)
	}
	throw, _ := g.ParseMove("4-1")
	if err := g.Apply(throw); err != nil {
		fmt.Println(err)
		return
	}
	moves, err := analysis.RolloutMoves(ctx, g, analysis.RolloutOptions{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range moves {
		fmt.Printf("%-13s %+.3f ± %.3f (one ply %+.3f)\n", m.Notation, m.Equity, m.StdErr, m.OnePly)
	}
	// Output:
	// seat 0: +0.309 ± 0.000 points in 1296 games
	// seat 0: +0.309 ± 0.000 points in 1296 games
	// 19/20 21/off  +0.056 ± 0.000 (one ply +0.056)
	// 19/20 20/24   -0.011 ± 0.000 (one ply -0.011)
	// 19/23 21/22   -0.144 ± 0.000 (one ply -0.144)
	// concede       -1.000 ± 0.000 (one ply -1.000)
}

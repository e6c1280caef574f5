package analysis_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
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

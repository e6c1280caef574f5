// Command festung-policy measures the Festungsspiel's one decision — which
// open fortress's outer-works field gives the marker when the large die
// offers several (rule F-A2) — against a random choice, exactly and by
// seeded games through the rules:
//
//	go run ./examples/festung-policy -players 2 -games 20000 -seed 1
//	go run ./examples/festung-policy -games 0            # the exact tables only, 2–6 players
//	go run ./examples/festung-policy -exact=false -games 20000 -offers
//
// The exact part solves, for each seat count, the Markov chain of one
// number's outer works (see exact.go: the decision moves nothing else) for a
// seat that takes from the lowest fortress, from the highest, at random, and
// for its best response found by policy iteration, first against opponents
// who choose at random and then against opponents who take from the lowest
// fortress. Values are markers a game (five numbers), the mean over the seats.
// Six players take about two minutes of one core.
//
// The simulated part plays -games games per seat count through the rules
// (package festung). In game i seat i mod n is tested, every other seat
// chooses at random; the throws come from PCG(seed, 16i) and each seat's
// decisions from a source of its own, so that the same game is played again
// with the tested seat's decisions made by each of -policies (random, lowest,
// highest, or a level of bot's registry such as festung-best) on the same
// dice. The table gives the tested seat's mean return and its paired
// difference from random play, each ± its standard error; the pairing leaves
// in the difference only what the decisions change. -offers counts the
// decision nodes of the random games by the fortresses offered. One core; the
// tables depend only on the flags.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel/bot"
	_ "github.com/brettspiel/brettspiel/bot/festungbot" // festung-best joins the bots by name
	"github.com/brettspiel/brettspiel/internal/cli"
	"github.com/brettspiel/brettspiel/internal/outerworks"
)

func main() {
	cli.Exit("festung-policy", run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.FlagSet("festung-policy", stderr)
	players := fs.Int("players", 0, "only this seat count (2…6); 0 for all")
	exact := fs.Bool("exact", true, "print the exact values")
	games := fs.Int("games", 2000, "paired games per seat count through the rules; 0 for none")
	seed := fs.Uint64("seed", 1, "seed of the games")
	list := fs.String("policies", "lowest,highest,festung-best", "policies compared with random play: lowest, highest, random, or bot levels ("+strings.Join(bot.Names(), ", ")+")")
	showOffers := fs.Bool("offers", false, "count the decision nodes of the random games by the fortresses offered")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	lo, hi := 2, 6
	if *players != 0 {
		if *players < 2 || *players > 6 {
			return fmt.Errorf("-players %d: want 2…6", *players)
		}
		lo, hi = *players, *players
	}
	if *games < 0 {
		return fmt.Errorf("-games %d: want 0 or more", *games)
	}
	names := strings.Split(*list, ",")
	for _, name := range names {
		if _, err := policyNamed(name); err != nil {
			return err
		}
	}
	if *exact {
		writeExact(stdout, lo, hi)
	}
	if *games == 0 {
		return nil
	}
	fmt.Fprintf(stdout, "\nPaired games through the rules: %d a seat count (seed %d); the tested seat (i mod n) against random play on the same dice, ± standard error.\n\n", *games, *seed)
	fmt.Fprintln(stdout, "| players | policy | mean return | return − random |")
	fmt.Fprintln(stdout, "|---|---|---|---|")
	seen := make([]offers, hi+1)
	for n := lo; n <= hi; n++ {
		var count *offers
		if *showOffers {
			count = &seen[n]
		}
		res, err := paired(n, *games, *seed, names, count)
		if err != nil {
			return err
		}
		for _, r := range res {
			diff := "(baseline)"
			if r.Name != "random" || r != res[0] {
				diff = fmt.Sprintf("%+.3f ± %.3f", r.Diff, r.DiffSE)
			}
			fmt.Fprintf(stdout, "| %d | %s | %+.2f ± %.2f | %s |\n", n, r.Name, r.Mean, r.SE, diff)
		}
	}
	if *showOffers {
		writeOffers(stdout, seen[lo:hi+1], lo, *games)
	}
	return nil
}

// writeExact prints the exact table for lo…hi players.
func writeExact(w io.Writer, lo, hi int) {
	fmt.Fprintln(w, "Exact expected gain in markers a game over a seat choosing at random (mean over the seats).")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| players | others | lowest first | highest first | best response | best response − lowest |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for n := lo; n <= hi; n++ {
		s := newSolver(n)
		for _, others := range []struct {
			name string
			rule Rule
		}{{"random", nil}, {"lowest", lowest}} {
			var r, l, h, o float64
			for me := range n {
				r += s.solve(me, nil, others.rule, false)
				l += s.solve(me, lowest, others.rule, false)
				h += s.solve(me, highest, others.rule, false)
				o += s.solve(me, nil, others.rule, true)
			}
			k := 5 / float64(n) // five numbers, mean over the seats
			hs := fmt.Sprintf("%+.4f", k*(h-r))
			fmt.Fprintf(w, "| %d | %s | %+.4f | %s | %+.4f | %.1e |\n", n, others.name, k*(l-r), hs, k*(o-r), k*(o-l))
		}
	}
}

// writeOffers prints the decision nodes by offer.
func writeOffers(w io.Writer, seen []offers, lo, games int) {
	var masks []int
	for _, s := range seen {
		for m, c := range s {
			if c > 0 && !slices.Contains(masks, m) {
				masks = append(masks, m)
			}
		}
	}
	slices.Sort(masks)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Decision nodes a game in the random games, by the fortresses offered.")
	fmt.Fprintln(w)
	head := "| players | all |"
	sep := "|---|---|"
	for _, m := range masks {
		head += " " + offerName(m) + " |"
		sep += "---|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, sep)
	for k, s := range seen {
		total := 0
		for _, c := range s {
			total += c
		}
		line := fmt.Sprintf("| %d | %.2f |", lo+k, float64(total)/float64(games))
		for _, m := range masks {
			line += fmt.Sprintf(" %.2f |", float64(s[m])/float64(games))
		}
		fmt.Fprintln(w, line)
	}
}

// lowest and highest are the exact model's fixed rules.
func lowest(_ []int, _ int, _ outerworks.Occ, mask uint8) int {
	for f := 1; f <= 4; f++ {
		if mask&(1<<f) != 0 {
			return f
		}
	}
	return 0
}

func highest(_ []int, _ int, _ outerworks.Occ, mask uint8) int {
	for f := 4; f >= 1; f-- {
		if mask&(1<<f) != 0 {
			return f
		}
	}
	return 0
}

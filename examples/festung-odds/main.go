// Command festung-odds prints the odds of the Festungsspiel for 2–6 players:
// the expected number of throws in a game, exactly (a Markov chain over the
// players' Pasch counts) and from seeded random games with its standard error;
// each seat's chance of throwing the fifth Pasch, exact and simulated; each
// seat's expected return (balance minus starting stock); and the distribution
// of the winner's gain.
//
//	go run ./examples/festung-odds                   # 20000 games per player count
//	go run ./examples/festung-odds -games 100000 -seed 7
//	go run ./examples/festung-odds -players 4 -stock 30
//
// Decisions (which fortress to take a marker from) are taken at random. Runs of
// 10000 games or more show a progress bar on standard error when it is a
// terminal (or with -progress); the tables go to standard output as Markdown.
// The games run on all cores; the tables depend only on the flags.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/cli"
)

func main() {
	fi, err := os.Stderr.Stat()
	terminal := err == nil && fi.Mode()&os.ModeCharDevice != 0
	cli.Exit("festung-odds", run(os.Args[1:], os.Stdout, os.Stderr, terminal))
}

// run runs the command; terminal says whether stderr is a terminal, which
// turns the progress bar on by default.
func run(args []string, stdout, stderr io.Writer, terminal bool) error {
	fs := cli.FlagSet("festung-odds", stderr)
	games := fs.Int("games", 20000, "seeded games per player count")
	seed := fs.Uint64("seed", 1, "seed: game i of a player count throws from PCG(seed, i)")
	players := fs.Int("players", 0, "only this player count (2…6); 0 for all")
	stock := fs.Int("stock", 0, "starting stock of markers (0: 25)")
	progress := fs.Bool("progress", terminal, "show a progress bar on standard error for runs of 10000 games or more (default: when standard error is a terminal)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	lo, hi := 2, 6
	if *players != 0 {
		lo, hi = *players, *players
	}
	var results []festung.Stats
	var exact []festung.Exact
	total := *games * (hi - lo + 1)
	bar := newBar(stderr, total, *progress && total >= 10000)
	for n := lo; n <= hi; n++ {
		ex, err := festung.ExactOdds(n)
		if err != nil {
			return err
		}
		base := bar.done
		st, err := festung.Statistics(festung.Options{Players: n, Stock: *stock}, *games, *seed, func(done int) { bar.set(base + done) })
		if err != nil {
			return err
		}
		bar.set(base + *games)
		results = append(results, st)
		exact = append(exact, ex)
	}
	bar.finish()
	write(stdout, results, exact)
	return nil
}

// seatCells are the table cells of the six seats, cell(p) for the seats
// of a game of players and empty for the others, joined by " | ".
func seatCells(players int, cell func(p int) string) string {
	cells := make([]string, 6)
	for p := range cells {
		if p < players {
			cells[p] = cell(p)
		}
	}
	return strings.Join(cells, " | ")
}

// write prints the tables.
func write(w io.Writer, results []festung.Stats, exact []festung.Exact) {
	st0 := results[0]
	fmt.Fprintf(w, "Festungsspiel: %d seeded games per player count (seed %d), stock %d, decisions at random.\n\n",
		st0.Games, st0.Seed, st0.Options.Stock)

	fmt.Fprintln(w, "Throws per game: exact (Markov chain over the Pasch counts) and simulated.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| players | exact | simulated | ± s.e. | z | sd | 10% | 50% | 90% | max |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|")
	for i, st := range results {
		ex := exact[i]
		t := st.Throws
		fmt.Fprintf(w, "| %d | %.2f | %.2f | %.2f | %+.2f | %.1f | %d | %d | %d | %d |\n",
			st.Options.Players, ex.Throws, t.Mean, t.StdErr(), (t.Mean-ex.Throws)/t.StdErr(), t.SD,
			t.Quantiles[0], t.Quantiles[2], t.Quantiles[4], t.Max)
	}

	fmt.Fprintln(w)
	fmt.Fprintln(w, "Who throws the fifth Pasch, by seat (seat 0 throws first): exact / simulated.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| players | seat 0 | seat 1 | seat 2 | seat 3 | seat 4 | seat 5 |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for i, st := range results {
		cells := seatCells(st.Options.Players, func(p int) string {
			return fmt.Sprintf("%.3f / %.3f", exact[i].Win[p], float64(st.Wins[p])/float64(st.Games))
		})
		fmt.Fprintf(w, "| %d | %s |\n", st.Options.Players, cells)
	}

	fmt.Fprintln(w)
	fmt.Fprintln(w, "Each seat's expected return (balance minus starting stock, in markers), ± standard error.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| players | seat 0 | seat 1 | seat 2 | seat 3 | seat 4 | seat 5 | markers bought a game (seat 0) |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, st := range results {
		cells := seatCells(st.Options.Players, func(p int) string {
			r := st.Returns[p]
			return fmt.Sprintf("%+.2f ± %.2f", r.Mean, r.StdErr())
		})
		fmt.Fprintf(w, "| %d | %s | %.2f |\n", st.Options.Players, cells, st.Bought[0].Mean)
	}

	fmt.Fprintln(w)
	fmt.Fprintln(w, "The winner's gain (return of the player who threw the fifth Pasch), in markers.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| players | mean | sd | min | 10% | 25% | 50% | 75% | 90% | max | winner also richest |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|")
	for _, st := range results {
		g := st.WinnerGain
		q := g.Quantiles
		fmt.Fprintf(w, "| %d | %.1f | %.1f | %d | %d | %d | %d | %d | %d | %d | %.1f%% |\n",
			st.Options.Players, g.Mean, g.SD, g.Min, q[0], q[1], q[2], q[3], q[4], g.Max,
			100*float64(st.WinnerRichest)/float64(max(1, g.N)))
	}
	if capped := sumCapped(results); capped > 0 {
		fmt.Fprintf(w, "\n%d games ended at the turn cap.\n", capped)
	}
}

func sumCapped(rs []festung.Stats) int {
	n := 0
	for _, r := range rs {
		n += r.Capped
	}
	return n
}

// bar is a progress bar on a terminal line, redrawn at most ten times a second.
type bar struct {
	w           io.Writer
	total, done int
	on          bool
	start, last time.Time
}

func newBar(w io.Writer, total int, on bool) *bar {
	return &bar{w: w, total: total, on: on, start: time.Now()}
}

func (b *bar) set(done int) {
	b.done = done
	if !b.on || (time.Since(b.last) < 100*time.Millisecond && done < b.total) {
		return
	}
	b.last = time.Now()
	b.draw()
}

func (b *bar) draw() {
	eta := ""
	if b.done > 0 && b.done < b.total {
		left := time.Duration(float64(time.Since(b.start)) * float64(b.total-b.done) / float64(b.done))
		eta = fmt.Sprintf(" %s left", left.Round(time.Second))
	}
	fmt.Fprintf(b.w, "\r%s %3d%% %d/%d games%s   ", cli.Bar(uint64(b.done), uint64(b.total)),
		100*b.done/max(1, b.total), b.done, b.total, eta)
}

func (b *bar) finish() {
	if b.on {
		b.draw()
		fmt.Fprintln(b.w)
	}
}

// Command selfplay plays many seeded games between bots and prints one JSON
// object with the results — each seat's wins, mean return and time per
// decision (mean and median), the draws (the games no seat won, such as a
// Verkehren game drawn with both players Junker), the turns:
//
//	go run ./examples/selfplay -game toccateglio -bots search,greedy -games 2000 -seed 1 -rollouts 100
//
// -game is toccateglio, verkehren or festung; -preset one of the game's
// presets (as the catalog package lists them); -players the seat count
// (festung: 2–6);
// -bots random, greedy, search, expectimax, or the learned nets of the race
// games (package bot/neural): net-<level>, beginner … strongest,
// net-advanced being the net at one ply, or festung-best, the Festungsspiel's
// strongest level (package bot/festungbot); -rollouts and -depth the search bot's budget, -nodes the
// expectimax bot's, -weights a weights file for the nets (a checkpoint of
// examples/train) instead of the shipped ones — or a comma-separated list,
// cycled per seat as the bots are, an empty item keeping the shipped net, so
// that two nets can play each other:
//
//	go run ./examples/selfplay -bots net-advanced -weights tc.ckpt, -games 4000
//
// -net-time the nets' time per
// decision (on a busy machine a longer time measures their search as an
// idle one would run it). The deeper net levels share each decision's
// throws among the machine's cores, so -workers 1 measures them as a
// frontend running one game would see them.
//
// Game i is played from the source PCG(seed, i), so the same seed gives the same
// JSON, apart from the timings, whatever the number of workers. The bots are
// given per seat, cycling through the list. Runs longer than a second show a
// progress bar on standard error.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	_ "github.com/brettspiel/brettspiel/bot/festungbot" // festung-best joins the bots by name
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/cli"
)

func main() {
	cli.Exit("selfplay", run(os.Args[1:], os.Stdout, os.Stderr))
}

// Args are the run's arguments, echoed in the result.
type Args struct {
	Game    string   `json:"game"`
	Preset  string   `json:"preset"`
	Players int      `json:"players"`
	Bots    []string `json:"bots"`
	Games   int      `json:"games"`
	Seed    uint64   `json:"seed"`
	Workers int      `json:"workers"`
	// Rollouts is the search bot's budget of rollouts per decision.
	Rollouts int `json:"rollouts"`
	// Depth is the search bot's players' turns per rollout; -1 plays to the end.
	Depth int `json:"depth"`
	// Nodes is the expectimax bot's budget of positions judged per decision.
	Nodes int `json:"nodes"`
	// Weights is a weights file for the net bots instead of the shipped
	// one, or a comma-separated list of them cycled per seat (an empty item:
	// the shipped net).
	Weights string `json:"weights,omitempty"`
	// NetTime is the net bots' time per decision; 0: their level's default.
	NetTime time.Duration `json:"net_time,omitempty"`
}

// Seat is one seat's results.
type Seat struct {
	Bot string `json:"bot"`
	// Weights is the weights file of the seat's net, "" for the shipped one.
	Weights    string  `json:"weights,omitempty"`
	Wins       int     `json:"wins"` // games in which the seat alone had the highest return
	MeanReturn float64 `json:"mean_return"`
	// DecisionMs is the mean time the seat's bot took per decision, in
	// milliseconds (the decisions with one legal move included), and
	// MedianMs the median (within 1/128), over all games. A bot that
	// decides in under 10 µs on average is timed on a random sample of its
	// decisions, up to one in 64, so that the clock costs the run little.
	DecisionMs float64 `json:"decision_ms"`
	MedianMs   float64 `json:"median_ms"`
}

// Result is the JSON object selfplay prints.
type Result struct {
	Args  Args `json:"args"`
	Games int  `json:"games"`
	// Draws counts the games that no seat won: no seat alone had the highest
	// return (a drawn game, one stopped by the turn cap, or a tie at the
	// top). The seats' wins and the draws add up to the games.
	Draws          int     `json:"draws"`
	MeanTurns      float64 `json:"mean_turns"`
	MaxTurns       int     `json:"max_turns"`
	Seats          []Seat  `json:"seats"`
	ElapsedSeconds float64 `json:"elapsed_seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
}

type outcome struct {
	turns   int
	returns []int
	err     error
}

func run(argv []string, stdout, stderr io.Writer) error {
	a, err := parseArgs(argv, stderr)
	if err != nil {
		return err
	}
	seatBots, err := botsOfSeats(a)
	if err != nil {
		return err
	}
	results, times, elapsed := playAll(a, seatBots, stderr)
	res := Result{Args: a, Games: a.Games, Seats: make([]Seat, a.Players), ElapsedSeconds: elapsed}
	for i, o := range results {
		if o.err != nil {
			return fmt.Errorf("game %d: %w", i, o.err)
		}
	}
	tally(&res, results)
	for s := range res.Seats {
		res.Seats[s].DecisionMs, res.Seats[s].MedianMs = times[s].meanMs(), times[s].medianMs()
		res.Seats[s].Bot = a.Bots[s%len(a.Bots)]
		if _, isNet := seatBots[s].(neural.Bot); isNet {
			res.Seats[s].Weights = seatWeights(a, s)
		}
	}
	if elapsed > 0 {
		res.GamesPerSecond = float64(a.Games) / elapsed
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// parseArgs reads the command line into Args, fills in the game's default
// preset and seat count, and checks the values that have a bound.
func parseArgs(argv []string, stderr io.Writer) (Args, error) {
	fs := cli.FlagSet("selfplay", stderr)
	var a Args
	var botList string
	fs.StringVar(&a.Game, "game", "toccateglio", "game to play: "+strings.Join(catalog.Names(), ", "))
	fs.StringVar(&a.Preset, "preset", "", "the game's preset (default: its first)")
	fs.IntVar(&a.Players, "players", 0, "number of seats (default: the game's smallest)")
	fs.StringVar(&botList, "bots", "random", "bots per seat, comma-separated, cycled: "+strings.Join(bot.Names(), ", "))
	fs.IntVar(&a.Games, "games", 100, "number of games")
	fs.Uint64Var(&a.Seed, "seed", 1, "seed of the run")
	fs.IntVar(&a.Workers, "workers", runtime.NumCPU(), "games played in parallel")
	fs.IntVar(&a.Rollouts, "rollouts", 400, "the search bot's rollouts per decision")
	fs.IntVar(&a.Depth, "depth", 8, "the search bot's players' turns per rollout; -1: to the end")
	fs.IntVar(&a.Nodes, "nodes", 20000, "the expectimax bot's positions judged per decision")
	fs.StringVar(&a.Weights, "weights", "", "weights file for the net bots (default: the shipped net); a comma-separated list is cycled per seat, an empty item the shipped net")
	fs.DurationVar(&a.NetTime, "net-time", 0, "the net bots' time per decision (0: the level's default, 50ms for the two-ply levels)")
	if err := fs.Parse(argv); err != nil {
		return a, err
	}
	if _, err := catalog.New(a.Game, a.Preset, a.Players); err != nil {
		return a, err
	}
	v, _ := catalog.Lookup(a.Game)
	if a.Preset == "" {
		a.Preset = v.Presets[0].Name
	}
	if a.Players == 0 {
		a.Players = v.MinPlayers
	}
	if a.Games < 1 || a.Workers < 1 || a.Rollouts < 1 || a.Nodes < 1 {
		return a, fmt.Errorf("-games, -workers, -rollouts and -nodes must be at least 1")
	}
	if a.Depth == 0 || a.Depth < -1 {
		return a, fmt.Errorf("-depth must be at least 1, or -1 for rollouts to the end")
	}
	a.Bots = strings.Split(botList, ",")
	return a, nil
}

// botsOfSeats makes each seat's bot, cycling through a.Bots, with the
// budgets of a and the nets of -weights, cycled likewise.
func botsOfSeats(a Args) ([]bot.Bot, error) {
	evals := map[string]*neural.Evaluator{"": nil} // by file; "" the shipped net
	for _, w := range strings.Split(a.Weights, ",") {
		if _, ok := evals[w]; ok {
			continue
		}
		data, err := os.ReadFile(w)
		if err != nil {
			return nil, err
		}
		e, err := neural.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("-weights %s: %w", w, err)
		}
		if e.Game() != a.Game {
			return nil, fmt.Errorf("-weights %s: the weights are %s's, not %s's", w, e.Game(), a.Game)
		}
		evals[w] = e
	}
	seatBots := make([]bot.Bot, a.Players)
	for s := range seatBots {
		var err error
		if seatBots[s], err = bot.Named(a.Bots[s%len(a.Bots)]); err != nil {
			return nil, err
		}
		switch b := seatBots[s].(type) {
		case bot.Searcher:
			b.Rollouts, b.Depth = a.Rollouts, a.Depth
			seatBots[s] = b
		case bot.Expectimax:
			b.Nodes = a.Nodes
			seatBots[s] = b
		case neural.Bot:
			b.Eval, b.Time = evals[seatWeights(a, s)], a.NetTime
			seatBots[s] = b
		}
	}
	return seatBots, nil
}

// seatWeights returns the weights file of seat s's net: -weights' items
// cycled per seat, "" for the shipped net.
func seatWeights(a Args, s int) string {
	w := strings.Split(a.Weights, ",")
	return w[s%len(w)]
}

// playAll plays the a.Games games on a.Workers goroutines, with a progress
// bar on stderr, and returns their outcomes by game, each seat's times per
// decision and the seconds taken.
func playAll(a Args, seatBots []bot.Bot, stderr io.Writer) (results []outcome, times []durations, elapsed float64) {
	start := time.Now()
	results = make([]outcome, a.Games)
	// Each worker times its decisions with its own timer, merged at the end.
	timers := make([]*timer, a.Workers)
	var next, done atomic.Int64
	stop := progress(stderr, &done, a.Games, start)
	var wg sync.WaitGroup
	for w := range timers {
		timers[w] = newTimer(a.Players, uint64(w))
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Every game starts as a copy of one game built here (see
			// newRestarter): building each anew (catalog.New finds the game
			// and its preset by name and checks the options) took several
			// per cent of a random run.
			fresh, err := catalog.New(a.Game, a.Preset, a.Players)
			var restart restarter
			if err == nil {
				restart = newRestarter(fresh)
			}
			// One source, seeded anew for each game (a rand.Rand holds
			// nothing but its source).
			src := rand.NewPCG(0, 0)
			r := rand.New(src)
			for {
				i := int(next.Add(1) - 1)
				if i >= a.Games {
					return
				}
				if err != nil {
					results[i] = outcome{err: err}
				} else {
					src.Seed(a.Seed, uint64(i))
					results[i] = playOne(restart(), r, seatBots, timers[w])
				}
				done.Add(1)
			}
		}()
	}
	wg.Wait()
	stop()
	elapsed = time.Since(start).Seconds()
	times = make([]durations, a.Players)
	for _, t := range timers {
		for s := range times {
			times[s].merge(&t.seats[s])
		}
	}
	return results, times, elapsed
}

// tally counts the outcomes into res (whose Seats are made): the wins of
// each seat, the draws, the mean return of each seat and the turns.
func tally(res *Result, results []outcome) {
	sums := make([]int, len(res.Seats))
	totalTurns := 0
	for _, o := range results {
		totalTurns += o.turns
		res.MaxTurns = max(res.MaxTurns, o.turns)
		best, count := 0, 0
		for s, v := range o.returns {
			sums[s] += v
			switch {
			case s == 0 || v > o.returns[best]:
				best, count = s, 1
			case v == o.returns[best]:
				count++
			}
		}
		if count == 1 {
			res.Seats[best].Wins++
		} else {
			res.Draws++
		}
	}
	for s := range res.Seats {
		res.Seats[s].MeanReturn = float64(sums[s]) / float64(len(results))
	}
	res.MeanTurns = float64(totalTurns) / float64(len(results))
}

// playOne plays g from its start with r (game i's r draws from
// PCG(seed, i)), counts the players' turns and times their decisions with t.
func playOne(g brettspiel.Game, r *rand.Rand, seatBots []bot.Bot, t *timer) outcome {
	turns := 0
	policy := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		turns++
		p := g.ToMove()
		return t.choose(seatBots[p], p, g, legal, r)
	}
	if err := brettspiel.PlayOut(g, r, policy, 0); err != nil {
		return outcome{err: err}
	}
	return outcome{turns: turns, returns: g.Returns()}
}

// progress draws a bar on w once the run has taken a second, until stop.
func progress(w io.Writer, done *atomic.Int64, total int, start time.Time) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		drawn := false
		for {
			select {
			case <-quit:
				if drawn {
					fmt.Fprintln(w)
				}
				return
			case <-tick.C:
				if time.Since(start) < time.Second {
					continue
				}
				drawn = true
				n := int(done.Load())
				fmt.Fprintf(w, "\r%s %3d%% %d/%d games", cli.Bar(uint64(n), uint64(total)), n*100/total, n, total)
			}
		}
	}()
	return func() { close(quit); wg.Wait() }
}

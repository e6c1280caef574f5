// Command train trains the evaluator of a race game by TD(λ) self-play (see
// the package bot/neural) and writes its weights:
//
//	go run ./examples/train -game verkehren -games 200000 -workers 2 -ckpt verkehren.ckpt -resume
//
// Training is seeded: the same -seed, -batch, -hidden, -alpha and -lambda
// give the same weights whatever -workers is (games are played in rounds
// of -batch games with the weights of the round's start, and the updates
// are made in the order of the games). Every -every games the weights are
// written to -ckpt; with -resume a run goes on from that file, exactly as if
// it had not stopped. Every -check games the net at one ply plays
// -check-games games against -vs (greedy or expectimax), the draw deciding
// who begins, and the share it wins is printed with its standard error.
// -out writes the final weights (e.g. into bot/neural/weights/ to ship them).
// A progress bar goes to standard error.
package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/cli"
)

func main() {
	cli.Exit("train", run(os.Args[1:], os.Stdout, os.Stderr))
}

type args struct {
	game                 string
	seed                 uint64
	workers, batch       int
	games                uint64
	hidden               int
	alpha, lambda        float64
	ckpt, out, vs        string
	resume               bool
	every, check, checkN uint64
	measure, rollouts    int
	weights              string
}

func run(argv []string, stdout, stderr io.Writer) error {
	a, err := parseArgs(argv, stderr)
	if err != nil {
		return err
	}
	if a.measure > 0 {
		e, err := measured(a)
		if err != nil {
			return err
		}
		return measure(e, a, stdout, stderr)
	}
	t, err := trainer(a, stdout)
	if err != nil {
		return err
	}
	t.Workers, t.Batch = a.workers, a.batch
	t.Alpha, t.Lambda = float32(a.alpha), float32(a.lambda)
	in, hidden, out := t.Eval.Sizes()
	fmt.Fprintf(stdout, "%s: %d inputs, %d hidden, %d outputs; seed %d, batch %d, alpha %g, lambda %g, %d workers\n",
		a.game, in, hidden, out, a.seed, a.batch, a.alpha, a.lambda, a.workers)
	if err := playRounds(t, a, stdout, stderr); err != nil {
		return err
	}
	if a.out != "" {
		return save(t.Eval, a.out)
	}
	return nil
}

// parseArgs reads the command line into args and checks the values that
// have a bound.
func parseArgs(argv []string, stderr io.Writer) (args, error) {
	var a args
	fs := cli.FlagSet("train", stderr)
	fs.StringVar(&a.game, "game", "verkehren", "the game: "+strings.Join(neural.Games(), " or "))
	fs.Uint64Var(&a.seed, "seed", 1, "the seed of the dice and the first weights")
	fs.IntVar(&a.workers, "workers", runtime.NumCPU(), "goroutines playing games")
	fs.IntVar(&a.batch, "batch", 32, "games a round, played with the same weights")
	fs.Uint64Var(&a.games, "games", 10000, "train until this many games in all (a resumed run counts its checkpoint's)")
	fs.IntVar(&a.hidden, "hidden", 0, "hidden units (0: the game's default)")
	fs.Float64Var(&a.alpha, "alpha", 0.02, "the learning rate")
	fs.Float64Var(&a.lambda, "lambda", 0.7, "λ of TD(λ)")
	fs.StringVar(&a.ckpt, "ckpt", "", "the checkpoint file (none if empty)")
	fs.BoolVar(&a.resume, "resume", false, "go on from -ckpt if it exists")
	fs.Uint64Var(&a.every, "every", 5000, "games between checkpoints")
	fs.Uint64Var(&a.check, "check", 0, "games between strength checks (0: none)")
	fs.Uint64Var(&a.checkN, "check-games", 200, "games of a strength check")
	fs.StringVar(&a.vs, "vs", "greedy", "the opponent of the strength checks: greedy or expectimax")
	fs.StringVar(&a.out, "out", "", "write the final weights to this file")
	fs.IntVar(&a.measure, "measure", 0, "instead of training, measure the net's error on this many held-out positions (see -rollouts)")
	fs.IntVar(&a.rollouts, "rollouts", 32, "rollouts a position for -measure")
	fs.StringVar(&a.weights, "weights", "", "the weights -measure measures (default: the shipped net)")
	if err := fs.Parse(argv); err != nil {
		return a, err
	}
	if a.workers < 1 || a.batch < 1 || a.every < 1 {
		return a, fmt.Errorf("-workers, -batch and -every must be at least 1")
	}
	if a.vs != "greedy" && a.vs != "expectimax" {
		return a, fmt.Errorf("-vs %q: greedy or expectimax", a.vs)
	}
	return a, nil
}

// measured is the net -measure measures: the file -weights, else the
// game's shipped net.
func measured(a args) (*neural.Evaluator, error) {
	e, err := neural.Load(a.game)
	if a.weights != "" {
		var data []byte
		if data, err = os.ReadFile(a.weights); err == nil {
			e, err = neural.Parse(data)
		}
	}
	return e, err
}

// trainer is the trainer of the run: resumed from -ckpt with -resume where
// that file exists, else a new one.
func trainer(a args, stdout io.Writer) (*neural.Trainer, error) {
	if a.resume && a.ckpt != "" {
		data, err := os.ReadFile(a.ckpt)
		if err == nil {
			e, err := neural.Parse(data)
			if err != nil {
				return nil, fmt.Errorf("resume from %s: %w", a.ckpt, err)
			}
			if e.Game() != a.game {
				return nil, fmt.Errorf("resume from %s: weights for %s, not %s", a.ckpt, e.Game(), a.game)
			}
			fmt.Fprintf(stdout, "resumed from %s after %d games\n", a.ckpt, e.Games())
			return neural.ResumeTrainer(e, a.seed), nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	return neural.NewTrainer(a.game, a.hidden, a.seed)
}

// playRounds plays rounds until a.games games in all, with a progress bar on
// stderr, a checkpoint and a line of figures every a.every games and a
// strength check every a.check games.
func playRounds(t *neural.Trainer, a args, stdout, stderr io.Writer) error {
	start, startGames := time.Now(), t.Eval.Games()
	var wins, games, turns int64
	for g := t.Eval.Games(); g < a.games; g = t.Eval.Games() {
		res, err := t.Round(g)
		if err != nil {
			return err
		}
		for _, r := range res {
			games++
			if r > 0 {
				wins++
			}
		}
		turns += int64(t.Turns)
		now := t.Eval.Games()
		el := time.Since(start).Seconds()
		rate := float64(now-startGames) / el
		fmt.Fprintf(stderr, "\r%s %d/%d games, %.0f games/h, %.0f throws/game", cli.Bar(now, a.games),
			now, a.games, rate*3600, float64(turns)/float64(games))
		if crossed(g, now, a.every) || now >= a.games {
			if err := save(t.Eval, a.ckpt); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s %d games, %.1f min, %.0f games/h, player 0 won %.1f%%\n",
				time.Now().UTC().Format("15:04:05"), now, el/60, rate*3600, 100*float64(wins)/float64(games))
			wins, games, turns = 0, 0, 0
		}
		if a.check > 0 && crossed(g, now, a.check) {
			w, n, dur := check(t.Eval, a)
			p := w / float64(n)
			fmt.Fprintf(stdout, "check after %d games: net (one ply) won %.1f%% ± %.1f%% of %d games against %s (%.1fs)\n",
				now, 100*p, 100*math.Sqrt(p*(1-p)/float64(n)), n, a.vs, dur.Seconds())
		}
	}
	return nil
}

// crossed reports whether a multiple of every lies in (from, to].
func crossed(from, to, every uint64) bool { return to/every > from/every }

// save writes e to path atomically (a temporary file renamed); nothing for
// an empty path.
func save(e *neural.Evaluator, path string) error {
	if path == "" {
		return nil
	}
	data, err := e.MarshalBinary()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// check plays a.checkN games of the net at one ply against a.vs, the net in
// seat 0 in even games and seat 1 in odd ones, the draw deciding who
// begins, and returns the net's wins (a drawn game counting half).
func check(e *neural.Evaluator, a args) (wins float64, n int, took time.Duration) {
	start := time.Now()
	var opp bot.Bot = bot.Greedy{}
	if a.vs == "expectimax" {
		opp = bot.Expectimax{}
	}
	net := neural.Bot{Level: neural.Advanced, Eval: e}
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range a.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(a.checkN) {
					return
				}
				g, err := catalog.New(a.game, "", 2)
				if err != nil {
					return
				}
				seat := brettspiel.Player(i % 2)
				policy := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
					if g.ToMove() == seat {
						return net.Choose(g, legal, r)
					}
					return opp.Choose(g, legal, r)
				}
				if brettspiel.PlayOut(g, rand.New(rand.NewPCG(a.seed+1000, uint64(i))), policy, 0) != nil {
					continue
				}
				r := g.Returns()[seat]
				mu.Lock()
				n++
				switch {
				case r > 0:
					wins++
				case r == 0:
					wins += 0.5
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return wins, n, time.Since(start)
}

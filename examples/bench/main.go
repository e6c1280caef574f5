// Command bench measures the speed of every variant through the generic
// brettspiel.Game interface and prints it as Markdown tables, with the
// machine named:
//
//	go run ./examples/bench
//	go run ./examples/bench -time 3s -games verkehren,festung
//
// For every game and preset (the Festungsspiel for each player count 2–6) it
// measures, single-threaded:
//
//   - generation: AppendLegalMoves at the players' nodes of random games, the
//     time of one call, mean and median over the positions, and apart for the
//     positions after a doublet and after any other throw (a doublet is an
//     outcome of the smallest weight at a node whose weights differ: 1 of 36,
//     or the small doublets of the Festungsspiel's three dice);
//   - Apply: one random legal play at the same positions, on clones made
//     beforehand;
//   - random games: brettspiel.PlayOut with the uniform random bot (it never
//     concedes while it can play on), games and turns a second and
//     allocations a game (the game's clone included);
//   - playouts: brettspiel.Simulate, the variant's own playout where it has
//     one ("own"), else PlayOut with RandomPolicy ("PlayOut").
//
// A turn is a throw (a chance node) and whatever the players do with it. The
// turns of random games are counted by playing the same games again step by
// step, untimed; those of playouts only for games that report their turns or
// throws (a Turns or Throws method), "—" for the others.
//
// -time is the time of each measurement (default 1s), -positions the number
// of positions sampled for generation and Apply, -seed the seed. Figures from
// a busy machine vary; compare runs made one after the other.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/cli"
	"github.com/brettspiel/brettspiel/kit"
)

func main() {
	cli.Exit("bench", run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is one game to measure: a game of the catalogue, a preset and a
// seat count.
type config struct {
	entry   catalog.Variant
	preset  string
	players int
}

// figures are the measurements of one config.
type figures struct {
	positions                  int
	gen, genDoublet, genOther  stat // ns a call
	apply                      stat // ns a call
	games, gamesPerSec         float64
	turnsPerGame, allocsOfGame float64
	playouts, playoutsPerSec   float64
	playoutTurns               float64 // turns a playout; <0 when the game does not tell
	allocsOfPlayout            float64
	own                        bool // the game is a kit.Simulator
}

// stat is the mean and median of a sample; n is its size.
type stat struct {
	n            int
	mean, median float64
}

func summarize(xs []float64) stat {
	if len(xs) == 0 {
		return stat{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return stat{n: len(s), mean: sum / float64(len(s)), median: med}
}

func run(argv []string, stdout, stderr io.Writer) error {
	fs := cli.FlagSet("bench", stderr)
	per := fs.Duration("time", time.Second, "time of each measurement")
	games := fs.String("games", "toccateglio,verkehren,festung", "games to measure, comma-separated")
	positions := fs.Int("positions", 2000, "positions sampled for generation and Apply")
	seed := fs.Uint64("seed", 1, "seed of the random games")
	if err := cli.Parse(fs, argv); err != nil {
		return err
	}
	if *per <= 0 || *positions < 1 {
		return fmt.Errorf("-time and -positions must be positive")
	}
	var configs []config
	for _, name := range strings.Split(*games, ",") {
		e, ok := catalog.Lookup(strings.TrimSpace(name))
		if !ok {
			return fmt.Errorf("unknown game %q (have %s)", strings.TrimSpace(name), strings.Join(catalog.Names(), ", "))
		}
		for _, preset := range e.Presets {
			for n := e.MinPlayers; n <= e.MaxPlayers; n++ {
				configs = append(configs, config{entry: e, preset: preset.Name, players: n})
			}
		}
	}

	w := bufio.NewWriter(stdout)
	fmt.Fprintf(w, "Machine: %s\n\n", machine())
	fmt.Fprintf(w, "Each measurement %v, single-threaded, seed %d.\n\n", *per, *seed)
	all := make([]figures, len(configs))
	for i, c := range configs {
		fmt.Fprintf(stderr, "%s %s %d players…\n", c.entry.Name, c.preset, c.players)
		f, err := measure(c, *per, *positions, *seed)
		if err != nil {
			return fmt.Errorf("%s %s %d players: %w", c.entry.Name, c.preset, c.players, err)
		}
		all[i] = f
	}

	fmt.Fprintln(w, "Move generation and Apply at the players' nodes of random games, ns a call (mean / median):")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| game | preset | players | positions | generation | after a doublet | after another throw | Apply |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for i, c := range configs {
		f := all[i]
		fmt.Fprintf(w, "| %s | %s | %d | %d | %s | %s | %s | %s |\n", c.entry.Name, c.preset, c.players, f.positions,
			ns(f.gen), ns(f.genDoublet), ns(f.genOther), ns(f.apply))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Whole games: random games by PlayOut with the uniform random bot, and playouts by brettspiel.Simulate:")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| game | preset | players | random games/s | turns/game | turns/s | allocs/game | playout | playouts/s | turns/playout | turns/s | allocs/playout |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	for i, c := range configs {
		f := all[i]
		kind, perGame, turns := "PlayOut", "—", "—"
		if f.own {
			kind = "own"
		}
		if f.playoutTurns >= 0 {
			perGame, turns = fmt.Sprintf("%.1f", f.playoutTurns), count(f.playoutsPerSec*f.playoutTurns)
		}
		fmt.Fprintf(w, "| %s | %s | %d | %s | %.1f | %s | %.1f | %s | %s | %s | %s | %.1f |\n", c.entry.Name, c.preset, c.players,
			count(f.gamesPerSec), f.turnsPerGame, count(f.gamesPerSec*f.turnsPerGame), f.allocsOfGame,
			kind, count(f.playoutsPerSec), perGame, turns, f.allocsOfPlayout)
	}
	return w.Flush()
}

// ns prints a mean and a median in nanoseconds, "—" for no sample.
func ns(s stat) string {
	if s.n == 0 {
		return "—"
	}
	return fmt.Sprintf("%.0f / %.0f", s.mean, s.median)
}

// count prints a rate with thousands separated.
func count(x float64) string {
	s := fmt.Sprintf("%.0f", x)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// machine names the machine and the Go that runs the measurements.
func machine() string {
	cpu := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s/%s, %s, %d CPUs, GOMAXPROCS %d, %s", runtime.GOOS, runtime.GOARCH, cpu, runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version())
}

// position is a player's node of a random game with the play the random bot
// chose there.
type position struct {
	g       brettspiel.Game
	play    brettspiel.Move
	doublet bool // the throw before it was a doublet
}

// sample plays random games from start and keeps about every third player's
// node, up to n of them (fewer when the games have few, as the
// Festungsspiel's decisions are; it stops after a bounded number of games).
func sample(start brettspiel.Game, n int, r *rand.Rand) ([]position, error) {
	var out []position
	var random bot.Random
	legal := make([]brettspiel.Move, 0, 64)
	for games := 0; len(out) < n && games < 20*n; games++ {
		g := start.Clone()
		doublet := false
		for steps := 0; g.ToMove() != brettspiel.Terminal; steps++ {
			if steps > 1_000_000 {
				return nil, errors.New("a random game did not end")
			}
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				var err error
				if m, err = brettspiel.SampleChance(g, r); err != nil {
					return nil, err
				}
				doublet = isDoublet(g.ChanceOutcomes(), m)
			} else {
				legal = g.AppendLegalMoves(legal[:0])
				m = random.Choose(g, legal, r)
				if len(out) < n && r.IntN(3) == 0 {
					out = append(out, position{g: g.Clone(), play: m, doublet: doublet})
				}
			}
			if err := g.Apply(m); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// isDoublet reports whether m is an outcome of the smallest weight among
// outs whose weights are not all equal.
func isDoublet(outs []brettspiel.Outcome, m brettspiel.Move) bool {
	lo, hi, w := -1, -1, -1
	for _, o := range outs {
		if lo < 0 || o.Weight < lo {
			lo = o.Weight
		}
		hi = max(hi, o.Weight)
		if o.Move == m {
			w = o.Weight
		}
	}
	return lo < hi && w == lo
}

// measure takes the figures of one config: move generation and Apply on
// npos sampled positions, random games and playouts, each for about per.
func measure(c config, per time.Duration, npos int, seed uint64) (figures, error) {
	var f figures
	start, err := catalog.New(c.entry.Name, c.preset, c.players)
	if err != nil {
		return f, err
	}
	r := rand.New(rand.NewPCG(seed, 1))
	pos, err := sample(start, npos, r)
	if err != nil {
		return f, err
	}
	f.positions = len(pos)
	f.measureGeneration(pos, per)
	if err := f.measureApply(pos, per); err != nil {
		return f, err
	}
	if err := f.measureGames(start, per, seed); err != nil {
		return f, err
	}
	err = f.measurePlayouts(start, per, seed)
	return f, err
}

// measureGeneration times AppendLegalMoves: each position gets an equal
// share of per, at least one call.
func (f *figures) measureGeneration(pos []position, per time.Duration) {
	share := per / time.Duration(max(len(pos), 1))
	var all, dbl, other []float64
	buf := make([]brettspiel.Move, 0, 1024)
	for _, p := range pos {
		t0 := time.Now()
		buf = p.g.AppendLegalMoves(buf[:0])
		first := time.Since(t0)
		reps := max(1, int(share/max(first, time.Nanosecond)))
		t0 = time.Now()
		for range reps {
			buf = p.g.AppendLegalMoves(buf[:0])
		}
		x := float64(time.Since(t0).Nanoseconds()) / float64(reps)
		all = append(all, x)
		if p.doublet {
			dbl = append(dbl, x)
		} else {
			other = append(other, x)
		}
	}
	f.gen, f.genDoublet, f.genOther = summarize(all), summarize(dbl), summarize(other)
}

// measureApply times each position's play on clones made beforehand,
// until per has passed.
func (f *figures) measureApply(pos []position, per time.Duration) error {
	var applies []float64
	const clones = 16
	copies := make([]brettspiel.Game, clones)
	deadline := time.Now().Add(per)
	for _, p := range pos {
		for i := range copies {
			copies[i] = p.g.Clone()
		}
		t0 := time.Now()
		for _, g := range copies {
			if err := g.Apply(p.play); err != nil {
				return fmt.Errorf("apply %s: %w", p.g.MoveString(p.play), err)
			}
		}
		applies = append(applies, float64(time.Since(t0).Nanoseconds())/clones)
		if time.Now().After(deadline) {
			break
		}
	}
	f.apply = summarize(applies)
	return nil
}

// measureGames times random games through PlayOut, game i from PCG(seed,
// i), then counts their turns by playing them again untimed.
func (f *figures) measureGames(start brettspiel.Game, per time.Duration, seed uint64) error {
	policy := bot.Policy(bot.Random{})
	n, elapsed, allocs, err := timed(per, func(i int) error {
		return brettspiel.PlayOut(start.Clone(), rand.New(rand.NewPCG(seed, uint64(i))), policy, 0)
	})
	if err != nil {
		return err
	}
	f.games, f.gamesPerSec, f.allocsOfGame = float64(n), float64(n)/elapsed.Seconds(), allocs
	turns := 0
	for i := range n {
		t, err := countTurns(start.Clone(), rand.New(rand.NewPCG(seed, uint64(i))), policy)
		if err != nil {
			return err
		}
		turns += t
	}
	f.turnsPerGame = float64(turns) / float64(n)
	return nil
}

// measurePlayouts times playouts through brettspiel.Simulate, with their
// turns where the game reports them.
func (f *figures) measurePlayouts(start brettspiel.Game, per time.Duration, seed uint64) error {
	_, f.own = start.(kit.Simulator)
	f.playoutTurns = -1
	playoutTurns := 0
	n, elapsed, allocs, err := timed(per, func(i int) error {
		g := start.Clone()
		if err := brettspiel.Simulate(g, rand.New(rand.NewPCG(seed, uint64(i)))); err != nil {
			return err
		}
		if t, ok := reportedTurns(g); ok {
			playoutTurns += t
		}
		return nil
	})
	if err != nil {
		return err
	}
	f.playouts, f.playoutsPerSec, f.allocsOfPlayout = float64(n), float64(n)/elapsed.Seconds(), allocs
	if _, ok := reportedTurns(start); ok {
		f.playoutTurns = float64(playoutTurns) / float64(n)
	}
	return nil
}

// timed calls game(0), game(1), … until per has passed (at least once) and
// returns the number of calls, their time and the allocations a call.
func timed(per time.Duration, game func(i int) error) (n int, elapsed time.Duration, allocs float64, err error) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	t0 := time.Now()
	for n == 0 || elapsed < per {
		if err := game(n); err != nil {
			return 0, 0, 0, err
		}
		n++
		elapsed = time.Since(t0)
	}
	runtime.ReadMemStats(&after)
	return n, elapsed, float64(after.Mallocs-before.Mallocs) / float64(n), nil
}

// countTurns plays g step by step exactly as PlayOut does with policy and r
// (the same draws in the same order, so the same game), and counts its
// throws.
func countTurns(g brettspiel.Game, r *rand.Rand, policy brettspiel.Policy) (int, error) {
	throws := 0
	legal := make([]brettspiel.Move, 0, 64)
	for g.ToMove() != brettspiel.Terminal {
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			var err error
			if m, err = brettspiel.SampleChance(g, r); err != nil {
				return 0, err
			}
			throws++
		} else {
			legal = g.AppendLegalMoves(legal[:0])
			m = policy(g, legal, r)
		}
		if err := g.Apply(m); err != nil {
			return 0, err
		}
	}
	return throws, nil
}

// reportedTurns returns the turns a game reports of itself (every variant
// has Turns; a Festungsspiel turn is a throw), if it does.
func reportedTurns(g brettspiel.Game) (int, bool) {
	if t, ok := g.(interface{ Turns() int }); ok {
		return t.Turns(), true
	}
	return 0, false
}

package session

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
)

// heldGames is how many games BenchmarkHeldGame holds at once, and
// heldSteps how many steps each has played; BenchmarkHeldLongGame holds
// games of heldLongSteps, about the length of a game played for a minute
// or two on a server.
const (
	heldGames     = 200
	heldSteps     = 40
	heldLongSteps = 120
)

// holdGame makes a game as a server holds one: owned, every seat a
// person's and claimed, a watcher on it whose deltas are read as they
// come, and steps steps played (fewer where the game ends sooner), the
// throws by Advance and the moves by the random bot (which concedes only
// when nothing else is legal).
func holdGame(tb testing.TB, tab *Table, c Config, steps int, r *rand.Rand) (*Game, *Watcher) {
	g, err := New(c)
	if err != nil {
		tb.Fatal(err)
	}
	for i := range g.Info().Players {
		if _, err := g.Claim(i); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := tab.Add(g); err != nil {
		tb.Fatal(err)
	}
	w, err := g.Watch(0)
	if err != nil {
		tb.Fatal(err)
	}
	drain := func() {
		for _, ok := pending(w); ok; _, ok = pending(w) {
		}
	}
	for g.Len() < steps {
		if _, err := g.Advance(context.Background(), 1); err != nil {
			tb.Fatal(err)
		}
		drain()
		pos := g.Position()
		if pos.ToMove() == brettspiel.Terminal {
			break
		}
		if pos.ToMove() < 0 {
			continue
		}
		if _, err := g.Play(bot.Random{}.Choose(pos, pos.LegalMoves(), r)); err != nil {
			tb.Fatal(err)
		}
		drain()
	}
	return g, w
}

// heldProfile, when set, is called with the games held, after the
// collection: a profile of the heap there shows what they keep.
var heldProfile func()

// heldConfigs are the games BenchmarkHeldGame holds: every preset of every
// variant of the catalogue, the Festungsspiel for two, three and six.
func heldConfigs() []Config {
	var out []Config
	for _, v := range catalog.Variants() {
		players := []int{v.MinPlayers}
		if v.Name == "festung" {
			players = []int{2, 3, 6}
		}
		for _, p := range v.Presets {
			for _, n := range players {
				out = append(out, Config{Variant: v.Name, Preset: p.Name, Players: n, Seats: []string{Person, Person}, Owned: true})
			}
		}
	}
	return out
}

// BenchmarkHeldGame measures the memory a game costs while a table holds
// it: the live heap after a collection with heldGames games held, each
// with heldSteps steps played and a watcher, less the heap before, per
// game (B/game), and the steps a game has played on average (fewer than
// heldSteps where games end sooner). Time per op is that of making and
// playing the games.
func BenchmarkHeldGame(b *testing.B) { benchmarkHeld(b, heldSteps) }

// BenchmarkHeldLongGame is BenchmarkHeldGame with heldLongSteps steps a
// game, where what a game keeps per step outweighs what it keeps once.
// The Toccateglio presets mostly end sooner.
func BenchmarkHeldLongGame(b *testing.B) { benchmarkHeld(b, heldLongSteps) }

func benchmarkHeld(b *testing.B, steps int) {
	for _, c := range heldConfigs() {
		b.Run(c.Variant+"/"+c.Preset+"/"+strconv.Itoa(c.Players), func(b *testing.B) {
			var perGame, played float64
			for i := 0; i < b.N; i++ {
				tab := NewTable(Options{MaxGames: heldGames})
				games := make([]*Game, 0, heldGames)
				watchers := make([]*Watcher, 0, heldGames)
				r := rand.New(rand.NewPCG(uint64(i), 7))
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				for k := range heldGames {
					c.Seed = SeedOf(uint64(k))
					g, w := holdGame(b, tab, c, steps, r)
					games, watchers = append(games, g), append(watchers, w)
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				if heldProfile != nil {
					heldProfile()
				}
				perGame = float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / heldGames
				played = 0
				for _, g := range games {
					played += float64(g.Len()) / heldGames
				}
				runtime.KeepAlive(tab)
				runtime.KeepAlive(games)
				runtime.KeepAlive(watchers)
			}
			b.ReportMetric(perGame, "B/game")
			b.ReportMetric(played, "steps/game")
		})
	}
}

package conformance

import (
	"flag"
	"math/rand/v2"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"pgregory.net/rapid"
)

// PlayWhole plays one whole game of newGame in which rapid draws every choice,
// throws included (uniformly, whatever their weights, so rare throws come up as
// often as common ones), with the deep checks at every step. A failure shrinks
// to a short sequence of choices.
func PlayWhole(t *rapid.T, newGame func() brettspiel.Game, cfg Config) {
	cfg = cfg.withDefaults()
	r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))
	choose := func(g brettspiel.Game, legal []brettspiel.Move) brettspiel.Move {
		return legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
	}
	if f := playGame(newGame, r, cfg, true, choose); f != nil {
		t.Fatal(f)
	}
}

// Machine runs the checks as a rapid state machine: from a fresh game, rapid
// chooses at random among playing a legal move, trying an illegal one, cloning
// and comparing, and playing a stretch of random moves to reach later stages;
// after each action the cheap checks and the invariant run.
func Machine(t *rapid.T, newGame func() brettspiel.Game, cfg Config) {
	cfg = cfg.withDefaults()
	g := newGame()
	r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
	step := 0
	apply := func(t *rapid.T, m brettspiel.Move) {
		if msg := applyChecked(g, m, true, cfg); msg != "" {
			t.Fatalf("step %d: %s\n%s", step, msg, safeString(g))
		}
		step++
		if step > cfg.MaxSteps {
			t.Fatalf("the game has not ended after %d steps", cfg.MaxSteps)
		}
	}
	t.Repeat(map[string]func(*rapid.T){
		"play": func(t *rapid.T) {
			legal := g.LegalMoves()
			if len(legal) == 0 {
				t.Skip("game over")
			}
			apply(t, rapid.SampledFrom(legal).Draw(t, "move"))
		},
		"run": func(t *rapid.T) {
			n := rapid.IntRange(1, 200).Draw(t, "steps")
			for i := 0; i < n && g.ToMove() != brettspiel.Terminal; i++ {
				legal := g.LegalMoves()
				m := cfg.Policy(g, legal, r)
				if g.ToMove() == brettspiel.Chance {
					m, _ = brettspiel.SampleChance(g, r)
				}
				if err := g.Apply(m); err != nil {
					t.Fatalf("step %d: Apply(%v) of a legal move: %v", step, m, err)
				}
				step++
			}
		},
		"deep": func(t *rapid.T) {
			legal := g.LegalMoves()
			if msg := checkDeep(g, legal, r, cfg); msg != "" {
				t.Fatalf("step %d: %s\n%s", step, msg, safeString(g))
			}
		},
		"": func(t *rapid.T) {
			if msg := checkCheap(g, g.AppendLegalMoves(nil)); msg != "" {
				t.Fatalf("step %d: %s\n%s", step, msg, safeString(g))
			}
			if cfg.Invariant != nil {
				if err := cfg.Invariant(g); err != nil {
					t.Fatalf("step %d: invariant: %v\n%s", step, err, safeString(g))
				}
			}
		},
	})
}

// RapidChecks sets rapid's number of cases per property (the flag
// -rapid.checks, 100 by default) to n, unless it was given on the command
// line or the heavy runs were asked for (see LongEnv). Call it from a
// package's TestMain after flag.Parse, so that the property tests keep within
// the package's time budget by default.
func RapidChecks(n int) {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "rapid.checks" })
	if !set && !Long() {
		if err := flag.Set("rapid.checks", strconv.Itoa(n)); err != nil {
			panic(err) // rapid is linked in: its flag exists
		}
	}
}

package analysis

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	_ "github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/catalog"
)

// playGame plays a seeded game of variant with b on every seat and returns
// its history.
func playGame(t testing.TB, variant string, b bot.Bot, seed, i uint64) *brettspiel.History {
	return playSteps(t, variant, b, seed, i, 20000)
}

// playSteps is playGame stopped after at most steps steps.
func playSteps(t testing.TB, variant string, b bot.Bot, seed, i uint64, steps int) *brettspiel.History {
	t.Helper()
	h, err := catalog.NewHistory(variant, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, i))
	for h.ToMove() != brettspiel.Terminal && h.Len() < steps {
		g := h.Game()
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, err = brettspiel.SampleChance(g, r)
			if err != nil {
				t.Fatal(err)
			}
		} else {
			m = b.Choose(g, g.LegalMoves(), r)
		}
		if err := h.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// TestCalibrate measures the error rate of the module's bots, each playing
// itself, as the analysis judges them: the figures the rating scales are
// placed between (see the package doc). BRETTSPIEL_LONG=1 runs it;
// BRETTSPIEL_CALIBRATE_GAMES sets the games per bot (default 30),
// BRETTSPIEL_CALIBRATE_GAME one variant and BRETTSPIEL_CALIBRATE_BOT one bot.
func TestCalibrate(t *testing.T) {
	if os.Getenv("BRETTSPIEL_LONG") == "" {
		t.Skip("BRETTSPIEL_LONG=1 runs the calibration")
	}
	games := 30
	if n, err := strconv.Atoi(os.Getenv("BRETTSPIEL_CALIBRATE_GAMES")); err == nil && n > 0 {
		games = n
	}
	levels := map[string][]string{
		"toccateglio": {"random", "greedy", "expectimax", "net-beginner", "net-casual", "net-intermediate", "net-advanced", "net-expert", "net-strongest"},
		"verkehren":   {"random", "greedy", "expectimax", "net-beginner", "net-casual", "net-intermediate", "net-advanced", "net-expert", "net-strongest"},
		"festung":     {"random", "greedy", "expectimax", "search", "festung-best"},
	}
	for _, v := range []string{"toccateglio", "verkehren", "festung"} {
		if only := os.Getenv("BRETTSPIEL_CALIBRATE_GAME"); only != "" && only != v {
			continue
		}
		for _, name := range levels[v] {
			if only := os.Getenv("BRETTSPIEL_CALIBRATE_BOT"); only != "" && only != name {
				continue
			}
			b, err := bot.Named(name)
			if err != nil {
				t.Fatal(err)
			}
			// one sample a game: the error rate of both seats' decisions
			var sum, sum2 float64
			n := 0
			for i := range games {
				h := playGame(t, v, b, 1, uint64(i))
				rep, err := Game(h)
				if err != nil {
					t.Fatal(err)
				}
				loss, dec := 0.0, 0
				for _, p := range rep.Players {
					loss += p.Loss
					dec += p.Decisions
				}
				if dec == 0 {
					continue
				}
				x := loss / float64(dec)
				sum += x
				sum2 += x * x
				n++
			}
			mean := sum / float64(n)
			se := math.Sqrt(max(sum2/float64(n)-mean*mean, 0) / float64(max(n-1, 1)))
			fmt.Printf("%-12s %-17s games %3d  error rate %.4f ± %.4f  (%s)\n", v, name, n, mean, se, Rate(v, mean))
		}
	}
}

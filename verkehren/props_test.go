package verkehren

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"pgregory.net/rapid"
)

var propOptions = []Options{VK(), VKBandLimit(), Cotton(), Fiske()}

// TestMain keeps the property tests within the package's time budget: 30
// cases each unless -rapid.checks is given or the long runs are asked for.
func TestMain(m *testing.M) {
	flag.Parse()
	conformance.RapidChecks(30)
	os.Exit(m.Run())
}

// randomPosition plays a seeded random game for up to n steps under opts.
func randomPosition(opts Options, seed uint64, n int) *Game {
	g, _ := New(opts)
	r := rand.New(rand.NewPCG(seed, 3))
	var legal []brettspiel.Move
	for i := 0; i < n && g.ToMove() != brettspiel.Terminal; i++ {
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			legal = g.AppendLegalMoves(legal[:0])
			m = noConcede(g, legal, r)
		}
		_ = g.Apply(m)
	}
	return g
}

// checkPlays checks every legal play of a player's node: no stone is left off
// the board while another stone moved (V-E1), the mover's Bände obey V-B1
// and V-O1, the 15 stones of each side stay accounted for, and no two plays
// give the same position.
func checkPlays(g *Game) error {
	if g.phase != phasePlay {
		return nil
	}
	p := g.toMove
	seen := map[[2][26]int8]string{}
	for _, m := range g.LegalMoves() {
		if m.Payload() == concedePayload {
			continue
		}
		c := g.clone()
		if err := c.Apply(m); err != nil {
			return err
		}
		me := c.b.Sides[p]
		moved := false
		for i := 0; i < maxSteps; i++ {
			if from, _, _, ok := stepAt(m.Payload(), i); ok && from != bar {
				moved = true
			}
		}
		if moved && me[bar] > 0 {
			return fmt.Errorf("%s moves a stone while %d stay off the board", g.MoveString(m), me[bar])
		}
		if err := invariant(c); err != nil {
			return fmt.Errorf("after %s: %v", g.MoveString(m), err)
		}
		key := [2][26]int8{c.b.Sides[0], c.b.Sides[1]}
		if prev, dup := seen[key]; dup {
			return fmt.Errorf("%s and %s give the same position", prev, g.MoveString(m))
		}
		seen[key] = g.MoveString(m)
	}
	return nil
}

func TestPropertyPlays(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		opts := rapid.SampledFrom(propOptions).Draw(rt, "options")
		g := randomPosition(opts, rapid.Uint64().Draw(rt, "seed"), rapid.IntRange(0, 600).Draw(rt, "steps"))
		if err := invariant(g); err != nil {
			rt.Fatalf("%v\n%s", err, g)
		}
		if err := checkPlays(g); err != nil {
			rt.Fatalf("%v\n%s", err, g)
		}
	})
}

func TestPropertyMachine(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		opts := rapid.SampledFrom(propOptions).Draw(rt, "options")
		conformance.Machine(rt, func() brettspiel.Game {
			g, _ := New(opts)
			return g
		}, conformance.Config{Policy: noConcede, Invariant: func(g brettspiel.Game) error {
			if err := invariant(g); err != nil {
				return err
			}
			return checkPlays(g.(*Game))
		}})
	})
}

// TestPropertyFromPosition loads arbitrary positions: nothing panics, and a
// position that loads lists legal moves that all apply.
func TestPropertyFromPosition(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var pos Position
		for p := 0; p < 2; p++ {
			left := 15
			for left > 0 {
				i := rapid.IntRange(0, 25).Draw(rt, "point")
				n := rapid.IntRange(1, left).Draw(rt, "n")
				pos.Stones[p][i] += n
				left -= n
			}
		}
		if rapid.Bool().Draw(rt, "dice") {
			pos.Dice = [2]int{rapid.IntRange(1, 6).Draw(rt, "d1"), rapid.IntRange(1, 6).Draw(rt, "d2")}
		}
		opts := rapid.SampledFrom(propOptions).Draw(rt, "options")
		g, err := FromPosition(opts, pos)
		if err != nil {
			return
		}
		for _, m := range g.LegalMoves() {
			if err := g.clone().Apply(m); err != nil {
				rt.Fatalf("legal %s does not apply: %v", g.MoveString(m), err)
			}
		}
		if err := checkPlays(g); err != nil {
			rt.Fatal(err)
		}
	})
}

func TestPlayWhole(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		conformance.PlayWhole(rt, func() brettspiel.Game {
			g, _ := New(Options{TurnCap: 40})
			return g
		}, conformance.Config{Invariant: invariant})
	})
}

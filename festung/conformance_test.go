package festung

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"pgregory.net/rapid"
)

func factory(opts Options) func() brettspiel.Game {
	return func() brettspiel.Game {
		g, err := New(opts)
		if err != nil {
			panic(err)
		}
		return g
	}
}

// invariant checks what must hold after every step: markers conserved
// (balances plus plan equal players × stock, bought markers counted by the
// balances below zero), Pasch counts in range, a decision only where the
// rules leave a choice.
func invariant(bg brettspiel.Game) error {
	g := bg.(*Game)
	if err := conserved(g); err != nil {
		return err
	}
	for p := range g.NumPlayers() {
		if k := g.Pasches(brettspiel.Player(p)); k > 5 || (k == 5) != (g.winner == brettspiel.Player(p)) {
			return fmt.Errorf("seat %d has %d Pasches, winner %v", p, k, g.winner)
		}
	}
	if t := g.throw; t.L != 0 {
		if _, n := g.choices(t); n < 2 || g.fifthPasch(t) {
			return fmt.Errorf("decision node for %v with %d options", t, n)
		}
	}
	return nil
}

// positionTrip round-trips a game through Position and FromPosition; the
// events of the last Apply are not part of a position.
func positionTrip(bg brettspiel.Game) (brettspiel.Game, error) {
	g := bg.(*Game)
	if g.ToMove() == brettspiel.Terminal {
		return g.Clone(), nil // a finished game is no position to load
	}
	back, err := FromPosition(g.Options(), g.Position())
	if err != nil {
		return nil, err
	}
	back.events, back.loaded = append([]event(nil), g.events...), g.loaded
	return back, nil
}

// endings counts how the games of a run ended, and other facts worth seeing.
type endings struct {
	fifth, capped, decisions, throws, games int
}

func (c *endings) observe(g brettspiel.Game, evs []brettspiel.Event) {
	for _, e := range evs {
		switch {
		case e.Kind == brettspiel.EventDecide:
			c.decisions++
		case e.Kind == brettspiel.EventThrow:
			c.throws++
		case e.Kind == brettspiel.EventEnd && e.Note == "turn cap":
			c.capped++
			c.games++
		case e.Kind == brettspiel.EventEnd:
			c.fifth++
			c.games++
		}
	}
}

// harnessGames returns the number of random games per player count, how
// many of them get the deep checks, and the share of their steps that do (one
// in share): 2000, 10 and 1 by default; under the race detector, which slows
// every game about tenfold, 250, 1 and 20 (so that go test -race stays within
// its budget of 45 s of CPU); on a 32-bit platform, where CI runs the tests a
// second time to see the seeded games come out the same, 500, 4 and 1; 100000,
// 30 and 1 with BRETTSPIEL_LONG set.
func harnessGames() (games, deep, share int) {
	switch {
	case conformance.Long():
		return 100000, 30, 1
	case raceDetector:
		return 250, 1, 20
	case strconv.IntSize == 32:
		return 500, 4, 1
	}
	return 2000, 10, 1
}

func TestConformance(t *testing.T) {
	for n := 2; n <= 6; n++ {
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			t.Parallel()
			var c endings
			games, deep, share := harnessGames()
			conformance.Run(t, factory(ForPlayers(n)), conformance.Config{
				Games:      games,
				Seed:       uint64(100 + n),
				DeepGames:  deep,
				DeepShare:  share,
				Invariant:  invariant,
				Observe:    c.observe,
				RoundTrips: roundTrips(t, ForPlayers(n)),
			})
			t.Logf("%d players: %d games, %d ended by a fifth Pasch, %d at the turn cap; %d throws (%.1f a game), %d decisions",
				n, c.games, c.fifth, c.capped, c.throws, float64(c.throws)/float64(c.games), c.decisions)
			if c.games != games || c.capped != 0 || c.fifth != games {
				t.Errorf("%d games ended, %d by a fifth Pasch, %d at the turn cap; want all %d by a fifth Pasch", c.games, c.fifth, c.capped, games)
			}
			if c.decisions == 0 {
				t.Error("no decision node in any game")
			}
		})
	}
}

// A small turn cap and a five-player game with another empty field go through
// the harness too.
// Under the race detector 50 games, 2 of them deep (200 and 5 otherwise).
func TestConformanceOptions(t *testing.T) {
	var c endings
	games, deep := 200, 5
	if raceDetector && !conformance.Long() {
		games, deep = 50, 2
	}
	conformance.Run(t, factory(Options{Players: 5, EmptyField: ow(3, 2, 1), TurnCap: 40, Stock: 3}), conformance.Config{
		Games: games, Seed: 7, DeepGames: deep, Invariant: invariant, Observe: c.observe,
		RoundTrips: roundTrips(t, Options{Players: 5, EmptyField: ow(3, 2, 1), TurnCap: 40, Stock: 3}),
	})
	if c.capped == 0 || c.games != games {
		t.Errorf("%d games, %d capped", c.games, c.capped)
	}
}

// TestMain keeps the property tests within the package's time budget: 15
// cases each unless -rapid.checks is given or the long runs are asked for.
func TestMain(m *testing.M) {
	flag.Parse()
	conformance.RapidChecks(15)
	os.Exit(m.Run())
}

func TestRapidWholeGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 6).Draw(t, "players")
		conformance.PlayWhole(t, factory(Options{Players: n, TurnCap: 20}), conformance.Config{Invariant: invariant})
	})
}

func TestRapidMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 6).Draw(t, "players")
		conformance.Machine(t, factory(ForPlayers(n)), conformance.Config{Invariant: invariant})
	})
}

// TestRapidProperties plays random games and checks, step by step, the
// properties the rules promise: markers are conserved; no field ever holds more
// than one marker (every placement goes on an empty field, every take from an
// occupied one, replayed on a shadow plan from the events); the open outer
// works (F-A1) grow only with the thrower's Pasches; a game always ends.
func TestRapidProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 6).Draw(t, "players")
		stock := rapid.IntRange(1, 40).Draw(t, "stock")
		g, err := New(Options{Players: n, Stock: stock})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3))
		var shadow marks
		apply := func(evs []brettspiel.Event) {
			for _, e := range evs {
				switch e.Kind {
				case brettspiel.EventPlace:
					if shadow.has(FieldID(e.To)) {
						t.Fatalf("%v placed on %v, which holds a marker", e.Player, FieldID(e.To))
					}
					shadow.set(FieldID(e.To))
				case brettspiel.EventTake:
					if !shadow.has(FieldID(e.From)) {
						t.Fatalf("%v took from %v, which is empty", e.Player, FieldID(e.From))
					}
					shadow.clear(FieldID(e.From))
				}
			}
		}
		apply(g.Events())
		steps := 0
		for g.ToMove() != brettspiel.Terminal {
			var open [6]int
			for p := range n {
				open[p] = g.OpenFortresses(brettspiel.Player(p))
			}
			thrower := g.Turn()
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				if rapid.IntRange(0, 15).Draw(t, "pasch") == 0 { // Pasches more often than by chance
					d := uint8(rapid.IntRange(1, 6).Draw(t, "die"))
					m = ThrowMove(dice.Throw3{L: d, A: d, B: d})
				} else {
					m, _ = brettspiel.SampleChance(g, r)
				}
			} else {
				legal := g.LegalMoves()
				m = legal[rapid.IntRange(0, len(legal)-1).Draw(t, "choice")]
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			apply(g.Events())
			if err := conserved(g); err != nil {
				t.Fatal(err)
			}
			if shadow != g.on {
				t.Fatalf("the events do not account for the plan:\n%v", g)
			}
			paschThrown := false
			for _, e := range g.Events() {
				paschThrown = paschThrown || e.Kind == EventConquer
			}
			for p := range n {
				now := g.OpenFortresses(brettspiel.Player(p))
				grew := now != open[p]
				if now < open[p] || (grew && (brettspiel.Player(p) != thrower || !paschThrown)) {
					t.Fatalf("seat %d's open fortresses went from %d to %d (thrower %d, Pasch %v)", p, open[p], now, thrower, paschThrown)
				}
			}
			steps++
			if steps > 2*DefaultTurnCap {
				t.Fatalf("no end after %d steps", steps)
			}
		}
		if _, won := g.Winner(); !won && !g.Capped() {
			t.Fatal("terminal without a winner or the cap")
		}
	})
}

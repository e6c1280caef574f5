package verkehren

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
)

// TestV_W1_SimulateEndsInLegalTerminalStates plays seeded playouts under
// every option set, from the start and from the middle of random games, and
// replays every throw and play of each through ParseMove and Apply on a copy:
// each play must be legal (V-D2, V-E3, V-J1 and the single-step rules), never
// a concession (V-W2), and the copy must keep the same state step by step, so
// the end (V-W1, V-W3 or the turn cap), the winner and the returns are those
// of the rules. The final state's ID and JSON round-trip, and Simulate
// without the check plays the same game.
func TestV_W1_SimulateEndsInLegalTerminalStates(t *testing.T) {
	games := conformance.Games(40, 2000)
	for i, h := range genOptions() {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			ends := endCounts{}
			r := rand.New(rand.NewPCG(uint64(300+i), 5))
			for n := 0; n < games; n++ {
				g, err := New(h.opts)
				if err != nil {
					t.Fatal(err)
				}
				for k := r.IntN(2) * r.IntN(300); k > 0 && g.ToMove() != brettspiel.Terminal; k-- {
					legal := g.LegalMoves()
					if err := g.Apply(noConcede(g, legal, r)); err != nil {
						t.Fatal(err)
					}
				}
				plain := g.clone()
				shadow := g.clone()
				seed := r.Uint64()
				step := 0
				g.simulate(rand.New(rand.NewPCG(seed, 1)), func(m brettspiel.Move) {
					step++
					if m.Actor() != brettspiel.Chance {
						if m.Payload() == concedePayload {
							t.Fatalf("step %d: a playout conceded", step)
						}
						s := shadow.MoveString(m)
						pm, err := shadow.ParseMove(s)
						if err != nil {
							t.Fatalf("step %d: the playout's play %q is illegal: %v\n%s", step, s, err, shadow)
						}
						m = pm
					}
					if err := shadow.Apply(m); err != nil {
						t.Fatalf("step %d: Apply(%s): %v\n%s", step, shadow.MoveString(m), err, shadow)
					}
					if shadow.state() != g.state() {
						t.Fatalf("step %d: the playout's state differs from the replay:\n%s\n%s", step, g, shadow)
					}
				})
				ends[g.ending]++
				if g.ToMove() != brettspiel.Terminal || len(g.Events()) != 0 || g.ending == Conceded {
					t.Fatalf("after Simulate: %v to move, %d events, ending %v", g.ToMove(), len(g.Events()), g.ending)
				}
				if rs, want := g.Returns(), shadow.Returns(); rs[0] != want[0] || rs[1] != want[1] || rs[0]+rs[1] != 0 {
					t.Fatalf("returns %v, replayed %v", rs, want)
				}
				plain.Simulate(rand.New(rand.NewPCG(seed, 1)))
				if plain.state() != g.state() {
					t.Fatalf("Simulate without the check ended elsewhere:\n%s\n%s", plain, g)
				}
				text, err := g.MarshalText()
				if err != nil {
					t.Fatal(err)
				}
				var back Game
				if err := back.UnmarshalText(text); err != nil || back.state() != g.state() {
					t.Fatalf("ID %s does not round-trip: %v", text, err)
				}
				js, err := g.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				var fromJSON Game
				if err := fromJSON.UnmarshalJSON(js); err != nil || fromJSON.state() != g.state() {
					t.Fatalf("JSON does not round-trip: %v\n%s", err, js)
				}
			}
			t.Logf("%d playouts: %v", games, ends)
		})
	}
}

// A random playout from the start of a game: the throws and plays drawn from
// the seeded source, the end judged by the rules.
func ExampleGame_Simulate() {
	g, err := New(VK())
	if err != nil {
		panic(err)
	}
	g.Simulate(rand.New(rand.NewPCG(2026, 11)))
	fmt.Println(g.ToMove() == brettspiel.Terminal, g.Ending(), winnerOf(g), g.Returns())
	// Output: true double game: junker player 1 [-2 2]
}

// TestNthBit checks the bit selection behind Simulate's uniform draws
// against counting bit by bit.
func TestNthBit(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for k := 0; k < 2000; k++ {
		x := r.Uint64() & r.Uint64()
		n := 0
		for i := 0; i < 64; i++ {
			if x&(1<<i) != 0 {
				if got := nthBit(x, n); got != i {
					t.Fatalf("nthBit(%#x, %d) = %d, want %d", x, n, got, i)
				}
				n++
			}
		}
	}
}

// TestD_5_PlayoutDrawsAreExactlyUniform checks the draws behind Simulate:
// for every n up to 64 and every one of the 2¹⁶ values of the sixteen bits
// drawn, intn either answers or draws again, and over all values each answer
// comes equally often, with 2¹⁶ mod n values drawn again; and the table of
// throws holds each mixed throw twice and each doublet once, higher die
// first (D-5, the throws of two dice).
func TestD_5_PlayoutDrawsAreExactlyUniform(t *testing.T) {
	for n := 1; n <= 64; n++ {
		counts := make([]int, n)
		again := 0
		for u := 0; u < 1<<16; u++ {
			// u first, then a value that is never refused
			s := draws{buf: uint64(u) | 0xffff<<16, left: 2}
			x := s.intn(n)
			if x < 0 || x >= n {
				t.Fatalf("intn(%d) = %d with bits %#x", n, x, u)
			}
			if s.left == 0 {
				again++
				continue
			}
			counts[x]++
		}
		if again != 1<<16%n {
			t.Errorf("intn(%d): %d values drawn again, want %d", n, again, 1<<16%n)
		}
		for x, c := range counts {
			if c != 1<<16/n {
				t.Fatalf("intn(%d): %d answered %d times, want %d", n, x, c, 1<<16/n)
			}
		}
	}
	seen := map[[2]uint8]int{}
	for _, th := range throws36 {
		if th[0] < th[1] || th[1] < 1 || th[0] > 6 {
			t.Fatalf("throw %v", th)
		}
		seen[th]++
	}
	for th, c := range seen {
		if want := 2 - b2i(th[0] == th[1]); c != want {
			t.Errorf("throw %d-%d %d times in 36, want %d", th[0], th[1], c, want)
		}
	}
	if len(seen) != 21 {
		t.Errorf("%d distinct throws, want 21", len(seen))
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestV_W1_SimulateDoesNotAllocate plays whole playouts, under every preset,
// on a game that is reset from one start each time: Simulate allocates
// nothing once the game's event buffer has room for the end (V-W1, V-W3).
func TestV_W1_SimulateDoesNotAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, p := range Presets() {
		start, err := New(p.Options)
		if err != nil {
			t.Fatal(err)
		}
		start.events = make([]brettspiel.Event, 0, 8)
		g := start.clone()
		r := rand.New(rand.NewPCG(7, 7))
		if n := testing.AllocsPerRun(50, func() {
			*g = *start
			g.Simulate(r)
		}); n != 0 {
			t.Errorf("%s: %v allocations a playout", p.Name, n)
		}
		if g.ToMove() != brettspiel.Terminal {
			t.Errorf("%s: the playout did not end", p.Name)
		}
	}
}

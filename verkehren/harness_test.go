package verkehren

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/schematest"
)

// noConcede is the harness's random policy: it never concedes while anything
// else is legal (V-W2), so that games reach bearing off and the double games.
func noConcede(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	if n := len(legal); n > 1 && legal[n-1].Payload() == concedePayload {
		legal = legal[:n-1]
	}
	return legal[r.IntN(len(legal))]
}

// invariant checks what every position must satisfy: 15 stones a side, no
// point held by both, no own Band where V-B1 forbids one.
func invariant(g brettspiel.Game) error {
	v := g.(*Game)
	for p := 0; p < 2; p++ {
		me, opp := &v.b.Sides[p], &v.b.Sides[1-p]
		if n := me.Total(); n != 15 {
			return fmt.Errorf("player %d has %d stones", p, n)
		}
		for i := 1; i <= 24; i++ {
			if me[i] < 0 {
				return fmt.Errorf("player %d has %d stones on %d", p, me[i], i)
			}
			if me[i] > 0 && opp[oppPoint[i]] > 0 {
				return fmt.Errorf("point %d of player %d is shared", i, p)
			}
		}
		hi := 11
		if v.opts.Bands == BandsCotton {
			hi = 12
		}
		if v.opts.Bands != BandsFiske {
			for i := 2; i <= hi; i++ {
				if me[i] > 1 {
					return fmt.Errorf("player %d has a Band on %d (V-B1)", p, i)
				}
			}
		}
		if v.opts.Opening == BandLimit && bands(me) > v.opts.limit() {
			return fmt.Errorf("player %d has %d Bände (V-O1)", p, bands(me))
		}
	}
	return nil
}

type endCounts map[Ending]int

func (c endCounts) observe(g brettspiel.Game, _ []brettspiel.Event) {
	if v := g.(*Game); v.phase == phaseOver {
		c[v.ending]++
	}
}

var harnessOptions = []struct {
	name string
	opts Options
}{
	{"VK", VK()},
	{"VKBandLimit", VKBandLimit()},
	{"BandLimit6", Options{Opening: BandLimit, BandLimit: 6}},
	{"Cotton", Cotton()},
	{"Fiske", Fiske()},
	{"CottonBandLimit", Options{Bands: BandsCotton, Opening: BandLimit}},
	{"FiskeBandLimit", Options{Bands: BandsFiske, Opening: BandLimit}},
	{"HigherDie", Options{HigherDie: true}},
}

func TestConformance(t *testing.T) {
	sch := schematest.Compile(t, JSONSchema())
	race := schematest.Compile(t, schematest.RaceSchema())
	for i, h := range harnessOptions {
		t.Run(h.name, func(t *testing.T) {
			t.Parallel()
			games, deep := conformance.Games(60, 20000), 1 // the round trips of the deep game take what 40 games did
			if i < 2 {                                     // the two conventions with VK's rule get the full count
				games, deep = conformance.Games(120, 100000), 1
			}
			counts := endCounts{}
			// The formats' round trips after every step of the deep game
			// cost the most under the race detector: by default only the
			// first option set, VK's own, takes them.
			var trips []conformance.RoundTrip
			if i == 0 || conformance.Long() {
				trips = roundTrips(sch, race)
			}
			conformance.Run(t, func() brettspiel.Game {
				g, err := New(h.opts)
				if err != nil {
					t.Fatal(err)
				}
				return g
			}, conformance.Config{
				Games:     games,
				Seed:      uint64(1000 + i),
				DeepGames: deep,
				// the deep checks at one step in 16 of the deep game by
				// default, at every step with BRETTSPIEL_LONG set
				DeepShare: conformance.Games(16, 1),
				Policy:    noConcede,
				Invariant: invariant,
				Observe:   counts.observe,
				// the formats after every step of the deep games
				RoundTrips: trips,
			})
			t.Logf("%d games: %v", games, counts)
			if counts[TurnCapped] != 0 {
				t.Errorf("%d games reached the turn cap", counts[TurnCapped])
			}
			if conformance.Long() {
				for _, e := range []Ending{SingleGame, DoubleJunker, DoubleSixOff, DoublePoint24} {
					if counts[e] == 0 {
						t.Errorf("no game ended by %v", e)
					}
				}
			}
		})
	}
}

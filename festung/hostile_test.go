package festung

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// midGame returns a game of three players after steps random steps, with the
// events of its last step.
func midGame(t testing.TB, seed uint64, steps int) *Game {
	t.Helper()
	g := newGame(t, 3)
	gametest.PlayRandom(t, g, seed, 3, steps, brettspiel.RandomPolicy, nil)
	return g
}

// TestStateJSONRefusesHostileInput: the JSON of a state of play refuses a
// key given twice or in another case, data after the object and forged
// events, leaving the game as it was; Events is the caller's copy.
func TestStateJSONRefusesHostileInput(t *testing.T) {
	gametest.HostileStateJSON(t, midGame, func() *Game { return new(Game) }, func(g *Game) bool { return g.ToMove() != brettspiel.Terminal })
}

// TestJSONEventLimitsHoldInPlay: the bounds of the decoder refuse no event
// that a game emits, in random games of every player count, the setup and
// the ends included.
func TestJSONEventLimitsHoldInPlay(t *testing.T) {
	for n := 2; n <= 6; n++ {
		for seed := range uint64(6) {
			g := newGame(t, n)
			check := func() {
				s := kit.NewStateJSON(g, Variant, g.ID())
				if err := s.CheckEvents(eventLimits); err != nil {
					t.Fatalf("%d players, seed %d: %v\n%v", n, seed, err, g.Events())
				}
			}
			check()
			gametest.PlayRandom(t, g, seed, 4, -1, brettspiel.RandomPolicy, check)
		}
	}
}

func TestRecordStepsAreBoundedByTheTurnCap(t *testing.T) {
	// Under turn-cap=10 a record has at most 2·10 steps: more are
	// refused before any is replayed, whatever they are; ReadRecord refuses
	// the first step that is no move, without reading the rest.
	gametest.RecordStepsAreBounded(t, "game: festung\nplayers: 2\noption: turn-cap=10\n\n", 20, "game: festung\nplayers: 2\n\n", ReadRecord, LoadRecord)
	// Real games stay below the bound and load, by LoadRecord and ReadRecord.
	for seed := range uint64(10) {
		g := newGame(t, 4)
		rec := NewRecord(g.opts)
		gametest.RecordPlay(t, rec, g, rand.New(rand.NewPCG(seed, 8)), brettspiel.RandomPolicy, -1)
		if n, max := len(rec.Steps), maxRecordSteps(g.opts); n > max/2 {
			t.Errorf("seed %d: %d steps, the bound is %d", seed, n, max)
		}
		var sb strings.Builder
		if err := WriteRecord(&sb, rec); err != nil {
			t.Fatal(err)
		}
		back, err := ReadRecord(strings.NewReader(sb.String()))
		if err != nil || back.ID() != g.ID() {
			t.Errorf("seed %d: ReadRecord = %v", seed, err)
		}
	}
}

package verkehren

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// midGame returns a game of VK after steps random steps (no concession), with
// the events of its last step.
func midGame(t testing.TB, seed uint64, steps int) *Game {
	t.Helper()
	g, err := New(VK())
	if err != nil {
		t.Fatal(err)
	}
	gametest.PlayRandom(t, g, seed, 3, steps, noConcede, nil)
	return g
}

// TestStateJSONRefusesHostileInput: the JSON of a state of play refuses a
// key given twice or in another case, data after the object and forged
// events, leaving the game as it was; Events is the caller's copy.
func TestStateJSONRefusesHostileInput(t *testing.T) {
	gametest.HostileStateJSON(t, midGame, func() *Game { return new(Game) }, func(g *Game) bool { return g.ToMove() != brettspiel.Terminal })
}

// TestJSONEventLimitsHoldInPlay: the bounds of the decoder refuse no event
// that a game emits, in many random games (20; 60 with BRETTSPIEL_LONG=1),
// the ends included.
func TestJSONEventLimitsHoldInPlay(t *testing.T) {
	for seed := range uint64(conformance.Games(8, 60)) {
		g, _ := New(VK())
		policy := brettspiel.RandomPolicy
		if seed%5 == 0 { // concede at times, too
			policy = func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
				m := brettspiel.RandomPolicy(g, legal, r)
				if g.(*Game).CanConcede(g.ToMove()) {
					m = legal[len(legal)-1]
				}
				return m
			}
		}
		gametest.PlayRandom(t, g, seed, 4, -1, policy, func() {
			s := kit.NewStateJSON(g, Variant, g.ID())
			if err := s.CheckEvents(eventLimits); err != nil {
				t.Fatalf("seed %d: %v\n%v", seed, err, g.Events())
			}
		})
	}
}

// TestV_W2_RandomPolicyPlaysOn: PlayOut with RandomPolicy never concedes a
// game that can be played on, so games run their normal length.
func TestV_W2_RandomPolicyPlaysOn(t *testing.T) {
	const games = 100
	turns := 0
	for seed := range uint64(games) {
		g, _ := New(VK())
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(seed, 5)), brettspiel.RandomPolicy, 0); err != nil {
			t.Fatal(err)
		}
		if g.Ending() == Conceded {
			t.Fatalf("seed %d: the random policy conceded after %d turns", seed, g.Turns())
		}
		turns += g.Turns()
	}
	// Random play without concessions runs well over a hundred turns; a
	// policy that concedes whenever it may ends in a handful.
	if mean := float64(turns) / games; mean < 80 {
		t.Errorf("mean game length %.1f turns, want that of games played to their end", mean)
	}
}

func TestV_S1_RecordTiedDrawsAreCapped(t *testing.T) {
	// At the cap the record loads; one tie more is refused, by LoadRecord and
	// by ReadRecord alike, and ReadRecord stops reading at the cap.
	gametest.TiedDrawsAreCapped(t, "# brettspiel record\ngame: verkehren\npreset: VK\n\n", ReadRecord, LoadRecord,
		func(g *Game) bool { return g.phase == phaseThrow })
}

func TestRecordStepsAreBoundedByTheTurnCap(t *testing.T) {
	// Under turn-cap=10 a record has at most 2·10 + 66 steps: more are
	// refused before any is replayed, whatever they are; ReadRecord refuses
	// the first step that is no move, without reading the rest.
	gametest.RecordStepsAreBounded(t, "game: verkehren\noption: turn-cap=10\n\n", 86, "game: verkehren\n\n", ReadRecord, LoadRecord)
	// Real games stay far below the bound.
	gametest.RecordsOfPlayLoad(t, 20, New, NewRecord, VK(), func(g *Game) int { return maxRecordSteps(g.opts) }, 10, LoadRecord)
}

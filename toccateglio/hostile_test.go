package toccateglio

import (
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// midGame returns a game of Toccateglispiel after steps random steps, with
// the events of its last step.
func midGame(t testing.TB, seed uint64, steps int) *Game {
	t.Helper()
	g, err := New(Toccateglispiel())
	if err != nil {
		t.Fatal(err)
	}
	gametest.PlayRandom(t, g, seed, 3, steps, brettspiel.RandomPolicy, nil)
	return g
}

// TestStateJSONRefusesHostileInput: the JSON of a state of play refuses a
// key given twice or in another case, data after the object and forged
// events, leaving the game as it was; Events is the caller's copy.
func TestStateJSONRefusesHostileInput(t *testing.T) {
	gametest.HostileStateJSON(t, midGame, func() *Game { return new(Game) }, func(g *Game) bool { return g.phase == phaseMove || g.phase == phaseThrow })
}

// TestJSONEventLimitsHoldInPlay: the bounds of the decoder refuse no event
// that a game emits, in many random matches of every preset, the ends
// included.
func TestJSONEventLimitsHoldInPlay(t *testing.T) {
	for _, p := range Presets() {
		for seed := range uint64(conformance.Games(4, 10)) {
			o := p.Options
			o.Partien = 3
			g, err := New(o)
			if err != nil {
				t.Fatal(err)
			}
			gametest.PlayRandom(t, g, seed, 4, -1, brettspiel.RandomPolicy, func() {
				s := kit.NewStateJSON(g, Variant, g.ID())
				if err := s.CheckEvents(eventLimits(g)); err != nil {
					t.Fatalf("%s, seed %d: %v\n%v", p.Name, seed, err, g.Events())
				}
			})
		}
	}
}

func TestT_S3_RecordTiedDrawsAreCapped(t *testing.T) {
	// At the cap the record loads; one tie more is refused, by LoadRecord and
	// by ReadRecord alike, and ReadRecord stops reading at the cap.
	gametest.TiedDrawsAreCapped(t, "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\n\n", ReadRecord, LoadRecord,
		func(g *Game) bool { return g.phase == phaseThrow })
}

func TestRecordStepsAreBoundedByTheTurnCap(t *testing.T) {
	// Under turn-cap=10 a record has at most 2·10 + 68 steps: more are
	// refused before any is replayed, whatever they are; ReadRecord refuses
	// the first step that is no move, without reading the rest.
	gametest.RecordStepsAreBounded(t, "game: toccateglio\noption: turn-cap=10\n\n", 88, "game: toccateglio\n\n", ReadRecord, LoadRecord)
	// A real match stays far below the bound.
	gametest.RecordsOfPlayLoad(t, 20, New, NewRecord, Toccateglispiel(), func(g *Game) int { return maxRecordSteps(g.opts) }, 10, LoadRecord)
}

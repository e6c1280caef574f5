package verkehren

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// roundTripID writes the game's position ID and loads it. The ID does not
// carry the events of the last Apply: they are copied over.
func roundTripID(g brettspiel.Game) (brettspiel.Game, error) {
	return gametest.IDTrip(g.(*Game), func() *Game { return new(Game) }, func(back, g *Game) { back.events = slices.Clone(g.events) })
}

// roundTripJSON writes the game as JSON and reads it back; the JSON carries
// the whole state, the events included.
func roundTripJSON(bg brettspiel.Game) (brettspiel.Game, error) {
	data, err := json.Marshal(bg)
	if err != nil {
		return nil, err
	}
	back := new(Game)
	if err := json.Unmarshal(data, back); err != nil {
		return nil, fmt.Errorf("%v\n%s", err, data)
	}
	if again, _ := json.Marshal(back); !bytes.Equal(again, data) {
		return nil, fmt.Errorf("the JSON reads and is written differently:\n%s\n%s", data, again)
	}
	return back, nil
}

// recordKeeper rebuilds the moves of a harness game, which the round trip
// does not see: at each call it finds the one move that leads from the state
// at the previous call to this one (same ID, same events), and keeps the
// record. A new game (another *Game) starts a new record.
type recordKeeper struct {
	g     *Game // the game of the last call
	prev  *Game // its state then
	rec   *brettspiel.Record
	steps int // the calls for this game
}

// roundTrip writes the record of the game so far as text, parses it and
// loads it (replaying every step), which must give the game's state, the
// events of the last Apply included. The record is kept at every step; the
// text round trip is made at the first 30 steps, every 16th and the end.
func (k *recordKeeper) roundTrip(bg brettspiel.Game) (brettspiel.Game, error) {
	g := bg.(*Game)
	if g != k.g {
		k.g, k.prev, k.rec, k.steps = g, nil, NewRecord(g.opts), 0
		if g.turns != 0 || g.phase != phaseDraw0 && g.opts.FirstPlayer == 0 {
			return nil, fmt.Errorf("the record round trip must see a game from its start")
		}
	}
	if k.prev != nil && !reflect.DeepEqual(k.prev, g) {
		if err := k.step(g); err != nil {
			return nil, err
		}
	}
	k.prev = g.clone()
	k.steps++
	// Writing and loading the record replays the whole game, so doing it at
	// every step costs the square of the game's length: the first steps, then
	// every 16th step (every 64th without BRETTSPIEL_LONG) and the end.
	if k.steps > 30 && k.steps%conformance.Games(64, 16) != 0 && g.phase != phaseOver {
		return g.clone(), nil
	}
	var text strings.Builder
	start, _ := New(g.opts)
	if _, err := k.rec.WriteTo(&text, start); err != nil {
		return nil, err
	}
	rec, err := brettspiel.ParseRecord(strings.NewReader(text.String()))
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, text.String())
	}
	back, err := LoadRecord(rec)
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, text.String())
	}
	if len(back.events) == 0 && len(g.events) == 0 {
		back.events = g.events // nil or empty alike
	}
	return back, nil
}

func (k *recordKeeper) step(g *Game) error {
	id := g.ID()
	legal := k.prev.LegalMoves()
	for _, m := range legal {
		c := k.prev.clone()
		if c.Apply(m) == nil && c.ID() == id && reflect.DeepEqual(c.events, g.events) {
			return k.rec.Append(k.prev.clone(), m)
		}
	}
	return fmt.Errorf("no legal move leads to the state\n%s", g)
}

// roundTrips are the format checks of the harness. The schemas given (the
// game's own, the race board's) are those that the JSON of every state must
// pass.
func roundTrips(schemas ...*jsonschema.Schema) []conformance.RoundTrip {
	k := &recordKeeper{}
	rts := []conformance.RoundTrip{
		{Name: "position ID", Do: roundTripID},
		{Name: "JSON", Do: roundTripJSON},
		{Name: "record", Do: k.roundTrip, EveryStep: true},
	}
	for i, sch := range schemas {
		rts = append(rts, conformance.RoundTrip{Name: fmt.Sprintf("JSON schema %d", i+1), Do: func(g brettspiel.Game) (brettspiel.Game, error) {
			data, err := json.Marshal(g)
			if err != nil {
				return nil, err
			}
			if err := schematest.Validate(sch, data); err != nil {
				return nil, fmt.Errorf("the schema refuses %s: %v", data, err)
			}
			return g.Clone(), nil // a check only: the state is unchanged
		}})
	}
	return rts
}

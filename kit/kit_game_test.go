package kit_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// The fourth game, written against brettspiel and kit alone, passes the
// harness every game of the module passes, with its ID, JSON and record
// round trips.
func TestFourthGameThroughTheHarness(t *testing.T) {
	for _, p := range einbahnPresets {
		o := p.Options
		var rec brettspiel.Record
		conformance.Run(t, func() brettspiel.Game {
			rec = brettspiel.Record{Game: einbahnName, Options: strings.Fields(o.String())}
			return newEinbahn(o)
		}, conformance.Config{
			Games: conformance.Games(40, 2000), Seed: 4,
			Invariant: func(g brettspiel.Game) error {
				for _, st := range g.(*einbahn).stones {
					if len(st) != o.Stones {
						return errors.New("a stone was lost")
					}
				}
				return nil
			},
			RoundTrips: []conformance.RoundTrip{
				{Name: "position ID", Do: func(g brettspiel.Game) (brettspiel.Game, error) {
					var back einbahn
					if err := back.UnmarshalText([]byte(g.ID())); err != nil {
						return nil, err
					}
					back.events = g.(*einbahn).events
					return &back, nil
				}},
				{Name: "JSON", Do: func(g brettspiel.Game) (brettspiel.Game, error) {
					data, err := json.Marshal(g)
					if err != nil {
						return nil, err
					}
					var back einbahn
					return &back, back.UnmarshalJSON(data)
				}},
				{Name: "record", Do: func(g brettspiel.Game) (brettspiel.Game, error) {
					if ev := g.Events(); len(ev) > 0 {
						rec.Steps = append(rec.Steps, stepOf(ev))
					}
					return einbahnRecords.Load(&rec)
				}},
			},
		})
	}
}

// stepOf writes the step that gave the events ev again, in notation.
func stepOf(ev []brettspiel.Event) string {
	e := ev[0]
	if e.Kind == brettspiel.EventThrow {
		return strconv.Itoa(e.Dice[0])
	}
	to := "off"
	if e.Kind != brettspiel.EventBearOff {
		to = strconv.Itoa(e.To)
	}
	return strconv.Itoa(e.From) + "/" + to
}

// A record of the fourth game is written, loaded, streamed and refused as
// the records of the module's games are.
func TestFourthGameRecords(t *testing.T) {
	start := newEinbahn(einbahnPresets[1].Options)
	h, err := brettspiel.NewHistory(start, &brettspiel.Record{Game: einbahnName, Preset: "Short"})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(9, 1))
	for h.Game().ToMove() != brettspiel.Terminal {
		g := h.Game()
		m, err := brettspiel.SampleChance(g, r)
		if g.ToMove() != brettspiel.Chance {
			m, err = brettspiel.RandomPolicy(g, g.LegalMoves(), r), nil
		}
		if err == nil {
			err = h.Apply(m)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var text strings.Builder
	if _, err := h.Record().WriteTo(&text, start); err != nil {
		t.Fatal(err)
	}
	rec, err := brettspiel.ParseRecord(strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := einbahnRecords.Load(rec)
	if err != nil || loaded.ID() != h.Game().ID() {
		t.Fatalf("Load: %v, %v; want %s", loaded, err, h.Game().ID())
	}
	streamed, err := einbahnRecords.Read(strings.NewReader(text.String()))
	if err != nil || streamed.ID() != h.Game().ID() {
		t.Fatalf("Read: %v, %v", streamed, err)
	}
	// The first play moves a stone from the hand by the first throw; a
	// play by another number is refused at its line.
	first := rec.Steps[0]
	tampered := strings.Replace(text.String(), first+" ; 0/"+first+"\n", first+" ; 0/"+strconv.Itoa(7-int(first[0]-'0'))+"\n", 1)
	if tampered == text.String() {
		t.Fatalf("no first play of %s to tamper with in\n%s", first, text.String())
	}
	if _, err := einbahnRecords.Read(strings.NewReader(tampered)); !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Errorf("a tampered step: %v", err)
	}
	for _, bad := range []brettspiel.Record{{Game: "verkehren"}, {Game: einbahnName, Preset: "Long"}, {Game: einbahnName, Options: []string{"stones=99"}}} {
		if _, err := einbahnRecords.Load(&bad); !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	long := &brettspiel.Record{Game: einbahnName, Preset: "Short", Steps: make([]string, 1000)}
	if _, err := einbahnRecords.Load(long); !errors.Is(err, brettspiel.ErrBadNotation) {
		t.Errorf("a record longer than any game: %v", err)
	}
}

// The fourth game's throws, drawn by its kit.Chance table, are the walk's,
// and its ID and JSON load again from any state played on to.
func TestFourthGameChanceAndPlayOn(t *testing.T) {
	g := newEinbahn(einbahnPresets[0].Options)
	gametest.SampleChanceIsTheWalk(t, "start", g, 300)
	gametest.ChanceOutcomesAreTheCallers(t, map[string]brettspiel.Game{"start": g, "clone": g.Clone()})
	if err := g.Apply(g.LegalMoves()[2]); err != nil {
		t.Fatal(err)
	}
	gametest.NothingToSample(t, "a play", g)
	parseID := func(b []byte) (brettspiel.Game, error) { return parseEinbahnID(string(b)) }
	fromJSON := func(b []byte) (brettspiel.Game, error) {
		var back einbahn
		return &back, back.UnmarshalJSON(b)
	}
	games := []brettspiel.Game{newEinbahn(einbahnPresets[0].Options), newEinbahn(einbahnPresets[1].Options)}
	for i, id := range gametest.PlayOnSeeds(t, games, 5) {
		gametest.PlayOn(t, id, uint64(i), uint8(i), parseID, fromJSON)
	}
}

package toccateglio

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/brettspiel/brettspiel/kit"
)

// TestJSON_SharedRaceBoard: the states of random games of every preset
// validate against the board shape that both race games share
// (schematest.RaceSchema), and the package's schema carries its
// definitions unchanged.
func TestJSON_SharedRaceBoard(t *testing.T) {
	schematest.CheckRace(t, JSONSchema())
	sch := schematest.Compile(t, schematest.RaceSchema())
	states, phases := 0, map[string]bool{}
	for i, v := range variants() {
		o := v.o
		o.Partien = max(o.Partien, 2)
		for seed := range conformance.Games(1, 3) {
			walk(t, o, uint64(90+10*i+seed), brettspiel.RandomPolicy, func(g *Game) {
				data, err := json.Marshal(g)
				if err != nil {
					t.Fatal(err)
				}
				if err := schematest.Validate(sch, data); err != nil {
					t.Fatalf("%s: the race board's schema refuses %s: %v", v.name, data, err)
				}
				var s struct{ kit.RaceJSON }
				if err := json.Unmarshal(data, &s); err != nil {
					t.Fatal(err)
				}
				phases[s.Phase] = true
				states++
			})
		}
	}
	if states < conformance.Games(300, 1000) || len(phases) != 6 {
		t.Errorf("%d states in the phases %v; want many in all six", states, phases)
	}
}

// TestJSON_RaceBoardMarksHuckeAndHome: seat 0's Hucke is absolute 12 and
// seat 1's absolute 13 (each one's point 12, T-H1); the home quarters are
// 19…24 and 1…6; each point gives its number in both tracks (25−t).
func TestJSON_RaceBoardMarksHuckeAndHome(t *testing.T) {
	g, _ := New(Toccateglispiel())
	var s stateJSON
	data, _ := json.Marshal(g)
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	for _, pt := range s.Points {
		hucke, home := -1, -1
		switch pt.Point {
		case 12:
			hucke = 0
		case 13:
			hucke = 1
		}
		if pt.Point >= 19 {
			home = 0
		} else if pt.Point <= 6 {
			home = 1
		}
		if pt.Hucke != hucke || pt.Home != home || !slices.Equal(pt.Track, []int{pt.Point, 25 - pt.Point}) {
			t.Errorf("point %d: hucke %d, home %d, track %v", pt.Point, pt.Hucke, pt.Home, pt.Track)
		}
	}
	if s.Points[0].Owner != 0 || s.Points[0].Count != 15 || s.Points[23].Owner != 1 || s.Points[23].Count != 15 {
		t.Errorf("the setup: point 1 %+v, point 24 %+v", s.Points[0], s.Points[23])
	}
	if s.Seat != -1 || s.Phase != "draw-first" || len(s.Dice) != 0 || s.Waiting != "hand" || s.Rules.FirstPlayer != "draw" {
		t.Errorf("the draw: seat %d, phase %s, dice %v, waiting %s, firstPlayer %s", s.Seat, s.Phase, s.Dice, s.Waiting, s.Rules.FirstPlayer)
	}
	o := Toccateglispiel()
	o.FirstPlayer = brettspiel.Starts(1)
	g, _ = New(o)
	data, _ = json.Marshal(g)
	s = stateJSON{}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Rules.FirstPlayer != "player-1" || s.Seat != 1 || s.Phase != "throw" {
		t.Errorf("player 1 begins: firstPlayer %q, seat %d, phase %s", s.Rules.FirstPlayer, s.Seat, s.Phase)
	}
}

// TestJSON_Version1IsRefusedItsIDLoads: a state written by the previous
// release (JSON version 1) is refused with the reason, and its "id" still
// loads.
func TestJSON_Version1IsRefusedItsIDLoads(t *testing.T) {
	data, err := os.ReadFile("testdata/state-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	var g Game
	err = g.UnmarshalJSON(data)
	var e *brettspiel.Error
	if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(e.Reason, "version 1") || !strings.Contains(e.Reason, `"id"`) {
		t.Fatalf("UnmarshalJSON of version 1 = %v", err)
	}
	if d := cmp.Diff(Game{}, g, cmp.AllowUnexported(Game{}, schule{})); d != "" {
		t.Errorf("the refused document changed the game:\n%s", d)
	}
	var v1 struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(data, &v1); err != nil {
		t.Fatal(err)
	}
	back, err := ParseID(v1.ID)
	if err != nil {
		t.Fatalf("the id of a version-1 state: %v", err)
	}
	if back.ToMove() != brettspiel.Chance || back.Turn() != 0 || back.ID() != v1.ID {
		t.Errorf("the id loads as %v", back)
	}
}

// absBoard is the board as a frontend draws it from the JSON: the stones on
// the absolute points, waiting in the hand and borne off.
type absBoard struct {
	owner, count  [25]int // by absolute point 1…24
	hand, off     [2]int
	hucke, track0 [25]int
}

func boardOf(t *testing.T, g *Game) absBoard {
	t.Helper()
	// The board's keys are the same in every view; the lean one leaves out
	// the legal moves, which cost most of the writing.
	data, err := g.MarshalJSONView(kit.JSONView{NoLegal: true, NoChance: true})
	if err != nil {
		t.Fatal(err)
	}
	var s struct{ kit.RaceJSON }
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	var b absBoard
	for _, pt := range s.Points {
		b.owner[pt.Point], b.count[pt.Point], b.hucke[pt.Point], b.track0[pt.Point] = pt.Owner, pt.Count, pt.Hucke, pt.Track[0]
	}
	for p, sd := range s.Sides {
		b.hand[p], b.off[p] = sd.Waiting, sd.BorneOff
	}
	return b
}

// trackOf returns absolute point a in seat p's track, as the JSON points
// give it.
func (b *absBoard) trackOf(p brettspiel.Player, a int) int {
	if p == 1 {
		return 25 - b.track0[a]
	}
	return b.track0[a]
}

// TestT_D2_EventsLandOnTheBoardTheJSONDraws: the move events of random games
// replayed on the board drawn from the JSON points (absolute) move a stone
// of the mover from where the event says to where it says, the hand and off
// named, and leave the board the JSON shows after the move; the hit marks
// (T-M1, T-M2) point from a stone of the scorer at a single stone of the
// opponent, the Hucke hit (T-M3) at the opponent's empty Hucke; every event
// gives its places in the mover's track beside them.
func TestT_D2_EventsLandOnTheBoardTheJSONDraws(t *testing.T) {
	counts := map[string]int{}
	for i, v := range variants() {
		r := rand.New(rand.NewPCG(uint64(50+i), 3))
		for range conformance.Games(12, 20) {
			g := gametest.Fresh(t, New, v.o)[0].(*Game)
			before := boardOf(t, g)
			for g.ToMove() != brettspiel.Terminal {
				m := gametest.Step(g, r, brettspiel.RandomPolicy)
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
				b, reset := before, false
				for _, e := range g.Events() {
					p := e.Player
					fail := func(why string) {
						t.Helper()
						t.Fatalf("%s: %s: %v\nbefore:\n%v", v.name, why, e, g)
					}
					switch e.Kind {
					case EventSetup, EventSatz, brettspiel.EventEnd:
						reset = true
					case brettspiel.EventMark:
						switch e.Rule {
						case "T-M1", "T-M2":
							if b.owner[e.From] != int(p) || b.owner[e.To] != int(e.Other) || b.count[e.To] != 1 {
								fail("a hit not from the scorer's stone at a single stone of the opponent")
							}
							if b.trackOf(p, e.From) != e.TrackFrom || b.trackOf(p, e.To) != e.TrackTo || e.TrackTo-e.TrackFrom != e.Number {
								fail("a hit whose track points are not the scorer's")
							}
							counts["hit"]++
						case "T-M3":
							if e.From != brettspiel.NoPlace || b.hucke[e.To] != int(e.Other) || b.count[e.To] != 0 || b.trackOf(p, e.To) != e.TrackTo {
								fail("a Hucke hit not at the opponent's empty Hucke")
							}
							counts["Hucke hit"]++
						default:
							if e.From != brettspiel.NoPlace || e.To != brettspiel.NoPlace || e.TrackFrom != brettspiel.NoPlace || e.TrackTo != brettspiel.NoPlace {
								fail("a mark with places")
							}
						}
					case brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff:
						switch {
						case e.From == Hand:
							if e.FromName != "hand" || e.Kind != brettspiel.EventEnter || e.TrackFrom != 0 || b.hand[p] == 0 {
								fail("an entering stone not from the hand")
							}
							b.hand[p]--
							counts["enter"]++
						default:
							if e.FromName != "" || b.owner[e.From] != int(p) || b.trackOf(p, e.From) != e.TrackFrom {
								fail("no stone of the mover where the move starts")
							}
							if b.count[e.From]--; b.count[e.From] == 0 {
								b.owner[e.From] = -1
							}
						}
						switch {
						case e.To == brettspiel.Off:
							if e.ToName != "off" || e.Kind != brettspiel.EventBearOff || e.TrackTo != 25 {
								fail("a stone borne off not to off")
							}
							b.off[p]++
							counts["bear off"]++
						default:
							if e.ToName != "" || (b.owner[e.To] != -1 && b.owner[e.To] != int(p)) || b.trackOf(p, e.To) != e.TrackTo {
								fail("a stone lands where the mover cannot stand")
							}
							b.owner[e.To] = int(p)
							b.count[e.To]++
						}
						counts["move"]++
					case brettspiel.EventThrow:
						if len(e.Dice) != 2 || e.Dice[0] < e.Dice[1] || e.Dice[1] < 1 || e.Dice[0] > 6 || e.Dice[0]+e.Dice[1] != e.Number {
							fail("a throw without its dice")
						}
						if e.Rule == "T-S3" {
							counts["draw throw"]++
						}
						counts["throw"]++
					default:
						if e.From != brettspiel.NoPlace || e.To != brettspiel.NoPlace || len(e.Dice) != 0 {
							fail("places or dice where there are none")
						}
					}
				}
				after := boardOf(t, g)
				if !reset && b != after {
					t.Fatalf("%s: the events of %s leave\n%+v\nthe JSON shows\n%+v", v.name, g.MoveString(m), b, after)
				}
				before = after
			}
		}
	}
	gametest.AtLeast(t, counts, 10, "hit", "Hucke hit", "enter", "bear off", "move", "throw", "draw throw")
}

// TestThrowEventsAllocateNothing: the dice of a throw's event point into a
// shared table, so that applying a throw allocates nothing; Events gives the
// caller dice of his own.
func TestThrowEventsAllocateNothing(t *testing.T) {
	o := Toccateglispiel()
	o.FirstPlayer = brettspiel.Starts(0)
	g, _ := New(o)
	m := throwMove(6, 2)
	c := g.Clone().(*Game)
	if err := c.Apply(m); err != nil {
		t.Fatal(err)
	}
	buf := make([]brettspiel.Event, 0, 8)
	allocs := testing.AllocsPerRun(100, func() {
		*c = *g
		c.events = buf[:0]
		if err := c.Apply(m); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("a throw allocates %v times", allocs)
	}
	e := c.Events()[0]
	_ = append(e.Dice, 1)
	e.Dice[0] = 1 // the caller's copy
	if d := c.Events()[0].Dice; !slices.Equal(d, []int{6, 2}) || cap(d) != 2 {
		t.Errorf("the dice of 6-2 are %v (cap %d)", d, cap(d))
	}
	if d := throwDice[6][2]; !slices.Equal(d, []int{6, 2}) {
		t.Errorf("the shared dice of 6-2 are %v", d)
	}
}

// TestJSONRefusesEventsOutOfPlace: decoded events must give places that agree
// between the board and the mover's track, name only the hand and off, and
// dice only for a throw.
func TestJSONRefusesEventsOutOfPlace(t *testing.T) {
	o := Toccadille()
	o.FirstPlayer = brettspiel.Starts(1)
	g, _ := New(o)
	play(t, g, "6-2")
	play(t, g, "in/2 in/6")
	if e := g.events[0]; e.Kind != brettspiel.EventEnter || e.From != 0 || e.To != 23 || e.TrackTo != 2 {
		t.Fatalf("player 1 enters on his 2, absolute 23: %v", e)
	}
	for _, c := range []struct {
		name   string
		edit   func(e map[string]any)
		reason string
	}{
		{"track disagrees", func(e map[string]any) { e["trackTo"] = 3.0 }, "place 23 is not point 3 of player 1's track"},
		{"track of the other", func(e map[string]any) { e["to"] = 2.0 }, "place 2 is not point 2 of player 1's track"},
		{"no track", func(e map[string]any) { e["trackTo"] = -1.0 }, "place 23 is track point -1"},
		{"unnamed hand", func(e map[string]any) { delete(e, "fromName") }, `place 0 is named ""`},
		{"misnamed", func(e map[string]any) { e["toName"] = "off" }, `place 23 is named "off"`},
		{"dice of a move", func(e map[string]any) { e["dice"] = []any{6.0, 2.0} }, "only a throw has dice"},
		{"nobody's place", func(e map[string]any) { e["player"] = -3.0 }, "a place, but nobody has no track"},
	} {
		data := gametest.Edited(t, g, func(m map[string]any) { c.edit(m["events"].([]any)[0].(map[string]any)) })
		var back Game
		err := back.UnmarshalJSON(data)
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(e.Reason, c.reason) {
			t.Errorf("%s: UnmarshalJSON = %v, want saying %q", c.name, err, c.reason)
		}
	}
	play(t, g, "5-3")
	for _, c := range []struct {
		name string
		dice []any
	}{{"no dice", nil}, {"lower first", []any{3.0, 5.0}}, {"another throw", []any{6.0, 2.0}}, {"three", []any{5.0, 3.0, 1.0}}} {
		data := gametest.Edited(t, g, func(m map[string]any) {
			e := m["events"].([]any)[0].(map[string]any)
			if c.dice == nil {
				delete(e, "dice")
			} else {
				e["dice"] = c.dice
			}
		})
		want := "want two dice 1…6, higher first, that make its number and its note"
		if len(c.dice) > 2 {
			want = "3 dice; an event carries at most 2" // the shared bound (EventLimits.MaxDice) comes first
		}
		var back Game
		if err := back.UnmarshalJSON(data); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: UnmarshalJSON = %v", c.name, err)
		}
	}
}

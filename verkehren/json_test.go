package verkehren

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/brettspiel/brettspiel/kit"
)

// TestJSON_SharedRaceBoard: the states of random games under every harness
// option validate against the race board that Verkehren shares with
// Toccateglio, and the game's own schema carries its definitions exactly.
func TestJSON_SharedRaceBoard(t *testing.T) {
	schematest.CheckRace(t, JSONSchema())
	race := schematest.Compile(t, schematest.RaceSchema())
	own := schematest.Compile(t, JSONSchema())
	phases := map[string]int{}
	n := 0
	for i, h := range harnessOptions {
		for _, g := range playedStates(t, h.opts, uint64(i)+700, conformance.Games(21, 7)) {
			data, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			if err := schematest.Validate(race, data); err != nil {
				t.Fatalf("%s: the race board's schema refuses %s: %v", h.name, data, err)
			}
			if err := schematest.Validate(own, data); err != nil {
				t.Fatalf("%s: the game's schema refuses %s: %v", h.name, data, err)
			}
			phases[phaseNames[g.phase]]++
			n++
		}
	}
	// the draw for the start too
	g, _ := New(VK())
	throwDice(t, g, "4-1")
	data, _ := json.Marshal(g)
	if err := schematest.Validate(race, data); err != nil {
		t.Fatalf("the race board's schema refuses %s: %v", data, err)
	}
	for _, ph := range []string{"throw", "play", "over"} {
		if phases[ph] == 0 {
			t.Errorf("no state in phase %s among %d", ph, n)
		}
	}
	t.Logf("%d states: %v", n, phases)
}

// absBoard is the absolute board of a state's JSON: the stones on each
// point by seat, and each seat's stones waiting on the bar and borne off.
type absBoard struct {
	points       [25][2]int // [a][seat], a = 1…24
	waiting, off [2]int
}

// boardOf draws the absolute board of g's JSON.
func boardOf(t *testing.T, g *Game) absBoard {
	t.Helper()
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var s stateJSON
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	var b absBoard
	for i, pt := range s.Points {
		if pt.Point != i+1 {
			t.Fatalf("points[%d] is point %d", i, pt.Point)
		}
		if pt.Owner >= 0 {
			b.points[pt.Point][pt.Owner] = pt.Count
		}
	}
	for p, sd := range s.Sides {
		b.waiting[p], b.off[p] = sd.Waiting, sd.BorneOff
	}
	return b
}

// TestV_H1_EventsOnTheAbsoluteBoard replays the events of every Apply of
// random games on the board drawn from the JSON before it: each move,
// entry, hit and bearing off takes a stone from the absolute place the event
// names and lands it where the event says, and the board so reached is the
// board the JSON draws after the Apply. The track places are the same
// places in the mover's track, and the names mark the bar and off.
func TestV_H1_EventsOnTheAbsoluteBoard(t *testing.T) {
	kinds := map[brettspiel.EventKind]int{}
	// VK by default; Fiske and VK with the band limit too with BRETTSPIEL_LONG.
	for i, opts := range []Options{VK(), Fiske(), VKBandLimit()}[:conformance.Games(1, 3)] {
		g, _ := New(opts)
		r := rand.New(rand.NewPCG(uint64(i)+90, 1))
		for g.ToMove() != brettspiel.Terminal {
			b := boardOf(t, g)
			m := gametest.ApplyStep(t, g, r, noConcede)
			for _, e := range g.Events() {
				kinds[e.Kind]++
				p := int(e.Player)
				take := func(from int) {
					switch {
					case from == brettspiel.Bar:
						b.waiting[p]--
					case from >= 1 && from <= 24:
						b.points[from][p]--
					default:
						t.Fatalf("%v: from %d", e, from)
					}
				}
				checkTrack := func(abs, track int, name string) {
					want, wantName := abs, ""
					switch {
					case abs == brettspiel.Bar:
						wantName = "bar"
					case abs == brettspiel.Off:
						wantName = "off"
					case p == 1:
						want = (abs+11)%24 + 1 // player 1's point t lies on absolute t+12
					}
					if track != want || name != wantName {
						t.Fatalf("%v: place %d is %d %q in player %d's track, the event says %d %q", e, abs, want, wantName, p, track, name)
					}
				}
				switch e.Kind {
				case brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff:
					checkTrack(e.From, e.TrackFrom, e.FromName)
					checkTrack(e.To, e.TrackTo, e.ToName)
					if (e.Kind == brettspiel.EventEnter) != (e.From == brettspiel.Bar) || (e.Kind == brettspiel.EventBearOff) != (e.To == brettspiel.Off) {
						t.Fatalf("%v: an %s from %d to %d", e, e.Kind, e.From, e.To)
					}
					take(e.From)
					if e.To == brettspiel.Off {
						b.off[p]++
					} else {
						if b.points[e.To][1-p] > 1 {
							t.Fatalf("%v: lands on a point with %d opponent stones", e, b.points[e.To][1-p])
						}
						b.points[e.To][p]++
					}
				case brettspiel.EventHit:
					checkTrack(e.To, e.TrackTo, e.ToName)
					if e.From != brettspiel.NoPlace || e.TrackFrom != brettspiel.NoPlace || int(e.Other) != 1-p {
						t.Fatalf("%v: a hit from %d/%d of %v", e, e.From, e.TrackFrom, e.Other)
					}
					if b.points[e.To][1-p] != 1 || b.points[e.To][p] == 0 {
						t.Fatalf("%v: point %d holds %v", e, e.To, b.points[e.To])
					}
					b.points[e.To][1-p]--
					b.waiting[1-p]++
				case brettspiel.EventThrow:
					if len(e.Dice) != 2 || e.Dice[0] < e.Dice[1] || e.Dice[0]+e.Dice[1] != e.Number || e.From != brettspiel.NoPlace || e.TrackFrom != brettspiel.NoPlace {
						t.Fatalf("a throw event %v: dice %v", e, e.Dice)
					}
					if mt, _ := throwOf(m); g.MoveString(m) != throwNames[e.Dice[0]][e.Dice[1]] || mt.Sum() != e.Number {
						t.Fatalf("the throw %s gives the event %v", g.MoveString(m), e)
					}
				default:
					if e.From != brettspiel.NoPlace || e.To != brettspiel.NoPlace || e.TrackFrom != brettspiel.NoPlace || e.TrackTo != brettspiel.NoPlace || e.Dice != nil {
						t.Fatalf("%v has places or dice", e)
					}
				}
			}
			if after := boardOf(t, g); b != after {
				t.Fatalf("the events of %s lead to\n%+v\nbut the JSON draws\n%+v\n%s", g.MoveString(m), b, after, g)
			}
		}
	}
	for _, k := range []brettspiel.EventKind{brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventHit, brettspiel.EventBearOff} {
		if kinds[k] == 0 {
			t.Errorf("no %s event in the games: %v", k, kinds)
		}
	}
}

// TestV_S1_ThrowEventsAllocateNothing: the dice of a throw event come from a
// shared table, which a caller of Events cannot change.
func TestV_S1_ThrowEventsAllocateNothing(t *testing.T) {
	g, _ := New(VK())
	throwDice(t, g, "6-5")
	throwDice(t, g, "4-1")
	throwDice(t, g, "3-2")
	evs := g.Events()
	if len(evs) != 1 || !slices.Equal(evs[0].Dice, []int{3, 2}) {
		t.Fatalf("events %v", evs)
	}
	evs[0].Dice[0] = 6
	h, _ := New(Options{FirstPlayer: brettspiel.Starts(0)})
	throwDice(t, h, "3-2")
	if d := h.Events()[0].Dice; !slices.Equal(d, []int{3, 2}) || !slices.Equal(g.Events()[0].Dice, []int{3, 2}) {
		t.Errorf("writing into an event's dice changed the throws: %v", d)
	}
	h, _ = New(Options{FirstPlayer: brettspiel.Starts(0)})
	throwDice(t, h, "3-2")
	play(t, h, "1/4 1/3")
	throw := throwMove(mustThrow(6, 6))
	if a := testing.AllocsPerRun(100, func() {
		c := *h
		c.events = h.events[:0:cap(h.events)]
		if err := c.Apply(throw); err != nil {
			t.Fatal(err)
		}
	}); a != 0 {
		t.Errorf("a throw allocates %v times", a)
	}
}

// TestJSONVersion1Refused: a state written by the previous release is refused
// with the reason, and its "id" still loads.
func TestJSONVersion1Refused(t *testing.T) {
	// the JSON of the position of TestIDExample as version 1 wrote it
	v1 := `{"version":1,"game":"verkehren","id":"verkehren:1:AAAAAAAAAgAAAAABBQD-_wP-_xJnQQ","turn":"chance","player":-1,` +
		`"legal":[{"notation":"1-1","weight":1}],"events":[{"kind":"move","player":1,"other":-3,"amount":1,"from":1,"to":4,"number":3}],"returns":[0,0],` +
		`"rules":{"preset":"VK","bands":"vk","opening":"five-blots","bandLimit":0,"higherDie":false,"firstPlayer":"draw","turnCap":0},` +
		`"phase":"throw","turnOf":0,"dice":[],"drawTotal":0,"turns":1,"ending":"not-ended",` +
		`"track":[[0,15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,13,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]],` +
		`"points":[{"point":1,"player":0,"count":15,"track":1},{"point":13,"player":1,"count":13,"track":1},{"point":14,"player":1,"count":1,"track":2},{"point":16,"player":1,"count":1,"track":4}],` +
		`"offBoard":[0,0],"borneOff":[0,0],"pips":[360,356],"junker":[false,false]}`
	// the old keys are unknown to the new form; the version says why
	var probe struct {
		kit.StateJSON
	}
	if err := json.Unmarshal([]byte(v1), &probe); err != nil {
		t.Fatal(err)
	}
	err := probe.Check(Variant, 2)
	if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), "version 1") || !strings.Contains(err.Error(), `load its position ID (the "id")`) {
		t.Errorf("Check of version 1: %v", err)
	}
	g, _ := New(VK())
	before := *g
	short := `{"version":1,"game":"verkehren","id":"verkehren:1:AAAAAAAAAgAAAAABBQD-_wP-_xJnQQ","turn":"chance","player":-1,"legal":[],"events":[],"returns":[0,0]}`
	for _, doc := range []string{v1, short} {
		err := g.UnmarshalJSON([]byte(doc))
		if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), "version 1 is the JSON form of an earlier release") {
			t.Errorf("UnmarshalJSON of version 1: %v", err)
		}
		if !equalGames(g, &before) {
			t.Error("a refused version 1 document changed the game")
		}
	}
	back, err := ParseID(probe.ID)
	if err != nil {
		t.Fatalf("the id of a version 1 document: %v", err)
	}
	if back.Turns() != 1 || back.Turn() != 0 || back.Count(1, 4) != 1 || back.Count(1, 2) != 1 {
		t.Errorf("the id loads as\n%s", back)
	}
}

func equalGames(a, b *Game) bool {
	return a.state() == b.state() && slices.EqualFunc(a.events, b.events, brettspiel.Event.Equal)
}

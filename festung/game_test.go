package festung

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// TestZeroGameRefuses: a Game made by no constructor plays nothing: every
// call that could play or report a game refuses it or reports nothing, and
// loading into it works.
func TestZeroGameRefuses(t *testing.T) {
	isZero := func(x brettspiel.Game) bool { g, ok := x.(*Game); return ok && reflect.DeepEqual(g, &Game{}) }
	gametest.ZeroGameRefuses(t, &Game{}, []brettspiel.Move{ThrowMove(dice.Throw3{L: 5, A: 1, B: 6}), kit.NewMove(0, 1)}, []string{"5/1-6"}, isZero)
	gametest.LoadsIntoZero(t, newGame(t, 3), func() *Game { return new(Game) })
}

// TestTurnDiceTurns: Turn is the thrower until the game ends, Dice the
// throw awaiting a decision, Turns the throws made.
func TestTurnDiceTurns(t *testing.T) {
	g := newGame(t, 3)
	if g.Turn() != 0 || g.Dice() != nil || g.Turns() != 0 {
		t.Fatalf("fresh: Turn %v, Dice %v, Turns %d", g.Turn(), g.Dice(), g.Turns())
	}
	play(t, g, "5/1-6")
	if g.Turn() != 1 || g.Dice() != nil || g.Turns() != 1 {
		t.Fatalf("after a throw: Turn %v, Dice %v, Turns %d", g.Turn(), g.Dice(), g.Turns())
	}
	// A decision: seat 1 with one Pasch finds II in fortresses 1 and 2.
	d := edit(t, g, 1, func(p *Position) { p.Pasches[1] = 1; on(p, ow(2, 2, 0)) })
	play(t, d, "2/4-3")
	if got := d.Dice(); d.ToMove() != 1 || d.Turn() != 1 || !slices.Equal(got, []int{2, 3, 4}) || d.Turns() != 1 {
		t.Fatalf("at a decision: ToMove %v, Turn %v, Dice %v, Turns %d", d.ToMove(), d.Turn(), got, d.Turns())
	}
	d.Dice()[0] = 6 // the caller's
	if !slices.Equal(d.Dice(), []int{2, 3, 4}) {
		t.Error("Dice is not the caller's copy")
	}
	play(t, d, "w2.ii")
	if d.Turn() != 2 || d.Dice() != nil || d.Turns() != 2 {
		t.Fatalf("after the decision: Turn %v, Dice %v, Turns %d", d.Turn(), d.Dice(), d.Turns())
	}

	c, err := New(Options{Players: 2, TurnCap: 1})
	if err != nil {
		t.Fatal(err)
	}
	play(t, c, "3/1-2")
	if w, ok := c.Winner(); c.Turn() != brettspiel.Nobody || ok || w != brettspiel.Nobody || !c.Capped() || c.Turns() != 1 {
		t.Errorf("capped: Turn %v, Winner %v %v, Capped %v, Turns %d", c.Turn(), w, ok, c.Capped(), c.Turns())
	}
	won := edit(t, newGame(t, 2), 0, func(p *Position) { p.Pasches[1] = 4; p.Thrower, p.Throws = 1, 9 })
	play(t, won, "2/2-2")
	if w, ok := won.Winner(); won.Turn() != brettspiel.Nobody || !ok || w != 1 {
		t.Errorf("won: Turn %v, Winner %v %v", won.Turn(), w, ok)
	}
}

func TestPresets(t *testing.T) {
	ps := Presets()
	if len(ps) == 0 || ps[0].Name != "Standard" {
		t.Fatalf("Presets = %+v", ps)
	}
	ps[0].Name, ps[0].Options.Stock = "changed", 1
	if again := Presets(); again[0].Name != "Standard" || again[0].Options.Stock != DefaultStock {
		t.Error("a caller's change to Presets changed them for everyone")
	}
	for _, p := range Presets() {
		if p.Source == "" || p.Summary == "" {
			t.Errorf("%s: no source or summary", p.Name)
		}
		for _, name := range []string{p.Name, strings.ToLower(p.Name), strings.ToUpper(p.Name)} {
			if got, ok := PresetNamed(name); !ok || got != p {
				t.Errorf("PresetNamed(%q) = %+v, %v", name, got, ok)
			}
		}
		g, err := New(p.Options)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if std := newGame(t, DefaultPlayers); g.ID() != std.ID() {
			t.Errorf("%s builds %s, not the standard game %s", p.Name, g.ID(), std.ID())
		}
	}
	if _, ok := PresetNamed("Toccateglispiel"); ok {
		t.Error("PresetNamed finds another game's preset")
	}
	if Variant != "festung" {
		t.Errorf("Variant = %q", Variant)
	}
}

// TestNotationInAnyCase: field names, options and decisions are read in any
// case; MoveString keeps the canonical case.
func TestNotationInAnyCase(t *testing.T) {
	for _, name := range []string{"W3.II'", "w3.ii'", "l11", "s.ix", "b12", "f5", "p1"} {
		f, ok := FieldByName(name)
		if !ok || !strings.EqualFold(f.Name, name) {
			t.Errorf("FieldByName(%q) = %v, %v", name, f.Name, ok)
		}
	}
	o, err := ParseOptions("Players=5 EMPTY-FIELD=w4.iv Stock=3 TURN-CAP=40")
	if err != nil || o != (Options{Players: 5, EmptyField: OuterWorkID(4, 4, 0), Stock: 3, TurnCap: 40}) {
		t.Errorf("ParseOptions in mixed case = %+v, %v", o, err)
	}
	// A decision after a large die 4 between fortresses 1 and 4, read in
	// lower case.
	g := edit(t, newGame(t, 2), 1, func(p *Position) { p.Pasches[0] = 3; on(p, ow(4, 4, 0)) })
	play(t, g, "4/1-2")
	for _, s := range []string{"w4.iv", "W4.iv", "w4.IV"} {
		m, err := g.ParseMove(s)
		if err != nil || g.MoveString(m) != "W4.IV" {
			t.Errorf("ParseMove(%q) = %v, %v", s, g.MoveString(m), err)
		}
	}
	if _, err := g.ParseMove("w1.iv'"); err != nil {
		t.Errorf("ParseMove of the twin in lower case: %v", err)
	}
}

// TestEventsNameFieldsAndCarryDice: in many random games every event names
// its fields by ID and by name, in no track but the plan's, and a throw's
// event carries the three dice of the throw, the large die first.
func TestEventsNameFieldsAndCarryDice(t *testing.T) {
	for seed := range uint64(40) {
		g := newGame(t, 2+int(seed%5))
		r := rand.New(rand.NewPCG(seed, 9))
		check := func(evs []brettspiel.Event, throw brettspiel.Move) {
			for i, e := range evs {
				if e.TrackFrom != e.From || e.TrackTo != e.To || e.FromName != fieldName(e.From) || e.ToName != fieldName(e.To) {
					t.Fatalf("seed %d: event %d %+v does not name its fields", seed, i, e)
				}
				if (e.From != brettspiel.NoPlace && e.FromName == "") || (e.To != brettspiel.NoPlace && e.ToName == "") {
					t.Fatalf("seed %d: event %d %+v has a field without a name", seed, i, e)
				}
				if e.Kind == brettspiel.EventThrow {
					td, _ := decodeThrow(throw.Payload())
					if !slices.Equal(e.Dice, []int{int(td.L), int(td.A), int(td.B)}) || e.Number != td.Sum() {
						t.Fatalf("seed %d: throw %v gives event %+v", seed, td, e)
					}
				} else if e.Dice != nil {
					t.Fatalf("seed %d: event %d %+v carries dice", seed, i, e)
				}
			}
		}
		check(g.Events(), brettspiel.NoMove)
		for g.ToMove() != brettspiel.Terminal {
			m := gametest.ApplyStep(t, g, r, brettspiel.RandomPolicy)
			check(g.Events(), m)
		}
	}
	// The dice of a throw's event are the caller's: changing them changes
	// neither the game nor the next throw's event.
	g := newGame(t, 3)
	play(t, g, "5/1-6")
	evs := g.Events()
	evs[0].Dice[0] = 1
	if got := g.Events()[0].Dice; !slices.Equal(got, []int{5, 1, 6}) {
		t.Errorf("after a caller's change the game's throw event has dice %v", got)
	}
	h := newGame(t, 3)
	play(t, h, "5/6-1")
	if got := h.Events()[0]; !slices.Equal(got.Dice, []int{5, 1, 6}) || got.String() != "player 0 throw 5-1-6 by 12" {
		t.Errorf("another game's throw event: %v", got)
	}
}

// TestApplyAllocatesNoEvents: naming fields and carrying the dice cost an
// Apply no allocation (the names are the plan's, the dice a shared table).
func TestApplyAllocatesNoEvents(t *testing.T) {
	g := newGame(t, 3)
	throws := []brettspiel.Move{ThrowMove(dice.Throw3{L: 5, A: 1, B: 6}), ThrowMove(dice.Throw3{L: 3, A: 2, B: 2})}
	start := g.clone()
	start.events = make([]event, 0, 64)
	c := start.clone()
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		if c.ToMove() != brettspiel.Chance {
			*c = *start
			c.events = c.events[:0]
		}
		if err := c.Apply(throws[i%2]); err != nil {
			t.Fatal(err)
		}
		i++
	})
	if allocs != 0 {
		t.Errorf("Apply of a throw allocates %.1f times", allocs)
	}
}

// TestLayout_F_P1toF_P6: the drawing follows the plan: every field on the
// square, no two fields closer than LayoutFieldSize, fortress 5 in the
// centre with the Pasch fields around it, each fortress line between its
// fortress and its Pasch field, every outer work nearer its own fortress
// than any other, every Schanze nearer its battery than any other.
func TestLayout_F_P1toF_P6(t *testing.T) {
	ps := Plan()
	dist := func(a, b Field) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }
	byID := func(id FieldID) Field { f, _ := FieldOf(id); return f }
	for i, f := range ps {
		if f.X < LayoutFieldSize/2 || f.X > LayoutSize-LayoutFieldSize/2 || f.Y < LayoutFieldSize/2 || f.Y > LayoutSize-LayoutFieldSize/2 {
			t.Errorf("%s at (%v, %v) is off the drawing", f.Name, f.X, f.Y)
		}
		for _, g := range ps[i+1:] {
			if d := dist(f, g); d < LayoutFieldSize {
				t.Errorf("%s and %s are %.1f apart", f.Name, g.Name, d)
			}
		}
	}
	centre := byID(FortressID(5))
	if centre.X != LayoutSize/2 || centre.Y != LayoutSize/2 {
		t.Errorf("F5 at (%v, %v), not the centre", centre.X, centre.Y)
	}
	// F-P2, F-P4: fortress k and Pasch field k on one ray from the centre,
	// k = 1…4 clockwise from the north; the Pasch fields nearest the centre.
	for k := 1; k <= 4; k++ {
		fk, pk := byID(FortressID(k)), byID(PaschFieldID(k))
		dx, dy := []float64{0, 1, 0, -1}[k-1], []float64{-1, 0, 1, 0}[k-1]
		for _, f := range []Field{fk, pk} {
			if r := dist(f, centre); math.Abs(f.X-centre.X-dx*r) > 0.01 || math.Abs(f.Y-centre.Y-dy*r) > 0.01 {
				t.Errorf("%s at (%v, %v) is not on ray %d", f.Name, f.X, f.Y, k)
			}
		}
		// F-P3: the line's fields lie between them, in order of number.
		last := dist(fk, pk)
		for _, id := range LineFields(k) {
			l := byID(id)
			if d := dist(l, pk); d >= last || math.Abs(dist(l, fk)+d-dist(fk, pk)) > 0.01 {
				t.Errorf("%s is not on line %d between %s and %s", l.Name, k, fk.Name, pk.Name)
			} else {
				last = d
			}
		}
	}
	for _, f := range ps {
		switch f.Kind {
		case OuterWork: // F-P1
			own := dist(f, byID(FortressID(f.Fortress)))
			for k := 1; k <= 4; k++ {
				if k != f.Fortress && dist(f, byID(FortressID(k))) <= own {
					t.Errorf("%s is as near F%d as its own fortress", f.Name, k)
				}
			}
			if dist(f, centre) < dist(byID(FortressID(f.Fortress)), centre) {
				t.Errorf("%s is inside the ring of fortresses", f.Name)
			}
		case Schanze: // F-P6
			own := dist(f, byID(BatteryID(f.Battery)))
			for n := 9; n <= 12; n++ {
				if n != f.Battery && dist(f, byID(BatteryID(n))) <= own {
					t.Errorf("%s is as near B%d as its own battery", f.Name, n)
				}
			}
		}
	}
}

// TestF_P6_BatteryOfEachField: Field.Battery names the triangle of a Schanze
// and a battery, and no other field has one.
func TestF_P6_BatteryOfEachField(t *testing.T) {
	for _, f := range Plan() {
		want := 0
		switch f.Kind {
		case Battery:
			want = f.Number
		case Schanze:
			for n := 9; n <= 12; n++ {
				if tri := Triangle(n); slices.Contains(tri[:], f.ID) {
					want = n
				}
			}
		}
		if f.Battery != want {
			t.Errorf("%s: Battery %d, want %d", f.Name, f.Battery, want)
		}
	}
}

// TestJSONCarriesThePlanForARenderer: the JSON of a state gives every field
// as the plan describes it — battery, neighbours and position included — the
// layout's coordinate system, whose turn it is and the dice.
func TestJSONCarriesThePlanForARenderer(t *testing.T) {
	type field struct {
		ID         int     `json:"id"`
		Name       string  `json:"name"`
		Battery    int     `json:"battery"`
		Neighbours []int   `json:"neighbours"`
		X          float64 `json:"x"`
		Y          float64 `json:"y"`
		Squares    []int   `json:"squares"`
	}
	type doc struct {
		Seat   int            `json:"seat"`
		Dice   []int          `json:"dice"`
		Turns  int            `json:"turns"`
		Layout map[string]int `json:"layout"`
		Fields []field        `json:"fields"`
	}
	read := func(g *Game) doc {
		t.Helper()
		data, err := g.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var d doc
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	g := edit(t, newGame(t, 3), 1, func(p *Position) { p.Pasches[1] = 1; p.Thrower, p.Throws = 1, 1; on(p, ow(2, 2, 0)) })
	play(t, g, "2/4-3")
	d := read(g)
	if d.Seat != 1 || !slices.Equal(d.Dice, []int{2, 3, 4}) || d.Turns != 1 {
		t.Errorf("at a decision: seat %d, dice %v, turns %d", d.Seat, d.Dice, d.Turns)
	}
	if !reflect.DeepEqual(d.Layout, map[string]int{"width": LayoutSize, "height": LayoutSize, "fieldSize": LayoutFieldSize}) {
		t.Errorf("layout %v", d.Layout)
	}
	for i, f := range Plan() {
		j := d.Fields[i]
		var nb []int
		for _, n := range f.Neighbours() {
			nb = append(nb, int(n))
		}
		if j.ID != int(f.ID) || j.Name != f.Name || j.Battery != f.Battery || !slices.Equal(j.Neighbours, nb) || j.X != f.X || j.Y != f.Y {
			t.Errorf("fields[%d] = %+v; the plan has %+v", i, j, f)
		}
	}
	if sq := d.Fields[FortressID(1)-1].Squares; !slices.Equal(sq, []int{1}) {
		t.Errorf("F1 holds the squares of %v", sq)
	}
	play(t, g, "W2.II")
	if d := read(g); d.Seat != 2 || d.Dice == nil || len(d.Dice) != 0 || d.Turns != 2 {
		t.Errorf("at a chance node: seat %d, dice %v, turns %d", d.Seat, d.Dice, d.Turns)
	}
	c, _ := New(Options{Players: 2, TurnCap: 1})
	play(t, c, "3/1-2")
	if d := read(c); d.Seat != -1 || len(d.Dice) != 0 || d.Turns != 1 {
		t.Errorf("at the end: seat %d, dice %v, turns %d", d.Seat, d.Dice, d.Turns)
	}
}

// TestJSONVersion1IsRefusedButItsIDLoads: a state in the JSON form of
// version 1 is refused with the reason, and its "id" loads, since position
// IDs did not change.
func TestJSONVersion1IsRefusedButItsIDLoads(t *testing.T) {
	// The JSON of version 1 of a fresh three-player game, shortened to the
	// keys the refusal looks at (the decoder refuses before it reads more).
	const v1 = `{"version":1,"game":"festung","id":"festung:1:AxkAiCf______wEAGgAAGgAAGgAAAAAAAJ6f","turn":"chance","player":-1,` +
		`"legal":[],"events":[],"returns":[-13,-13,-13],"rules":{"players":3,"stock":25,"stake":12,"turnCap":5000},` +
		`"thrower":0,"throw":null,"throws":0,"capped":false,"markersOnPlan":36,"seats":[],"fields":[]}`
	var s struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(v1), &s); err != nil {
		t.Fatal(err)
	}
	var g Game
	err := g.UnmarshalJSON([]byte(v1))
	wantErr(t, "UnmarshalJSON(version 1)", err, brettspiel.ErrBadPosition, "version 1 is the JSON form of an earlier release")
	if !reflect.DeepEqual(g, Game{}) {
		t.Error("a refused document changed the game")
	}
	back, err := ParseID(s.ID)
	if err != nil || back.ID() != newGame(t, 3).ID() {
		t.Errorf("ParseID(%s) = %v", s.ID, err)
	}
}

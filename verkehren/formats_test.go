package verkehren

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/brettspiel/brettspiel/internal/wire"
	"github.com/brettspiel/brettspiel/kit"
)

// wantError fails t unless err is a *brettspiel.Error wrapping sentinel
// whose text contains every want.
var wantError = gametest.WantError

func TestPresets(t *testing.T) {
	ps := Presets()
	if len(ps) != 4 || ps[0].Options != VK() || ps[1].Options != VKBandLimit() || ps[2].Options != Cotton() || ps[3].Options != Fiske() {
		t.Fatalf("Presets() = %+v", ps)
	}
	seen := map[string]bool{}
	for _, p := range ps {
		if p.Name == "" || p.Source == "" || p.Summary == "" || seen[p.Name] {
			t.Errorf("preset %+v: empty or repeated field", p)
		}
		seen[p.Name] = true
		if err := p.Options.Validate(); err != nil {
			t.Errorf("preset %s: %v", p.Name, err)
		}
	}
	ps[0].Options.Bands = BandsFiske
	if Presets()[0].Options != VK() {
		t.Error("Presets shares its storage")
	}
}

func TestOptionsText(t *testing.T) {
	for _, o := range []Options{VK(), VKBandLimit(), Cotton(), Fiske(), {Opening: BandLimit, BandLimit: 15}, {Bands: BandsCotton, Opening: BandLimit, BandLimit: 6, HigherDie: true, FirstPlayer: brettspiel.Starts(1), TurnCap: 300}, {FirstPlayer: brettspiel.Starts(0), TurnCap: 5000}} {
		s := o.String()
		back, err := ParseOptions(s)
		if err != nil || back != o {
			t.Errorf("ParseOptions(%q) = %+v, %v; want %+v", s, back, err, o)
		}
	}
	if got := (Options{Bands: BandsCotton, Opening: BandLimit, BandLimit: 6, HigherDie: true, FirstPlayer: brettspiel.Starts(1), TurnCap: 300}).String(); got != "bands=cotton opening=band-limit band-limit=6 higher-die=true first=1 turn-cap=300" {
		t.Errorf("String() = %q", got)
	}
	if got := VK().String(); got != "bands=vk opening=five-blots" {
		t.Errorf("VK.String() = %q", got)
	}
	for s, want := range map[string]string{
		"bands=ludii":                     "bands is vk, cotton or fiske",
		"opening=x":                       "opening is five-blots or band-limit",
		"band-limit=6":                    "five-blots",
		"opening=band-limit band-limit=4": "outside 5…15",
		"band-limit=-1":                   "number",
		"band-limit=06":                   "number",
		"higher-die=yes":                  "true or false",
		"first=2":                         "draw, 0 or 1",
		"turn-cap=x":                      "number",
		"stones=16":                       `unknown option "stones"`,
		"bands":                           "key=value",
		"bands=vk bands=vk":               "twice",
	} {
		_, err := ParseOptions(s)
		wantError(t, "ParseOptions("+s+")", err, brettspiel.ErrBadOptions, want)
	}
}

// playedStates returns states of a random game under opts, every few steps,
// the start and the end included.
func playedStates(t testing.TB, opts Options, seed uint64, every int) []*Game {
	t.Helper()
	g, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 3))
	var out []*Game
	for n := 0; ; n++ {
		if n%every == 0 || g.ToMove() == brettspiel.Terminal {
			out = append(out, g.clone())
		}
		if g.ToMove() == brettspiel.Terminal {
			return out
		}
		if err := g.Apply(noConcede(g, g.LegalMoves(), r)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestIDRoundTrip(t *testing.T) {
	for i, h := range harnessOptions {
		for _, g := range playedStates(t, h.opts, uint64(i), 7) {
			back, err := roundTripID(g)
			if err != nil {
				t.Fatalf("%s: %v\n%s", h.name, err, g)
			}
			if !reflect.DeepEqual(back, g) {
				t.Fatalf("%s: the ID %s loads as\n%s\nnot\n%s", h.name, g.ID(), back, g)
			}
		}
	}
	// a conceded game and one ended by the turn cap
	g := at(t, VK(), 3, 1, map[int]int{1: 15}, map[int]int{1: 15})
	play(t, g, "concede")
	if _, err := roundTripID(g); err != nil {
		t.Error(err)
	}
	g, _ = New(Options{TurnCap: 2, FirstPlayer: brettspiel.Starts(0)})
	for _, s := range []string{"3-1", "1/4 1/2", "3-1", "1/4 1/2"} {
		play(t, g, s)
	}
	if g.Ending() != TurnCapped {
		t.Fatalf("not capped: %s", g)
	}
	if _, err := roundTripID(g); err != nil {
		t.Error(err)
	}
}

func TestIDExample(t *testing.T) {
	g, _ := New(VK())
	for _, s := range []string{"5-2", "6-2", "3-1", "1/4 1/2"} {
		play(t, g, s)
	}
	if id := g.ID(); id != "verkehren:1:AAAAAAAAAgAAAAABBQD-_wP-_xJnQQ" {
		t.Errorf("ID() = %q; update the package doc", id)
	}
}

// payload writes a version 1 ID payload from its fields.
func payload(fields []uint64, winner int64, sides [2]uint64) string {
	var w wire.Writer
	for _, f := range fields[:12] {
		w.Uint(f)
	}
	w.Int(winner)
	w.Uint(fields[12])
	w.Uint(sides[0])
	w.Uint(sides[1])
	return kit.EncodeID(Variant, IDVersion, w.Bytes())
}

func TestIDRejects(t *testing.T) {
	start := packSide(&board15)
	//              bands opening limit higher first cap phase toMove d0 d1 draw0 turns ending
	ok := []uint64{0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0}
	edit := func(i int, v uint64) []uint64 {
		f := append([]uint64(nil), ok...)
		f[i] = v
		return f
	}
	var band board.Side
	band[house], band[5] = 13, 2
	base := edit(11, 0) // the start, player 0 to throw
	if _, err := ParseID(payload(base, -3, [2]uint64{start, start})); err != nil {
		t.Fatalf("the base ID: %v", err)
	}
	f := func(i int, v uint64) []uint64 {
		out := append([]uint64(nil), base...)
		out[i] = v
		return out
	}
	cases := []struct {
		id       string
		sentinel error
		want     string
	}{
		{"verkehren:2:AAAA", brettspiel.ErrBadNotation, "checksum"},
		{kit.EncodeID(Variant, 2, nil), brettspiel.ErrBadNotation, "version 2"},
		{kit.EncodeID(Variant, 1, []byte{0, 0}), brettspiel.ErrBadNotation, "cut short"},
		{payload(f(0, 3), -3, [2]uint64{start, start}), brettspiel.ErrBadNotation, "band rule: 3 is more than 2"},
		{payload(f(6, 5), -3, [2]uint64{start, start}), brettspiel.ErrBadNotation, "phase"},
		{payload(base, -3, [2]uint64{start &^ (1 << 1), start}), brettspiel.ErrBadNotation, "stones of player 0"},
		{payload(base, -3, [2]uint64{start, start | 1<<41}), brettspiel.ErrBadNotation, "stones of player 1"},
		{payload(f(11, 5), -3, [2]uint64{start, packSide(&band)}), brettspiel.ErrBadPosition, "V-B1"},
		{payload(f(2, 6), -3, [2]uint64{start, start}), brettspiel.ErrBadOptions, "five-blots"},
		{payload(f(8, 3), -3, [2]uint64{start, start}), brettspiel.ErrBadPosition, "no throw is being played"},
		{payload(f(10, 7), -3, [2]uint64{start, start}), brettspiel.ErrBadPosition, "draw"},
		{payload(f(12, 1), -3, [2]uint64{start, start}), brettspiel.ErrBadPosition, "goes on"},
		{payload(f(6, 1), -3, [2]uint64{start, start}), brettspiel.ErrBadPosition, "player 0 threw 0"},
		{payload(f(6, 4), -3, [2]uint64{start, start}), brettspiel.ErrBadPosition, "ending is not ended"},
		{payload(f(6, 3), -3, [2]uint64{start, start}), brettspiel.ErrBadPosition, "dice 0-0"},
		{payload(f(4, 2), -3, [2]uint64{start, start}), brettspiel.ErrBadPosition, "let player 1 begin, but it is player 0's turn"},
		{payload(base, 0, [2]uint64{start, start}), brettspiel.ErrBadPosition, "winner"},
	}
	for _, c := range cases {
		_, err := ParseID(c.id)
		wantError(t, c.id, err, c.sentinel, c.want)
	}
	// an over-long varint: the same state, another ID
	good := payload(base, -3, [2]uint64{start, start})
	p, _ := kit.DecodeID(Variant, IDVersion, good)
	long := append([]byte{0x80, 0x00}, p[1:]...)
	_, err := ParseID(kit.EncodeID(Variant, 1, long))
	wantError(t, "over-long varint", err, brettspiel.ErrBadNotation, "not written as this package writes it")
	g, _ := New(VK())
	before := *g
	if err := g.UnmarshalText([]byte("verkehren:1:AAAA")); err == nil || !reflect.DeepEqual(*g, before) {
		t.Errorf("UnmarshalText of a bad ID: %v, state changed: %v", err, !reflect.DeepEqual(*g, before))
	}
}

var board15 = board.Side{house: 15}

func TestJSONSchemaShared(t *testing.T) {
	schematest.CheckShared(t, JSONSchema())
	schematest.CheckRace(t, JSONSchema())
	s := JSONSchema()
	s[0] = 'x'
	if JSONSchema()[0] == 'x' {
		t.Error("JSONSchema shares its storage")
	}
}

func TestJSONRoundTripAndSchema(t *testing.T) {
	sch := schematest.Compile(t, JSONSchema())
	for i, h := range harnessOptions {
		for _, g := range playedStates(t, h.opts, uint64(i)+50, conformance.Games(61, 29)) {
			data, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			if err := schematest.Validate(sch, data); err != nil {
				t.Fatalf("%s: the schema refuses %s: %v", h.name, data, err)
			}
			back, err := roundTripJSON(g)
			if err != nil {
				t.Fatalf("%s: %v", h.name, err)
			}
			if !reflect.DeepEqual(back, g) && !(len(g.events) == 0 && reflect.DeepEqual(back.(*Game).state(), g.state())) {
				t.Fatalf("%s: JSON round trip gives\n%s\nnot\n%s", h.name, back, g)
			}
		}
	}
}

// exampleJSON is the state of TestIDExample: player 1 has played his first
// turn, player 0 is to throw.
func exampleJSON(t *testing.T) []byte {
	g, _ := New(VK())
	for _, s := range []string{"5-2", "6-2", "3-1", "1/4 1/2"} {
		play(t, g, s)
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestJSONExample(t *testing.T) {
	got := string(exampleJSON(t))
	for _, want := range []string{
		`"version":2,"game":"verkehren"`, `"turn":"chance"`, `"player":-1`,
		`"rules":{"preset":"VK","bands":"vk","opening":"five-blots","bandLimit":0,"higherDie":false,"firstPlayer":"draw","turnCap":0}`,
		`"phase":"throw","seat":0,"dice":[],"turns":1,"waiting":"bar"`,
		`{"point":1,"owner":0,"count":15,"track":[1,13],"hucke":-1,"home":-1}`,
		`{"point":7,"owner":-1,"count":0,"track":[7,19],"hucke":-1,"home":1}`,
		`{"point":14,"owner":1,"count":1,"track":[14,2],"hucke":-1,"home":-1}`,
		`{"point":16,"owner":1,"count":1,"track":[16,4],"hucke":-1,"home":-1}`,
		`{"point":24,"owner":-1,"count":0,"track":[24,12],"hucke":-1,"home":0}`,
		`{"seat":1,"track":[0,13,1,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"waiting":0,"onBoard":15,"borneOff":0,"pips":356,"score":0}`,
		`"verkehren":{"drawTotal":0,"ending":"not-ended","junker":[false,false]}`,
		// player 1's 1/4 is absolute 13→16
		`{"kind":"move","player":1,"other":-3,"amount":1,"from":13,"to":16,"trackFrom":1,"trackTo":4,"number":3}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the JSON lacks %s:\n%s", want, got)
		}
	}
}

// TestJSONRejects edits a good document and checks that decoding names the
// problem, and that the schema refuses what it can see.
func TestJSONRejects(t *testing.T) {
	sch := schematest.Compile(t, JSONSchema())
	good := exampleJSON(t)
	edit := func(f func(m map[string]any)) []byte { return gametest.EditedDoc(t, good, f) }
	side := func(m map[string]any, p int) map[string]any { return m["sides"].([]any)[p].(map[string]any) }
	track := func(m map[string]any) []any { return side(m, 0)["track"].([]any) }
	own := func(m map[string]any) map[string]any { return m["verkehren"].(map[string]any) }
	point := func(m map[string]any, a int) map[string]any { return m["points"].([]any)[a-1].(map[string]any) }
	cases := []struct {
		name     string
		data     []byte
		sentinel error
		want     string
		schemaOK bool // the schema alone cannot see the problem
	}{
		{"not JSON", []byte(`{"version":`), brettspiel.ErrBadNotation, "decode JSON", false},
		{"unknown key", edit(func(m map[string]any) { m["colour"] = "red" }), brettspiel.ErrBadNotation, `unknown field "colour"`, false},
		{"old key", edit(func(m map[string]any) { m["turnOf"] = 0 }), brettspiel.ErrBadNotation, `unknown field "turnOf"`, false},
		{"unknown own key", edit(func(m map[string]any) { own(m)["rest"] = 0 }), brettspiel.ErrBadNotation, `unknown field "verkehren.rest"`, false},
		{"version", edit(func(m map[string]any) { m["version"] = 3 }), brettspiel.ErrBadPosition, "version 3", false},
		{"16 stones", edit(func(m map[string]any) { track(m)[3] = 1.0 }), brettspiel.ErrBadPosition, "player 0 has 16 stones, not 15", true},
		{"negative", edit(func(m map[string]any) { track(m)[3] = 1.0; track(m)[2] = -1.0 }), brettspiel.ErrBadPosition, "player 0 has -1 stones on 2", false},
		{"shared point", edit(func(m map[string]any) { track(m)[1] = 14.0; track(m)[14] = 1.0 }), brettspiel.ErrBadPosition, "both players have stones on player 0's point 14", true},
		{"Band on 5", edit(func(m map[string]any) { track(m)[1] = 13.0; track(m)[5] = 2.0 }), brettspiel.ErrBadPosition, "Band on his point 5", true},
		{"short track", edit(func(m map[string]any) { side(m, 0)["track"] = track(m)[:25] }), brettspiel.ErrBadPosition, "sides[0].track has 25 positions", false},
		{"one side", edit(func(m map[string]any) { m["sides"] = m["sides"].([]any)[:1] }), brettspiel.ErrBadPosition, "sides has 1 sides", false},
		{"unknown preset", edit(func(m map[string]any) { m["rules"].(map[string]any)["preset"] = "Ludii" }), brettspiel.ErrBadOptions, `unknown preset "Ludii"`, false},
		{"preset in another case", edit(func(m map[string]any) { m["rules"].(map[string]any)["preset"] = "vk" }), brettspiel.ErrBadOptions, `unknown preset "vk"`, false},
		{"preset disagrees", edit(func(m map[string]any) { m["rules"].(map[string]any)["bands"] = "cotton" }), brettspiel.ErrBadOptions, `the preset "VK" has the options`, true},
		{"bad band limit", edit(func(m map[string]any) { m["rules"].(map[string]any)["bandLimit"] = 4 }), brettspiel.ErrBadOptions, "BandLimit 4", true},
		{"unknown phase", edit(func(m map[string]any) { m["phase"] = "lunch" }), brettspiel.ErrBadPosition, `phase "lunch"`, false},
		{"decide", edit(func(m map[string]any) { m["phase"] = "decide" }), brettspiel.ErrBadPosition, `phase "decide"`, false},
		{"dice at a throw", edit(func(m map[string]any) { m["dice"] = []int{6, 5} }), brettspiel.ErrBadPosition, "no throw is being played", true},
		{"three dice", edit(func(m map[string]any) { m["dice"] = []int{6, 5, 4} }), brettspiel.ErrBadPosition, "two dice, or none", false},
		{"ending", edit(func(m map[string]any) { own(m)["ending"] = "single-game" }), brettspiel.ErrBadPosition, "goes on", true},
		{"unknown ending", edit(func(m map[string]any) { own(m)["ending"] = "lunch" }), brettspiel.ErrBadPosition, `verkehren.ending "lunch"`, false},
		{"junker", edit(func(m map[string]any) { own(m)["junker"] = []bool{true, false} }), brettspiel.ErrBadPosition, "verkehren.junker is [true false]", true},
		{"draw total", edit(func(m map[string]any) { own(m)["drawTotal"] = 7 }), brettspiel.ErrBadPosition, "a total 7 of the draw", true},
		{"id disagrees", edit(func(m map[string]any) { m["turns"] = 2 }), brettspiel.ErrBadPosition, "the id", true},
		{"point disagrees", edit(func(m map[string]any) { point(m, 1)["count"] = 13 }), brettspiel.ErrBadPosition, "points[0] is", true},
		{"owner disagrees", edit(func(m map[string]any) { point(m, 2)["owner"] = 1 }), brettspiel.ErrBadPosition, "points[1] is", true},
		{"track of a point", edit(func(m map[string]any) { point(m, 5)["track"] = []int{5, 5} }), brettspiel.ErrBadPosition, "points[4] is", true},
		{"a Hucke", edit(func(m map[string]any) { point(m, 12)["hucke"] = 0 }), brettspiel.ErrBadPosition, "points[11] is", true},
		{"home", edit(func(m map[string]any) { point(m, 19)["home"] = 1 }), brettspiel.ErrBadPosition, "points[18] is", true},
		{"point missing", edit(func(m map[string]any) { m["points"] = m["points"].([]any)[1:] }), brettspiel.ErrBadPosition, "points has 23 points", false},
		{"pips", edit(func(m map[string]any) { side(m, 0)["pips"] = 1 }), brettspiel.ErrBadPosition, "sides[0] is", true},
		{"score", edit(func(m map[string]any) { side(m, 1)["score"] = 1 }), brettspiel.ErrBadPosition, "sides[1] is", true},
		{"waiting count", edit(func(m map[string]any) { side(m, 1)["waiting"] = 1 }), brettspiel.ErrBadPosition, "sides[1] is", true},
		{"seat of a side", edit(func(m map[string]any) { side(m, 1)["seat"] = 0 }), brettspiel.ErrBadPosition, "sides[1] is", true},
		{"waiting place", edit(func(m map[string]any) { m["waiting"] = "hand" }), brettspiel.ErrBadPosition, `waiting "hand"`, false},
		{"turn", edit(func(m map[string]any) { m["turn"] = "over" }), brettspiel.ErrBadPosition, `turn "over"`, true},
		{"legal", edit(func(m map[string]any) { m["legal"] = []any{} }), brettspiel.ErrBadPosition, "legal moves", true},
		{"legal parts", edit(func(m map[string]any) { m["legal"].([]any)[0].(map[string]any)["dice"] = []int{2, 1} }), brettspiel.ErrBadPosition, "legal moves", true},
		{"winner", edit(func(m map[string]any) { m["winner"] = 1 }), brettspiel.ErrBadPosition, "winner", true},
		{"returns", edit(func(m map[string]any) { m["returns"] = []int{1, -1} }), brettspiel.ErrBadPosition, "returns is [1 -1]", true},
		{"event without kind", edit(func(m map[string]any) { m["events"].([]any)[0].(map[string]any)["kind"] = "" }), brettspiel.ErrBadPosition, "events[0]: no kind", false},
		{"event's track", edit(func(m map[string]any) { m["events"].([]any)[0].(map[string]any)["trackTo"] = 16 }), brettspiel.ErrBadPosition, "to 14 is 2 in player 1's track, not 16", true},
		{"event's absolute place", edit(func(m map[string]any) { m["events"].([]any)[0].(map[string]any)["to"] = 4 }), brettspiel.ErrBadPosition, "to 4 is 16 in player 1's track, not 2", true},
		{"event's name", edit(func(m map[string]any) { m["events"].([]any)[0].(map[string]any)["toName"] = "off" }), brettspiel.ErrBadPosition, `named ""`, true},
		{"event place 26", edit(func(m map[string]any) { m["events"].([]any)[0].(map[string]any)["to"] = 26 }), brettspiel.ErrBadPosition, "place 26 is outside 0…25", true},
		{"event with dice", edit(func(m map[string]any) { m["events"].([]any)[0].(map[string]any)["dice"] = []int{3, 1} }), brettspiel.ErrBadPosition, "dice [3 1] on a move event", true},
		{"seat", edit(func(m map[string]any) { m["seat"] = 2 }), brettspiel.ErrBadPosition, "seat 2", false},
	}
	for _, c := range cases {
		g, _ := New(VK())
		before := *g
		err := g.UnmarshalJSON(c.data)
		wantError(t, c.name, err, c.sentinel, c.want)
		if !reflect.DeepEqual(*g, before) {
			t.Errorf("%s: a failed UnmarshalJSON changed the game", c.name)
		}
		if serr := schematest.Validate(sch, c.data); (serr == nil) != c.schemaOK {
			t.Errorf("%s: the schema says %v", c.name, serr)
		}
	}
	if err := schematest.Validate(sch, good); err != nil {
		t.Errorf("the schema refuses the good document: %v", err)
	}
}

func TestNewRecord(t *testing.T) {
	cases := []struct {
		opts    Options
		preset  string
		options []string
	}{
		{VK(), "VK", nil},
		{VKBandLimit(), "VK band limit 5", nil},
		{Cotton(), "Cotton", nil},
		{Fiske(), "Fiske", nil},
		{Options{Bands: BandsFiske, HigherDie: true, FirstPlayer: brettspiel.Starts(1), TurnCap: 90}, "Fiske", []string{"higher-die=true", "first=1", "turn-cap=90"}},
		{Options{Bands: BandsCotton, Opening: BandLimit, BandLimit: 7}, "", []string{"bands=cotton", "opening=band-limit", "band-limit=7"}},
		{Options{Opening: BandLimit}, "", []string{"opening=band-limit"}},
	}
	for _, c := range cases {
		rec := NewRecord(c.opts)
		if rec.Game != "verkehren" || rec.Preset != c.preset || !reflect.DeepEqual(rec.Options, c.options) {
			t.Errorf("NewRecord(%v) = %+v, want preset %q options %q", c.opts, rec, c.preset, c.options)
		}
		o, err := RecordOptions(rec)
		if err != nil || o != c.opts {
			t.Errorf("RecordOptions(NewRecord(%v)) = %v, %v", c.opts, o, err)
		}
	}
}

const exampleRecord = `# brettspiel record
game: verkehren
preset: VK

5-2 ; 6-2 ; 3-1 ; 1/4 1/2
6-5 ; 1/7 1/6
`

func TestRecordRoundTrip(t *testing.T) {
	rec, g := gametest.LoadRecordText(t, exampleRecord, LoadRecord)
	if g.Turns() != 2 || g.Count(0, 7) != 1 || g.Count(0, 6) != 1 {
		t.Errorf("the record loads as\n%s", g)
	}
	var sb strings.Builder
	start, _ := New(VK())
	if _, err := rec.WriteTo(&sb, start); err != nil || sb.String() != exampleRecord {
		t.Errorf("written as %q, %v; want %q", sb.String(), err, exampleRecord)
	}
	// whole games under every harness option set, written and loaded
	for i, h := range harnessOptions {
		g, _ := New(h.opts)
		rec := NewRecord(h.opts)
		gametest.RecordPlay(t, rec, g, rand.New(rand.NewPCG(uint64(i), 21)), noConcede, -1)
		start, _ := New(h.opts)
		back, err := brettspiel.ParseRecord(strings.NewReader(gametest.RecordText(t, rec, start)))
		if err != nil {
			t.Fatal(err)
		}
		loaded, err := LoadRecord(back)
		if err != nil {
			t.Fatalf("%s: %v", h.name, err)
		}
		if !reflect.DeepEqual(loaded, g) {
			t.Errorf("%s: the record loads as\n%s\nnot\n%s", h.name, loaded, g)
		}
	}
}

func TestLoadRecordRejects(t *testing.T) {
	cases := []struct {
		text     string
		sentinel error
		want     string
	}{
		{strings.Replace(exampleRecord, "1/4 1/2", "1/4 1/3", 1), brettspiel.ErrIllegalMove, `record line 5, step "1/4 1/3"`},
		{strings.Replace(exampleRecord, "1/7 1/6", "1/7 7/13", 1), brettspiel.ErrIllegalMove, "record line 6"},
		{strings.Replace(exampleRecord, "6-5", "6-7", 1), brettspiel.ErrBadNotation, "record line 6"},
		{exampleRecord + "5-5 ; 1/6\n", brettspiel.ErrIllegalMove, "record line 7"},
		{strings.Replace(exampleRecord, "preset: VK", "preset: Ludii", 1), brettspiel.ErrBadOptions, `unknown preset "Ludii"; the presets are VK; VK band limit 5; Cotton; Fiske`},
		{strings.Replace(exampleRecord, "preset: VK", "option: stones=16", 1), brettspiel.ErrBadOptions, `unknown option "stones"`},
		{strings.Replace(exampleRecord, "preset: VK", "option: band-limit=6", 1), brettspiel.ErrBadOptions, "five-blots"},
		{strings.Replace(exampleRecord, "game: verkehren", "game: festung", 1), brettspiel.ErrBadOptions, `a record of "festung", not of verkehren`},
		{strings.Replace(exampleRecord, "preset: VK", "players: 3", 1), brettspiel.ErrBadOptions, "3 players"},
	}
	for _, c := range cases {
		rec, err := brettspiel.ParseRecord(strings.NewReader(c.text))
		if err != nil {
			t.Fatalf("ParseRecord: %v", err)
		}
		_, err = LoadRecord(rec)
		wantError(t, c.want, err, c.sentinel, c.want)
		// a step that does not play names its line as a field too
		var step *brettspiel.StepError
		if line, ok := strings.CutPrefix(c.want, "record line "); ok {
			if !errors.As(err, &step) || !strings.HasPrefix(line, strconv.Itoa(step.Line)) {
				t.Errorf("%v: no StepError of the line (%+v)", err, step)
			}
		} else if errors.As(err, &step) {
			t.Errorf("%v: a StepError for no step", err)
		}
	}
}

func TestEvaluate(t *testing.T) {
	// the end: Returns exactly, a double game included
	for i, h := range harnessOptions {
		for _, g := range playedStates(t, h.opts, uint64(i)+80, 7) {
			for p := brettspiel.Player(0); p < 2; p++ {
				v := g.Evaluate(p)
				if g.ToMove() == brettspiel.Terminal {
					if v != float64(g.Returns()[p]) {
						t.Errorf("at the end Evaluate(%d) = %v, Returns %v", p, v, g.Returns())
					}
				} else if v <= -1 || v >= 1 || v != -g.Evaluate(1-p) {
					t.Errorf("Evaluate(%d) = %v, of the other %v\n%s", p, v, g.Evaluate(1-p), g)
				}
			}
		}
	}
	// a clear lead scores higher than its mirror
	lead := at(t, VK(), 0, 0, map[int]int{20: 10, 22: 5}, map[int]int{13: 10, 14: 5})
	var mirror Position
	mirror.Stones[0], mirror.Stones[1] = lead.Position().Stones[1], lead.Position().Stones[0]
	m, err := FromPosition(VK(), mirror)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := lead.Evaluate(0), m.Evaluate(0); a <= 0.5 || b >= -0.5 || a != -b {
		t.Errorf("Evaluate(0) with a lead %v, in the mirror %v", a, b)
	}
	// a blot in reach and being Junker cost
	safe := at(t, VK(), 0, 0, map[int]int{15: 2, 20: 13}, map[int]int{1: 15})
	blot := at(t, VK(), 0, 0, map[int]int{15: 1, 16: 1, 20: 13}, map[int]int{1: 15})
	if safe.Evaluate(0) <= blot.Evaluate(0) {
		t.Errorf("a blot in reach does not cost: %v, %v", safe.Evaluate(0), blot.Evaluate(0))
	}
}

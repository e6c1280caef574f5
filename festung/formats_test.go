package festung

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/brettspiel/brettspiel/internal/wire"
	"github.com/brettspiel/brettspiel/kit"
)

// idTrip round-trips a game through its position ID. The ID does not carry
// the events of the last Apply, so they are copied over.
func idTrip(g brettspiel.Game) (brettspiel.Game, error) {
	return gametest.IDTrip(g.(*Game), func() *Game { return new(Game) }, func(back, g *Game) { back.events, back.loaded = g.events, g.loaded })
}

// jsonTrip round-trips a game through its JSON form, which carries
// everything, events included; sch, when given, validates the JSON.
func jsonTrip(bg brettspiel.Game, sch *jsonschema.Schema) (brettspiel.Game, error) {
	g := bg.(*Game)
	data, err := g.MarshalJSON()
	if err != nil {
		return nil, err
	}
	if sch != nil {
		if err := schematest.Validate(sch, data); err != nil {
			return nil, fmt.Errorf("the schema refuses the JSON: %v\n%s", err, data)
		}
	}
	var back Game
	if err := back.UnmarshalJSON(data); err != nil {
		return nil, fmt.Errorf("%w\n%s", err, data)
	}
	if len(g.events) == 0 {
		back.events = g.events // nil and empty are one in JSON
	}
	return &back, nil
}

// stepsOf returns the steps of the record that the events of one Apply
// stand for: the throw, and the decision if there was one.
func stepsOf(evs []brettspiel.Event) []string {
	var steps []string
	for _, e := range evs {
		switch e.Kind {
		case brettspiel.EventThrow:
			steps = append(steps, fmt.Sprintf("%d/%d-%d", e.Dice[0], e.Dice[1], e.Dice[2]))
		case brettspiel.EventDecide:
			f := plan[e.From]
			steps = append(steps, "W"+fmt.Sprint(f.Fortress)+"."+roman(f.Number))
		}
	}
	return steps
}

// recordTrip returns a round trip through the game record: it keeps the
// record of the game being played from the events of each step (the harness
// calls it after every step of a deep game, in order; a game just set up
// starts a new record), writes it as text, reads it back and loads it, which
// replays the whole game. The result carries the events of the last step by
// the replay itself.
func recordTrip(opts Options) func(brettspiel.Game) (brettspiel.Game, error) {
	var rec *brettspiel.Record
	return func(bg brettspiel.Game) (brettspiel.Game, error) {
		g := bg.(*Game)
		if evs := g.Events(); rec == nil || (len(evs) > 0 && evs[0].Rule == "F-S1") {
			rec = NewRecord(opts)
		} else {
			rec.Steps = append(rec.Steps, stepsOf(evs)...)
		}
		var buf bytes.Buffer
		if err := WriteRecord(&buf, rec); err != nil {
			return nil, err
		}
		text := buf.String()
		back, err := brettspiel.ParseRecord(&buf)
		if err != nil {
			return nil, fmt.Errorf("%w\n%s", err, text)
		}
		lg, err := LoadRecord(back)
		if err != nil {
			return nil, fmt.Errorf("%w\n%s", err, text)
		}
		return lg, nil
	}
}

// roundTrips are the format round trips of the harness: the position, the
// ID, the JSON and the record. The schema validates the JSON at every step of
// the first deep game of a run and at every 16th step after it (the validator
// costs more than the whole round trip).
func roundTrips(t testing.TB, opts Options) []conformance.RoundTrip {
	sch := schematest.Compile(t, schema)
	games, steps := 0, 0
	return []conformance.RoundTrip{
		{Name: "position", Do: positionTrip},
		{Name: "position ID", Do: idTrip},
		{Name: "JSON", Do: func(bg brettspiel.Game) (brettspiel.Game, error) {
			if evs := bg.Events(); len(evs) > 0 && evs[0].Rule == "F-S1" {
				games++
			}
			steps++
			// The schema checks every state of the first game and every
			// 16th state after; under the race detector, which slows the
			// validator most, every 16th state throughout.
			if games <= 1 && !raceDetector || steps%16 == 0 {
				return jsonTrip(bg, sch)
			}
			return jsonTrip(bg, nil)
		}},
		{Name: "record", Do: recordTrip(opts), EveryStep: true},
	}
}

func TestOptionsText(t *testing.T) {
	for _, o := range []Options{{}, ForPlayers(3), {Players: 5}, {Players: 5, EmptyField: ow(3, 2, 1), Stock: 3, TurnCap: 40}, {Players: 6, Stock: maxStock, TurnCap: maxTurnCap}} {
		s := o.String()
		back, err := ParseOptions(s)
		if err != nil || back != o {
			t.Errorf("ParseOptions(%q) = %+v, %v; want %+v", s, back, err, o)
		}
	}
	if s := (Options{Players: 5, EmptyField: ow(3, 2, 1), Stock: 3, TurnCap: 40}).String(); s != "players=5 stock=3 empty-field=W3.II' turn-cap=40" {
		t.Errorf("String = %q", s)
	}
	if o, err := ParseOptions("turn-cap=9  players=4"); err != nil || o != (Options{Players: 4, TurnCap: 9}) {
		t.Errorf("any order: %+v %v", o, err)
	}
	for in, reason := range map[string]string{
		"players=7":                   "2 to 6 players, not 7",
		"players=3 players=3":         "players given twice",
		"colour=red":                  `unknown option "colour"`,
		"stock":                       `"stock": want key=value`,
		"stock=+3":                    "stock=+3: want a decimal number",
		"stock=-1":                    "the stock must be",
		"empty-field=L11":             "empty-field=L11: want the name of an outer-works field",
		"players=3 empty-field=W4.VI": "only left with five players",
		"turn-cap=0x10":               "turn-cap=0x10: want a decimal number",
	} {
		_, err := ParseOptions(in)
		wantErr(t, "ParseOptions("+in+")", err, brettspiel.ErrBadOptions, reason)
	}
}

// A long value in the text form of options is quoted cut, as everywhere in
// the module: the error repeats at most quote.Max bytes of each setting and
// of the input.
func TestParseOptionsQuotesLongInputCut(t *testing.T) {
	long := strings.Repeat("x", 1<<10)
	for _, in := range []string{
		"empty-field=" + long,
		"players=3 players=" + long,
		"stock=" + long,
		long,
		"players=9 " + long + "=1",
	} {
		_, err := ParseOptions(in)
		if !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Fatalf("ParseOptions(%d bytes) = %v, want ErrBadOptions", len(in), err)
		}
		// The op, the quoted input, the reason's words and at most two
		// cut quotes of quote.Max bytes each.
		if msg := err.Error(); len(msg) > 4*quote.Max+150 {
			t.Errorf("ParseOptions(%d bytes): a message of %d bytes: %s", len(in), len(msg), msg)
		}
	}
}

// wantErr fails t unless err is a *brettspiel.Error wrapping sentinel whose
// message says reason.
var wantErr = gametest.WantError

// played returns a three-player game after a few seeded throws, at a
// decision node.
func played(t testing.TB) *Game {
	t.Helper()
	for _, g := range sampleGames(t) {
		if g.ToMove() >= 0 && g.NumPlayers() == 3 {
			return g
		}
	}
	t.Fatal("no decision node among the sample games")
	return nil
}

func TestIDRoundTrip(t *testing.T) {
	for i, g := range sampleGames(t) {
		back, err := idTrip(g)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if !reflect.DeepEqual(g, back) {
			t.Errorf("game %d: the ID %s loads another state:\n%v\n%v", i, g.ID(), g, back)
		}
		p, err := ParseID(g.ID())
		if err != nil || p.ID() != g.ID() {
			t.Errorf("ParseID(%s) = %v", g.ID(), err)
		}
	}
}

// Loading an ID and playing on plays exactly as the original.
func TestIDPlaysOn(t *testing.T) {
	for i, g := range sampleGames(t) {
		if g.ToMove() == brettspiel.Terminal {
			continue
		}
		back, err := ParseID(g.ID())
		if err != nil {
			t.Fatal(err)
		}
		r1, r2 := rand.New(rand.NewPCG(uint64(i), 1)), rand.New(rand.NewPCG(uint64(i), 1))
		a, b := g.clone(), back
		if err := brettspiel.PlayOut(a, r1, brettspiel.RandomPolicy, 0); err != nil {
			t.Fatal(err)
		}
		if err := brettspiel.PlayOut(b, r2, brettspiel.RandomPolicy, 0); err != nil {
			t.Fatal(err)
		}
		if a.ID() != b.ID() || !reflect.DeepEqual(a.Returns(), b.Returns()) || !reflect.DeepEqual(a.events, b.events) {
			t.Errorf("game %d: the loaded game ends elsewhere: %v %v", i, a.Returns(), b.Returns())
		}
	}
}

func TestIDRefusesBadInput(t *testing.T) {
	g := played(t)
	id := g.ID()
	// forge frames a payload written by f as an ID with a good checksum.
	forge := func(f func(w *wire.Writer)) string {
		var w wire.Writer
		f(&w)
		return kit.EncodeID(Variant, IDVersion, w.Bytes())
	}
	// fresh writes the ID of a fresh two-player game, changed by edit.
	fresh := func(edit func(vals []int64) []int64) string {
		// players, stock, empty field, turn cap; fields 1…36 hold markers
		// (bits 0…35 of the first word); seat 0 and seat 1: balance 7,
		// bought 0, no Pasches; thrower, throw, throws, ending.
		vals := []int64{2, 25, 0, 5000, 1<<36 - 1, 0, 7, 0, 0, 7, 0, 0, 0, 0, 0, 0}
		vals = edit(vals)
		return forge(func(w *wire.Writer) {
			for i, v := range vals {
				if i == 5+1 || i == 5+4 { // balances are signed
					w.Int(v)
				} else {
					w.Uint(uint64(v))
				}
			}
		})
	}
	if fg, err := ParseID(fresh(func(v []int64) []int64 { return v })); err != nil || fg.ID() != newGame(t, 2).ID() {
		t.Fatalf("the forged fresh game: %v", err)
	}
	for _, tc := range []struct {
		id       string
		sentinel error
		reason   string
	}{
		{"", brettspiel.ErrBadNotation, "want variant:version:payload"},
		{"verkehren" + id[len("festung"):], brettspiel.ErrBadNotation, `an ID of "verkehren"`},
		{id[:len(id)-1], brettspiel.ErrBadNotation, ""},
		{id[:12] + "\n" + id[12:], brettspiel.ErrBadNotation, "line break at byte 12"},
		{kit.EncodeID(Variant, 2, nil), brettspiel.ErrBadNotation, "version 2"},
		{forge(func(w *wire.Writer) { w.Uint(7) }), brettspiel.ErrBadNotation, "players: 7 is more than 6"},
		{forge(func(w *wire.Writer) { w.Uint(3) }), brettspiel.ErrBadNotation, "stock: cut short"},
		{fresh(func(v []int64) []int64 { return append(v, 0) }), brettspiel.ErrBadNotation, "1 bytes left over"},
		{fresh(func(v []int64) []int64 { v[0] = 1; return v }), brettspiel.ErrBadOptions, "2 to 6 players, not 1"},
		{fresh(func(v []int64) []int64 { v[3] = 0; return v }), brettspiel.ErrBadNotation, "not written in full"},
		{fresh(func(v []int64) []int64 { v[4] |= 1 << 40; return v }), brettspiel.ErrBadPosition, "markers are not conserved"},
		{fresh(func(v []int64) []int64 { v[4] &^= 1 << 15; v[6]++; return v }), brettspiel.ErrBadPosition, "W2.IV is empty, but nobody has the 1 Pasches that open fortress 2"},
		{fresh(func(v []int64) []int64 { v[8] = 5; return v }), brettspiel.ErrBadPosition, "seat 0 has 5 Pasches"},
		{fresh(func(v []int64) []int64 { v[6], v[9] = -1, 15; return v }), brettspiel.ErrBadPosition, "seat 0 bought 0 markers, but his balance -1 needs 1"},
		{fresh(func(v []int64) []int64 { v[12] = 2; return v }), brettspiel.ErrBadNotation, "thrower: 2 is more than 1"},
		{fresh(func(v []int64) []int64 { v[13] = 0x265; return v }), brettspiel.ErrBadNotation, "no throw L/a-b with a ≤ b"},
		{fresh(func(v []int64) []int64 { v[13] = 0x234; return v }), brettspiel.ErrBadPosition, "leaves seat 0 no choice"},
		{fresh(func(v []int64) []int64 { v[14] = 5000; return v }), brettspiel.ErrBadPosition, "5000 throws made; want 0…4999"},
		{fresh(func(v []int64) []int64 { v[15] = 1; return v }), brettspiel.ErrBadPosition, "the turn cap ended the game, but 0 throws were made"},
		{fresh(func(v []int64) []int64 { v[15] = 2; v[14] = 9; return v }), brettspiel.ErrBadPosition, "seat 0 threw the fifth Pasch, but has 0 Pasches"},
		{fresh(func(v []int64) []int64 { v[15] = 3; return v }), brettspiel.ErrBadNotation, "ending: 3 is more than 2"},
	} {
		before := g.clone()
		err := g.UnmarshalText([]byte(tc.id))
		wantErr(t, fmt.Sprintf("UnmarshalText(%q)", tc.id), err, tc.sentinel, tc.reason)
		if !reflect.DeepEqual(g, before) {
			t.Errorf("UnmarshalText(%q) failed but changed the game", tc.id)
		}
	}
}

// A finished game's ID loads as finished, and an ID of a game won without an
// emptied plan is refused.
func TestIDOfFinishedGames(t *testing.T) {
	games := sampleGames(t)
	var won, capped *Game
	for _, g := range games {
		if _, ok := g.Winner(); ok {
			won = g
		}
		if g.Capped() {
			capped = g
		}
	}
	if won == nil || capped == nil {
		t.Fatal("the sample lacks a won or a capped game")
	}
	for _, g := range []*Game{won, capped} {
		back, err := ParseID(g.ID())
		if err != nil || back.ToMove() != brettspiel.Terminal || back.capped != g.capped || back.winner != g.winner {
			t.Errorf("%s: %v", g.ID(), err)
		}
	}
	pos := won.Position()
	pos.Markers = []FieldID{1}
	pos.Balances[0]--
	if _, err := load(won.opts, pos, won.ending()); err == nil || !strings.Contains(err.Error(), "the fifth Pasch takes every marker") {
		t.Errorf("a won game with a marker on the plan: %v", err)
	}
}

func TestJSONSchema(t *testing.T) {
	schematest.CheckShared(t, JSONSchema())
	sch := schematest.Compile(t, JSONSchema())
	for i, g := range sampleGames(t) {
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		if err := schematest.Validate(sch, data); err != nil {
			t.Errorf("game %d: the schema refuses the JSON: %v\n%s", i, err, data)
		}
	}
	good, _ := json.Marshal(played(t))
	for name, edit := range map[string]func(m map[string]any){
		"unknown key":         func(m map[string]any) { m["colour"] = "red" },
		"no seats":            func(m map[string]any) { delete(m, "seats") },
		"other game":          func(m map[string]any) { m["game"] = "verkehren" },
		"kind not an enum":    func(m map[string]any) { field(m, 0)["kind"] = "moat" },
		"marker on fortress":  func(m map[string]any) { field(m, 68)["marker"] = true },
		"squares on a work":   func(m map[string]any) { field(m, 0)["squares"] = []int{0} },
		"76 fields":           func(m map[string]any) { m["fields"] = m["fields"].([]any)[1:] },
		"negative bought":     func(m map[string]any) { seat(m, 0)["bought"] = -1 },
		"six Pasches":         func(m map[string]any) { seat(m, 0)["pasches"] = 6 },
		"throw of a six":      func(m map[string]any) { m["throw"].(map[string]any)["notation"] = "6/1-2" },
		"players as a string": func(m map[string]any) { m["rules"].(map[string]any)["players"] = "3" },
		"bad stake":           func(m map[string]any) { m["rules"].(map[string]any)["stake"] = 10 },
		"version 1":           func(m map[string]any) { m["version"] = 1 },
		"old key thrower":     func(m map[string]any) { m["thrower"] = 0 },
		"two dice":            func(m map[string]any) { m["dice"] = []int{2, 3} },
		"a die of 0":          func(m map[string]any) { m["dice"] = []int{0, 3, 4} },
		"seat -2":             func(m map[string]any) { m["seat"] = -2 },
		"no layout":           func(m map[string]any) { delete(m, "layout") },
		"layout of 50":        func(m map[string]any) { m["layout"].(map[string]any)["width"] = 50 },
		"x off the drawing":   func(m map[string]any) { field(m, 0)["x"] = 101 },
		"no y":                func(m map[string]any) { delete(field(m, 0), "y") },
		"battery 8":           func(m map[string]any) { field(m, 52)["battery"] = 8 },
		"neighbour 1":         func(m map[string]any) { field(m, 52)["neighbours"] = []int{1} },
		"event without track": func(m map[string]any) { delete(m["events"].([]any)[0].(map[string]any), "trackFrom") },
	} {
		if schematest.Validate(sch, gametest.EditedDoc(t, good, edit)) == nil {
			t.Errorf("%s: the schema accepts a bad document", name)
		}
	}
}

func field(m map[string]any, i int) map[string]any { return m["fields"].([]any)[i].(map[string]any) }
func seat(m map[string]any, i int) map[string]any  { return m["seats"].([]any)[i].(map[string]any) }

func TestJSONRoundTrip(t *testing.T) {
	for i, g := range sampleGames(t) {
		back, err := jsonTrip(g, nil)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if !reflect.DeepEqual(g, back) {
			t.Errorf("game %d: the JSON loads another state", i)
		}
	}
	// Events come back as the events of the last apply.
	g := played(t)
	var back Game
	data, _ := json.Marshal(g)
	if err := json.Unmarshal(data, &back); err != nil || len(back.Events()) == 0 || !reflect.DeepEqual(back.Events(), g.Events()) {
		t.Errorf("events: %v, %v", err, back.Events())
	}
}

func TestJSONRefusesInconsistentStates(t *testing.T) {
	g := played(t) // three players, seat 1 at a decision, nobody has a Pasch… or one
	good, _ := json.Marshal(g)
	fresh, _ := json.Marshal(newGame(t, 2))
	// withoutID edits a document and gives it the ID of the state the edit
	// makes, so that the decoder's position checks speak, not the ID's.
	for _, tc := range []struct {
		name     string
		doc      []byte
		edit     func(m map[string]any)
		sentinel error
		reason   string
	}{
		{"unknown key", good, func(m map[string]any) { m["colour"] = 1 }, brettspiel.ErrBadNotation, `unknown field "colour"`},
		{"not JSON", []byte(`{"version":`), nil, brettspiel.ErrBadNotation, "unexpected EOF"},
		{"version", good, func(m map[string]any) { m["version"] = 3 }, brettspiel.ErrBadPosition, "version 3, want 2"},
		{"version 1", good, func(m map[string]any) { m["version"] = 1 }, brettspiel.ErrBadPosition, "version 1 is the JSON form of an earlier release"},
		{"game", good, func(m map[string]any) { m["game"] = "verkehren" }, brettspiel.ErrBadPosition, `game "verkehren", want "festung"`},
		{"seven players", good, func(m map[string]any) { m["rules"].(map[string]any)["players"] = 7 }, brettspiel.ErrBadOptions, "2 to 6 players, not 7"},
		{"no stock", good, func(m map[string]any) { delete(m["rules"].(map[string]any), "stock") }, brettspiel.ErrBadOptions, "rules.stock is missing"},
		{"empty field of four", good, func(m map[string]any) { m["rules"].(map[string]any)["emptyField"] = "W4.VI" }, brettspiel.ErrBadOptions, "only left with five players"},
		{"empty field unknown", good, func(m map[string]any) { m["rules"].(map[string]any)["emptyField"] = "W9.I" }, brettspiel.ErrBadOptions, `rules.emptyField "W9.I" is no outer-works field`},
		{"stake", good, func(m map[string]any) { m["rules"].(map[string]any)["stake"] = 9 }, brettspiel.ErrBadOptions, "3 players stake 12 each"},
		{"seats", good, func(m map[string]any) { m["seats"] = m["seats"].([]any)[1:] }, brettspiel.ErrBadPosition, "2 seats for 3 players"},
		{"field twice", good, func(m map[string]any) { m["fields"].([]any)[5] = field(m, 4) }, brettspiel.ErrBadPosition, `fields[5] is {"id":5,"name":"W1.V"`},
		{"field moved", good, func(m map[string]any) { field(m, 0)["x"] = 50.0 }, brettspiel.ErrBadPosition, `fields[0] is {"id":1,"name":"W1.I"`},
		{"field of another battery", good, func(m map[string]any) { field(m, 52)["battery"] = 10 }, brettspiel.ErrBadPosition, "field 53 of the plan is"},
		{"neighbours", good, func(m map[string]any) { field(m, 64)["neighbours"] = []int{53, 54} }, brettspiel.ErrBadPosition, "field 65 of the plan is"},
		{"layout", good, func(m map[string]any) { m["layout"].(map[string]any)["width"] = 200 }, brettspiel.ErrBadPosition, `layout is {"width":200`},
		{"marker on a fortress", good, func(m map[string]any) { field(m, 68)["marker"] = true }, brettspiel.ErrBadPosition, "F1 is a fortress and holds squares, not markers"},
		{"negative bought", good, func(m map[string]any) { seat(m, 0)["bought"] = -1 }, brettspiel.ErrBadPosition, "seat 0 bought -1 markers"},
		{"negative Pasches", good, func(m map[string]any) { seat(m, 0)["pasches"] = -1 }, brettspiel.ErrBadPosition, "seats[0].pasches is -1"},
		{"a marker more", fresh, func(m map[string]any) { field(m, 40)["marker"] = true }, brettspiel.ErrBadPosition, "markers are not conserved"},
		{"open work of fortress 3", fresh, func(m map[string]any) { field(m, 20)["marker"] = false; seat(m, 0)["balance"] = 8 }, brettspiel.ErrBadPosition, "W3.III is empty, but nobody has the 2 Pasches that open fortress 3"},
		{"seat", good, func(m map[string]any) { m["seat"] = 3 }, brettspiel.ErrBadPosition, "thrower 3 is no seat of 3 players"},
		{"seat -1 while playing", good, func(m map[string]any) { m["seat"] = -1 }, brettspiel.ErrBadPosition, "threw the fifth Pasch, but has 0 Pasches"},
		{"seat -1 before a throw", fresh, func(m map[string]any) { m["seat"] = -1 }, brettspiel.ErrBadPosition, "seat is -1 (the game is over), but no throw has been made"},
		{"dice", good, func(m map[string]any) { m["dice"] = []int{3, 3, 4} }, brettspiel.ErrBadPosition, "id "},
		{"four dice", good, func(m map[string]any) { m["dice"] = []int{2, 3, 4, 5} }, brettspiel.ErrBadPosition, "dice holds 4 numbers"},
		{"die of 7", good, func(m map[string]any) { m["dice"] = []int{2, 3, 7} }, brettspiel.ErrBadPosition, "dice[2] is 7; a die shows 1…6"},
		{"small dice the other way", good, func(m map[string]any) { m["dice"] = []int{2, 4, 3} }, brettspiel.ErrBadPosition, "dice [2 4 3]: the small dice are written smaller first"},
		{"no dice at a decision", good, func(m map[string]any) { m["dice"] = []int{} }, brettspiel.ErrBadPosition, "id "},
		{"throw notation", good, func(m map[string]any) { m["throw"].(map[string]any)["notation"] = "2/4-3" }, brettspiel.ErrBadPosition, `throw is {"notation":"2/4-3"`},
		{"throw offer", good, func(m map[string]any) { m["throw"].(map[string]any)["offer"] = []string{"W1.II"} }, brettspiel.ErrBadPosition, `"offer":["W1.II"]}, but the state gives {"notation":`},
		{"no throw at a decision", good, func(m map[string]any) { m["throw"] = nil }, brettspiel.ErrBadPosition, `throw is null, but the state gives {"notation"`},
		{"a throw at a chance node", fresh, func(m map[string]any) { m["throw"] = map[string]any{"notation": "2/3-4", "offer": []string{}} }, brettspiel.ErrBadPosition, `throw is {"notation":"2/3-4","offer":[]}, but the state gives null`},
		{"winner", fresh, func(m map[string]any) { m["winner"] = 1 }, brettspiel.ErrBadPosition, "winner is 1, but the state gives null"},
		{"capped", fresh, func(m map[string]any) { m["capped"] = true }, brettspiel.ErrBadPosition, "capped, but seat is 0: when the game is over, it is nobody's turn (-1)"},
		{"capped early", fresh, func(m map[string]any) { m["capped"], m["seat"], m["turns"] = true, -1, 1 }, brettspiel.ErrBadPosition, "the turn cap ended the game, but 1 throws were made, not 5000"},
		{"id", good, func(m map[string]any) { m["id"] = newGame(t, 3).ID() }, brettspiel.ErrBadPosition, "is not the position ID of the state"},
		{"turn", fresh, func(m map[string]any) { m["turn"] = "over" }, brettspiel.ErrBadPosition, "turn is over, but the state gives chance"},
		{"legal", fresh, func(m map[string]any) { m["legal"] = []any{} }, brettspiel.ErrBadPosition, "legal is [], but the state gives"},
		{"returns", fresh, func(m map[string]any) { m["returns"] = []int{1, -1} }, brettspiel.ErrBadPosition, "returns is [1 -1], but the state gives [-18 -18]"},
		{"markersOnPlan", fresh, func(m map[string]any) { m["markersOnPlan"] = 35 }, brettspiel.ErrBadPosition, "markersOnPlan is 35, but the state gives 36"},
		{"seat return", fresh, func(m map[string]any) { seat(m, 1)["return"] = 3 }, brettspiel.ErrBadPosition, `seats[1] is {"seat":1,"balance":7,"bought":0,"pasches":0,"return":3`},
		{"squares", fresh, func(m map[string]any) { field(m, 68)["squares"] = []int{1} }, brettspiel.ErrBadPosition, "fields[68].squares (F1) is [1], but the state gives null"},
		{"event on no field", fresh, func(m map[string]any) {
			m["events"].([]any)[0].(map[string]any)["to"] = 78
		}, brettspiel.ErrBadPosition, "events[0]: place 78 is outside 1…77"},
		{"event of seat 4", fresh, func(m map[string]any) {
			m["events"].([]any)[0].(map[string]any)["player"] = 4
		}, brettspiel.ErrBadPosition, "events[0]: player 4 of 2"},
		{"event on a misnamed field", fresh, func(m map[string]any) {
			m["events"].([]any)[0].(map[string]any)["toName"] = "W2.I"
		}, brettspiel.ErrBadPosition, `events[0]: from -1 ("", track -1), to 1 ("W2.I", track 1); want the track as the field`},
		{"event with a track", fresh, func(m map[string]any) {
			m["events"].([]any)[0].(map[string]any)["trackTo"] = 2
		}, brettspiel.ErrBadPosition, `to 1 ("W1.I", track 2)`},
		{"event with dice", fresh, func(m map[string]any) {
			m["events"].([]any)[0].(map[string]any)["dice"] = []int{1, 2, 3}
		}, brettspiel.ErrBadPosition, "events[0]: a place event with 3 dice"},
		{"throw without dice", good, func(m map[string]any) {
			delete(m["events"].([]any)[0].(map[string]any), "dice")
		}, brettspiel.ErrBadPosition, "events[0]: a throw event with 0 dice"},
		{"throw with seven dice", good, func(m map[string]any) {
			m["events"].([]any)[0].(map[string]any)["dice"] = []int{1, 2, 3, 4, 5, 6, 1}
		}, brettspiel.ErrBadPosition, "events[0]: 7 dice; an event carries at most 3"},
	} {
		doc := tc.doc
		if tc.edit != nil {
			doc = gametest.EditedDoc(t, doc, tc.edit)
		}
		if tc.name != "id" && tc.name != "dice" && tc.name != "no dice at a decision" && tc.edit != nil {
			doc = withOwnID(doc)
		}
		before := g.clone()
		err := g.UnmarshalJSON(doc)
		wantErr(t, tc.name, err, tc.sentinel, tc.reason)
		if !reflect.DeepEqual(g, before) {
			t.Errorf("%s: UnmarshalJSON failed but changed the game", tc.name)
		}
	}
}

// withOwnID replaces the "id" of a JSON state by the ID its state keys give,
// where they give a valid state, so that a test reaches the check it means.
func withOwnID(doc []byte) []byte {
	var s stateJSON
	if err := json.Unmarshal(doc, &s); err != nil {
		return doc
	}
	n := s.Rules.Players
	if n < 2 || n > 6 || len(s.Seats) != n || len(s.Fields) != NumFields {
		return doc
	}
	o, err := (Options{Players: n, Stock: s.Rules.Stock, TurnCap: s.Rules.TurnCap}).normalized()
	if err != nil {
		return doc
	}
	pos := Position{Thrower: brettspiel.Player(s.Seat), Throws: s.Turns}
	end := playing
	if s.Seat == -1 && s.Turns > 0 {
		pos.Thrower, end = brettspiel.Player((s.Turns-1)%n), won
		if s.Capped {
			end = capped
		}
	}
	for _, seat := range s.Seats {
		pos.Balances, pos.Bought, pos.Pasches = append(pos.Balances, seat.Balance), append(pos.Bought, seat.Bought), append(pos.Pasches, seat.Pasches)
	}
	for _, f := range s.Fields {
		if f.Marker {
			pos.Markers = append(pos.Markers, FieldID(f.ID))
		}
	}
	if len(s.Dice) == 3 {
		pos.Throw = dice.Throw3{L: uint8(s.Dice[0]), A: uint8(s.Dice[1]), B: uint8(s.Dice[2])}
	}
	g, err := load(o, pos, end)
	if err != nil {
		return doc
	}
	var m map[string]any
	_ = json.Unmarshal(doc, &m)
	m["id"] = g.ID()
	out, _ := json.Marshal(m)
	return out
}

func TestRecord(t *testing.T) {
	opts := Options{Players: 5, Stock: 4, TurnCap: 30}
	text := recordOf(t, opts, 2)
	lines := strings.Split(text, "\n")
	want := []string{"# brettspiel record", "game: festung", "players: 5", "option: stock=4", "option: empty-field=W4.VI", "option: turn-cap=30", ""}
	if !reflect.DeepEqual(lines[:len(want)], want) || len(lines) != len(want)+30+1 {
		t.Fatalf("record text:\n%s", text)
	}
	rec, g := gametest.LoadRecordText(t, text, LoadRecord)
	if g.Turns() != 30 || !g.Capped() || g.Options() != (Options{Players: 5, Stock: 4, TurnCap: 30, EmptyField: DefaultEmptyField}) {
		t.Errorf("loaded %d throws, capped %v, options %+v", g.Turns(), g.Capped(), g.Options())
	}
	// The shared writer writes the same steps (throws on one line until a
	// decision), and they load to the same game.
	var b strings.Builder
	start, _ := New(opts)
	if _, err := rec.WriteTo(&b, start); err != nil {
		t.Fatal(err)
	}
	rec2, err := brettspiel.ParseRecord(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if g2, err := LoadRecord(rec2); err != nil || !reflect.DeepEqual(g, g2) {
		t.Errorf("Record.WriteTo's text loads elsewhere: %v", err)
	}
}

// A tampered record is refused at its first illegal line, with the line
// number.
func TestRecordTampered(t *testing.T) {
	text := recordOf(t, ForPlayers(3), 3)
	lines := strings.Split(text, "\n")
	// The first decision line of the record, and a throw line before it.
	dec := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, " ; ") })
	if dec < 0 {
		t.Fatal("no decision in the record")
	}
	head := slices.Index(lines, "") + 1 // first step line
	for _, tc := range []struct {
		line     int // index into lines
		at       int // lines after it where the error is
		edit     func(string) string
		sentinel error
		reason   string
	}{
		{dec, 0, func(l string) string { // a field the large die does not name
			throw, _, _ := strings.Cut(l, " ; ")
			return throw + " ; W1.VI"
		}, brettspiel.ErrIllegalMove, "the large die shows"},
		// The decision left out: the next throw comes too early.
		{dec, 1, func(l string) string { throw, _, _ := strings.Cut(l, " ; "); return throw }, brettspiel.ErrNotYourTurn, "a decision is due: take from W1."},
		{head + 2, 0, func(string) string { return "7/1-1" }, brettspiel.ErrBadNotation, "want a throw such as 5/1-6"},
		{head + 3, 0, func(l string) string { return l + " ; W1.I" }, brettspiel.ErrChanceNode, "a throw is due"},
	} {
		bad := slices.Clone(lines)
		bad[tc.line] = tc.edit(bad[tc.line])
		rec, err := brettspiel.ParseRecord(strings.NewReader(strings.Join(bad, "\n")))
		if err != nil {
			t.Fatal(err)
		}
		_, err = LoadRecord(rec)
		where := fmt.Sprintf("record line %d,", tc.line+1+tc.at)
		if !errors.Is(err, tc.sentinel) || !strings.Contains(err.Error(), where) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("line %d %q: %v; want %q, %q and %q", tc.line+1, bad[tc.line], err, tc.sentinel, where, tc.reason)
		}
	}
}

func TestRecordRefusesBadRules(t *testing.T) {
	for _, tc := range []struct{ header, reason string }{
		{"game: verkehren", `a record of "verkehren", not of festung`},
		{"game: festung\npreset: Nürnberg", `unknown preset "Nürnberg"`},
		{"game: festung\noption: colour=red", `unknown option "colour"`},
		{"game: festung\noption: stock=3\noption: stock=4", "option stock given twice"},
		{"game: festung\nplayers: 3\noption: players=4", "the header says 3 players, the option players=4"},
		{"game: festung\nplayers: 3\noption: empty-field=W4.I", "only left with five players"},
		{"game: festung\nplayers: 1", "2 to 6 players, not 1"},
	} {
		rec, err := brettspiel.ParseRecord(strings.NewReader(brettspiel.RecordHeader + "\n" + tc.header + "\n\n5/1-6\n"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = LoadRecord(rec)
		wantErr(t, tc.header, err, brettspiel.ErrBadOptions, tc.reason)
	}
	for _, o := range []Options{{}, ForPlayers(4), {Players: 5, EmptyField: ow(1, 3, 1)}, {Players: 6, Stock: 9, TurnCap: 12}} {
		got, err := RecordOptions(NewRecord(o))
		want, _ := o.normalized()
		if err != nil || got != want {
			t.Errorf("NewRecord(%+v) names %+v, %v", o, got, err)
		}
	}
}

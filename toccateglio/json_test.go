package toccateglio

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/google/go-cmp/cmp"
)

// jsonRoundTrip writes g as JSON and reads it into a new game. The JSON
// carries everything, events included.
func jsonRoundTrip(g brettspiel.Game) (brettspiel.Game, error) {
	data, err := json.Marshal(g)
	if err != nil {
		return nil, err
	}
	var back Game
	if err := json.Unmarshal(data, &back); err != nil {
		return nil, err
	}
	return &back, nil
}

func TestSchemaFileIsTheEmbeddedOne(t *testing.T) {
	file, err := os.ReadFile("state.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(file, JSONSchema()) {
		t.Error("JSONSchema() differs from state.schema.json")
	}
	s := JSONSchema()
	s[0] = 'x'
	if JSONSchema()[0] == 'x' {
		t.Error("JSONSchema returns the package's own slice")
	}
	schematest.CheckShared(t, JSONSchema())
}

func TestJSONRoundTripAndSchema(t *testing.T) {
	sch := schematest.Compile(t, JSONSchema())
	for i, v := range variants() {
		o := v.o
		o.Partien = max(o.Partien, 2)
		phases := map[string]bool{}
		states := 0
		walk(t, o, uint64(20+i), brettspiel.RandomPolicy, func(g *Game) {
			data, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			// The schema, whose validator costs the most, sees every state
			// with BRETTSPIEL_LONG set, and by default every eighth and
			// the last.
			if states++; (states-1)%conformance.Games(8, 1) == 0 || g.ToMove() == brettspiel.Terminal {
				if err := schematest.Validate(sch, data); err != nil {
					t.Fatalf("%s: the schema refuses %s: %v", v.name, data, err)
				}
			}
			var s stateJSON
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatal(err)
			}
			phases[s.Phase] = true
			var back Game
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatalf("%s: %v\n%s", v.name, err, data)
			}
			if d := cmp.Diff(g, &back, cmp.AllowUnexported(Game{}, schule{})); d != "" {
				t.Fatalf("%s: JSON does not round-trip:\n%s\n%s", v.name, d, data)
			}
			again, _ := json.Marshal(&back)
			if !bytes.Equal(again, data) {
				t.Fatalf("%s: JSON written again differs", v.name)
			}
		})
		if len(phases) < 5 {
			t.Errorf("%s: only the phases %v", v.name, phases)
		}
	}
}

func TestUnmarshalJSONRefusesInconsistentStates(t *testing.T) {
	g := load(t, ts, own(ts, 1, map[int]int{6: 2, 8: 1}), opp(ts, 1, map[int]int{15: 1}), [2]int{5, 3}, [2]int{3, 1})
	sch := schematest.Compile(t, JSONSchema())
	side := func(m map[string]any, p int) map[string]any { return m["sides"].([]any)[p].(map[string]any) }
	track := func(m map[string]any, p int) []any { return side(m, p)["track"].([]any) }
	tocc := func(m map[string]any) map[string]any { return m["toccateglio"].(map[string]any) }
	for _, c := range []struct {
		name     string
		edit     func(m map[string]any)
		err      error
		reason   string
		schemaOK bool // the schema alone cannot see it
	}{
		{"16 stones", func(m map[string]any) { track(m, 0)[1] = 13.0 }, brettspiel.ErrBadPosition, "player 0 has 16 stones, want 15", true},
		{"lone stone on the Hucke", func(m map[string]any) { track(m, 0)[8], track(m, 0)[12] = 0.0, 1.0 }, brettspiel.ErrBadPosition, "player 0 has a lone stone on his Hucke", true},
		{"negative count", func(m map[string]any) { track(m, 1)[4] = -1.0 }, brettspiel.ErrBadPosition, "player 1 has -1 stones at track point 4", false},
		{"both on a point", func(m map[string]any) { track(m, 0)[1], track(m, 0)[15] = 11.0, 1.0 }, brettspiel.ErrBadPosition, "both players have stones on point 15", true},
		{"track too short", func(m map[string]any) { side(m, 0)["track"] = track(m, 0)[:25] }, brettspiel.ErrBadPosition, "sides[0].track has 25 places, want 26", false},
		{"unknown preset", func(m map[string]any) { m["rules"].(map[string]any)["preset"] = "Trictrac" }, brettspiel.ErrBadOptions, `unknown preset "Trictrac"`, false},
		{"preset other than the rules", func(m map[string]any) { m["rules"].(map[string]any)["preset"] = "Toccadille" }, brettspiel.ErrBadOptions, "the rules differ from it", true},
		{"stones 17", func(m map[string]any) { m["rules"].(map[string]any)["stones"] = 17.0 }, brettspiel.ErrBadOptions, "Stones is 17", false},
		{"bad enum", func(m map[string]any) { m["rules"].(map[string]any)["huckeForce"] = "sometimes" }, brettspiel.ErrBadOptions, `rules.huckeForce is "sometimes"`, false},
		{"first player as a number", func(m map[string]any) { m["rules"].(map[string]any)["firstPlayer"] = "0" }, brettspiel.ErrBadOptions, `rules.firstPlayer is "0"`, false},
		{"bad phase", func(m map[string]any) { m["phase"] = "dance" }, brettspiel.ErrBadPosition, `phase is "dance"`, false},
		{"empty phase", func(m map[string]any) { m["phase"] = "" }, brettspiel.ErrBadPosition, `phase is ""`, false},
		{"marks 12 before the end", func(m map[string]any) { tocc(m)["marks"].([]any)[1] = 12.0 }, brettspiel.ErrBadPosition, "player 1 has 12 marks, want 0…11", true},
		{"dice", func(m map[string]any) { m["dice"] = []any{7.0, 1.0} }, brettspiel.ErrBadPosition, "dice is [7 1]", false},
		{"three dice", func(m map[string]any) { m["dice"] = []any{5.0, 3.0, 1.0} }, brettspiel.ErrBadPosition, "dice is [5 3 1]", false},
		{"old zero dice", func(m map[string]any) { m["dice"] = []any{0.0, 0.0} }, brettspiel.ErrBadPosition, "dice is [0 0]", false},
		{"no seat in play", func(m map[string]any) { m["seat"] = -1.0 }, brettspiel.ErrBadPosition, "seat -1 and toccateglio.lastSeat -1 in phase play", true},
		{"last seat before the end", func(m map[string]any) { tocc(m)["lastSeat"] = 0.0 }, brettspiel.ErrBadPosition, "toccateglio.lastSeat 0 in phase play", true},
		{"point disagrees", func(m map[string]any) { m["points"].([]any)[5].(map[string]any)["count"] = 3.0 }, brettspiel.ErrBadPosition, "points[5]: point 6 holds 3 of seat 0, but the sides' tracks give 2", true},
		{"hucke misplaced", func(m map[string]any) { m["points"].([]any)[10].(map[string]any)["hucke"] = 0.0 }, brettspiel.ErrBadPosition, "points[10] is point 11", true},
		{"home misplaced", func(m map[string]any) { m["points"].([]any)[6].(map[string]any)["home"] = 1.0 }, brettspiel.ErrBadPosition, "points[6] is point 7", true},
		{"pips disagree", func(m map[string]any) { side(m, 0)["pips"] = 1.0 }, brettspiel.ErrBadPosition, "sides[0]: seat 0, waiting 0, onBoard 15, borneOff 0, pips 1", true},
		{"score disagrees", func(m map[string]any) { side(m, 1)["score"] = 2.0 }, brettspiel.ErrBadPosition, "score 2, but the track and strokes give", true},
		{"waiting on the bar", func(m map[string]any) { m["waiting"] = "bar" }, brettspiel.ErrBadPosition, `waiting is "bar"`, false},
		{"turn disagrees", func(m map[string]any) { m["turn"] = "chance"; m["player"] = -1.0 }, brettspiel.ErrBadPosition, `turn "chance" and player -1, but the phase "play" gives "player" and 0`, true},
		{"returns disagree", func(m map[string]any) { m["returns"] = []any{1.0, -1.0} }, brettspiel.ErrBadPosition, "returns [1 -1]", true},
		{"legal disagrees", func(m map[string]any) { m["legal"].([]any)[0].(map[string]any)["notation"] = "1/2 1/3" }, brettspiel.ErrBadPosition, `legal[0] is "1/2 1/3"`, true},
		{"legal parts disagree", func(m map[string]any) { m["legal"].([]any)[0].(map[string]any)["marks"] = []any{5.0, 0.0} }, brettspiel.ErrBadPosition, `or its parts differ`, true},
		{"id disagrees", func(m map[string]any) { m["id"] = "toccateglio:1:AAAA" }, brettspiel.ErrBadPosition, `the id "toccateglio:1:AAAA" does not agree`, true},
		{"unknown key", func(m map[string]any) { m["colour"] = "red" }, brettspiel.ErrBadNotation, `unknown field "colour"`, false},
		{"old key", func(m map[string]any) { m["board"] = m["points"] }, brettspiel.ErrBadNotation, `unknown field "board"`, false},
		{"unknown key of the game's own", func(m map[string]any) { tocc(m)["junker"] = []any{0.0, 0.0} }, brettspiel.ErrBadNotation, `unknown field "toccateglio.junker"`, false},
		{"version 3", func(m map[string]any) { m["version"] = 3.0 }, brettspiel.ErrBadPosition, "version 3", false},
		{"another game", func(m map[string]any) { m["game"] = "verkehren" }, brettspiel.ErrBadPosition, `game "verkehren"`, false},
		{"one side", func(m map[string]any) { m["sides"] = m["sides"].([]any)[:1] }, brettspiel.ErrBadPosition, "1 sides, want 2", false},
		{"one mark", func(m map[string]any) { tocc(m)["marks"] = []any{1.0} }, brettspiel.ErrBadPosition, "1 marks and 2 strokes", false},
	} {
		data := gametest.Edited(t, g, c.edit)
		var back Game
		before := back
		err := back.UnmarshalJSON(data)
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, c.err) || !strings.Contains(e.Reason, c.reason) {
			t.Errorf("%s: UnmarshalJSON = %v, want %v saying %q", c.name, err, c.err, c.reason)
		}
		if d := cmp.Diff(before, back, cmp.AllowUnexported(Game{}, schule{})); d != "" {
			t.Errorf("%s: a failed UnmarshalJSON changed the game", c.name)
		}
		if err := schematest.Validate(sch, data); (err == nil) != c.schemaOK {
			t.Errorf("%s: the schema says %v", c.name, err)
		}
	}
	for _, bad := range []string{"", "{", "[]", `{"version":1}`, "null", `{"version":1,"game":"toccateglio"} {}`} {
		var back Game
		if err := back.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%q) accepted", bad)
		}
	}
}

// FuzzUnmarshalJSON: any bytes are refused with a *brettspiel.Error, or
// decode to a valid game whose JSON, written again, decodes to the same game
// and is written alike; nothing panics.
func FuzzUnmarshalJSON(f *testing.F) {
	g, _ := New(ts)
	data, _ := json.Marshal(g)
	f.Add(data)
	f.Add([]byte(`{"version":2,"game":"toccateglio","sides":[{},{}],"toccateglio":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Game
		if err := json.Unmarshal(data, &g); err != nil {
			var e *brettspiel.Error
			if !errors.As(err, &e) || e.Reason == "" {
				var se *json.SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("%q: %v (%T) is not a *brettspiel.Error with a reason", data, err, err)
				}
			}
			return
		}
		if err := checkInvariant(&g); err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(&g)
		if err != nil {
			t.Fatal(err)
		}
		var back Game
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("%s written again does not decode: %v", data, err)
		}
		if d := cmp.Diff(&g, &back, cmp.AllowUnexported(Game{}, schule{})); d != "" {
			t.Fatalf("decoded again elsewhere:\n%s", d)
		}
		if again, _ := json.Marshal(&back); !bytes.Equal(again, out) {
			t.Fatalf("written again differs:\n%s\n%s", out, again)
		}
	})
}

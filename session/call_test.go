package session

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/kit"
)

// call runs a method and decodes its result into out; it fails the test on
// an error value.
func call(t *testing.T, a *Table, method string, args any, out any) {
	t.Helper()
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	res := a.Call(method, b)
	if e := errorOf(res); e != nil {
		t.Fatalf("%s(%s): %s: %s", method, b, e.Name, e.Message)
	}
	if out != nil {
		if err := json.Unmarshal(res, out); err != nil {
			t.Fatalf("%s: decode %s: %v", method, res, err)
		}
	}
}

// fail runs a method that must fail and returns its error value.
func fail(t *testing.T, a *Table, method string, args string) *ErrorJSON {
	t.Helper()
	res := a.Call(method, []byte(args))
	e := errorOf(res)
	if e == nil {
		t.Fatalf("%s(%s) = %s, want an error", method, args, res)
	}
	return e
}

func errorOf(res []byte) *ErrorJSON {
	var v struct {
		Error *ErrorJSON `json:"error"`
	}
	if json.Unmarshal(res, &v) != nil {
		return &ErrorJSON{Name: "not JSON", Message: string(res)}
	}
	return v.Error
}

// idOf reads the position ID from a state.
func idOf(t *testing.T, s *StateJSON) string {
	t.Helper()
	var v struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(s.State, &v); err != nil {
		t.Fatal(err)
	}
	return v.ID
}

func libID(t *testing.T, g brettspiel.Game) string {
	t.Helper()
	id, err := positionID(g)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestGamesListsEveryVariantAndPreset(t *testing.T) {
	a := NewTable(Options{})
	var out struct {
		Games  []VariantJSON `json:"games"`
		Bots   []string      `json:"bots"`
		Levels []LevelJSON   `json:"levels"`
	}
	call(t, a, "games", nil, &out)
	want := catalog.Variants()
	if len(out.Games) != len(want) {
		t.Fatalf("%d games, want %d", len(out.Games), len(want))
	}
	for i, v := range want {
		g := out.Games[i]
		if g.Name != v.Name || g.MinPlayers != v.MinPlayers || g.MaxPlayers != v.MaxPlayers || len(g.Presets) != len(v.Presets) {
			t.Errorf("game %d = %+v, want %+v", i, g, v)
		}
		for j, p := range v.Presets {
			if g.Presets[j].Name != p.Name {
				t.Errorf("%s preset %d = %q, want %q", v.Name, j, g.Presets[j].Name, p.Name)
			}
		}
	}
	if strings.Join(out.Bots, ",") != strings.Join(bot.Names(), ",") || !slices.Contains(out.Bots, "expectimax") || !slices.Contains(out.Bots, "net-strongest") {
		t.Errorf("bots %v, want the registry's, the learned levels included", out.Bots)
	}
	// each level says the games it is made for, as the registry does
	games := map[string]string{}
	for _, l := range out.Levels {
		games[l.Name] = strings.Join(l.Games, ",")
	}
	for name, want := range map[string]string{"greedy": "", "net-strongest": "toccateglio,verkehren", "festung-best": "festung"} {
		if got, ok := games[name]; !ok || got != want {
			t.Errorf("level %s made for %q (listed %v), want %q", name, got, ok, want)
		}
	}
}

// Every preset of every game, played to the end through the calls of the
// page — throws from the seed, plays by single steps through nextSteps, the
// rest by notation — reaches after every step the position that the library
// reaches when it is given the same throws and moves directly.
func TestPlayEveryPresetByStepsAgreesWithLibrary(t *testing.T) {
	for _, v := range catalog.Variants() {
		for _, p := range v.Presets {
			players := v.MinPlayers
			if v.MaxPlayers > 2 {
				players = 3
			}
			t.Run(v.Name+"/"+p.Name, func(t *testing.T) {
				playByStepsToEnd(t, v.Name, p.Name, players, 7)
			})
		}
	}
}

func playByStepsToEnd(t *testing.T, variant, preset string, players int, seed uint64) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": variant, "preset": preset, "players": players, "seed": seed}, &s)
	lib, err := catalog.New(variant, preset, players)
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handle
	for n := 0; lib.ToMove() != brettspiel.Terminal; n++ {
		if n > 20000 {
			t.Fatal("no end after 20000 steps")
		}
		switch lib.ToMove() {
		case brettspiel.Chance:
			m, err := brettspiel.SampleChance(lib, Rand(seed, n, Dice))
			if err != nil {
				t.Fatal(err)
			}
			if err := lib.Apply(m); err != nil {
				t.Fatal(err)
			}
			call(t, a, "throw", map[string]any{"handle": h, "since": n, "legal": false}, &s)
		default:
			legal := lib.LegalMoves()
			m := legal[(n*7)%len(legal)]
			if c, ok := lib.(kit.Conceder); ok && c.Concedes(m) {
				m = legal[0]
			}
			info, err := lib.(brettspiel.Describer).Describe(m)
			if err != nil {
				t.Fatal(err)
			}
			notation := lib.MoveString(m)
			if len(info.Steps) > 0 {
				var made []brettspiel.Step
				var next NextJSON
				for _, st := range info.Steps {
					made = append(made, brettspiel.Step{From: st.From, To: st.To, Field: st.Field})
					call(t, a, "nextSteps", map[string]any{"handle": h, "steps": made}, &next)
				}
				if next.Complete == "" {
					t.Fatalf("step %d: the steps of %s complete no move", n, notation)
				}
				notation = next.Complete
			}
			if err := lib.Apply(m); err != nil {
				t.Fatal(err)
			}
			call(t, a, "apply", map[string]any{"handle": h, "notation": notation, "since": n, "legal": false}, &s)
		}
		if got, want := idOf(t, &s), libID(t, lib); got != want {
			t.Fatalf("step %d: page %s, library %s", n, got, want)
		}
		if s.Length != n+1 || len(s.Log) != 1 || s.Log[0].Index != n {
			t.Fatalf("step %d: length %d, log %+v", n, s.Length, s.Log)
		}
	}
}

func TestThrowIsSeeded(t *testing.T) {
	a := NewTable(Options{})
	var s1, s2, s3 StateJSON
	call(t, a, "newGame", map[string]any{"variant": "verkehren", "seed": 99}, &s1)
	call(t, a, "throw", map[string]any{"handle": s1.Handle}, &s1)
	call(t, a, "newGame", map[string]any{"variant": "verkehren", "seed": "99"}, &s2)
	call(t, a, "throw", map[string]any{"handle": s2.Handle}, &s2)
	if idOf(t, &s1) != idOf(t, &s2) {
		t.Errorf("same seed, two throws: %s and %s", idOf(t, &s1), idOf(t, &s2))
	}
	// Undoing a throw and throwing again gives the same throw.
	call(t, a, "undo", map[string]any{"handle": s2.Handle}, &s3)
	call(t, a, "throw", map[string]any{"handle": s2.Handle}, &s3)
	if idOf(t, &s3) != idOf(t, &s1) {
		t.Errorf("undo and throw again: %s, want %s", idOf(t, &s3), idOf(t, &s1))
	}
	// Another seed gives another series of throws within a few throws.
	differ := false
	for seed := uint64(100); seed < 104 && !differ; seed++ {
		var s StateJSON
		call(t, a, "newGame", map[string]any{"variant": "verkehren", "seed": seed}, &s)
		call(t, a, "throw", map[string]any{"handle": s.Handle}, &s)
		differ = idOf(t, &s) != idOf(t, &s1)
	}
	if !differ {
		t.Error("five seeds gave the same first throw")
	}
}

// The Festungsspiel's one preset has the catalogue's name in a game's
// description, whether the game was started or loaded from its record.
func TestFestungPresetHasTheCataloguesName(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "festung", "players": 3}, &s)
	want := catalog.Variants()[0].Presets[0].Name
	for _, v := range catalog.Variants() {
		if v.Name == "festung" {
			want = v.Presets[0].Name
		}
	}
	var rec TextJSON
	call(t, a, "saveRecord", map[string]any{"handle": s.Handle}, &rec)
	var loaded StateJSON
	call(t, a, "loadRecord", map[string]any{"text": rec.Text}, &loaded)
	if s.Preset != want || loaded.Preset != want {
		t.Errorf("preset %q, loaded %q; want %q", s.Preset, loaded.Preset, want)
	}
}

func TestThrowManual(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "festung", "players": 3, "seed": 1}, &s)
	call(t, a, "throwManual", map[string]any{"handle": s.Handle, "dice": []int{5, 6, 1}}, &s)
	if s.Move != "5/1-6" {
		t.Errorf("dice 5, 6, 1 played %q, want 5/1-6", s.Move)
	}
	e := fail(t, a, "throwManual", fmt.Sprintf(`{"handle":%d,"dice":[7,1,1]}`, s.Handle))
	if e.Name != "ErrBadNotation" {
		t.Errorf("dice 7-1-1: %s %s", e.Name, e.Message)
	}
	call(t, a, "newGame", map[string]any{"variant": "toccateglio", "seed": 1}, &s)
	call(t, a, "throwManual", map[string]any{"handle": s.Handle, "dice": []int{2, 6}}, &s)
	if s.Move != "6-2" && s.Move != "2-6" {
		t.Errorf("dice 2, 6 played %q", s.Move)
	}
}

func TestUndoRedoTakeback(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "toccateglio", "seed": 3}, &s)
	h := s.Handle
	var ids []string
	ids = append(ids, idOf(t, &s))
	for s.Length < 12 {
		var legal struct {
			Legal []brettspiel.LegalMove `json:"legal"`
		}
		call(t, a, "legal", map[string]any{"handle": h}, &legal)
		var st struct {
			Turn string `json:"turn"`
		}
		json.Unmarshal(s.State, &st)
		if st.Turn == "chance" {
			call(t, a, "throw", map[string]any{"handle": h}, &s)
		} else {
			call(t, a, "apply", map[string]any{"handle": h, "notation": legal.Legal[len(legal.Legal)-1].Notation}, &s)
		}
		ids = append(ids, idOf(t, &s))
	}
	call(t, a, "undo", map[string]any{"handle": h}, &s)
	// by default the log of an undo is empty from the new length on: a
	// frontend cuts its own there
	if idOf(t, &s) != ids[11] || !s.CanRedo || s.Length != 11 || len(s.Log) != 0 || s.Since != 11 {
		t.Errorf("undo: %s length %d redo %v log %d since %d, want %s", idOf(t, &s), s.Length, s.CanRedo, len(s.Log), s.Since, ids[11])
	}
	call(t, a, "redo", map[string]any{"handle": h}, &s)
	if idOf(t, &s) != ids[12] || s.CanRedo || s.Since != 11 || len(s.Log) != 1 || s.Log[0].Index != 11 {
		t.Errorf("redo: %s since %d log %d, want %s and the step redone", idOf(t, &s), s.Since, len(s.Log), ids[12])
	}
	call(t, a, "takeback", map[string]any{"handle": h}, &s)
	if s.Length >= 12 || idOf(t, &s) != ids[s.Length] {
		t.Errorf("takeback: length %d id %s", s.Length, idOf(t, &s))
	}
	for s.CanUndo {
		call(t, a, "undo", map[string]any{"handle": h}, &s)
	}
	if idOf(t, &s) != ids[0] {
		t.Errorf("undone to the start: %s, want %s", idOf(t, &s), ids[0])
	}
	if e := fail(t, a, "undo", fmt.Sprintf(`{"handle":%d}`, h)); e.Name != "ErrNothingTo" {
		t.Errorf("undo at the start: %+v", e)
	}
}

func TestSaveAndLoadRecordAndID(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "verkehren", "preset": "Fiske", "seed": 5}, &s)
	h := s.Handle
	for s.Length < 9 {
		var st struct {
			Turn  string                 `json:"turn"`
			Legal []brettspiel.LegalMove `json:"legal"`
		}
		json.Unmarshal(s.State, &st)
		if st.Turn == "chance" {
			call(t, a, "throw", map[string]any{"handle": h}, &s)
		} else {
			call(t, a, "apply", map[string]any{"handle": h, "notation": st.Legal[0].Notation}, &s)
		}
	}
	var rec struct{ Text string }
	call(t, a, "saveRecord", map[string]any{"handle": h}, &rec)
	if !strings.HasPrefix(rec.Text, brettspiel.RecordHeader) || !strings.Contains(rec.Text, "Fiske") {
		t.Fatalf("record:\n%s", rec.Text)
	}
	var loaded StateJSON
	call(t, a, "loadRecord", map[string]any{"text": rec.Text, "seed": 5}, &loaded)
	if loaded.Handle == h || idOf(t, &loaded) != idOf(t, &s) || loaded.Length != s.Length || loaded.Preset != "Fiske" || !loaded.HasRecord {
		t.Errorf("loaded record: handle %d length %d preset %q, id %s, want %s", loaded.Handle, loaded.Length, loaded.Preset, idOf(t, &loaded), idOf(t, &s))
	}
	var id struct{ ID string }
	call(t, a, "positionID", map[string]any{"handle": h}, &id)
	if id.ID != idOf(t, &s) {
		t.Errorf("positionID %s, state's id %s", id.ID, idOf(t, &s))
	}
	var fromID StateJSON
	call(t, a, "loadID", map[string]any{"id": " " + id.ID + "\n"}, &fromID)
	if idOf(t, &fromID) != id.ID || fromID.Length != 0 || !fromID.HasRecord || fromID.Variant != "verkehren" {
		t.Errorf("loaded ID: %+v", fromID)
	}
	// A game loaded from an ID is saved as a record that starts there.
	var played StateJSON
	call(t, a, "botMove", map[string]any{"handle": fromID.Handle, "bot": "random"}, &played)
	var saved struct{ Text string }
	call(t, a, "saveRecord", map[string]any{"handle": fromID.Handle}, &saved)
	if !strings.Contains(saved.Text, "\nstart: "+id.ID+"\n") {
		t.Errorf("the record of a game from an ID has no start line:\n%s", saved.Text)
	}
	var again StateJSON
	call(t, a, "loadRecord", map[string]any{"text": saved.Text}, &again)
	if idOf(t, &again) != idOf(t, &played) || again.Length != played.Length || again.Length == 0 {
		t.Errorf("the record of a game from an ID loads to %s at %d, want %s at %d", idOf(t, &again), again.Length, idOf(t, &played), played.Length)
	}
	if e := fail(t, a, "loadRecord", `{"text":"# brettspiel record\ngame: nosuch\n\n"}`); e.Name != "ErrBadOptions" {
		t.Errorf("record of an unknown game: %+v", e)
	}
	if e := fail(t, a, "loadID", `{"id":"verkehren:1:AAAA"}`); e.Name != "ErrBadNotation" && e.Name != "ErrBadPosition" {
		t.Errorf("bad ID: %+v", e)
	}
}

func TestBotMoveIsSeededAndHintRanks(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "toccateglio", "seed": 11}, &s)
	lib, _ := catalog.New("toccateglio", "", 2)
	for n := 0; n < 30 && lib.ToMove() != brettspiel.Terminal; n++ {
		if lib.ToMove() == brettspiel.Chance {
			m, _ := brettspiel.SampleChance(lib, Rand(11, n, Dice))
			lib.Apply(m)
			call(t, a, "throw", map[string]any{"handle": s.Handle}, &s)
			continue
		}
		var hints struct{ Hints []Hint }
		call(t, a, "hint", map[string]any{"handle": s.Handle}, &hints)
		if len(hints.Hints) == 0 || hints.Hints[0].Notation == "" {
			t.Fatalf("step %d: hints %+v", n, hints)
		}
		m := bot.Random{}.Choose(lib, lib.LegalMoves(), Rand(11, n, Bots))
		want := lib.MoveString(m)
		lib.Apply(m)
		call(t, a, "botMove", map[string]any{"handle": s.Handle, "bot": "random"}, &s)
		if s.Move != want || idOf(t, &s) != libID(t, lib) {
			t.Fatalf("step %d: bot played %s, want %s", n, s.Move, want)
		}
	}
	for _, b := range []string{"random", "greedy", "expectimax"} {
		var s StateJSON
		call(t, a, "newGame", map[string]any{"variant": "festung", "players": 4, "seed": 2}, &s)
		limit := 60
		if b == "expectimax" {
			limit = 12 // its look-ahead costs most
		}
		for s.Length < limit {
			var st struct{ Turn string }
			json.Unmarshal(s.State, &st)
			if st.Turn == "over" {
				break
			}
			if st.Turn == "chance" {
				call(t, a, "throw", map[string]any{"handle": s.Handle}, &s)
			} else {
				call(t, a, "botMove", map[string]any{"handle": s.Handle, "bot": b}, &s)
				if s.Move == "" {
					t.Fatalf("%s played nothing", b)
				}
			}
		}
	}
}

func TestIllegalStepNamesItsRule(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "verkehren", "seed": 4}, &s)
	for {
		var st struct{ Turn string }
		json.Unmarshal(s.State, &st)
		if st.Turn == "player" {
			break
		}
		call(t, a, "throw", map[string]any{"handle": s.Handle}, &s)
	}
	// Point 7 is empty at the start of Verkehren: no stone moves from there.
	e := fail(t, a, "nextSteps", fmt.Sprintf(`{"handle":%d,"steps":[{"from":7,"to":9}]}`, s.Handle))
	if e.Name != "ErrIllegalMove" || len(e.Rules) == 0 || e.Rules[0].Text == "" {
		t.Errorf("illegal step: %+v", e)
	}
	for _, r := range e.Rules {
		if !strings.Contains(e.Message, r.ID) || r.Text == "" {
			t.Errorf("rule %+v is not named in %q", r, e.Message)
		}
	}
	before := idOf(t, &s)
	call(t, a, "state", map[string]any{"handle": s.Handle}, &s)
	if idOf(t, &s) != before {
		t.Error("a refused step changed the game")
	}
}

// Bad calls from JavaScript come back as error values, never as a panic.
func TestBadCallsAreErrorValues(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "toccateglio", "seed": 1}, &s)
	h := s.Handle
	for _, c := range []struct{ method, args, name string }{
		{"nosuch", `{}`, "ErrUnknownMethod"},
		{"state", `{}`, "ErrBadCall"},
		{"state", `{"handle":"one"}`, "ErrBadCall"},
		{"state", `{"handle":999}`, "ErrUnknownHandle"},
		{"state", `[1,2]`, "ErrBadCall"},
		{"state", `{"handle":` + fmt.Sprint(h) + `,"extra":1}`, "ErrBadCall"},
		{"state", `not json`, "ErrBadCall"},
		{"newGame", `{}`, "ErrBadCall"},
		{"newGame", `{"variant":"chess"}`, "ErrBadOptions"},
		{"newGame", `{"variant":"festung","players":9}`, "ErrBadOptions"},
		{"newGame", `{"variant":"toccateglio","seed":-1}`, "ErrBadCall"},
		{"newGame", `{"variant":"toccateglio","seed":"18446744073709551616"}`, "ErrBadCall"},
		{"newGame", `{"variant":"toccateglio","seed":1.5}`, "ErrBadCall"},
		{"apply", fmt.Sprintf(`{"handle":%d}`, h), "ErrBadCall"},
		{"apply", fmt.Sprintf(`{"handle":%d,"notation":"1/7 1/8"}`, h), "ErrBadNotation"},
		{"apply", fmt.Sprintf(`{"handle":%d,"notation":"xyz"}`, h), "ErrBadNotation"},
		{"nextSteps", fmt.Sprintf(`{"handle":%d,"steps":[{"from":"a"}]}`, h), "ErrBadCall"},
		{"botMove", fmt.Sprintf(`{"handle":%d,"bot":"random"}`, h), "ErrNotYourTurn"},
		{"botMove", fmt.Sprintf(`{"handle":%d,"bot":"gnubg"}`, h), "ErrUnknownBot"},
		{"botMove", fmt.Sprintf(`{"handle":%d}`, h), "ErrBadCall"},
		{"rule", `{"id":"X-9"}`, "ErrUnknownRule"},
		{"rule", `{}`, "ErrBadCall"},
		{"loadRecord", `{"text":"hello"}`, "ErrBadNotation"},
		{"loadID", `{"id":"nothing"}`, "ErrBadNotation"},
		{"close", `{"handle":12345}`, "ErrUnknownHandle"},
	} {
		e := fail(t, a, c.method, c.args)
		if e.Name != c.name || e.Message == "" {
			t.Errorf("%s(%s): %s %q, want %s", c.method, c.args, e.Name, e.Message, c.name)
		}
	}
	// The game is as it was.
	var after StateJSON
	call(t, a, "state", map[string]any{"handle": h}, &after)
	if idOf(t, &after) != idOf(t, &s) || after.Length != 0 {
		t.Error("bad calls changed the game")
	}
	call(t, a, "close", map[string]any{"handle": h}, nil)
	if e := fail(t, a, "state", fmt.Sprintf(`{"handle":%d}`, h)); e.Name != "ErrUnknownHandle" {
		t.Errorf("closed handle: %+v", e)
	}
}

func TestPanicBecomesErrorValue(t *testing.T) {
	methods["testPanic"] = func(context.Context, *Table, string, []byte) ([]byte, error) { panic("boom") }
	defer delete(methods, "testPanic")
	a := NewTable(Options{})
	e := fail(t, a, "testPanic", `{}`)
	if e.Name != "ErrInternal" || !strings.Contains(e.Message, "boom") {
		t.Errorf("panic: %+v", e)
	}
	// The table still works after it.
	call(t, a, "games", nil, nil)
}

func TestRuleText(t *testing.T) {
	a := NewTable(Options{})
	var r RuleJSON
	call(t, a, "rule", map[string]any{"id": "t-m3"}, &r)
	if r.ID != "T-M3" || r.Title == "" || r.Text == "" {
		t.Errorf("rule T-M3: %+v", r)
	}
}

// A full table refuses a new game by name and keeps every game it holds:
// none is dropped while a frontend may be using it.
func TestTableIsBounded(t *testing.T) {
	a := NewTable(Options{MaxGames: 4})
	var first, s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "festung"}, &first)
	for i := 1; i < 4; i++ {
		call(t, a, "newGame", map[string]any{"variant": "festung"}, &s)
	}
	for _, m := range []struct{ method, args string }{
		{"newGame", `{"variant":"festung"}`},
		{"loadID", `{"id":"` + idOf(t, &first) + `"}`},
		{"loadRecord", `{"text":"# brettspiel record\ngame: festung\n\n"}`},
	} {
		if e := fail(t, a, m.method, m.args); e.Name != "ErrTableFull" {
			t.Errorf("%s on a full table: %+v", m.method, e)
		}
	}
	if a.Len() != 4 {
		t.Errorf("%d games kept, want 4", a.Len())
	}
	call(t, a, "state", map[string]any{"handle": first.Handle}, nil)
	call(t, a, "close", map[string]any{"handle": first.Handle}, nil)
	call(t, a, "newGame", map[string]any{"variant": "festung"}, &s)
	if NewTable(Options{}).max != DefaultMaxGames {
		t.Error("the default bound")
	}
}

// A match of Toccateglio, loaded from a record's header with the option of
// three Partien, offers its winner the decision to go on or start afresh
// (T-W3); the decision is played by its notation as the page's buttons do.
func TestToccateglioMatchDecision(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	rec := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=3\n\n"
	call(t, a, "loadRecord", map[string]any{"text": rec, "seed": 1}, &s)
	decided := map[string]bool{}
	for n := 0; n < 3000 && len(decided) < 2; n++ {
		var st struct {
			Turn  string                 `json:"turn"`
			Legal []brettspiel.LegalMove `json:"legal"`
		}
		if err := json.Unmarshal(s.State, &st); err != nil {
			t.Fatal(err)
		}
		switch st.Turn {
		case "over":
			call(t, a, "loadRecord", map[string]any{"text": rec, "seed": n}, &s)
		case "chance":
			call(t, a, "throw", map[string]any{"handle": s.Handle}, &s)
		default:
			m := st.Legal[n%len(st.Legal)]
			for _, l := range st.Legal {
				if l.Kind == "decision" && !decided[l.Decision] {
					m = l
				}
			}
			if m.Kind == "decision" {
				decided[m.Decision] = true
			}
			call(t, a, "apply", map[string]any{"handle": s.Handle, "notation": m.Notation}, &s)
		}
	}
	if !decided["go-on"] || !decided["afresh"] {
		t.Errorf("decisions played: %v, want go-on and afresh", decided)
	}
}

// The "move" of an answer to apply, throw and botMove is the notation of
// the step the call played, as the log (the history's entry) has it, and
// that step's actor is the seat that was to move (−1 for a throw).
func TestMoveOfAnAnswerIsItsStep(t *testing.T) {
	a := NewTable(Options{})
	for _, c := range []struct {
		variant string
		players int
	}{{"toccateglio", 2}, {"verkehren", 2}, {"festung", 3}, {"festung", 6}} {
		var s StateJSON
		call(t, a, "newGame", map[string]any{"variant": c.variant, "players": c.players, "seed": 3}, &s)
		for i := 0; i < 150; i++ {
			var st struct {
				Turn   string
				Player int
			}
			json.Unmarshal(s.State, &st)
			if st.Turn == "over" {
				break
			}
			since := s.Length
			switch {
			case st.Turn == "chance":
				call(t, a, "throw", map[string]any{"handle": s.Handle, "since": since}, &s)
				st.Player = -1
			case i%2 == 0:
				call(t, a, "botMove", map[string]any{"handle": s.Handle, "bot": "random", "since": since}, &s)
			default:
				var legal LegalJSON
				call(t, a, "legal", map[string]any{"handle": s.Handle, "parts": false}, &legal)
				m := legal.Legal[i%len(legal.Legal)].Notation
				call(t, a, "apply", map[string]any{"handle": s.Handle, "notation": m, "since": since}, &s)
				if s.Move != m {
					t.Fatalf("%s step %d: applied %q, the answer says %q", c.variant, i, m, s.Move)
				}
			}
			if len(s.Log) != 1 || s.Move != s.Log[0].Notation || s.Log[0].Actor != st.Player || s.Log[0].Index != since {
				t.Fatalf("%s step %d: move %q, log %+v, want the step of actor %d at %d", c.variant, i, s.Move, s.Log, st.Player, since)
			}
		}
	}
}

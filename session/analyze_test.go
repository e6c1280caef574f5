//go:build !wasm

package session

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel/analysis"
)

// "analyze" answers with the analysis of the steps played, as package
// analysis makes it from the game's history, and leaves the game as it was.
func TestAnalyzeCall(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 3, "seats": []string{"greedy", "random"}}, &s)
	call(t, tab, "advance", map[string]any{"handle": s.Handle, "limit": 60}, &s)
	var rep analysis.Report
	call(t, tab, "analyze", map[string]any{"handle": s.Handle}, &rep)
	if rep.Variant != "verkehren" || rep.Judge != "net, 1 ply" || len(rep.Steps) != s.Length || len(rep.Players) != 2 {
		t.Fatalf("%s %q: %d steps of %d, %d players", rep.Variant, rep.Judge, len(rep.Steps), s.Length, len(rep.Players))
	}
	g, err := tab.Game(s.Handle)
	if err != nil {
		t.Fatal(err)
	}
	want, err := analysis.Game(g.h)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(want)
	b, _ := json.Marshal(rep)
	if string(a) != string(b) {
		t.Fatal("the call's analysis is not the package's")
	}
	typed, err := g.Analyze(context.Background(), AnalyzeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := json.Marshal(typed); string(c) != string(a) {
		t.Fatal("Game.Analyze differs from the call")
	}
	if rep.Players[0].Decisions == 0 || rep.Players[1].ErrorRate <= rep.Players[0].ErrorRate {
		t.Errorf("greedy %+v, random %+v", rep.Players[0], rep.Players[1])
	}
	var two analysis.Report
	call(t, tab, "analyze", map[string]any{"handle": s.Handle, "plies": 2}, &two)
	if two.Judge != "net, 2 plies" {
		t.Errorf("plies 2: judged by %q", two.Judge)
	}
	var after StateJSON
	call(t, tab, "state", map[string]any{"handle": s.Handle}, &after)
	if after.Length != s.Length {
		t.Errorf("length %d after the analysis, %d before", after.Length, s.Length)
	}
	for _, c := range []struct{ args, name string }{
		{`{}`, "ErrBadCall"},
		{`{"handle":999}`, "ErrUnknownHandle"},
		{fmt.Sprintf(`{"handle":%d,"plies":3}`, s.Handle), "ErrBadCall"},
		{fmt.Sprintf(`{"handle":%d,"plies":-1}`, s.Handle), "ErrBadCall"},
		{fmt.Sprintf(`{"handle":%d,"depth":2}`, s.Handle), "ErrBadCall"},
	} {
		if e := fail(t, tab, "analyze", c.args); e.Name != c.name {
			t.Errorf("analyze(%s): %s %s", c.args, e.Name, e.Message)
		}
	}
	if _, err := g.Analyze(context.Background(), AnalyzeOptions{Plies: 5}); err == nil {
		t.Error("Game.Analyze(5) was not refused")
	}
}

// analyze judges a part of the game: the steps from "from" on, at most
// "count" of them, each as the whole game's analysis judges it, with
// "truncated" while steps follow; out of range is ErrBadCall.
func TestAnalyzeAPart(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "toccateglio", "seed": 6, "seats": []string{"greedy", "random"}}, &s)
	call(t, tab, "advance", map[string]any{"handle": s.Handle, "limit": 40}, &s)
	var whole, part, rest analysis.Report
	call(t, tab, "analyze", map[string]any{"handle": s.Handle}, &whole)
	call(t, tab, "analyze", map[string]any{"handle": s.Handle, "from": 10, "count": 15}, &part)
	call(t, tab, "analyze", map[string]any{"handle": s.Handle, "from": 25}, &rest)
	if whole.Truncated || !part.Truncated || rest.Truncated || len(part.Steps) != 15 || len(rest.Steps) != s.Length-25 {
		t.Fatalf("truncated %v %v %v; %d and %d steps of %d", whole.Truncated, part.Truncated, rest.Truncated, len(part.Steps), len(rest.Steps), s.Length)
	}
	for i, st := range append(part.Steps, rest.Steps...) {
		a, _ := json.Marshal(st)
		b, _ := json.Marshal(whole.Steps[10+i])
		if string(a) != string(b) {
			t.Fatalf("step %d judged alone %s, in the whole %s", 10+i, a, b)
		}
	}
	out := tab.Call("analyze", []byte(fmt.Sprintf(`{"handle":%d,"count":3}`, s.Handle)))
	if err := validate(schemaOf(t), out); err != nil {
		t.Errorf("a truncated analysis breaks the schema: %v", err)
	}
	for _, args := range []string{`"from":-1`, fmt.Sprintf(`"from":%d`, s.Length+1), `"count":-1`, fmt.Sprintf(`"count":%d`, MaxAnalyze+1)} {
		if e := fail(t, tab, "analyze", fmt.Sprintf(`{"handle":%d,%s}`, s.Handle, args)); e.Name != "ErrBadCall" {
			t.Errorf("analyze %s: %s", args, e.Name)
		}
	}
}

// analyze says why a play lost where it differs from the best, in the
// call's language or else the game's: after a missed hit of Verkehren the
// reasons start with the hit, and the answer keeps to the schema; a
// language the package does not write is ErrBadCall.
func TestAnalyzeSaysWhy(t *testing.T) {
	const id, played = "verkehren:1:AAAAAAAAAwEGBQAMBQD-n4SRgAj-v5ASkJI", "9/14 14/20"
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "loadID", map[string]any{"id": id, "lang": "de"}, &s)
	call(t, tab, "apply", map[string]any{"handle": s.Handle, "notation": played}, &s)
	for _, c := range []struct{ lang, want string }{
		{"", "Der bessere Zug schlägt auf 24; deiner schlägt nichts."},
		{"en", "The better play hits on 24; yours hits nothing."},
		{"de-AT", "Der bessere Zug schlägt auf 24; deiner schlägt nichts."},
	} {
		args := map[string]any{"handle": s.Handle, "count": 1}
		if c.lang != "" {
			args["lang"] = c.lang
		}
		var rep analysis.Report
		call(t, tab, "analyze", args, &rep)
		d := rep.Steps[0].Decision
		if d == nil || len(d.Reasons) == 0 || d.Reasons[0].Kind != "hit" || !strings.HasPrefix(d.Why, c.want) {
			t.Errorf("lang %q: %+v", c.lang, d)
		}
		b, _ := json.Marshal(args)
		if err := validate(schemaOf(t), tab.Call("analyze", b)); err != nil {
			t.Errorf("the reasons break the schema: %v", err)
		}
	}
	if e := fail(t, tab, "analyze", fmt.Sprintf(`{"handle":%d,"lang":"fr"}`, s.Handle)); e.Name != "ErrBadCall" {
		t.Errorf("lang fr: %s", e.Name)
	}
}

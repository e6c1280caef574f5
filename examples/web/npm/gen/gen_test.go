package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/brettspiel/brettspiel/session"
)

// The checked-in protocol.d.ts is what the schemas make: when a schema
// changes, this fails until the declarations are made again.
func TestCheckedInIsGenerated(t *testing.T) {
	want, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../protocol.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, want) {
		return
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	i := 0
	for i < len(g) && i < len(w) && g[i] == w[i] {
		i++
	}
	line := func(ls []string) string {
		if i < len(ls) {
			return ls[i]
		}
		return "(the end)"
	}
	t.Errorf("examples/web/npm/protocol.d.ts is not what the schemas make: run go generate ./examples/web/npm/gen\nfirst difference at line %d:\n  checked in: %s\n  generated:  %s", i+1, line(g), line(w))
}

// Every key of every answer has a type: the schemas leave none loose.
func TestEveryKeyTyped(t *testing.T) {
	b, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, "unknown") && !strings.HasPrefix(strings.TrimSpace(l), "*") && !strings.HasPrefix(strings.TrimSpace(l), "/**") {
			t.Errorf("protocol.d.ts:%d: %s: a key or value the schemas do not type", i+1, strings.TrimSpace(l))
		}
	}
}

// resultOf names the result of each method in the protocol's $defs.
var resultOf = map[string]string{
	"version": "version", "games": "games", "rule": "rule", "newGame": "state", "loadRecord": "state",
	"loadID": "state", "close": "empty", "state": "state", "legal": "legal", "nextSteps": "next",
	"apply": "state", "throw": "state", "throwManual": "state", "botMove": "state", "advance": "state",
	"undo": "state", "redo": "state", "takeback": "state", "hint": "hints", "saveRecord": "text",
	"positionID": "id", "plan": "plan", "analyze": "analysis", "rollout": "rollout",
	"claim": "claim", "answerTakeback": "state", "giveUp": "state", "answerGiveUp": "state", "watch": "watch", "verifyDice": "diceCheck",
	"name": "state",
}

// checker validates answers against the schemas the declarations are made
// from (with the views' edits): each answer against its method's result,
// and a state's "state" against its variant's schema.
type checker struct {
	t        *testing.T
	c        *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
	ids      map[string]string
	tab      *session.Table
	methods  map[string]bool
}

func newChecker(t *testing.T) *checker {
	docs, err := Schemas()
	if err != nil {
		t.Fatal(err)
	}
	ch := &checker{t: t, c: jsonschema.NewCompiler(), compiled: map[string]*jsonschema.Schema{}, ids: map[string]string{},
		tab: session.NewTable(session.Options{MaxGames: 1000}), methods: map[string]bool{}}
	ch.c.DefaultDraft(jsonschema.Draft2020)
	for _, d := range docs {
		raw, _ := d.root.MarshalJSON()
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		id := d.root.get("$id").text()
		if err := ch.c.AddResource(id, v); err != nil {
			t.Fatal(err)
		}
		ch.ids[d.name] = id
	}
	return ch
}

func (ch *checker) schema(loc string) *jsonschema.Schema {
	if s := ch.compiled[loc]; s != nil {
		return s
	}
	s, err := ch.c.Compile(loc)
	if err != nil {
		ch.t.Fatalf("%s: %v", loc, err)
	}
	ch.compiled[loc] = s
	return s
}

func (ch *checker) validate(loc string, doc []byte, what string) {
	ch.t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		ch.t.Fatalf("%s: %v", what, err)
	}
	if err := ch.schema(loc).Validate(v); err != nil {
		ch.t.Fatalf("%s = %.400s\nnot by %s: %v", what, doc, loc, err)
	}
}

// call calls the method, validates its answer and returns it.
func (ch *checker) call(method, args string) []byte {
	ch.t.Helper()
	out := ch.tab.Call(method, []byte(args))
	what := fmt.Sprintf("%s(%.200s)", method, args)
	var e struct{ Error json.RawMessage }
	json.Unmarshal(out, &e)
	if e.Error != nil {
		ch.validate(ch.ids["session"]+"#/$defs/failure", out, what)
		return out
	}
	def := resultOf[method]
	if def == "" {
		ch.t.Fatalf("the test knows no result of %s: add it to resultOf", method)
	}
	ch.validate(ch.ids["session"]+"#/$defs/"+def, out, what)
	ch.methods[method] = true
	if def == "state" {
		var st struct {
			State struct {
				Game string `json:"game"`
			} `json:"state"`
			Raw map[string]json.RawMessage
		}
		json.Unmarshal(out, &st)
		var raw map[string]json.RawMessage
		json.Unmarshal(out, &raw)
		id := ch.ids[st.State.Game]
		if id == "" {
			ch.t.Fatalf("%s: a state of no variant the generator knows: %.100s", what, raw["state"])
		}
		ch.validate(id, raw["state"], what+".state")
	}
	return out
}

// The declarations hold for real answers: every method's answer, in the
// views a frontend asks for (the lean default, static and chance, without
// legal moves, with rule texts), over random games of every variant and
// preset, validates against the schemas they are made from.
func TestSchemasHoldForAnswers(t *testing.T) {
	ch := newChecker(t)
	if n := len(session.Methods()); n != len(resultOf) {
		t.Fatalf("the test knows %d methods, the session has %d: add the new ones to resultOf", len(resultOf), n)
	}
	ch.call("version", `{}`)
	ch.call("games", `{"lang":"de"}`)
	ch.call("rule", `{"id":"V-D2"}`)
	ch.call("state", `{"handle":99}`)
	var games struct {
		Games []struct {
			Name       string
			MinPlayers int
			MaxPlayers int
			Presets    []struct{ Name string }
		}
	}
	json.Unmarshal(ch.call("games", `{}`), &games)
	views := []string{`"log":true`, `"static":true,"chance":true`, `"legal":false,"rules":true,"lang":"de"`}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, g := range games.Games {
		for pi, p := range g.Presets {
			for _, players := range []int{g.MinPlayers, g.MaxPlayers} {
				var st struct {
					Handle int
					Length int
					State  struct {
						Turn  string
						Legal []struct{ Notation string }
					}
				}
				json.Unmarshal(ch.call("newGame", fmt.Sprintf(`{"variant":%q,"preset":%q,"players":%d,"seed":%d}`, g.Name, p.Name, players, pi)), &st)
				h := st.Handle
				if g.Name == "festung" {
					ch.call("plan", fmt.Sprintf(`{"handle":%d}`, h))
				}
				for step := 0; st.State.Turn != "over" && step < 150; step++ {
					view := views[step%len(views)]
					args := fmt.Sprintf(`{"handle":%d,"since":%d,%s}`, h, max(0, st.Length-2), view)
					if st.State.Turn == "chance" {
						json.Unmarshal(ch.call("throw", args), &st)
						continue
					}
					var legal struct{ Legal []struct{ Notation string } }
					json.Unmarshal(ch.call("legal", fmt.Sprintf(`{"handle":%d}`, h)), &legal)
					if step%7 == 1 {
						ch.call("hint", fmt.Sprintf(`{"handle":%d,"count":2}`, h))
						ch.call("nextSteps", fmt.Sprintf(`{"handle":%d,"steps":[]}`, h))
						ch.call("apply", fmt.Sprintf(`{"handle":%d,"notation":"24/23 24/23 24/23"}`, h))
					}
					if step%5 == 0 {
						ch.call("state", args)
					}
					if step%11 == 3 {
						json.Unmarshal(ch.call("botMove", fmt.Sprintf(`{"handle":%d,"bot":"greedy",%s}`, h, view)), &st)
						continue
					}
					m := legal.Legal[rng.IntN(len(legal.Legal))].Notation
					json.Unmarshal(ch.call("apply", fmt.Sprintf(`{"handle":%d,"notation":%q,"since":%d,%s}`, h, m, max(0, st.Length-2), view)), &st)
				}
				ch.call("undo", fmt.Sprintf(`{"handle":%d}`, h))
				ch.call("redo", fmt.Sprintf(`{"handle":%d}`, h))
				ch.call("takeback", fmt.Sprintf(`{"handle":%d}`, h))
				ch.call("positionID", fmt.Sprintf(`{"handle":%d}`, h))
				var rec struct{ Text string }
				json.Unmarshal(ch.call("saveRecord", fmt.Sprintf(`{"handle":%d}`, h)), &rec)
				ch.call("loadRecord", fmt.Sprintf(`{"text":%q,"static":true}`, rec.Text))
				ch.call("close", fmt.Sprintf(`{"handle":%d}`, h))
			}
		}
	}
	// the bots, a game by hand-thrown dice, a position ID, an analysis
	var st struct{ Handle int }
	json.Unmarshal(ch.call("newGame", `{"variant":"verkehren","seats":["greedy","random"],"seed":5,"dice":"manual"}`), &st)
	ch.call("throwManual", fmt.Sprintf(`{"handle":%d,"dice":[6,5]}`, st.Handle))
	ch.call("advance", fmt.Sprintf(`{"handle":%d,"limit":5}`, st.Handle))
	var id struct{ ID string }
	json.Unmarshal(ch.call("positionID", fmt.Sprintf(`{"handle":%d}`, st.Handle)), &id)
	ch.call("loadID", fmt.Sprintf(`{"id":%q}`, id.ID))
	json.Unmarshal(ch.call("newGame", `{"variant":"toccateglio","seats":["greedy","greedy"],"seed":9}`), &st)
	ch.call("advance", fmt.Sprintf(`{"handle":%d,"limit":60}`, st.Handle))
	ch.call("analyze", fmt.Sprintf(`{"handle":%d}`, st.Handle))
	ch.call("rollout", fmt.Sprintf(`{"handle":%d,"step":20,"plays":2,"games":2,"turns":1}`, st.Handle))
	ch.call("rollout", fmt.Sprintf(`{"handle":%d,"step":20,"position":true,"games":2,"turns":1}`, st.Handle))
	// its dice checked against its seed, and against another
	var rec struct{ Text string }
	json.Unmarshal(ch.call("saveRecord", fmt.Sprintf(`{"handle":%d}`, st.Handle)), &rec)
	salt := make([]byte, session.SaltSize)
	for _, seed := range []int{9, 10} {
		ch.call("verifyDice", fmt.Sprintf(`{"text":%q,"commitment":%q,"seed":%d,"salt":%q}`, rec.Text, session.Commit(9, salt), seed, strings.Repeat("00", len(salt))))
	}
	// owned seats: claims, a takeback asked and granted, a watcher's delta;
	// a clock
	json.Unmarshal(ch.call("newGame", `{"variant":"verkehren","seats":["person","person"],"seed":3,"owned":true,"clock":{"delayMillis":5000,"reserveMillis":60000}}`), &st)
	var a, b struct{ Secret string }
	json.Unmarshal(ch.call("claim", fmt.Sprintf(`{"handle":%d,"seat":0}`, st.Handle)), &a)
	json.Unmarshal(ch.call("claim", fmt.Sprintf(`{"handle":%d,"seat":1}`, st.Handle)), &b)
	var own struct {
		Rev   int
		State struct {
			Turn   string
			Player int
			Legal  []struct{ Notation string }
		}
	}
	json.Unmarshal(ch.call("state", fmt.Sprintf(`{"handle":%d}`, st.Handle)), &own)
	rev := own.Rev
	for i := 0; i < 8 && own.State.Turn != "over"; i++ {
		secret := []string{a.Secret, b.Secret}[max(own.State.Player, 0)]
		if own.State.Turn == "chance" {
			json.Unmarshal(ch.call("throw", fmt.Sprintf(`{"handle":%d,"secret":%q}`, st.Handle, secret)), &own)
			continue
		}
		json.Unmarshal(ch.call("apply", fmt.Sprintf(`{"handle":%d,"secret":%q,"notation":%q}`, st.Handle, secret, own.State.Legal[0].Notation)), &own)
	}
	ch.call("name", fmt.Sprintf(`{"handle":%d,"secret":%q,"seat":0,"name":" Ada "}`, st.Handle, a.Secret))
	ch.call("watch", fmt.Sprintf(`{"handle":%d,"rev":%d}`, st.Handle, rev))
	ch.call("takeback", fmt.Sprintf(`{"handle":%d,"secret":%q,"seat":0}`, st.Handle, a.Secret))
	ch.call("answerTakeback", fmt.Sprintf(`{"handle":%d,"secret":%q,"accept":true}`, st.Handle, b.Secret))
	// the Festungsspiel's end by agreement, asked and agreed to
	json.Unmarshal(ch.call("newGame", `{"variant":"festung","players":2,"owned":true}`), &st)
	var f [2]struct{ Secret string }
	for i := range f {
		json.Unmarshal(ch.call("claim", fmt.Sprintf(`{"handle":%d,"seat":%d}`, st.Handle, i)), &f[i])
	}
	ch.call("giveUp", fmt.Sprintf(`{"handle":%d,"secret":%q}`, st.Handle, f[0].Secret))
	ch.call("watch", fmt.Sprintf(`{"handle":%d,"rev":0}`, st.Handle))
	ch.call("answerGiveUp", fmt.Sprintf(`{"handle":%d,"secret":%q,"accept":true}`, st.Handle, f[1].Secret))
	for m := range resultOf {
		if !ch.methods[m] {
			t.Errorf("no answer of %s was checked", m)
		}
	}
}

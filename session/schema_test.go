package session

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel/internal/schematest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// resultOf names the result of each method in the schema's $defs.
var resultOf = map[string]string{
	"version": "version", "games": "games", "rule": "rule", "newGame": "state", "loadRecord": "state",
	"loadID": "state", "close": "empty", "state": "state", "legal": "legal", "nextSteps": "next",
	"apply": "state", "throw": "state", "throwManual": "state", "botMove": "state", "advance": "state",
	"undo": "state", "redo": "state", "takeback": "state", "hint": "hints", "saveRecord": "text",
	"positionID": "id", "plan": "plan", "analyze": "analysis", "rollout": "rollout",
	"claim": "claim", "answerTakeback": "state", "giveUp": "state", "answerGiveUp": "state", "watch": "watch", "verifyDice": "diceCheck",
	"name": "state",
}

// Real answers of every method, results and failures, validate against the
// schema: the envelope, and each result against its method's definition.
func TestAnswersMatchTheSchema(t *testing.T) {
	if len(resultOf) != len(Methods()) {
		t.Fatalf("the test knows %d methods, Call %d", len(resultOf), len(Methods()))
	}
	envelope := schematest.Compile(t, Schema())
	results := map[string]bool{}
	defs := map[string]*jsonschema.Schema{}
	tab := NewTable(Options{})
	check := func(method, args string) []byte {
		t.Helper()
		out := tab.Call(method, []byte(args))
		if err := schematest.Validate(envelope, out); err != nil {
			t.Fatalf("%s(%s) = %.300s: not by the schema: %v", method, args, out, err)
		}
		var e struct{ Error *ErrorJSON }
		json.Unmarshal(out, &e)
		if e.Error == nil {
			def := defs[resultOf[method]]
			if def == nil {
				def = schematest.CompileDef(t, Schema(), resultOf[method])
				defs[resultOf[method]] = def
			}
			if err := schematest.Validate(def, out); err != nil {
				t.Fatalf("%s(%s) = %.300s: not a %s: %v", method, args, out, resultOf[method], err)
			}
			results[method] = true
		}
		return out
	}
	check("version", `{}`)
	check("games", `{}`)
	check("rule", `{"id":"T-M3"}`)
	check("rule", `{"id":"T-M99"}`)
	check("rule", `{"id":"T-M3","lang":"de"}`)
	check("nosuch", `{}`)
	for _, v := range []string{"toccateglio", "verkehren", "festung"} {
		var s StateJSON
		json.Unmarshal(check("newGame", fmt.Sprintf(`{"variant":%q,"players":3}`, v)), &s)
		json.Unmarshal(check("newGame", fmt.Sprintf(`{"variant":%q,"seats":["person","greedy"],"seed":"12"}`, v)), &s)
		h := s.Handle
		check("state", fmt.Sprintf(`{"handle":%d,"chance":true,"static":true}`, h))
		check("throw", fmt.Sprintf(`{"handle":%d,"since":0}`, h))
		check("advance", fmt.Sprintf(`{"handle":%d,"limit":40}`, h))
		check("legal", fmt.Sprintf(`{"handle":%d}`, h))
		check("nextSteps", fmt.Sprintf(`{"handle":%d,"steps":[]}`, h))
		check("hint", fmt.Sprintf(`{"handle":%d,"count":3}`, h))
		check("botMove", fmt.Sprintf(`{"handle":%d,"bot":"random"}`, h))
		check("advance", fmt.Sprintf(`{"handle":%d,"log":false}`, h))
		check("undo", fmt.Sprintf(`{"handle":%d}`, h))
		check("redo", fmt.Sprintf(`{"handle":%d}`, h))
		check("takeback", fmt.Sprintf(`{"handle":%d,"seat":0}`, h))
		check("apply", fmt.Sprintf(`{"handle":%d,"notation":"nonsense"}`, h))
		check("plan", fmt.Sprintf(`{"handle":%d}`, h))
		check("analyze", fmt.Sprintf(`{"handle":%d}`, h))
		check("rollout", fmt.Sprintf(`{"handle":%d,"step":0,"position":true,"games":2,"turns":1}`, h))
		var rec TextJSON
		json.Unmarshal(check("saveRecord", fmt.Sprintf(`{"handle":%d}`, h)), &rec)
		for _, seed := range []Seed{12, 13} { // the game's seed, and another
			check("verifyDice", fmt.Sprintf(`{"text":%q,"commitment":%q,"seed":"%d","salt":%q}`, rec.Text, Commit(seed, make([]byte, SaltSize)), seed, strings.Repeat("00", SaltSize)))
		}
		var id IDJSON
		json.Unmarshal(check("positionID", fmt.Sprintf(`{"handle":%d}`, h)), &id)
		json.Unmarshal(check("loadRecord", fmt.Sprintf(`{"text":%q,"seed":1}`, rec.Text)), &s)
		check("close", fmt.Sprintf(`{"handle":%d}`, s.Handle))
		json.Unmarshal(check("loadID", fmt.Sprintf(`{"id":%q,"dice":"manual"}`, id.ID)), &s)
		check("state", fmt.Sprintf(`{"handle":%d}`, s.Handle))
		check("close", fmt.Sprintf(`{"handle":%d}`, h))
	}
	var s StateJSON
	json.Unmarshal(check("newGame", `{"variant":"verkehren","seed":4}`), &s)
	for st := ""; st != "player"; {
		json.Unmarshal(check("throw", fmt.Sprintf(`{"handle":%d}`, s.Handle)), &s)
		var g struct{ Turn string }
		json.Unmarshal(s.State, &g)
		st = g.Turn
	}
	var legal LegalJSON
	json.Unmarshal(check("legal", fmt.Sprintf(`{"handle":%d}`, s.Handle)), &legal)
	check("rollout", fmt.Sprintf(`{"handle":%d,"plays":2,"games":2,"turns":1,"seed":"7"}`, s.Handle))
	check("apply", fmt.Sprintf(`{"handle":%d,"notation":%q}`, s.Handle, legal.Legal[0].Notation))
	check("nextSteps", fmt.Sprintf(`{"handle":%d,"steps":[{"from":7,"to":9}]}`, s.Handle))
	json.Unmarshal(check("newGame", `{"variant":"toccateglio","seed":3,"owned":true}`), &s)
	var c0, c1 ClaimJSON
	json.Unmarshal(check("claim", fmt.Sprintf(`{"handle":%d,"seat":0}`, s.Handle)), &c0)
	json.Unmarshal(check("claim", fmt.Sprintf(`{"handle":%d,"seat":1}`, s.Handle)), &c1)
	check("claim", fmt.Sprintf(`{"handle":%d,"seat":1}`, s.Handle))
	check("name", fmt.Sprintf(`{"handle":%d,"seat":0,"name":" Anna Schüßler-Ørsted ","secret":%q}`, s.Handle, c0.Secret))
	check("name", fmt.Sprintf(`{"handle":%d,"seat":1,"name":"Bob\u0007","secret":%q,"lang":"de"}`, s.Handle, c1.Secret))
	if g, err := tab.Game(s.Handle); err != nil || g.SetNext("rematch-7") != nil {
		t.Fatal("no game that follows")
	}
	json.Unmarshal(check("advance", fmt.Sprintf(`{"handle":%d,"secret":%q}`, s.Handle, c0.Secret)), &s)
	for i := 0; s.Length < 6; i++ {
		if i > 6 {
			t.Fatalf("the owned game is stuck at %d steps", s.Length)
		}
		var g struct{ Player int }
		json.Unmarshal(s.State, &g)
		json.Unmarshal(check("legal", fmt.Sprintf(`{"handle":%d}`, s.Handle)), &legal)
		secret := []string{c0.Secret, c1.Secret}[g.Player]
		json.Unmarshal(check("apply", fmt.Sprintf(`{"handle":%d,"notation":%q,"secret":%q}`, s.Handle, legal.Legal[0].Notation, secret)), &s)
		json.Unmarshal(check("throw", fmt.Sprintf(`{"handle":%d,"secret":%q}`, s.Handle, secret)), &s)
	}
	check("watch", fmt.Sprintf(`{"handle":%d,"rev":2}`, s.Handle))
	check("watch", fmt.Sprintf(`{"handle":%d,"rev":%d}`, s.Handle, s.Rev))
	check("takeback", fmt.Sprintf(`{"handle":%d,"secret":%q}`, s.Handle, c0.Secret))
	check("answerTakeback", fmt.Sprintf(`{"handle":%d,"secret":%q,"accept":true}`, s.Handle, c1.Secret))
	check("answerTakeback", fmt.Sprintf(`{"handle":%d,"secret":%q,"accept":true}`, s.Handle, c1.Secret))
	// a give-up asked, agreed in part and then by all: the Festungsspiel's end by agreement
	json.Unmarshal(check("newGame", `{"variant":"festung","players":3,"owned":true}`), &s)
	var f [3]ClaimJSON
	for i := range f {
		json.Unmarshal(check("claim", fmt.Sprintf(`{"handle":%d,"seat":%d}`, s.Handle, i)), &f[i])
	}
	check("giveUp", fmt.Sprintf(`{"handle":%d,"secret":%q}`, s.Handle, f[0].Secret))
	check("answerGiveUp", fmt.Sprintf(`{"handle":%d,"secret":%q,"accept":true}`, s.Handle, f[1].Secret))
	check("watch", fmt.Sprintf(`{"handle":%d,"rev":0}`, s.Handle))
	check("answerGiveUp", fmt.Sprintf(`{"handle":%d,"secret":%q,"accept":true}`, s.Handle, f[2].Secret))
	json.Unmarshal(check("newGame", `{"variant":"festung","players":3,"dice":"manual"}`), &s)
	check("throwManual", fmt.Sprintf(`{"handle":%d,"dice":[5,6,1]}`, s.Handle))
	for m := range resultOf {
		if !results[m] {
			t.Errorf("no result of %s was checked", m)
		}
	}
}

func schemaOf(t *testing.T) *jsonschema.Schema { return schematest.Compile(t, Schema()) }

func validate(s *jsonschema.Schema, doc []byte) error { return schematest.Validate(s, doc) }

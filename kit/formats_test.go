package kit_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/kit"
)

func TestPositionIDRoundTrip(t *testing.T) {
	for _, payload := range [][]byte{nil, {0}, {1, 2, 3}, bytes.Repeat([]byte{0xff}, 40)} {
		id := kit.EncodeID("toccateglio", 1, payload)
		if !strings.HasPrefix(id, "toccateglio:1:") {
			t.Errorf("ID %q lacks its prefix", id)
		}
		got, err := kit.DecodeID("toccateglio", 1, id)
		if err != nil || !bytes.Equal(got, payload) {
			t.Errorf("DecodeID(%q) = %v, %v; want %v", id, got, err, payload)
		}
	}
}

func TestPositionIDRefusesBadInput(t *testing.T) {
	good := kit.EncodeID("verkehren", 2, []byte{4, 5, 6, 7})
	payload := good[len("verkehren:2:"):]
	flip := []byte(payload)
	if flip[0] == 'A' {
		flip[0] = 'B'
	} else {
		flip[0] = 'A'
	}
	tests := []struct{ id, reason string }{
		{"", "want variant:version:payload"},
		{"verkehren", "want variant:version:payload"},
		{"festung:2:" + payload, `an ID of "festung", not of verkehren`},
		{"verkehren:" + payload, "want variant:version:payload"},
		{"verkehren:x:" + payload, "is not a number"},
		{"verkehren:02:" + payload, "is not a number"},
		{"verkehren:3:" + payload, "checksum does not match"},
		{"verkehren:2:" + string(flip), "checksum does not match"},
		{"verkehren:2:" + payload[:len(payload)-1], ""},
		{"verkehren:2:" + payload + "=", "base64"},
		{"verkehren:2:A", "base64"},
		{"verkehren:2:", "too short"},
		{"verkehren:2:" + payload[:2] + "\r\n" + payload[2:], "base64"},
		{"verkehren:1:" + kit.EncodeID("verkehren", 1, []byte{4, 5, 6, 7})[len("verkehren:1:"):], "version 1; this package reads version 2"},
	}
	for _, tt := range tests {
		_, err := kit.DecodeID("verkehren", 2, tt.id)
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(e.Reason, tt.reason) {
			t.Errorf("DecodeID(%q) = %v, want a bad-notation error saying %q", tt.id, err, tt.reason)
		}
	}
}

func FuzzDecodeID(f *testing.F) {
	f.Add(kit.EncodeID("toccateglio", 1, []byte{1, 2, 3}))
	f.Add("toccateglio:1:")
	f.Add("toccateglio:99999999999999999999:AAAA")
	f.Fuzz(func(t *testing.T, id string) {
		payload, err := kit.DecodeID("toccateglio", 1, id)
		if err != nil {
			return
		}
		if again := kit.EncodeID("toccateglio", 1, payload); again != id {
			t.Errorf("%q decodes and encodes to %q", id, again)
		}
	})
}

func TestStateJSON(t *testing.T) {
	g, _ := race.New(race.Rules{Players: 3, Goal: 3})
	r := rand.New(rand.NewPCG(1, 2))
	for g.ToMove() != brettspiel.Terminal {
		s := kit.NewStateJSON(g, "race", "race:1:x")
		switch p := g.ToMove(); p {
		case brettspiel.Chance:
			if s.Turn != kit.TurnChance || s.Player != -1 || len(s.Legal) != 6 || s.Legal[0].Weight != 1 {
				t.Fatalf("chance node: %+v", s)
			}
		default:
			if s.Turn != kit.TurnPlayer || s.Player != int(p) || len(s.Legal) != len(g.LegalMoves()) || s.Legal[0].Weight != 0 {
				t.Fatalf("player node: %+v", s)
			}
		}
		if err := s.Check("race", 3); err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back kit.StateJSON
		if err := kit.DecodeStrict(data, &back); err != nil {
			t.Fatal(err)
		}
		if again, _ := json.Marshal(back); !bytes.Equal(again, data) {
			t.Fatalf("JSON does not round-trip:\n%s\n%s", data, again)
		}
		m := brettspiel.RandomPolicy(g, g.LegalMoves(), r)
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	s := kit.NewStateJSON(g, "race", "race:1:x")
	if s.Turn != kit.TurnOver || len(s.Legal) != 0 || s.Player != -1 {
		t.Errorf("the end: %+v", s)
	}
	data, _ := json.Marshal(s)
	if !bytes.Contains(data, []byte(`"legal":[]`)) || !bytes.Contains(data, []byte(`"kind":"end"`)) {
		t.Errorf("JSON at the end: %s", data)
	}
}

func TestStateJSONCheck(t *testing.T) {
	good := kit.StateJSON{Version: kit.JSONVersion, Game: "race", Events: []brettspiel.Event{{Kind: "move", Player: 1, Other: brettspiel.Nobody}}}
	if err := good.Check("race", 2); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		edit   func(*kit.StateJSON)
		reason string
	}{
		{func(s *kit.StateJSON) { s.Version = 7 }, "version 7"},
		{func(s *kit.StateJSON) { s.Game = "chess" }, `game "chess"`},
		{func(s *kit.StateJSON) { s.Events[0].Player = 2 }, "events[0]: player 2 of 2"},
		{func(s *kit.StateJSON) { s.Events[0].Other = -4 }, "events[0]: player -4"},
		{func(s *kit.StateJSON) { s.Events[0].Kind = "" }, "no kind"},
	}
	for _, tt := range tests {
		s := good
		s.Events = append([]brettspiel.Event(nil), good.Events...)
		tt.edit(&s)
		err := s.Check("race", 2)
		if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("Check = %v, want %q", err, tt.reason)
		}
	}
}

func TestDecodeStrict(t *testing.T) {
	var s kit.StateJSON
	for _, in := range []string{`{"version":1,"gmae":"x"}`, `{"version":"1"}`, `{} {}`, `[`, ``} {
		if err := kit.DecodeStrict([]byte(in), &s); !errors.Is(err, brettspiel.ErrBadNotation) {
			t.Errorf("DecodeStrict(%q) = %v", in, err)
		}
	}
}

func TestDecodeStrictRefusesWhatTheSchemaDoesNotAllow(t *testing.T) {
	good := `{"version":1,"game":"race","events":[{"kind":"move","player":0,"other":-3}]}`
	var s kit.StateJSON
	if err := kit.DecodeStrict([]byte(good+" \n\t"), &s); err != nil || s.Game != "race" || len(s.Events) != 1 {
		t.Fatalf("DecodeStrict(good) = %v, %+v", err, s)
	}
	for _, tt := range []struct{ in, reason string }{
		{good + "}", "data after the JSON object"},
		{good + "]]]", "data after the JSON object"},
		{good + `{"version":1}`, "data after the JSON object"},
		{good + "x", "data after the JSON object"},
		{`{"version":1,"game":"race","game":"chess"}`, `the key "game" is given twice`},
		{`{"version":1,"events":[{"kind":"move","kind":"end"}]}`, `the key "events[0].kind" is given twice`},
		{`{"Version":1}`, `the key "Version" is spelt "version"`},
		{`{"GAME":"race"}`, `the key "GAME" is spelt "game"`},
		{`{"events":[{"Kind":"move"}]}`, `the key "events[0].Kind" is spelt "kind"`},
		{`{"events":[{"colour":1}]}`, `unknown field "events[0].colour"`},
	} {
		var s kit.StateJSON
		err := kit.DecodeStrict([]byte(tt.in), &s)
		if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("DecodeStrict(%s) = %v, want %q", tt.in, err, tt.reason)
		}
	}
	// What follows the object is quoted, not echoed whole.
	var s2 kit.StateJSON
	err := kit.DecodeStrict([]byte(good+strings.Repeat("]", 1<<20)), &s2)
	if err == nil || len(err.Error()) > 300 {
		t.Errorf("trailing megabyte: %d bytes of message", len(fmt.Sprint(err)))
	}
}

func TestJSONVersion1IsRefusedWithAReason(t *testing.T) {
	s := kit.StateJSON{Version: 1, Game: "race"}
	err := s.Check("race", 2)
	if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), "earlier release") || !strings.Contains(err.Error(), "position ID") {
		t.Fatalf("version 1: %v", err)
	}
}

func TestStepJSON(t *testing.T) {
	st := brettspiel.Step{From: brettspiel.Bar, To: 5, TrackFrom: brettspiel.Bar, TrackTo: 20, Die: 5, Flags: brettspiel.StepEnter | brettspiel.StepHit}
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"from":0,"to":5,"trackFrom":0,"trackTo":20,"die":5,"flags":["enter","hit"]}`; string(data) != want {
		t.Fatalf("got %s, want %s", data, want)
	}
	var back brettspiel.Step
	if err := json.Unmarshal(data, &back); err != nil || back != st {
		t.Fatalf("round trip: %v, %v", back, err)
	}
	for _, bad := range []string{`{"flags":["fly"]}`, `{"flags":"enter"}`} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("%s decodes", bad)
		}
	}
	if _, err := json.Marshal(brettspiel.Step{Flags: 1 << 7}); err == nil {
		t.Error("unknown flags encode")
	}
	if data, _ := json.Marshal(brettspiel.Step{}); !strings.Contains(string(data), `"flags":[]`) {
		t.Errorf("no flags: %s", data)
	}
}

func TestEventEqualAndString(t *testing.T) {
	a := brettspiel.Event{Kind: brettspiel.EventThrow, Player: brettspiel.Chance, Other: brettspiel.Nobody, From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace, Dice: []int{6, 2}}
	b := a
	b.Dice = []int{6, 2}
	if !a.Equal(b) {
		t.Fatal("equal events differ")
	}
	b.Dice = []int{2, 6}
	if a.Equal(b) {
		t.Fatal("events with other dice are equal")
	}
	if got := a.String(); !strings.Contains(got, "6-2") {
		t.Errorf("throw event %q does not show the dice", got)
	}
	m := brettspiel.Event{Kind: brettspiel.EventEnter, Player: 1, Other: brettspiel.Nobody, From: brettspiel.Bar, FromName: "bar", To: 5, TrackFrom: 0, TrackTo: 20, Number: 5}
	if got, want := m.String(), "player 1 enter: bar→5 by 5"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDecodeStateRefusesAnotherVersionFirst(t *testing.T) {
	var s kit.StateJSON
	for doc, want := range map[string]string{
		`{"version":1,"board":[],"seat":0}`: "earlier release",
		`{"version":3,"whatever":true}`:     "version 3, want 2",
	} {
		err := kit.DecodeState([]byte(doc), &s)
		if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), want) {
			t.Errorf("DecodeState(%s) = %v, want %q", doc, err, want)
		}
	}
	if err := kit.DecodeState([]byte(`{"version":2,"gmae":"x"}`), &s); !errors.Is(err, brettspiel.ErrBadNotation) {
		t.Errorf("a version-2 document with an unknown key: %v", err)
	}
	if err := kit.DecodeState([]byte(`{"version":2,"game":"race"}`), &s); err != nil || s.Game != "race" {
		t.Errorf("a good document: %v, %+v", err, s)
	}
}

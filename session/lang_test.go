package session

import (
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel/words"
)

// The game's language (newGame's "lang") chooses the sentences of its log
// and its end; a call's "lang" chooses them for its answer.
func TestLangOfLogAndEnding(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "verkehren", "seed": 3, "lang": "de", "seats": []string{"random", "random"}}, &s)
	call(t, a, "advance", map[string]any{"handle": s.Handle, "limit": 1000}, &s)
	if s.Ending == "" {
		t.Fatalf("the game did not end or says no ending: %d steps", s.Length)
	}
	texts := func(s StateJSON) string {
		var b strings.Builder
		for _, st := range s.Log {
			for _, e := range st.Events {
				b.WriteString(e.Text)
				b.WriteByte('\n')
			}
		}
		return b.String()
	}
	de := texts(s)
	if !strings.Contains(de, "Spieler 1 wirft") || strings.Contains(de, "Player") {
		t.Errorf("German log:\n%s", de)
	}
	if !strings.Contains(s.Ending, "Spieler") && !strings.Contains(s.Ending, "Das Spiel") {
		t.Errorf("German ending %q", s.Ending)
	}
	var en StateJSON
	call(t, a, "state", map[string]any{"handle": s.Handle, "lang": "en"}, &en)
	if txt := texts(en); !strings.Contains(txt, "Player 1 throws") || strings.Contains(txt, "Spieler") {
		t.Errorf("English log:\n%s", txt)
	}
	if strings.Contains(en.Ending, "Spieler") || en.Ending == "" {
		t.Errorf("English ending %q", en.Ending)
	}
	// the game keeps its own language for calls that give none
	var again StateJSON
	call(t, a, "state", map[string]any{"handle": s.Handle}, &again)
	if texts(again) != de || again.Ending != s.Ending {
		t.Error("a call without lang does not keep the game's language")
	}
	g, _ := a.Game(s.Handle)
	if g.Lang() != words.German {
		t.Errorf("Lang() = %v", g.Lang())
	}
}

func TestLangRefused(t *testing.T) {
	a := NewTable(Options{})
	for _, c := range []struct{ method, args string }{
		{"newGame", `{"variant":"verkehren","lang":"fr"}`},
		{"newGame", `{"variant":"verkehren","lang":7}`},
		{"loadID", `{"id":"x","lang":"xx"}`},
	} {
		if e := fail(t, a, c.method, c.args); e.Name != "ErrBadCall" {
			t.Errorf("%s %s: %s %s", c.method, c.args, e.Name, e.Message)
		}
	}
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "festung"}, &s)
	if e := fail(t, a, "state", `{"handle":`+strconv.Itoa(s.Handle)+`,"lang":"it"}`); e.Name != "ErrBadCall" {
		t.Errorf("state with lang it: %s", e.Name)
	}
	if a.Len() != 1 {
		t.Errorf("%d games, want 1", a.Len())
	}
}

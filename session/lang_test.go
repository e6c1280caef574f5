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
	call(t, a, "state", map[string]any{"handle": s.Handle, "lang": "en", "since": 0}, &en)
	if txt := texts(en); !strings.Contains(txt, "Player 1 throws") || strings.Contains(txt, "Spieler") {
		t.Errorf("English log:\n%s", txt)
	}
	if strings.Contains(en.Ending, "Spieler") || en.Ending == "" {
		t.Errorf("English ending %q", en.Ending)
	}
	// the game keeps its own language for calls that give none
	var again StateJSON
	call(t, a, "state", map[string]any{"handle": s.Handle, "since": 0}, &again)
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

// A refused move's answer says why in the player's language, beside the
// programmer's message, the rules' texts and the refusal as data.
func TestLangOfRefusal(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "verkehren", "dice": "manual", "lang": "de"}, &s)
	for _, d := range [][]int{{1, 1}, {6, 5}, {4, 1}} { // the draw; player 2 begins and throws 4-1
		call(t, a, "throwManual", map[string]any{"handle": s.Handle, "dice": d}, &s)
	}
	h := strconv.Itoa(s.Handle)
	for _, c := range []struct{ method, args, say string }{
		{"nextSteps", `{"handle":` + h + `,"steps":[{"from":13,"to":15,"trackFrom":0,"trackTo":0,"die":0,"flags":[]}]}`,
			"Du hast 4 und 1 zu spielen; der Zug von 13 nach 15 braucht eine 2."},
		{"apply", `{"handle":` + h + `,"notation":"1/3"}`, // player 2's own track: 1/3 is 13 to 15 on the board
			"Du hast 4 und 1 zu spielen; der Zug von 13 nach 15 braucht eine 2."},
		{"apply", `{"handle":` + h + `,"notation":"1/3","lang":"en"}`,
			"You have 4 and 1 to play; 13 to 15 needs a 2."},
		{"apply", `{"handle":` + h + `,"notation":"pass"}`,
			"Du kannst nicht passen: eine Zahl deines Wurfs ist spielbar."},
	} {
		e := fail(t, a, c.method, c.args)
		if e.Name != "ErrIllegalMove" || e.Say != c.say {
			t.Errorf("%s %s: %s, say %q, want %q", c.method, c.args, e.Name, e.Say, c.say)
		}
		if len(e.Rules) != 1 || e.Rules[0].ID != "V-D2" {
			t.Errorf("%s %s: rules %+v, want V-D2 alone", c.method, c.args, e.Rules)
		} else if want := ruleIn(bookOf(langOfSay(c.say)), "V-D2"); e.Rules[0] != *want {
			t.Errorf("%s %s: rule text %+v, want %+v", c.method, c.args, e.Rules[0], *want)
		}
		if e.Refusal == nil || e.Refusal.Player != 1 || len(e.Refusal.Dice) != 2 {
			t.Errorf("%s %s: refusal %+v", c.method, c.args, e.Refusal)
		}
	}
	// an error of the call itself has nothing to say to a player
	if e := fail(t, a, "apply", `{"handle":`+h+`}`); e.Say != "" || e.Refusal != nil {
		t.Errorf("a bad call says %q, %+v", e.Say, e.Refusal)
	}
}

func langOfSay(s string) words.Lang {
	if strings.HasPrefix(s, "Du ") {
		return words.German
	}
	return words.English
}

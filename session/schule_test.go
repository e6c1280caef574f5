package session

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel/catalog"
)

// schuleRecord is the record of a Toccateglispiel with the Schule and no
// step played yet.
func schuleRecord(t *testing.T) string {
	t.Helper()
	h, err := catalog.NewHistoryWith("toccateglio", "Toccateglispiel", 2, "schule=true")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if _, err := h.Record().WriteTo(&b, h.Start()); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestT_W5a_TheSessionShowsNoPlayerWhatWasDue: a Toccateglispiel with the
// Schule played between two people through the protocol; while a
// declaration's window is open, no answer a player's frontend gets says
// what was due (the state's "due", or the position ID that holds it), and
// the declarations and answers are ordinary moves by notation.
func TestT_W5a_TheSessionShowsNoPlayerWhatWasDue(t *testing.T) {
	tb := NewTable(Options{})
	text, _ := json.Marshal(schuleRecord(t))
	out := tb.Call("loadRecord", []byte(`{"text":`+string(text)+`,"seed":7,"seats":["person","person"]}`))
	var st struct {
		Handle int `json:"handle"`
		State  struct {
			Legal []struct {
				Notation string `json:"notation"`
			} `json:"legal"`
		} `json:"state"`
		Error *ErrorJSON `json:"error"`
	}
	if err := json.Unmarshal(out, &st); err != nil || st.Error != nil {
		t.Fatalf("loadRecord: %s", out)
	}
	h := `{"handle":` + itoa(st.Handle)
	windows := 0
	for step := 0; step < 400 && windows < 20; step++ {
		out = tb.Call("state", []byte(h+`}`))
		if strings.Contains(string(out), `"due"`) {
			t.Fatalf("a player's state says what was due: %s", out)
		}
		st.State.Legal = nil
		if err := json.Unmarshal(out, &st); err != nil {
			t.Fatal(err)
		}
		if len(st.State.Legal) > 0 && inWindow(st.State.Legal[0].Notation) && !strings.Contains(string(out), `"id":""`) {
			t.Fatalf("a player's state in a window has the position ID, which holds what was due: %s", out)
		}
		if len(st.State.Legal) == 0 {
			if strings.Contains(string(out), `"ending"`) {
				break
			}
			out = tb.Call("throw", []byte(h+`}`))
		} else {
			first := st.State.Legal[0].Notation
			if inWindow(first) {
				windows++
			}
			// mark 0 forgets whatever was due; pass lets it stand.
			n, _ := json.Marshal(first)
			out = tb.Call("apply", []byte(h+`,"notation":`+string(n)+`}`))
		}
		if strings.Contains(string(out), `"error"`) {
			t.Fatalf("step %d: %s", step, out)
		}
		if strings.Contains(string(out), `"due"`) {
			t.Fatalf("an answer says what was due: %s", out)
		}
	}
	if windows == 0 {
		t.Fatal("no declaration was asked for: the Schule is not on")
	}
}

// inWindow tells whether a move's notation is one of the Schule's: a
// declaration or an answer to one.
func inWindow(notation string) bool {
	return strings.HasPrefix(notation, "mark ") || strings.HasPrefix(notation, "schule ") || notation == "pass" || notation == "right"
}

// TestT_W5_NewGameWithTheSchule: games lists the Schule among
// Toccateglio's settings, in the call's language; newGame takes it by that
// name and the game's rules have it; a setting a game does not offer is
// refused and no game is made.
func TestT_W5_NewGameWithTheSchule(t *testing.T) {
	tb := NewTable(Options{})
	var games struct {
		Settings map[string][]struct{ Name, Title, Description string }
	}
	json.Unmarshal(tb.Call("games", []byte(`{"lang":"de"}`)), &games)
	s := games.Settings["toccateglio"]
	if len(s) != 1 || s[0].Name != "schule=true" || !strings.Contains(s[0].Description, "Points") {
		t.Fatalf("games' settings: %+v", games.Settings)
	}
	if len(games.Settings["verkehren"]) != 0 {
		t.Errorf("Verkehren has no settings: %+v", games.Settings["verkehren"])
	}
	out := tb.Call("newGame", []byte(`{"variant":"toccateglio","settings":["schule=true"],"seats":["person","person"]}`))
	if !strings.Contains(string(out), `"schule":true`) {
		t.Fatalf("newGame with the Schule: %s", out)
	}
	out = tb.Call("newGame", []byte(`{"variant":"verkehren","settings":["schule=true"]}`))
	if !strings.Contains(string(out), `"ErrBadOptions"`) || tb.Len() != 1 {
		t.Fatalf("a setting Verkehren does not offer: %s (%d games)", out, tb.Len())
	}
}

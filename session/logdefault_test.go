package session

import (
	"encoding/json"
	"fmt"
	"testing"
)

// No default answer grows with the game: a throw, a move or an advance of
// one step answers with that step's log only, a state with none, also
// after hundreds of steps (a throw at step 603 answered with 798 KB when
// the log started at 0 by default); an explicit since sends the log from
// there, as before.
func TestDefaultAnswersDoNotGrowWithTheGame(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	// a match of 1,000 Partien, people on both seats: long enough
	record := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=1000\n\n"
	call(t, tab, "loadRecord", map[string]any{"text": record, "seed": 8}, &s)
	var st struct {
		Turn  string
		Legal []struct{ Notation string }
	}
	largest := map[string]int{}
	for s.Length < 700 {
		json.Unmarshal(s.State, &st)
		if st.Turn == "over" {
			t.Fatalf("the match ended at step %d", s.Length)
		}
		before := s.Length
		method, args := "throw", fmt.Sprintf(`{"handle":%d}`, s.Handle)
		if st.Turn == "player" {
			method, args = "apply", fmt.Sprintf(`{"handle":%d,"notation":%q}`, s.Handle, st.Legal[0].Notation)
		}
		out := tab.Call(method, []byte(args))
		if err := json.Unmarshal(out, &s); err != nil || errorOf(out) != nil && errorOf(out).Name != "" {
			t.Fatalf("%s: %.300s", method, out)
		}
		if len(s.Log) != 1 || s.Since != before || s.Log[0].Index != before {
			t.Fatalf("%s at step %d: log of %d steps from %d", method, before, len(s.Log), s.Since)
		}
		largest[method] = max(largest[method], len(out))
		if s.Length%100 == 0 {
			out := tab.Call("state", []byte(fmt.Sprintf(`{"handle":%d}`, s.Handle)))
			var now StateJSON
			json.Unmarshal(out, &now)
			if len(now.Log) != 0 || now.Since != now.Length {
				t.Fatalf("state at step %d: a log of %d steps from %d", now.Length, len(now.Log), now.Since)
			}
			largest["state"] = max(largest["state"], len(out))
		}
	}
	t.Logf("the largest answers: %v", largest)
	for m, n := range largest {
		if n > 16<<10 {
			t.Errorf("a %s answer of %d bytes", m, n)
		}
	}
	// since keeps working: the whole log, and the tail from a step
	var all, tail StateJSON
	call(t, tab, "state", map[string]any{"handle": s.Handle, "since": 0}, &all)
	call(t, tab, "state", map[string]any{"handle": s.Handle, "since": s.Length - 3}, &tail)
	if len(all.Log) != s.Length || all.Since != 0 || len(tail.Log) != 3 || tail.Since != s.Length-3 {
		t.Errorf("since 0: %d steps of %d; since %d: %d steps", len(all.Log), s.Length, s.Length-3, len(tail.Log))
	}
	// a loaded record answers without its log unless asked
	var rec TextJSON
	call(t, tab, "saveRecord", map[string]any{"handle": s.Handle}, &rec)
	var loaded, asked StateJSON
	call(t, tab, "loadRecord", map[string]any{"text": rec.Text}, &loaded)
	call(t, tab, "loadRecord", map[string]any{"text": rec.Text, "since": 0}, &asked)
	if loaded.Length != s.Length || len(loaded.Log) != 0 || len(asked.Log) != s.Length {
		t.Errorf("loadRecord of %d steps: log %d by default, %d with since 0", loaded.Length, len(loaded.Log), len(asked.Log))
	}
	// events in the state only when asked; the log has them
	var with, without StateJSON
	call(t, tab, "state", map[string]any{"handle": s.Handle, "events": true}, &with)
	call(t, tab, "state", map[string]any{"handle": s.Handle}, &without)
	var ev struct{ Events []json.RawMessage }
	json.Unmarshal(without.State, &ev)
	if len(ev.Events) != 0 {
		t.Errorf("the default state has %d events", len(ev.Events))
	}
	json.Unmarshal(with.State, &ev)
	if len(ev.Events) == 0 || len(ev.Events) != len(all.Log[len(all.Log)-1].Events) {
		t.Errorf("events: true gives %d events; the last step has %d", len(ev.Events), len(all.Log[len(all.Log)-1].Events))
	}
}

package session

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel/internal/quote"
)

// caller is Call of a table, so that the hardening cases can be run against
// any implementation of the protocol.
type caller func(method string, args []byte) []byte

// maxMessage bounds the message of an error for the hardening tests: the
// reason and at most quote.Max bytes of each input quoted.
const maxMessage = 1024

// Errors quote at most quote.Max bytes of their input: a huge
// method name, key, bot name, rule ID or seed does not come back whole.
func TestErrorsDoNotRepeatHugeInput(t *testing.T) {
	checkErrorsDoNotRepeatHugeInput(t, NewTable(Options{}).Call)
}

func checkErrorsDoNotRepeatHugeInput(t *testing.T, call caller) {
	huge := strings.Repeat("x", 1<<20)
	var s struct{ Handle int }
	json.Unmarshal(call("newGame", []byte(`{"variant":"toccateglio"}`)), &s)
	for _, c := range []struct{ method, args string }{
		{huge, `{}`},
		{"state", fmt.Sprintf(`{"handle":%d,%q:1}`, s.Handle, huge)},
		{"botMove", fmt.Sprintf(`{"handle":%d,"bot":%q}`, s.Handle, huge)},
		{"rule", fmt.Sprintf(`{"id":%q}`, huge)},
		{"newGame", fmt.Sprintf(`{"variant":"toccateglio","seed":%q}`, huge)},
		{"newGame", fmt.Sprintf(`{"variant":%q}`, huge)},
		{"newGame", fmt.Sprintf(`{"variant":"toccateglio","preset":%q}`, huge)},
		{"apply", fmt.Sprintf(`{"handle":%d,"notation":%q}`, s.Handle, huge)},
		{"loadID", fmt.Sprintf(`{"id":%q}`, huge)},
	} {
		out := call(c.method, []byte(c.args))
		var e struct{ Error *ErrorJSON }
		if err := json.Unmarshal(out, &e); err != nil || e.Error == nil {
			t.Errorf("%.20s(%.40s…): no error value: %.200s", c.method, c.args, out)
			continue
		}
		if len(e.Error.Message) > maxMessage {
			t.Errorf("%.20s(%.40s…): a message of %d bytes: %.200s…", c.method, c.args, len(e.Error.Message), e.Error.Message)
		}
	}
}

// Arguments are read as strictly as a state's JSON: a key given twice or
// spelt in another case is refused, not read as the last or the nearest.
func TestArgumentsAreDecodedStrictly(t *testing.T) {
	checkArgumentsAreDecodedStrictly(t, NewTable(Options{}).Call)
}

func checkArgumentsAreDecodedStrictly(t *testing.T, call caller) {
	var s struct{ Handle int }
	json.Unmarshal(call("newGame", []byte(`{"variant":"verkehren","seed":1}`)), &s)
	var other struct{ Handle int }
	json.Unmarshal(call("newGame", []byte(`{"variant":"verkehren","seed":1}`)), &other)
	for _, args := range []string{
		fmt.Sprintf(`{"handle":%d,"handle":%d}`, other.Handle, s.Handle),
		fmt.Sprintf(`{"HANDLE":%d}`, s.Handle),
		fmt.Sprintf(`{"Handle":%d}`, s.Handle),
		fmt.Sprintf(`{"handle":%d} {}`, s.Handle),
	} {
		out := call("throw", []byte(args))
		var e struct{ Error *ErrorJSON }
		if json.Unmarshal(out, &e) != nil || e.Error == nil || e.Error.Name != "ErrBadCall" {
			t.Errorf("throw(%s) = %.300s, want ErrBadCall", args, out)
		}
	}
	for _, h := range []int{s.Handle, other.Handle} {
		var st struct{ Length int }
		json.Unmarshal(call("state", []byte(fmt.Sprintf(`{"handle":%d}`, h))), &st)
		if st.Length != 0 {
			t.Errorf("game %d: %d steps after refused calls", h, st.Length)
		}
	}
}

// takeback's seat is a seat of the game: 257 is not seat 1, nor are 255
// and −1 the dice.
func TestTakebackRefusesSeatsOutOfRange(t *testing.T) {
	checkTakebackRefusesSeatsOutOfRange(t, NewTable(Options{}).Call)
}

func checkTakebackRefusesSeatsOutOfRange(t *testing.T, call caller) {
	var s struct {
		Handle int
		Length int
		State  struct{ Turn string }
	}
	json.Unmarshal(call("newGame", []byte(`{"variant":"verkehren","seed":1}`)), &s)
	for s.State.Turn != "player" || s.Length < 5 {
		if s.State.Turn == "player" {
			var legal LegalJSON
			json.Unmarshal(call("legal", []byte(fmt.Sprintf(`{"handle":%d}`, s.Handle))), &legal)
			json.Unmarshal(call("apply", []byte(fmt.Sprintf(`{"handle":%d,"notation":%q}`, s.Handle, legal.Legal[0].Notation))), &s)
			continue
		}
		json.Unmarshal(call("throw", []byte(fmt.Sprintf(`{"handle":%d}`, s.Handle))), &s)
	}
	before := s.Length
	for _, seat := range []string{"257", "256", "255", "2", "-1", "-3", "1099511627776", "1.5"} {
		out := call("takeback", []byte(fmt.Sprintf(`{"handle":%d,"seat":%s}`, s.Handle, seat)))
		var e struct{ Error *ErrorJSON }
		if json.Unmarshal(out, &e) != nil || e.Error == nil || e.Error.Name != "ErrBadCall" {
			t.Errorf("takeback of seat %s = %.200s, want ErrBadCall", seat, out)
		}
		json.Unmarshal(call("state", []byte(fmt.Sprintf(`{"handle":%d}`, s.Handle))), &s)
		if s.Length != before {
			t.Fatalf("takeback of seat %s took %d steps back", seat, before-s.Length)
		}
	}
}

// Oversized arguments are refused unread, with the session unchanged.
func TestOversizedArgumentsAreRefused(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "festung"}, &s)
	big := []byte(fmt.Sprintf(`{"handle":%d,"notation":"%s"}`, s.Handle, strings.Repeat(" ", MaxArgs)))
	if e := fail(t, a, "apply", string(big)); e.Name != "ErrTooLarge" || len(e.Message) > maxMessage {
		t.Errorf("oversized: %s %.200s", e.Name, e.Message)
	}
	if e := fail(t, a, "nextSteps", fmt.Sprintf(`{"handle":%d,"steps":[%s{}]}`, s.Handle, strings.Repeat("{},", 100))); e.Name != "ErrBadCall" {
		t.Errorf("101 steps: %+v", e)
	}
	var after StateJSON
	call(t, a, "state", map[string]any{"handle": s.Handle}, &after)
	if after.Length != 0 {
		t.Error("refused calls changed the game")
	}
}

// Every method refuses arguments of the wrong type and unknown handles with
// a named error, and the game stays as it was.
func TestEveryMethodRefusesBadArguments(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "toccateglio", "seed": 1}, &s)
	for _, m := range Methods() {
		for _, args := range []string{`[]`, `"x"`, `{"handle":"1"}`, `{"handle":99999}`, `{"nosuch":1}`, `{`} {
			out := a.Call(m, []byte(args))
			var e struct{ Error *ErrorJSON }
			if json.Unmarshal(out, &e) != nil {
				t.Errorf("%s(%s): not JSON: %.200s", m, args, out)
				continue
			}
			if e.Error == nil {
				if args == `{"handle":99999}` && (m == "games" || m == "version") {
					continue
				}
				// the methods without a handle take no keys or others
				t.Errorf("%s(%s) = %.200s, want an error", m, args, out)
				continue
			}
			if !strings.HasPrefix(e.Error.Name, "Err") || e.Error.Name == "ErrInternal" {
				t.Errorf("%s(%s): %s %s", m, args, e.Error.Name, e.Error.Message)
			}
		}
	}
	var after StateJSON
	call(t, a, "state", map[string]any{"handle": s.Handle}, &after)
	if after.Length != 0 || string(after.State) != string(s.State) {
		t.Error("bad calls changed the game")
	}
	_ = quote.Max
}

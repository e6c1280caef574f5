package jsonw

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

func same(t *testing.T, what string, got []byte, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}

func TestStringAsEncodingJSON(t *testing.T) {
	cases := []string{"", "plain", `"quoted" \ back`, "<a&b>", "\b\f\n\r\t\x00\x01\x1f\x7f", "W3.IV", "→ Pasch ü",
		"\u2028\u2029", "bad \xff\xfe utf8", "\xed\xa0\x80", "ends in half \xe2\x86"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		same(t, "string "+s, String(nil, s), s)
	}
}

func TestFloatAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	fs := []float64{0, 1, -1, 0.1, 12.5, 1e-6, 9.99e-7, 1e21, 1e20, 123456789012345678901234.0, -1e-9, math.SmallestNonzeroFloat64, math.MaxFloat64, 47.25}
	for range 2000 {
		fs = append(fs, math.Float64frombits(r.Uint64()))
	}
	for _, f := range fs {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		same(t, "float", Float(nil, f), f)
	}
}

func TestListsAndPartsAsEncodingJSON(t *testing.T) {
	same(t, "nil ints", Ints(nil, nil), []int(nil))
	same(t, "ints", Ints(nil, []int{}), []int{})
	same(t, "ints", Ints(nil, []int{-3, 0, 7}), []int{-3, 0, 7})
	same(t, "nil strings", Strings(nil, nil), []string(nil))
	same(t, "strings", Strings(nil, []string{"a", "<b>"}), []string{"a", "<b>"})
	same(t, "nil bools", Bools(nil, nil), []bool(nil))
	same(t, "bools", Bools(nil, []bool{true, false}), []bool{true, false})
	moves := []brettspiel.LegalMove{{Notation: "1/5"}, {Notation: "x", Weight: 2, Kind: "throw", Dice: []int{1, 2}},
		{Notation: "y", Steps: []brettspiel.Step{{From: 1, To: 5, TrackFrom: 1, TrackTo: 5, Die: 4, Flags: brettspiel.StepHit | brettspiel.StepEnter}, {Field: 7}},
			Decision: "d", Field: 3, FieldName: "W1.I", Marks: []int{0, 2}}}
	same(t, "legal", LegalMoves(nil, moves), moves)
	same(t, "nil legal", LegalMoves(nil, nil), []brettspiel.LegalMove(nil))
	same(t, "nil steps", Steps(nil, nil), []brettspiel.Step(nil))
	events := []brettspiel.Event{{Kind: "move", Player: 1, Other: brettspiel.Nobody, From: 1, To: 2}, {Kind: "throw", Rule: "T-M1",
		Player: brettspiel.Chance, FromName: "bar", ToName: "<off>", Number: 7, Dice: []int{3, 4}, Note: "a note"}}
	same(t, "events", Events(nil, events), events)
	same(t, "nil events", Events(nil, nil), []brettspiel.Event(nil))
	w := 1
	s := kit.StateJSON{Version: 2, Game: "g", ID: "id", Turn: "player", Player: 0, Legal: moves, Events: events, Returns: []int{1, -1}, Winner: &w}
	same(t, "envelope", append(append([]byte{'{'}, Envelope(nil, &s)...), '}'), s)
	s.Winner, s.Legal, s.Returns = nil, nil, nil
	same(t, "envelope", append(append([]byte{'{'}, Envelope(nil, &s)...), '}'), s)
	r := kit.RaceJSON{Phase: "play", Seat: 1, Dice: []int{2}, Turns: 3, Waiting: "bar",
		Points: []kit.RacePointJSON{{Point: 1, Owner: -1, Track: []int{1, 24}, Hucke: -1, Home: 0}},
		Sides:  []kit.RaceSideJSON{{Seat: 0, Track: []int{0, 1}, Waiting: 1, OnBoard: 2, BorneOff: 3, Pips: 4, Score: 5}}}
	same(t, "race", append(append([]byte{'{'}, Race(nil, &r)...), '}'), r)
	same(t, "race", append(append([]byte{'{'}, Race(nil, &kit.RaceJSON{})...), '}'), kit.RaceJSON{})
	same(t, "keys", append(Int(Key(append(Int(Key([]byte{'{'}, "a", true), 1), '}')[:6], "b", false), 2), '}'), map[string]int{"a": 1, "b": 2})
}

// Int and KeyInt write every int as strconv does, the small ones by hand.
func TestIntAsStrconv(t *testing.T) {
	for _, n := range []int{-101, -100, -99, -10, -9, -1, 0, 1, 9, 10, 11, 42, 99, 100, 101, 999, 1000, 1<<31 - 1, -1 << 31, math.MaxInt, math.MinInt} {
		want := strconv.Itoa(n)
		if got := string(Int([]byte("x"), n)); got != "x"+want {
			t.Errorf("Int(%d) = %q, want x%s", n, got, want)
		}
		if got := string(KeyInt([]byte("x"), `,"k":`, n)); got != `x,"k":`+want {
			t.Errorf("KeyInt(%d) = %q", n, got)
		}
	}
}

package session

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// encodingJSON is an answer as encoding/json writes it, the state put in
// front.
func encodingJSON(t *testing.T, s StateJSON, state []byte) []byte {
	t.Helper()
	s.State = nil
	rest, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return append(append(append([]byte(`{"state":`), state...), ','), rest[1:]...)
}

// The answers written by hand are what encoding/json writes, for games of
// every variant played by bots to their ends, in every view of the log,
// both languages, with the rules' texts, the bots' times and the ending.
func TestAnswerAsEncodingJSON(t *testing.T) {
	yes, no, three := true, false, 3
	for _, c := range []struct {
		variant string
		players int
	}{{"toccateglio", 2}, {"verkehren", 2}, {"festung", 3}, {"festung", 5}} {
		g, err := New(Config{Variant: c.variant, Players: c.players, Seed: SeedOf(5), Seats: []string{"random", "random", "random", "random", "random"}[:c.players]})
		if err != nil {
			t.Fatal(err)
		}
		views := []View{{}, {Rules: true, Lang: "de"}, {Log: &no}, {Since: &three, Legal: &no, Chance: true, Static: true, Events: true}, {Legal: &yes, Rules: true}}
		for i := 0; i < 2000 && g.cur.ToMove() != brettspiel.Terminal; i++ {
			unlock := g.lock() // as a call that acts holds them
			steps, err := g.advance(context.Background(), 1+i%3)
			if err != nil {
				t.Fatal(err)
			}
			v := views[i%len(views)]
			if v.Since != nil {
				since := max(g.h.Len()-2, 0)
				v.Since = &since
			}
			p := &played{steps: steps, advance: i%2 == 0}
			if !p.advance {
				p.steps = steps[:1]
			}
			s, state, err := g.answer(7, v, "advance", p)
			if err != nil {
				t.Fatal(err)
			}
			// the answer as the calls write it, the state appended by
			// the game straight into it
			if direct, err := g.stateJSON(7, v, "advance", p); err != nil || string(direct) != string(s.appendJSON(nil, state)) {
				t.Fatalf("%s step %d: stateJSON wrote %.300s (%v)\nwant %.300s", c.variant, i, direct, err, s.appendJSON(nil, state))
			}
			unlock()
			if i%7 == 0 { // bots' names and times in the log, as Advance returns the steps
				s.Log = append(s.Log, steps...)
			}
			got, want := s.appendJSON(nil, state), encodingJSON(t, s, state)
			if string(got) != string(want) {
				t.Fatalf("%s step %d:\n got %s\nwant %s", c.variant, i, got, want)
			}
		}
		if g.cur.ToMove() != brettspiel.Terminal {
			t.Errorf("%s: the game did not end", c.variant)
		}
	}
	s := StateJSON{Info: Info{Seed: SeedOf(1<<64 - 1), Names: []string{"", "Anna <&>\u2028"}, Next: "g/<&>"}, Millis: 1e-7, Move: "<&>", Ending: "x\u2028"}
	if got, want := s.appendJSON(nil, []byte("{}")), encodingJSON(t, s, []byte("{}")); string(got) != string(want) {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// "legal" writes by hand what encoding/json writes for LegalJSON, with the
// parts and without, at every step of games of every variant.
func TestLegalAsEncodingJSON(t *testing.T) {
	tab := NewTable(Options{})
	for _, v := range []string{"toccateglio", "verkehren", "festung"} {
		out := tab.Call("newGame", []byte(`{"variant":"`+v+`","seats":["random","random"],"seed":2}`))
		var s StateJSON
		if err := json.Unmarshal(out, &s); err != nil {
			t.Fatal(err)
		}
		g, _ := tab.Game(s.Handle)
		for i := 0; i < 300 && g.cur.ToMove() != brettspiel.Terminal; i++ {
			for _, parts := range []bool{true, false} {
				got := tab.Call("legal", []byte(`{"handle":`+itoa(s.Handle)+`,"parts":`+map[bool]string{true: "true", false: "false"}[parts]+`}`))
				want := LegalJSON{Legal: kit.NewStateJSON(g.cur, v, "").Legal}
				if !parts { // as it was written before: the notations of LegalMoves
					moves := g.cur.LegalMoves()
					want.Legal = make([]brettspiel.LegalMove, len(moves))
					for k, m := range moves {
						want.Legal[k].Notation = g.cur.MoveString(m)
					}
				}
				w, _ := json.Marshal(want)
				if string(got) != string(w) {
					t.Fatalf("%s step %d parts %v:\n got %s\nwant %s", v, i, parts, got, w)
				}
			}
			if _, err := g.Advance(context.Background(), 1); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

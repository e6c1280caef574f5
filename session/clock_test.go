package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
)

// toDecide throws (as seat 0's holder) until a seat is to move and returns
// it.
func toDecide(t *testing.T, tab *Table, h int, secret string) (StateJSON, int) {
	t.Helper()
	for range 20 {
		var s StateJSON
		call(t, tab, "state", map[string]any{"handle": h, "log": false}, &s)
		var st struct {
			Turn   string
			Player int
		}
		if err := json.Unmarshal(s.State, &st); err != nil {
			t.Fatal(err)
		}
		if st.Turn == "player" {
			return s, st.Player
		}
		call(t, tab, "throw", map[string]any{"handle": h, "secret": secret, "log": false}, nil)
	}
	t.Fatal("no seat to move after 20 throws")
	return StateJSON{}, 0
}

// The delay of each decision is free, the time beyond it costs reserve; a
// seat whose reserve is gone loses a race game, which ends there: every
// step is refused, the state and the watchers say so.
func TestClockRunsOutInARaceGame(t *testing.T) {
	clk := newFakeTime()
	tab := NewTable(Options{Now: clk.now})
	h, secrets := ownedGame(t, tab, `{"variant":"verkehren","seed":5,"owned":true,"clock":{"delayMillis":5000,"reserveMillis":60000}}`, 2)
	g, _ := tab.Game(h)
	s, p := toDecide(t, tab, h, secrets[0])
	if c := s.Clock; c == nil || c.Running != p || c.ReserveMillis[p] != 60000 {
		t.Fatalf("at seat %d's decision the clock is %+v", p, c)
	}
	if when, ok := g.Deadline(); !ok || !when.Equal(clk.now().Add(65*time.Second)) {
		t.Errorf("deadline %v %v, want 65 s from now", when, ok)
	}
	// within the delay: no reserve used
	clk.pass(4 * time.Second)
	var legal LegalJSON
	call(t, tab, "legal", map[string]any{"handle": h, "parts": false}, &legal)
	call(t, tab, "apply", map[string]any{"handle": h, "notation": legal.Legal[0].Notation, "secret": secrets[p]}, &s)
	if s.Clock.ReserveMillis[p] != 60000 || s.Clock.Running != -1 {
		t.Errorf("after a decision within the delay: %+v", s.Clock)
	}
	// at a throw no clock runs
	clk.pass(time.Hour)
	s, q := toDecide(t, tab, h, secrets[0])
	if s.Clock.Running != q || s.Clock.ReserveMillis[q] != 60000 || s.Clock.ElapsedMillis != 0 {
		t.Fatalf("after an hour at a throw: %+v", s.Clock)
	}
	// beyond the delay the reserve runs down
	clk.pass(25 * time.Second)
	call(t, tab, "legal", map[string]any{"handle": h, "parts": false}, &legal)
	call(t, tab, "apply", map[string]any{"handle": h, "notation": legal.Legal[0].Notation, "secret": secrets[q]}, &s)
	if s.Clock.ReserveMillis[q] != 40000 {
		t.Errorf("after 25 s with a delay of 5 s: reserve %d ms, want 40000", s.Clock.ReserveMillis[q])
	}
	w, _ := g.Watch(1 << 30) // from now on
	w.Next(nil)
	s, r := toDecide(t, tab, h, secrets[0])
	for _, ok := pending(w); ok; _, ok = pending(w) {
	}
	left := time.Duration(s.Clock.ReserveMillis[r])*time.Millisecond + 5*time.Second
	clk.pass(left) // exactly at the deadline: still in time
	if g.TimeUp() != -1 {
		t.Fatal("ran out at the deadline itself")
	}
	clk.pass(time.Millisecond)
	before := g.Len()
	call(t, tab, "legal", map[string]any{"handle": h, "parts": false}, &legal)
	e := fail(t, tab, "apply", fmt.Sprintf(`{"handle":%d,"notation":%q,"secret":%q}`, h, legal.Legal[0].Notation, secrets[r]))
	if e.Name != "ErrGameOver" || g.Len() != before {
		t.Errorf("a move after the time ran out: %s %s, %d steps of %d", e.Name, e.Message, g.Len(), before)
	}
	call(t, tab, "state", map[string]any{"handle": h}, &s)
	want := fmt.Sprintf("Player %d ran out of time: Player %d wins.", r+1, 2-r)
	if s.Clock.Out != r || s.Clock.Winner != 1-r || s.Ending != want {
		t.Errorf("after running out: clock %+v, ending %q, want %q", s.Clock, s.Ending, want)
	}
	d, _ := w.Next(nil)
	if d.Clock == nil || d.Clock.Out != r || d.Ending != want || d.From != d.Length {
		t.Errorf("the watcher was told %+v", d)
	}
	if _, ok := g.Deadline(); ok {
		t.Error("a deadline after the end")
	}
	for _, m := range []string{"throw", "undo", "advance"} {
		if e := fail(t, tab, m, fmt.Sprintf(`{"handle":%d,"secret":%q}`, h, secrets[1-r])); e.Name != "ErrGameOver" && e.Name != "ErrNeedsConsent" {
			t.Errorf("%s after the end on time: %s", m, e.Name)
		}
	}
	call(t, tab, "close", map[string]any{"handle": h, "secret": secrets[r]}, nil)
}

// In the Festungsspiel the seat that runs out loses and the game ends as
// it stands, with no winner named; in German too.
func TestClockRunsOutInTheFestungsspiel(t *testing.T) {
	clk := newFakeTime()
	g, err := New(Config{Variant: "festung", Players: 3, Lang: "de", Clock: &TimeControl{ReserveMillis: 1000}, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	for g.Position().ToMove() == brettspiel.Chance {
		g.Throw()
	}
	p := int(g.Position().ToMove())
	clk.pass(1001 * time.Millisecond)
	if out := g.TimeUp(); out != p {
		t.Fatalf("TimeUp = %d, want %d", out, p)
	}
	if _, err := g.Play(g.Position().LegalMoves()[0]); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("a step after the end on time: %v", err)
	}
	tab := NewTable(Options{})
	h, _ := tab.Add(g)
	var s StateJSON
	call(t, tab, "state", map[string]any{"handle": h}, &s)
	if s.Clock.Winner != -1 || !strings.HasPrefix(s.Ending, fmt.Sprintf("Spieler %d hat die Zeit überschritten und verliert", p+1)) {
		t.Errorf("clock %+v, ending %q", s.Clock, s.Ending)
	}
}

// A clock is only a person's: a bot's seat has none; a bad time control is
// refused; a snapshot keeps the clocks without the time it lay unused.
func TestClockOfBotsBadControlsAndSnapshots(t *testing.T) {
	clk := newFakeTime()
	for _, tc := range []TimeControl{{}, {DelayMillis: -1, ReserveMillis: 5}, {ReserveMillis: 1 << 40}, {DelayMillis: 1 << 40}} {
		if _, err := New(Config{Variant: "toccateglio", Clock: &tc}); !errors.Is(err, ErrBadCall) {
			t.Errorf("time control %+v: %v", tc, err)
		}
	}
	g, err := New(Config{Variant: "toccateglio", Seats: []string{"person", "random"}, Clock: &TimeControl{DelayMillis: 2000, ReserveMillis: 30000}, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	for g.Position().ToMove() != 0 {
		if g.Position().ToMove() == brettspiel.Chance {
			g.Throw()
		} else {
			clk.pass(time.Hour) // a bot thinks as long as it likes
			g.BotMove(context.Background(), "random")
		}
	}
	clk.pass(12 * time.Second)
	snap, _, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	clk.pass(24 * time.Hour)
	r, err := restore(snap, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	c := r.clockJSON()
	r.mu.Unlock()
	if c.Running != 0 || c.ElapsedMillis != 12000 || c.ReserveMillis[1] != 30000 {
		t.Errorf("restored a day later: %+v", c)
	}
	clk.pass(21 * time.Second) // 33 s of 2 + 30
	if r.TimeUp() != 0 {
		t.Error("the restored clock did not run out")
	}
}

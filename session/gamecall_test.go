package session

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// withoutHandle is an answer of Table.Call with its "handle" key taken out,
// as Game.Call answers.
func withoutHandle(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	delete(m, "handle")
	delete(m, "commitment") // each game's salt is its own
	return m
}

// A game's own Call answers as Table.Call does on the game's handle, but
// for the handle, which it neither takes nor gives; the secret goes beside
// the arguments.
func TestGameCallAnswersAsTableCall(t *testing.T) {
	ctx := context.Background()
	mk := func() (*Table, *Game, string) {
		tab := NewTable(Options{})
		var s StateJSON
		call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 9, "owned": true, "seats": []string{"person", "greedy"}}, &s)
		var c ClaimJSON
		call(t, tab, "claim", map[string]any{"handle": s.Handle, "seat": 0}, &c)
		g, _ := tab.Game(s.Handle)
		return tab, g, c.Secret
	}
	tab, g, secret := mk()
	tab2, g2, secret2 := mk()
	_ = tab2
	for _, c := range []struct{ method, args string }{
		{"state", `{}`},
		{"advance", `{}`},
		{"legal", `{"parts":false}`},
		{"state", `{"since":0,"rules":true,"lang":"de"}`},
		{"saveRecord", `{}`},
		{"positionID", `{}`},
		{"watch", `{"rev":0}`},
		{"hint", `{"count":2}`},
		{"version", `{}`},
		{"rule", `{"id":"V-E1"}`},
	} {
		args := c.args
		withHandle := `{"handle":1,` + strings.TrimPrefix(args, "{")
		if args == `{}` {
			withHandle = `{"handle":1}`
		}
		if tableless[c.method] {
			withHandle = args
		}
		if c.method == "advance" {
			withHandle = `{"handle":1,"secret":"` + secret + `"}`
		}
		want := tab.CallContext(ctx, c.method, []byte(withHandle))
		got := g2.Call(ctx, c.method, []byte(args), secret2)
		if bytes.Contains(got, []byte(`"handle"`)) {
			t.Errorf("%s: Game.Call answers with a handle: %.200s", c.method, got)
		}
		w, gm := withoutHandle(t, want), withoutHandle(t, got)
		if c.method == "hint" {
			continue // a hint's values are the same, its time is not part of it
		}
		wj, _ := json.Marshal(w)
		gj, _ := json.Marshal(gm)
		if string(wj) != string(gj) {
			t.Errorf("%s: Game.Call answers\n%.400s\nTable.Call\n%.400s", c.method, gj, wj)
		}
	}
	_ = g
	for _, c := range []struct{ method, args, secret, name string }{
		{"state", `{"handle":1}`, "", "ErrBadCall"},
		{"apply", `{"notation":"x","secret":"` + secret2 + `"}`, "", "ErrBadCall"},
		{"throw", `{}`, "", "ErrNoSecret"},
		{"throw", `{}`, "not a secret", "ErrBadSecret"},
		{"close", `{}`, secret2, "ErrUnknownMethod"},
		{"newGame", `{"variant":"verkehren"}`, "", "ErrUnknownMethod"},
		{"nope", `{}`, "", "ErrUnknownMethod"},
	} {
		e := errorOf(g2.Call(ctx, c.method, []byte(c.args), c.secret))
		if e == nil || e.Name != c.name {
			t.Errorf("%s %s: %+v, want %s", c.method, c.args, e, c.name)
		}
	}
}

// Every method on one game takes a secret, and the methods that only read
// ignore it: a transport sends every call with the secret it holds.
func TestReadsTakeAndIgnoreASecret(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 3}, &s)
	for _, m := range []string{"state", "legal", "saveRecord", "positionID", "watch", "nextSteps", "hint"} {
		args := map[string]any{"handle": s.Handle, "secret": "anything"}
		switch m {
		case "watch":
			args["rev"] = 0
		case "nextSteps":
			args["steps"] = []any{}
		}
		if m == "nextSteps" {
			g, _ := tab.Game(s.Handle)
			for g.Position().ToMove() < 0 {
				if _, err := g.Throw(); err != nil {
					t.Fatal(err)
				}
			}
		}
		call(t, tab, m, args, nil)
	}
}

// longGame is a game of a match of many Partien between greedy bots, whose
// advance runs for thousands of steps.
func longGame(t *testing.T) *Game {
	t.Helper()
	opts := toccateglio.Toccateglispiel()
	opts.Partien = 1000
	start, err := toccateglio.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	h, err := brettspiel.NewHistory(start, toccateglio.NewRecord(opts))
	if err != nil {
		t.Fatal(err)
	}
	g, err := newGame(h, "", Config{Seed: SeedOf(1), Seats: []string{"greedy", "greedy"}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The reads answer while a bot of an advance thinks: here the bot thinks
// until every read has answered, which a read that waited for the advance
// would never do.
func TestReadsAnswerWhileABotThinks(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 4, "seats": []string{"random", "random"}}, &s)
	g, w := seatWaiter(t, tab, s.Handle)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan []byte)
	go func() { done <- g.Call(ctx, "advance", nil, "") }()
	<-w.started // the waiter thinks, within the advance, until cancelled
	for _, m := range []string{"state", "legal", "saveRecord", "positionID"} {
		answered := make(chan []byte)
		go func() { answered <- g.Call(context.Background(), m, nil, "") }()
		select {
		case out := <-answered:
			if e := errorOf(out); e != nil {
				t.Errorf("%s while a bot thinks: %s", m, e.Message)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s waited for the advance", m)
		}
	}
	if e := errorOf(g.Call(context.Background(), "watch", []byte(`{"rev":0}`), "")); e != nil {
		t.Errorf("watch while a bot thinks: %s", e.Message)
	}
	cancel()
	var a StateJSON
	if err := json.Unmarshal(<-done, &a); err != nil || a.Stopped != StoppedCancelled {
		t.Errorf("the advance, cancelled: %+v %v", a, err)
	}
}

// state answers within 10 ms while an advance of 10,000 steps runs on the
// same game: a read waits for one step at most. The machine's scheduling
// can delay any one call (the race detector, other tests' processes on the
// same cores), so nine reads in ten must answer within 10 ms; a read that
// waited for the advance would wait for all of it.
func TestReadsDoNotWaitForALongCall(t *testing.T) {
	g := longGame(t)
	ctx := context.Background()
	done := make(chan []byte)
	go func() { done <- g.Call(ctx, "advance", []byte(`{"limit":10000,"log":false}`), "") }()
	var took []time.Duration
	for running := true; running; {
		select {
		case out := <-done:
			running = false
			var s StateJSON
			if err := json.Unmarshal(out, &s); err != nil || s.Played < 2000 {
				t.Fatalf("the advance played %d steps: %.300s", s.Played, out)
			}
		default:
			start := time.Now()
			out := g.Call(ctx, "state", []byte(`{"log":false}`), "")
			took = append(took, time.Since(start))
			if errorOf(out) != nil {
				t.Fatalf("state: %s", out)
			}
			time.Sleep(time.Millisecond)
		}
	}
	if len(took) < 10 {
		t.Fatalf("only %d reads while the advance ran", len(took))
	}
	slices.Sort(took)
	if p90 := took[len(took)*9/10]; p90 > 10*time.Millisecond {
		t.Errorf("9 reads in 10 answered within %v while an advance ran, not 10 ms (%d reads)", p90, len(took))
	}
	t.Logf("%d reads: median %v, 9 in 10 within %v, the slowest %v", len(took), took[len(took)/2], took[len(took)*9/10], took[len(took)-1])
}

// Reading a game keeps nobody's game alive: a game polled every 30 s is
// swept after IdleTimeout; one whose person acts, or whose transport
// touches it for a person's connection, is not.
func TestIdleMeansNobodyActed(t *testing.T) {
	clk := newFakeTime()
	tab := NewTable(Options{IdleTimeout: 5 * time.Minute, Now: clk.now})
	var polled, played, touched StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 1}, &polled)
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 1}, &played)
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 1}, &touched)
	gt, _ := tab.Game(touched.Handle)
	for i := 0; i < 10; i++ { // 5 minutes
		clk.pass(30 * time.Second)
		call(t, tab, "state", map[string]any{"handle": polled.Handle}, nil)
		call(t, tab, "watch", map[string]any{"handle": polled.Handle, "rev": 0}, nil)
		call(t, tab, "legal", map[string]any{"handle": polled.Handle}, nil)
		if i%4 == 0 {
			call(t, tab, "advance", map[string]any{"handle": played.Handle, "limit": 1}, nil)
			gt.Touch()
		}
		if swept := tab.Sweep(); len(swept) > 0 {
			t.Fatalf("swept %v after %d s", swept, 30*(i+1))
		}
	}
	clk.pass(30 * time.Second)
	if got := tab.Sweep(); len(got) != 1 || got[0] != polled.Handle {
		t.Errorf("after 5½ minutes the sweep closed %v; want the polled game %d only", got, polled.Handle)
	}
}

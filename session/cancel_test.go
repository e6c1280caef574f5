//go:build !wasm

package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
)

// waiter is a bot that thinks until its context ends, then answers with
// the first legal move: a decision that a stop interrupts for sure. It
// says on started when it begins to think.
type waiter struct{ started chan struct{} }

func (w waiter) Choose(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return legal[0]
}

func (w waiter) ChooseContext(ctx context.Context, g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	w.started <- struct{}{}
	<-ctx.Done()
	return legal[0]
}

// seatWaiter makes seat 0 of the game of handle h a waiter.
func seatWaiter(t *testing.T, tab *Table, h int) (*Game, waiter) {
	t.Helper()
	g, err := tab.Game(h)
	if err != nil {
		t.Fatal(err)
	}
	w := waiter{started: make(chan struct{}, 1)}
	g.mu.Lock()
	g.bots[0], g.seats[0] = w, "waiter"
	g.mu.Unlock()
	return g, w
}

// errorName is the name of the error of an answer, "" for none.
func errorName(out []byte) string {
	if e := errorOf(out); e != nil {
		return e.Name
	}
	return ""
}

// A stopped call changes nothing, or exactly the steps it reports: every
// way to stop (the caller's context, the game's closing, the table's
// budget) while a bot thinks in an advance. The waiter thinks until the
// stop; its move is not played, the throws before it are, and the answer
// says so.
func TestStoppedAdvanceHoldsTheStepsItReports(t *testing.T) {
	for _, c := range []struct {
		how, stopped string
	}{{"cancel", StoppedCancelled}, {"close", StoppedClosed}, {"budget", StoppedBudget}} {
		t.Run(c.how, func(t *testing.T) {
			o := Options{}
			if c.how == "budget" {
				o.CallBudget = 50 * time.Millisecond
			}
			tab := NewTable(o)
			var s StateJSON
			call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 9, "seats": []string{"random", "random"}}, &s)
			g, w := seatWaiter(t, tab, s.Handle)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			answer := make(chan []byte)
			go func() {
				answer <- tab.CallContext(ctx, "advance", []byte(fmt.Sprintf(`{"handle":%d}`, s.Handle)))
			}()
			<-w.started
			switch c.how {
			case "cancel":
				cancel()
			case "close":
				if err := tab.Close(s.Handle); err != nil {
					t.Fatal(err)
				}
			}
			out := <-answer
			var got StateJSON
			if err := json.Unmarshal(out, &got); err != nil || errorOf(out) != nil && errorOf(out).Name != "" {
				t.Fatalf("answer %s", out)
			}
			if got.Stopped != c.stopped {
				t.Errorf("stopped %q, want %q", got.Stopped, c.stopped)
			}
			all := g.Log(0)
			if got.Played == 0 || got.Played != len(all) || got.Length != len(all) || len(got.Log) != len(all) {
				t.Fatalf("played %d, length %d, log %d; the game holds %d steps", got.Played, got.Length, len(got.Log), len(all))
			}
			for i, st := range got.Log {
				if st.Notation != all[i].Notation || st.Actor != all[i].Actor {
					t.Errorf("step %d answered %q by %d, the game holds %q by %d", i, st.Notation, st.Actor, all[i].Notation, all[i].Actor)
				}
			}
			if g.Position().ToMove() != 0 {
				t.Errorf("%v to move after the stop; the waiter's seat 0 should be", g.Position().ToMove())
			}
			if err := validate(schemaOf(t), out); err != nil {
				t.Errorf("the stopped answer breaks the schema: %v", err)
			}
		})
	}
}

// botMove, hint and analyze stopped while they work fail with the stop's
// error and change nothing.
func TestStoppedBotMoveChangesNothing(t *testing.T) {
	for _, how := range []string{"cancel", "close", "budget"} {
		t.Run(how, func(t *testing.T) {
			o := Options{}
			if how == "budget" {
				o.CallBudget = 30 * time.Millisecond
			}
			tab := NewTable(o)
			var s StateJSON
			call(t, tab, "newGame", map[string]any{"variant": "toccateglio", "seed": 4, "seats": []string{"person", "person"}}, &s)
			call(t, tab, "advance", map[string]any{"handle": s.Handle}, &s) // the draw and the first throw
			g, err := tab.Game(s.Handle)
			if err != nil {
				t.Fatal(err)
			}
			before := g.Len()
			w := waiter{started: make(chan struct{}, 1)}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() {
				// the bot of a botMove comes from the registry by name: the
				// waiter goes in under the call's own path below the name
				bctx, end := g.bind(ctx, tab.budget)
				defer end()
				unlock := g.lock()
				_, err := g.botMove(bctx, w, "waiter")
				unlock() // before the answer: the closing waits for the lock
				done <- err
			}()
			select {
			case <-w.started:
				switch how {
				case "cancel":
					cancel()
				case "close":
					tab.Close(s.Handle)
				}
				err = <-done
			case err = <-done:
				// the budget ran out before the bot began (a slow run)
			}
			want := map[string]error{"cancel": ErrCancelled, "close": ErrGameClosed, "budget": ErrOverBudget}[how]
			if !errors.Is(err, want) {
				t.Errorf("err %v, want %v", err, want)
			}
			if g.Len() != before {
				t.Errorf("%d steps after the stopped bot's move, %d before", g.Len(), before)
			}
		})
	}
}

// A call whose context has ended, or on a closed game, is refused with its
// named error and changes nothing; the quick calls of a closed Game go on.
func TestCallOnEndedContextOrClosedGame(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 2, "seats": []string{"greedy", "person"}}, &s)
	g, _ := tab.Game(s.Handle)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, m := range []string{"advance", "botMove", "hint", "analyze", "state", "throw"} {
		args := fmt.Sprintf(`{"handle":%d}`, s.Handle)
		if m == "botMove" {
			args = fmt.Sprintf(`{"handle":%d,"bot":"greedy"}`, s.Handle)
		}
		if name := errorName(tab.CallContext(ctx, m, []byte(args))); name != "ErrCancelled" {
			t.Errorf("%s with a cancelled context: %q, want ErrCancelled", m, name)
		}
	}
	if g.Len() != 0 {
		t.Fatalf("the cancelled calls made %d steps", g.Len())
	}
	g.Close()
	bg := context.Background()
	if steps, err := g.Advance(bg, 0); !errors.Is(err, ErrGameClosed) || len(steps) != 0 {
		t.Errorf("Advance on a closed game: %d steps, %v", len(steps), err)
	}
	if _, err := g.BotMove(bg, "greedy"); !errors.Is(err, ErrGameClosed) {
		t.Errorf("BotMove on a closed game: %v", err)
	}
	if _, err := g.Hints(bg, "greedy", 3); !errors.Is(err, ErrGameClosed) {
		t.Errorf("Hints on a closed game: %v", err)
	}
	if _, err := g.Analyze(bg, AnalyzeOptions{}); !errors.Is(err, ErrGameClosed) {
		t.Errorf("Analyze on a closed game: %v", err)
	}
	if g.Len() != 0 {
		t.Fatalf("the calls on the closed game made %d steps", g.Len())
	}
	if _, err := g.Throw(); err != nil {
		t.Errorf("a closed game's quick call: %v", err)
	}
	g.Close() // twice is harmless
}

// The Done-when of the stoppable calls: an advance through a match of
// 1,000 Partien between two net-strongest bots stops soon after its
// context's cancellation or its game's closing, and the game holds exactly
// the steps the answer reports. The stop comes between two steps or within
// a decision (the net levels look between the plays they judge deeper, and
// their own time, 50 ms, bounds a decision), so it takes at most about one
// play's look three plies deep. The bound is 100 ms; under -race, which
// makes the net's judging some ten times slower, a look of one play takes
// longer than that, so the race run asserts 500 ms. Each way is tried three
// times and the median asserted: the machine the tests share is busy.
func TestLongMatchAdvanceStopsWithin100ms(t *testing.T) {
	bound := 100 * time.Millisecond
	if raceDetector {
		bound = 500 * time.Millisecond
	}
	record := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=1000\n\n"
	for _, how := range []string{"cancel", "close"} {
		var took []time.Duration
		for try := range 3 {
			tab := NewTable(Options{})
			var s StateJSON
			call(t, tab, "loadRecord", map[string]any{"text": record, "seed": 11 + try, "seats": []string{"net-strongest", "net-strongest"}}, &s)
			g, _ := tab.Game(s.Handle)
			ctx, cancel := context.WithCancel(context.Background())
			answer := make(chan []byte)
			go func() {
				answer <- tab.CallContext(ctx, "advance", []byte(fmt.Sprintf(`{"handle":%d,"limit":%d}`, s.Handle, MaxAdvance)))
			}()
			// let it play a while: some decisions of either bot
			time.Sleep(300 * time.Millisecond)
			at := time.Now()
			if how == "cancel" {
				cancel()
			} else {
				tab.Close(s.Handle)
			}
			out := <-answer
			took = append(took, time.Since(at))
			t.Logf("%s: %d steps played before the stop", how, g.Len())
			cancel()
			var got StateJSON
			if err := json.Unmarshal(out, &got); err != nil || got.Stopped == "" {
				t.Fatalf("%s: the answer %.300s", how, out)
			}
			if n := g.Len(); got.Played != n || got.Length != n || len(got.Log) != n {
				t.Fatalf("%s: answered %d steps played (length %d, log %d); the game holds %d", how, got.Played, got.Length, len(got.Log), n)
			}
			time.Sleep(20 * time.Millisecond)
			if n := g.Len(); n != got.Played {
				t.Fatalf("%s: the game went on to %d steps after the answer of %d", how, n, got.Played)
			}
		}
		slices.Sort(took)
		t.Logf("%s: stopped after %v (median of %v)", how, took[1], took)
		if took[1] > bound {
			t.Errorf("%s: the advance stopped %v after; want at most %v", how, took[1], bound)
		}
	}
}

// analyze judges without the game's lock: the game's other calls answer
// while it works, and its cancellation stops it with ErrCancelled.
func TestAnalyzeLetsTheGameGoOnAndStops(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 1, "seats": []string{"greedy", "greedy"}}, &s)
	call(t, tab, "advance", map[string]any{"handle": s.Handle, "limit": 300}, &s)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	answer := make(chan []byte)
	go func() {
		answer <- tab.CallContext(ctx, "analyze", []byte(fmt.Sprintf(`{"handle":%d,"plies":2}`, s.Handle)))
	}()
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	var st StateJSON
	call(t, tab, "state", map[string]any{"handle": s.Handle, "log": false}, &st)
	quick := time.Since(start)
	cancel()
	out := <-answer
	if name := errorName(out); name != "ErrCancelled" {
		t.Errorf("a cancelled analysis answered %.200s", out)
	}
	// 300 steps at two plies take seconds: a state that waited for them
	// would take as long
	if quick > time.Second {
		t.Errorf("a state during the analysis took %v", quick)
	}
	if st.Length != s.Length {
		t.Errorf("length %d during the analysis, %d before", st.Length, s.Length)
	}
}

// Closing a game stops every advance queued on it, not only the one that
// runs: none goes on playing on a table that no longer holds its game.
func TestCloseStopsTheQueuedAdvances(t *testing.T) {
	tab := NewTable(Options{})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 5, "seats": []string{"random", "random"}}, &s)
	g, w := seatWaiter(t, tab, s.Handle)
	const queued = 8
	answers := make(chan []byte, queued)
	for range queued {
		go func() { answers <- tab.Call("advance", []byte(fmt.Sprintf(`{"handle":%d,"log":false}`, s.Handle))) }()
	}
	<-w.started // one of them runs, the others wait for the game
	time.Sleep(20 * time.Millisecond)
	if err := tab.Close(s.Handle); err != nil {
		t.Fatal(err)
	}
	stopped, refused := 0, 0
	for range queued {
		out := <-answers
		switch name := errorName(out); name {
		case "":
			var got StateJSON
			json.Unmarshal(out, &got)
			if got.Stopped != StoppedClosed {
				t.Errorf("an advance on the closed game answered %.200s", out)
			}
			stopped++
		case "ErrGameClosed", "ErrUnknownHandle":
			refused++
		default:
			t.Errorf("an advance answered %s", name)
		}
	}
	if stopped != 1 || refused != queued-1 {
		t.Errorf("%d advances stopped, %d refused; want 1 and %d", stopped, refused, queued-1)
	}
	n := g.Len()
	time.Sleep(20 * time.Millisecond)
	if g.Len() != n {
		t.Error("the closed game went on")
	}
}

package session

import (
	"fmt"
	"testing"
	"time"
)

// Idle lists the games in which nobody acted for longer than its
// duration, in rising order, and closes none of them: their calls go on,
// their watchers hear nothing. It applies Sweep's test: with the same
// duration as IdleTimeout, Sweep then closes exactly those.
func TestIdleListsWithoutClosing(t *testing.T) {
	clk := newFakeTime()
	// Idle takes any duration; the IdleTimeout is Sweep's, below
	tab := NewTable(Options{Now: clk.now, IdleTimeout: 20 * time.Second})
	var s StateJSON
	for _, v := range []string{"verkehren", "toccateglio", "festung", "verkehren"} {
		call(t, tab, "newGame", map[string]any{"variant": v}, &s)
		clk.pass(10 * time.Second)
	}
	// game 4 touched by a connection's presence, game 2 by a throw
	g4, _ := tab.Game(4)
	g4.Touch()
	call(t, tab, "throw", map[string]any{"handle": 2}, nil)
	clk.pass(5 * time.Second)
	// idle now: game 1 for 45 s, game 3 for 25 s, games 2 and 4 for 5 s
	g1, _ := tab.Game(1)
	w, _ := g1.Watch(0)
	w.Next(nil) // the catch-up
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{time.Hour, "[]"},
		{45 * time.Second, "[]"},
		{44 * time.Second, "[1]"},
		{25 * time.Second, "[1]"},
		{20 * time.Second, "[1 3]"},
		{4 * time.Second, "[1 2 3 4]"},
	} {
		if got := fmt.Sprint(tab.Idle(c.d)); got != c.want {
			t.Errorf("Idle(%v) = %s, want %s", c.d, got, c.want)
		}
	}
	if tab.Len() != 4 {
		t.Fatalf("%d games after Idle, want 4", tab.Len())
	}
	if _, ok := pending(w); ok {
		t.Error("Idle told a watcher something")
	}
	call(t, tab, "throw", map[string]any{"handle": 1}, nil) // game 1 goes on
	clk.pass(16 * time.Second)                              // idle: 16 s, 21 s, 41 s, 21 s
	idle := fmt.Sprint(tab.Idle(20 * time.Second))
	if got := fmt.Sprint(tab.Sweep()); got != idle || got != "[2 3 4]" {
		t.Errorf("Sweep closed %s, Idle listed %s, want [2 3 4]", got, idle)
	}
}

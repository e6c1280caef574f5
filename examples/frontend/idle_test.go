package main

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"
)

// clock is a time that a test moves on.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// TestIdleGamesGo: a sweep closes the games in which nobody acted for the
// idle time and forgets their IDs; a game whose seat's holder reads it
// (with his secret, as a page waiting for the other's move does) stays,
// and one that strangers only read goes.
func TestIdleGamesGo(t *testing.T) {
	clk := &clock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	s, srv := testServer(t, func(o *options) { o.idle, o.now = 10*time.Minute, clk.now })
	anyone := client{t: t, base: srv.URL}
	waiting, _ := anyone.newGame("newGame", map[string]any{"variant": "verkehren", "seats": []string{"person", "person"}})
	holder := anyone.claim(waiting, 0)
	watched, _ := anyone.newGame("newGame", map[string]any{"variant": "verkehren", "seats": []string{"person", "person"}})
	anyone.claim(watched, 0)
	alone, _ := anyone.newGame("newGame", map[string]any{"variant": "festung", "owned": false})
	for range 4 {
		clk.add(4 * time.Minute)
		holder.post("games/"+waiting+"/watch", `{"rev":0}`, nil)
		anyone.post("games/"+watched+"/state", nil, nil)
		s.sweep()
	}
	if code, raw := holder.post("games/"+waiting+"/state", nil, nil); code != http.StatusOK {
		t.Errorf("the game whose holder waits: status %d: %.200s", code, raw)
	}
	for _, id := range []string{watched, alone} {
		if code, _ := anyone.post("games/"+id+"/state", nil, nil); code != http.StatusNotFound {
			t.Errorf("an idle game: status %d; want 404", code)
		}
	}
	s.mu.Lock()
	ids := len(s.games)
	s.mu.Unlock()
	if n := s.table.Len(); n != 1 || ids != 1 {
		t.Errorf("%d games at the table, %d IDs; want 1 and 1", n, ids)
	}
}

// TestSweepOnItsTicker: the server's ticker sweeps without being asked.
func TestSweepOnItsTicker(t *testing.T) {
	s, srv := testServer(t, func(o *options) { o.idle = time.Second })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.sweepEvery(ctx)
	anyone := client{t: t, base: srv.URL}
	anyone.newGame("newGame", map[string]any{"variant": "verkehren"})
	for deadline := time.Now().Add(5 * time.Second); s.table.Len() > 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the idle game is still at the table after 5 s")
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.games) != 0 {
		t.Errorf("%d IDs after the sweep; want 0", len(s.games))
	}
}

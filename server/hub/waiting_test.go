package hub

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/brettspiel/brettspiel/server/store/sqlite"
	"github.com/brettspiel/brettspiel/session"
)

func hubOf(t *testing.T, o Options) *Hub {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(st, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

var (
	invites = CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}}
	bots    = CreateArgs{Variant: "verkehren", Seats: []string{"person", "greedy"}}
)

// A network's games that wait for a player are bounded; a game against a
// bot waits for nobody, and a join gives the network a place back.
func TestWaitingGamesAreBoundedPerNetwork(t *testing.T) {
	h := hubOf(t, Options{WaitingPerNet: 3})
	ctx := context.Background()
	var first *Created
	for i := range 3 {
		c, err := h.Create(ctx, "2001:db8::/64", invites)
		if err != nil {
			t.Fatalf("waiting game %d: %v", i, err)
		}
		if i == 0 {
			first = c
		}
	}
	if _, err := h.Create(ctx, "2001:db8::/64", invites); !errors.Is(err, ErrTooManyGames) {
		t.Fatalf("a fourth waiting game of the network: %v", err)
	}
	if _, err := h.Create(ctx, "2001:db8::/64", bots); err != nil {
		t.Fatalf("a game against a bot: %v", err)
	}
	if _, err := h.Create(ctx, "2001:db8:1::/64", invites); err != nil {
		t.Fatalf("another network: %v", err)
	}
	if _, err := h.Join(ctx, JoinArgs{Game: first.Game, Invite: first.Invites[0].Token}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Create(ctx, "2001:db8::/64", invites); err != nil {
		t.Fatalf("after a join: %v", err)
	}
	if n := h.Waiting(); n != 4 {
		t.Fatalf("%d games wait, want 4", n)
	}
}

// When the waiting games fill their share, a new one archives the oldest
// of them; when the table is full, a new game of any kind does, and only
// a table full of games with all their players refuses it.
func TestWaitingGamesGiveWay(t *testing.T) {
	ctx := context.Background()
	h := hubOf(t, Options{MaxGames: 8, MaxWaiting: 3})
	var made []*Created
	for i := range 5 {
		c, err := h.Create(ctx, fmt.Sprintf("192.0.2.%d/32", i), invites)
		if err != nil {
			t.Fatalf("waiting game %d: %v", i, err)
		}
		made = append(made, c)
	}
	if n, held := h.Waiting(), h.Games(); n != 3 || held != 3 {
		t.Fatalf("%d games wait and %d are held, want 3 and 3", n, held)
	}
	for _, c := range made[:2] {
		if _, err := h.Join(ctx, JoinArgs{Game: c.Game, Invite: c.Invites[0].Token}); !errors.Is(err, ErrUnknownGame) {
			t.Fatalf("the oldest waiting game, made room for: %v", err)
		}
		if _, err := h.Record(ctx, c.Game); err != nil {
			t.Fatalf("the record of a game archived to make room: %v", err)
		}
	}
	// the table: 3 waiting, 5 against bots; then a game against a bot
	// takes the place of the oldest waiting game
	for i := range 6 {
		if _, err := h.Create(ctx, "198.51.100.1/32", bots); err != nil {
			t.Fatalf("game %d against a bot: %v", i, err)
		}
	}
	if n, held := h.Waiting(), h.Games(); n != 2 || held != 8 {
		t.Fatalf("%d games wait and %d are held, want 2 and 8", n, held)
	}
	if _, err := h.Create(ctx, "203.0.113.1/32", invites); err != nil {
		t.Fatalf("a waiting game at a full table: %v", err)
	}
	for range 2 {
		if _, err := h.Create(ctx, "198.51.100.1/32", bots); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.Create(ctx, "203.0.113.2/32", invites); !errors.Is(err, session.ErrTableFull) {
		t.Fatalf("a table full of games with all their players took a new one: %v", err)
	}
}

package server

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
)

// table is a game of people made and joined through the server, with a
// connection per seat and a watcher's.
type table struct {
	game    string
	conns   map[int]*client.Conn
	watcher *client.Conn
}

func sitDown(t *testing.T, ctx context.Context, base string, args hub.CreateArgs) *table {
	t.Helper()
	var c client.Created
	if err := client.Post(ctx, base, "/api/games", args, &c); err != nil {
		t.Fatal(err)
	}
	tb := &table{game: c.Game, conns: map[int]*client.Conn{}}
	secrets := map[int]string{c.Seat: c.Secret}
	for _, inv := range c.Invites {
		var j client.Joined
		if err := client.Post(ctx, base, "/api/join", map[string]any{"game": c.Game, "invite": inv.Token}, &j); err != nil {
			t.Fatal(err)
		}
		secrets[j.Seat] = j.Secret
	}
	for seat, secret := range secrets {
		cn, err := client.Dial(ctx, base, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cn.Close() })
		if _, err := cn.Hello(ctx, c.Game, secret, 0); err != nil {
			t.Fatal(err)
		}
		tb.conns[seat] = cn
	}
	w, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	if _, err := w.Hello(ctx, c.Game, "", 0); err != nil {
		t.Fatal(err)
	}
	tb.watcher = w
	return tb
}

// ended reads a connection's changes until one says how the game ended.
func ended(t *testing.T, ctx context.Context, cn *client.Conn) client.Delta {
	t.Helper()
	for {
		select {
		case d, ok := <-cn.Deltas():
			if !ok {
				t.Fatal("the connection closed before the end")
			}
			if d.Ending != "" {
				return d
			}
		case <-ctx.Done():
			t.Fatal("no change told the end")
		}
	}
}

// toMove asks the game's state for the seat to move.
func toMove(t *testing.T, ctx context.Context, cn *client.Conn) int {
	t.Helper()
	raw, err := cn.Call(ctx, "state", map[string]any{"log": false})
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		State struct{ Player int } `json:"state"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return s.State.Player
}

// Two people play Toccateglio through the server; the one to move gives
// the Partie up (T-W6). The other and a watcher are told how it ended.
func TestGiveUpThroughTheServer(t *testing.T) {
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tb := sitDown(t, ctx, base, hub.CreateArgs{Variant: "toccateglio", Seats: []string{"person", "person"}})
	p := toMove(t, ctx, tb.conns[0])
	if _, err := tb.conns[1-p].Call(ctx, "giveUp", nil); errName(err) != "ErrNotYourTurn" {
		t.Fatalf("the seat not to move gives up: %v", err)
	}
	if _, err := tb.watcher.Call(ctx, "giveUp", nil); err == nil {
		t.Fatal("a watcher gave up")
	}
	if _, err := tb.conns[p].Call(ctx, "giveUp", map[string]any{"log": false}); err != nil {
		t.Fatal(err)
	}
	for _, cn := range []*client.Conn{tb.conns[1-p], tb.watcher} {
		d := ended(t, ctx, cn)
		if d.ToMove != -2 || d.Log[len(d.Log)-1].Notation != "give up" || d.Seed == "" {
			t.Errorf("the end told: toMove %d, log %v, seed %q", d.ToMove, d.Log, d.Seed)
		}
	}
}

// Three people play the Festungsspiel, whose rules have no giving up: one
// asks to end it, the others agree, and everybody is told that the game
// ended by agreement.
func TestFestungEndsByAgreementThroughTheServer(t *testing.T) {
	_, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), loose())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tb := sitDown(t, ctx, base, hub.CreateArgs{Variant: "festung", Players: 3, Seats: []string{"person", "person", "person"}})
	if _, err := tb.conns[2].Call(ctx, "giveUp", nil); err != nil {
		t.Fatal(err)
	}
	for d := range tb.watcher.Deltas() {
		if d.GiveUp != nil {
			if d.GiveUp.Seat != 2 {
				t.Fatalf("the ask told: %+v", d.GiveUp)
			}
			break
		}
	}
	for _, seat := range []int{0, 1} {
		if _, err := tb.conns[seat].Call(ctx, "answerGiveUp", map[string]any{"accept": true}); err != nil {
			t.Fatal(err)
		}
	}
	for _, cn := range tb.conns {
		if d := ended(t, ctx, cn); !strings.Contains(d.Ending, "agreed") || d.Seed == "" {
			t.Errorf("the end told: %q, seed %q", d.Ending, d.Seed)
		}
	}
	if d := ended(t, ctx, tb.watcher); !strings.Contains(d.Ending, "agreed") {
		t.Errorf("the watcher's end: %q", d.Ending)
	}
}

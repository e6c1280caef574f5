package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/ws"
)

// snapshotOf is the stored-and-live game's snapshot, for comparing.
func snapshotOf(t *testing.T, s *Server, id string) []byte {
	t.Helper()
	b, err := s.Hub().Snapshot(id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func errName(err error) string {
	var e *client.Error
	if errors.As(err, &e) {
		return e.Name
	}
	if err == nil {
		return "nil"
	}
	return err.Error()
}

// A game stopped mid-way and served again by a new server on the same
// file is the same game, to its revision, redo and the secrets' hashes; the
// person's secret is still his, and he plays it to the end.
func TestRestartKeepsEveryGame(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	o := loose()
	s, base := testServer(t, path, o)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := create(t, base, hub.CreateArgs{Variant: "toccateglio", Seats: []string{"person", "greedy"}})
	cn, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cn.Hello(ctx, c.Game, c.Secret, 0); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	m, err := playOn(ctx, cn, c.Seat, &client.Mirror{}, rng, 3)
	if err != nil {
		t.Fatal(err)
	}
	// a takeback, which is no step: stored as a snapshot
	if _, err := cn.Call(ctx, "takeback", map[string]any{"log": false}); err != nil {
		t.Fatal(err)
	}
	m, err = playOn(ctx, cn, c.Seat, m, rng, 2)
	if err != nil {
		t.Fatal(err)
	}
	cn.Close()
	before := snapshotOf(t, s, c.Game)
	s.Shutdown()

	s2, base2 := testServer(t, path, o)
	if after := snapshotOf(t, s2, c.Game); !bytes.Equal(before, after) {
		t.Fatalf("the game served again differs:\n%s\n---\n%s", before, after)
	}
	cn, err = client.Dial(ctx, base2, "")
	if err != nil {
		t.Fatal(err)
	}
	defer cn.Close()
	if seat, err := cn.Hello(ctx, c.Game, c.Secret, m.Rev); err != nil || seat != c.Seat {
		t.Fatalf("hello with the secret after the restart: seat %d, %v", seat, err)
	}
	if m, err = playOn(ctx, cn, c.Seat, m, rng, -1); err != nil {
		t.Fatal(err)
	}
	rec := archivedAfter(t, s2, c.Game, cn)
	if got := replayed(t, rec); strings.Join(got, " ") != strings.Join(m.Notations(), " ") {
		t.Fatalf("the record replays %d steps, the player saw %d", len(got), len(m.Log))
	}
}

func archivedAfter(t *testing.T, s *Server, id string, cn *client.Conn) string {
	cn.Close()
	return archived(t, s, id)
}

// Hostile clients are refused with named errors and change nothing.
func TestHostileClientsChangeNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, base := testServer(t, path, loose())
	hostileClients(t, s, base, base)
}

// hostileClients tries hostile clients on games made through makeOn and
// held by s, every hostile call made through base.
func hostileClients(t *testing.T, s *Server, makeOn, base string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	a := create(t, makeOn, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	b := create(t, makeOn, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	ja := join(t, makeOn, a.Game, a.Invites[0].Token)

	dial := func() *client.Conn {
		cn, err := client.Dial(ctx, base, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cn.Close() })
		return cn
	}
	hello := func(game, secret string) (*client.Conn, error) {
		cn := dial()
		_, err := cn.Hello(ctx, game, secret, 0)
		return cn, err
	}
	// the game begins (its first throws) when a seat's holder comes
	if _, err := hello(a.Game, a.Secret); err != nil {
		t.Fatal(err)
	}
	before := snapshotOf(t, s, a.Game)
	for _, tc := range []struct {
		name, game, secret, want string
	}{
		{"a wrong secret", a.Game, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "ErrBadSecret"},
		{"another game's secret", a.Game, b.Secret, "ErrBadSecret"},
		{"a forged game id", "AAAAAAAAAAAAAAAAAAAAAA", "", "ErrUnknownGame"},
		{"no game", "", "", "ErrUnknownGame"},
	} {
		if _, err := hello(tc.game, tc.secret); errName(err) != tc.want {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.want)
		}
	}
	// the seat to move and the other seat
	mover, other := a.Secret, ja.Secret
	var st struct {
		State struct {
			Player int `json:"player"`
		} `json:"state"`
		Legal []struct {
			Notation string `json:"notation"`
		} `json:"legal"`
	}
	w, err := hello(a.Game, "")
	if err != nil {
		t.Fatal(err)
	}
	ans, err := w.Call(ctx, "state", map[string]any{"log": false})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(ans, []byte(`"handle"`)) {
		t.Errorf("an answer names the session's handle: %.200s", ans)
	}
	json.Unmarshal(ans, &st)
	if st.State.Player != a.Seat {
		mover, other = other, mover
	}
	legal, err := w.Call(ctx, "legal", map[string]any{"parts": false})
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(legal, &st)
	if len(st.Legal) == 0 {
		t.Fatalf("no legal moves: %s", legal)
	}
	move := map[string]any{"notation": st.Legal[0].Notation}
	for _, tc := range []struct {
		name   string
		secret string
		method string
		args   map[string]any
		want   string
	}{
		{"a watcher acting", "", "apply", move, "ErrNoSecret"},
		{"a watcher throwing", "", "throw", nil, "ErrNoSecret"},
		{"the other seat moving", other, "apply", move, "ErrNotYourSeat"},
		{"a handle in the arguments", mover, "apply", map[string]any{"notation": move["notation"], "handle": 1}, "ErrBadCall"},
		{"a secret in the arguments", "", "apply", map[string]any{"notation": move["notation"], "secret": mover}, "ErrBadCall"},
		{"another game by handle", mover, "state", map[string]any{"handle": 2}, "ErrBadCall"},
		{"a method not served", mover, "newGame", map[string]any{"variant": "verkehren"}, "ErrNotServed"},
		{"closing", mover, "close", nil, "ErrNotServed"},
		{"claiming", "", "claim", map[string]any{"seat": 1}, "ErrNotServed"},
		{"an advance", mover, "advance", nil, "ErrNotServed"},
		{"a hint by a searching bot", "", "hint", map[string]any{"bot": "expectimax"}, "ErrNotServed"},
		{"undo between two people", mover, "undo", nil, "ErrNeedsConsent"},
		{"an unknown key", mover, "apply", map[string]any{"notation": move["notation"], "x": 1}, "ErrBadCall"},
	} {
		cn, err := hello(a.Game, tc.secret)
		if err != nil {
			t.Fatal(tc.name, err)
		}
		if _, err := cn.Call(ctx, tc.method, tc.args); errName(err) != tc.want {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.want)
		}
	}
	// frames that are no calls
	cn, _ := hello(a.Game, mover)
	// the refusal carries the frame's id wherever it can be read (0 here:
	// none, the reply's id is null), so that a caller waiting for it is
	// answered
	for _, tc := range []struct {
		name, frame, want string
		id                int64
	}{
		{"not JSON", `{"id":901,"method":`, "ErrBadFrame", 901},
		{"not JSON before its id", `{"method":"state","id":`, "ErrBadFrame", 0},
		{"no id", `{"method":"state","args":{}}`, "ErrBadFrame", 0},
		{"an unknown key", `{"id":902,"method":"state","args":{},"handle":1}`, "ErrBadFrame", 902},
		{"two objects", `{"id":903,"method":"state"} {}`, "ErrBadFrame", 903},
		{"two args", `{"id":904,"method":"state","args":{},"args":{"handle":2}}`, "ErrBadFrame", 904},
		{"two ids", `{"id":905,"id":2,"method":"state","args":{}}`, "ErrBadFrame", 905},
		{"an id that is an object", `{"id":{},"method":"state","args":{}}`, "ErrBadFrame", 0},
		{"a frame over ws.MaxFrame", `{"id":906,"method":"state","args":{"lang":"` + strings.Repeat("x", ws.MaxFrame) + `"}}`, "ErrTooLarge", 906},
		{"a record over ws.MaxFrame, its id last", `{"method":"verifyDice","args":{"text":"` + strings.Repeat("x", ws.MaxFrame) + `"},"id":907}`, "ErrTooLarge", 907},
	} {
		var err error
		if tc.id == 0 {
			_, err = cn.Send(ctx, []byte(tc.frame), nil)
		} else {
			_, err = cn.SendID(ctx, tc.id, []byte(tc.frame))
		}
		if errName(err) != tc.want {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.want)
		}
	}
	// a call before hello
	if _, err := dial().Call(ctx, "state", nil); errName(err) != "ErrNoHello" {
		t.Errorf("a call before hello: %v", err)
	}
	// a frame far too long closes the connection: 1009, message too big
	big := dial()
	big.Send(ctx, bytes.Repeat([]byte("x"), 5*ws.MaxFrame), nil)
	<-big.Done()
	if websocket.CloseStatus(big.Err()) != websocket.StatusMessageTooBig {
		t.Errorf("a frame of %d bytes: %v, want status 1009", 5*ws.MaxFrame, big.Err())
	}
	// invitations
	var j client.Joined
	if err := client.Post(ctx, base, "/api/join", map[string]any{"game": a.Game, "invite": a.Invites[0].Token}, &j); errName(err) != "ErrBadInvite" {
		t.Errorf("an invitation used twice: %v", err)
	}
	if err := client.Post(ctx, base, "/api/join", map[string]any{"game": b.Game, "invite": a.Invites[0].Token}, &j); errName(err) != "ErrBadInvite" {
		t.Errorf("another game's invitation: %v", err)
	}
	if err := client.Post(ctx, base, "/api/join", map[string]any{"game": b.Game, "seat": 1}, &j); errName(err) != "ErrBadInvite" {
		t.Errorf("a seat of a private game without its invitation: %v", err)
	}
	if err := client.Post(ctx, base, "/api/games", map[string]any{"variant": strings.Repeat("x", 5000)}, &j); errName(err) != "ErrTooLarge" {
		t.Errorf("a body too large: %v", err)
	}
	if err := client.Post(ctx, base, "/api/games", map[string]any{"variant": "chess"}, &j); errName(err) != "ErrBadOptions" {
		t.Errorf("an unknown game: %v", err)
	}
	// the Origin of another site
	if _, err := client.Dial(ctx, base, "https://evil.example"); err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("a WebSocket from another site's page: %v, want 403", err)
	}
	if after := snapshotOf(t, s, a.Game); !bytes.Equal(before, after) {
		t.Errorf("the game changed:\n%s\n---\n%s", before, after)
	}
	// and the right seat plays
	if _, err := cn.Call(ctx, "apply", move); err != nil && mover == a.Secret {
		t.Errorf("the seat to move: %v", err)
	}
	_ = http.StatusOK
}

// A connection over its rate is refused with ErrRateLimited, and the
// calls after a pause are answered.
func TestRateLimitPerConnection(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	o := loose()
	o.WS.ConnRate = 0.5 // one call in 2 s, one at once
	_, base := testServer(t, path, o)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	a := create(t, base, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "greedy"}})
	cn, err := client.Dial(ctx, base, "")
	if err != nil {
		t.Fatal(err)
	}
	defer cn.Close()
	if _, err := cn.Hello(ctx, a.Game, "", 0); err != nil {
		t.Fatal(err)
	}
	limited := 0
	for range 40 {
		if _, err := cn.Call(ctx, "positionID", nil); errName(err) == "ErrRateLimited" {
			limited++
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if limited < 30 {
		t.Fatalf("%d of 40 calls limited at one in 2 s", limited)
	}
	time.Sleep(2100 * time.Millisecond)
	if _, err := cn.Call(ctx, "positionID", nil); err != nil {
		t.Fatalf("after a pause: %v", err)
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/examples/server/client"
)

// In a cluster a game is held by one process: people and watchers
// connected to another are relayed to it, and that one holds no copy of
// the game.
func TestPostgresClusterHoldsEachGameOnce(t *testing.T) {
	_, dsn := pgDatabase(t)
	s1, base1 := pgProcess(t, dsn)
	s2, base2 := pgProcess(t, dsn)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for i, v := range catalog.Variants() {
		c := create(t, base1, CreateArgs{Variant: v.Name, Seats: []string{"person", "person"}})
		j := join(t, base2, c.Game, c.Invites[0].Token) // a call on a copy of the game for it alone
		var wg sync.WaitGroup
		ms := make([]*client.Mirror, 4)
		errs := make([]error, 4)
		wg.Add(4)
		go func() { defer wg.Done(); ms[0], errs[0] = watcher(ctx, base2, c.Game) }()
		go func() { defer wg.Done(); ms[1], errs[1] = watcher(ctx, base1, c.Game) }()
		go func() { defer wg.Done(); ms[2], errs[2] = player(ctx, base2, c.Game, c.Secret, uint64(i), -1) }()
		go func() { defer wg.Done(); ms[3], errs[3] = player(ctx, base2, c.Game, j.Secret, uint64(i+5), -1) }()
		wg.Wait()
		for k, err := range errs {
			if err != nil {
				t.Fatalf("%s: client %d: %v", v.Name, k, err)
			}
		}
		for k := 1; k < 4; k++ {
			if !slices.Equal(ms[k].Notations(), ms[0].Notations()) {
				t.Fatalf("%s: client %d saw %d steps, the watcher %d", v.Name, k, len(ms[k].Log), len(ms[0].Log))
			}
		}
		rec, err := s2.record(ctx, c.Game)
		if err != nil {
			t.Fatal(err)
		}
		if got := replayed(t, rec); !slices.Equal(got, ms[0].Notations()) {
			t.Fatalf("%s: the record has %d steps, the game %d", v.Name, len(got), len(ms[0].Log))
		}
		t.Logf("%s: %d steps, three of the four clients relayed", v.Name, len(ms[0].Log))
	}
	if n := s2.Games(); n != 0 {
		t.Errorf("the process that relays holds %d games, want 0", n)
	}
	if n := s1.Games(); n != len(catalog.Variants()) {
		t.Errorf("the process that made the games holds %d, want %d", n, len(catalog.Variants()))
	}
}

// The process that holds the games is killed with SIGKILL while people
// play through both processes of a cluster: the clients it relayed are
// closed when their link breaks and connect anew, the other process holds
// the games from then on, and the clients of the killed one connect to the
// other. Every move answered is in the game, and the stored record is what
// everyone saw.
func TestKilledHolderOnPostgres(t *testing.T) { holderGoneUnderPlay(t, syscall.SIGKILL) }

// The same with SIGTERM: the holder sends the connections relayed to it
// back to their process, which holds the games at once.
func TestStoppedHolderOnPostgres(t *testing.T) { holderGoneUnderPlay(t, syscall.SIGTERM) }

func holderGoneUnderPlay(t *testing.T, sig syscall.Signal) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	_, dsn := pgDatabase(t)
	answered.Store(0)
	bin := buildServer(t)
	var logs bytes.Buffer
	var logMu sync.Mutex
	logTo := writerFunc(func(b []byte) (int, error) { logMu.Lock(); defer logMu.Unlock(); return logs.Write(b) })
	t.Cleanup(func() {
		if t.Failed() {
			logMu.Lock()
			t.Logf("the servers' log:\n%s", logs.String())
			logMu.Unlock()
		}
	})
	holder := startServer(t, bin, logTo, "-postgres", dsn)
	other := startServer(t, bin, logTo, "-postgres", dsn)
	defer func() {
		for _, p := range []*process{holder, other} {
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	}()
	var gone atomic.Bool
	viaHolder := func() string {
		if gone.Load() {
			return other.base
		}
		return holder.base
	}
	viaOther := func() string { return other.base }
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	variants := catalog.Variants()
	var wg sync.WaitGroup
	games, runs := playResilient(t, ctx, &wg, holder.base, other.base, []int{-1, -1, 0, 1},
		[]func() string{viaOther, viaHolder, viaOther, viaHolder})
	for answered.Load() < 24 && ctx.Err() == nil {
		time.Sleep(5 * time.Millisecond)
	}
	gone.Store(true)
	holder.cmd.Process.Signal(sig)
	err := holder.cmd.Wait()
	if sig == syscall.SIGTERM && err != nil {
		t.Fatalf("the holder stopped by SIGTERM: %v, want exit status 0", err)
	}
	at := answered.Load()
	wg.Wait()
	for i, v := range variants {
		want := checkRuns(t, ctx, v.Name, runs[i], other.base, games[i])
		t.Logf("%s: %d steps, %d and %d moves answered", v.Name, len(want.Log), len(runs[i][2].ack), len(runs[i][3].ack))
	}
	t.Logf("%d moves answered before the holder went, %d after", at, answered.Load()-at)
	if answered.Load() <= at {
		t.Errorf("no move answered after the holder went")
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

var _ io.Writer = writerFunc(nil)

// A link between processes needs the key they share and the id of the
// process it means to reach; what comes over it that is no record ends it
// and changes nothing.
func TestPostgresPeerLinkRefusesStrangers(t *testing.T) {
	_, dsn := pgDatabase(t)
	s1, base1 := pgProcess(t, dsn)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := create(t, base1, CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	before := snapshotOf(t, s1, c.Game)
	url := strings.Replace(base1, "http://", "ws://", 1) + "/peer"
	dial := func(key, to string) (*websocket.Conn, int) {
		h := http.Header{}
		if key != "" {
			h.Set(peerKeyHeader, key)
		}
		if to != "" {
			h.Set(peerToHeader, to)
		}
		cn, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: h})
		if err != nil {
			if resp == nil {
				t.Fatal(err)
			}
			return nil, resp.StatusCode
		}
		return cn, http.StatusSwitchingProtocols
	}
	for _, tc := range []struct {
		name, key, to string
		want          int
	}{
		{"no key", "", s1.id, http.StatusForbidden},
		// "!" is not in the key's alphabet, so the key differs in its first byte
		{"a wrong key", "!" + s1.peerKey()[1:], s1.id, http.StatusForbidden},
		{"another process's id", s1.peerKey(), newToken(), http.StatusGone},
	} {
		if _, code := dial(tc.key, tc.to); code != tc.want {
			t.Errorf("%s: status %d, want %d", tc.name, code, tc.want)
		}
	}
	// with the key: a record that does not parse, then a text frame
	for _, msg := range []struct {
		typ websocket.MessageType
		b   []byte
	}{
		{websocket.MessageBinary, []byte{recOpen, 0xff, 0xff, 0xff}},
		{websocket.MessageBinary, []byte{recFrame, 1, 200, 1, 2}},
		{websocket.MessageText, []byte(`{"id":1,"method":"apply"}`)},
	} {
		cn, code := dial(s1.peerKey(), s1.id)
		if cn == nil {
			t.Fatalf("the right key and id: status %d", code)
		}
		cn.Write(ctx, msg.typ, msg.b)
		rctx, rcancel := context.WithTimeout(ctx, 5*time.Second)
		_, _, err := cn.Read(rctx)
		timedOut := rctx.Err() != nil
		rcancel()
		if err == nil || timedOut {
			t.Errorf("%v: the link stays open (%v), want it closed", msg.b, err)
		}
		cn.CloseNow()
	}
	// a frame for a connection never opened is passed over
	cn, _ := dial(s1.peerKey(), s1.id)
	var rec []byte
	rec = append(rec, recFrame, 9)
	body := []byte(`{"id":1,"method":"hello","args":{"game":"` + c.Game + `"}}`)
	rec = append(rec, byte(len(body)))
	rec = append(rec, body...)
	cn.Write(ctx, websocket.MessageBinary, rec)
	cn.CloseNow()
	if after := snapshotOf(t, s1, c.Game); !bytes.Equal(before, after) {
		t.Errorf("the game changed")
	}
	// a server without a cluster serves no links
	_, base := testServer(t, t.TempDir()+"/games.db", Options{})
	resp, err := http.Get(base + "/peer")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("/peer of a server without a cluster: status %d, want 404", resp.StatusCode)
	}
}

// A seat claimed through one process is the person's at once through
// the other, which holds the game and may not have heard of the claim
// yet.
func TestPostgresSeatClaimedThroughAnotherProcess(t *testing.T) {
	_, dsn := pgDatabase(t)
	_, base1 := pgProcess(t, dsn)
	_, base2 := pgProcess(t, dsn)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for i := range 20 {
		c := create(t, base1, CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
		j := join(t, base2, c.Game, c.Invites[0].Token)
		cn, err := client.Dial(ctx, base1, "")
		if err != nil {
			t.Fatal(err)
		}
		seat, err := cn.Hello(ctx, c.Game, j.Secret, 0)
		cn.Close()
		if err != nil || seat != j.Seat {
			t.Fatalf("game %d: hello with the secret of the seat claimed through the other process: seat %d, %v; want seat %d", i, seat, err, j.Seat)
		}
	}
}

// lobbyOf returns the games of a server's lobby.
func lobbyOf(t *testing.T, base string) []LobbyGame {
	t.Helper()
	var l struct {
		Games []LobbyGame `json:"games"`
	}
	resp, err := http.Get(base + "/api/lobby")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil {
		t.Fatal(err)
	}
	return l.Games
}

// The lobby lists the public games with a seat open, not the private ones
// nor those whose seats are taken; in a cluster every process lists those
// of all.
func TestLobbyListsOpenPublicGamesAlsoOnPostgres(t *testing.T) {
	check := func(t *testing.T, makeOn, joinOn string, lobbies ...string) {
		pub := create(t, makeOn, CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}, Public: true})
		create(t, makeOn, CreateArgs{Variant: "festung", Seats: []string{"person", "person"}})
		for _, base := range lobbies {
			got := lobbyOf(t, base)
			if len(got) != 1 || got[0].Game != pub.Game || !slices.Equal(got[0].Open, []int{1}) {
				t.Fatalf("the lobby of %s: %+v, want the public game with seat 1 open", base, got)
			}
		}
		var j client.Joined
		if err := client.Post(context.Background(), joinOn, "/api/join", map[string]any{"game": pub.Game, "seat": 1}, &j); err != nil {
			t.Fatal(err)
		}
		for _, base := range lobbies {
			if got := lobbyOf(t, base); len(got) != 0 {
				t.Fatalf("the lobby of %s after the seat was taken: %+v, want none", base, got)
			}
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		_, base := testServer(t, t.TempDir()+"/games.db", Options{})
		check(t, base, base, base)
	})
	t.Run("postgres", func(t *testing.T) {
		_, dsn := pgDatabase(t)
		_, base1 := pgProcess(t, dsn)
		_, base2 := pgProcess(t, dsn)
		check(t, base1, base2, base1, base2)
	})
}

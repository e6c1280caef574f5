package server

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/limit"
)

// invited is a game whose second seat waits for a person.
var invited = hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}}

// createFrom makes each times a game from each address (through the
// trusted proxy of loopback), a few at once, and counts the answers by
// error name ("nil" for a game made).
func createFrom(t *testing.T, base string, addrs []string, each int) map[string]int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var mu sync.Mutex
	got := map[string]int{}
	next := make(chan string)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for from := range next {
				var c client.Created
				name := errName(client.PostFrom(ctx, base, "/api/games", from, invited, &c))
				mu.Lock()
				got[name]++
				mu.Unlock()
			}
		})
	}
	for range each {
		for _, a := range addrs {
			next <- a
		}
	}
	close(next)
	wg.Wait()
	return got
}

// 3,000 addresses of one IPv6 /64, each its own to the proxy, make the
// games of one client: the /64 is one network, as one machine may take
// any address of it. A visitor of another network makes his game.
func TestOneIPv6NetworkMakesOneClientsGames(t *testing.T) {
	o := loose()
	o.Limits.Games, o.Limits.GamesBurst = 1.0/3600, 10
	o.Proxies, _ = limit.ParseProxies("127.0.0.1")
	o.Hub.MaxGames, o.Hub.WaitingPerNet = 1000, 5
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	addrs := make([]string, 3000)
	for i := range addrs {
		addrs[i] = fmt.Sprintf("2001:db8:1:2:%x:%x:%x:%x", i*7919%65536, i, 3*i+1, 65535-i)
	}
	got := createFrom(t, base, addrs, 1)
	// 5 wait at once (Hub.WaitingPerNet), of the 10 its bucket lets it make
	if got["nil"] != 5 || got["ErrTooManyGames"] != 2995 {
		t.Fatalf("one /64's 3,000 addresses: %v; want 5 games made, the rest refused", got)
	}
	for _, from := range []string{"198.51.100.7", "2001:db8:1:3::1"} {
		var c client.Created
		if err := client.PostFrom(context.Background(), base, "/api/games", from, invited, &c); err != nil {
			t.Fatalf("a visitor of another network (%s): %v", from, err)
		}
	}
	if n := s.Hub().Games(); n != 7 {
		t.Fatalf("%d games held, want 7", n)
	}
}

// 2,000 IPv4 addresses each make their game, their quota, and try a
// second: more than the table holds. The games waiting for a player hold
// half the table at most, the oldest of them making room, and an honest
// visitor makes his game and his friend joins it.
func TestManyIPv4AddressesLeaveAnHonestVisitorHisGame(t *testing.T) {
	o := loose()
	o.Limits.Games, o.Limits.GamesBurst = 1.0/3600, 1
	o.Proxies, _ = limit.ParseProxies("127.0.0.1")
	o.Hub.MaxGames, o.Hub.WaitingPerNet = 600, 1
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	addrs := make([]string, 2000)
	for i := range addrs {
		addrs[i] = fmt.Sprintf("10.%d.%d.%d", i>>16, i>>8&255, i&255)
	}
	start := time.Now()
	got := createFrom(t, base, addrs, 2)
	t.Logf("the flood: %v in %v", got, time.Since(start).Round(time.Millisecond))
	ctx := context.Background()
	var c client.Created
	if err := client.PostFrom(ctx, base, "/api/games", "203.0.113.9", invited, &c); err != nil {
		t.Fatalf("the honest visitor's game: %v", err)
	}
	var j client.Joined
	if err := client.PostFrom(ctx, base, "/api/join", "198.51.100.20", hub.JoinArgs{Game: c.Game, Invite: c.Invites[0].Token}, &j); err != nil {
		t.Fatalf("his friend's join: %v", err)
	}
	if j.Seat != 1 {
		t.Fatalf("the friend took seat %d", j.Seat)
	}
	if got["nil"] != 2000 || got["ErrTooManyGames"] != 2000 {
		t.Fatalf("2,000 addresses making 2 games each: %v; want 1 each made, the second refused", got)
	}
	if w, n := s.Hub().Waiting(), s.Hub().Games(); w > 300 || n > 600 {
		t.Fatalf("%d games wait of %d held; at most 300 of 600", w, n)
	}
}

// Connections from many addresses of one /64 stop at the network's bound,
// far below the server's: a WebSocket from another network is served.
func TestConnectionsOfOneNetworkLeaveRoomForOthers(t *testing.T) {
	o := loose()
	o.Limits.Conns = 10
	o.WS.MaxConns = 50
	o.Proxies, _ = limit.ParseProxies("127.0.0.1")
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	g := create(t, base, invited)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dial := func(from string) (*websocket.Conn, int, error) {
		c, resp, err := websocket.Dial(ctx, wsURL(base), &websocket.DialOptions{
			HTTPHeader: http.Header{"Origin": {base}, "X-Forwarded-For": {from}}})
		code := 0
		if resp != nil {
			code = resp.StatusCode
		}
		return c, code, err
	}
	open, codes := 0, map[int]int{}
	for i := range 200 {
		c, code, err := dial(fmt.Sprintf("2001:db8:5:6:%x::%x", i, 7*i+3))
		codes[code]++
		if err == nil {
			open++
			defer c.CloseNow()
		}
	}
	c, code, err := dial("198.51.100.9")
	if err != nil {
		t.Fatalf("a WebSocket of another network: %d %v", code, err)
	}
	defer c.CloseNow()
	if open != 10 || codes[http.StatusTooManyRequests] != 190 {
		t.Fatalf("200 connections of one /64: %d open, the answers %v; want 10 open, 190 refused (429)", open, codes)
	}
	waitConns(t, s, 11, 5*time.Second, "the connections open")
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"id":1,"method":"hello","args":{"game":"`+g.Game+`"}}`)); err != nil {
		t.Fatal(err)
	}
	_, b, err := c.Read(ctx)
	if err != nil || !strings.HasPrefix(string(b), `{"id":1,"result":`) {
		t.Fatalf("its hello: %.200s %v", b, err)
	}
}

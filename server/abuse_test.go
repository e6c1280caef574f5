package server

import (
	"context"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/limit"
)

// wsURL is the WebSocket's address of a server's base URL.
func wsURL(base string) string { return "ws" + strings.TrimPrefix(base, "http") + "/ws" }

// waitConns waits until the server holds n connections, or fails the test
// after d.
func waitConns(t *testing.T, s *Server, n int, d time.Duration, what string) {
	t.Helper()
	end := time.Now().Add(d)
	for s.Conns() != n {
		if time.Now().After(end) {
			t.Fatalf("%s: %d connections after %v, want %d", what, s.Conns(), d, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A reader that never reads is dropped once a frame waits for it longer
// than the write timeout, and holds up nobody meanwhile: two people play a
// whole game while it watches. Were a frame's sending to wait for it, the
// game would take the write timeout a step (the test's deadline) and the
// connection would stay.
func TestReaderThatNeverReadsIsDropped(t *testing.T) {
	o := loose()
	o.WS.Write, o.WS.SendBuffer = 2*time.Second, 4096
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	c := create(t, base, hub.CreateArgs{Variant: "festung", Seats: []string{"person", "person"}})
	j := join(t, base, c.Game, c.Invites[0].Token)
	// a raw connection that takes little at a time and reads nothing after
	// its hello
	small := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
			return rc.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		}}
		return d.DialContext(ctx, network, addr)
	}}}
	raw, _, err := websocket.Dial(ctx, wsURL(base), &websocket.DialOptions{HTTPClient: small, HTTPHeader: http.Header{"Origin": {base}}})
	if err != nil {
		t.Fatal(err)
	}
	defer raw.CloseNow()
	if err := raw.Write(ctx, websocket.MessageText, []byte(`{"id":1,"method":"hello","args":{"game":"`+c.Game+`"}}`)); err != nil {
		t.Fatal(err)
	}
	waitConns(t, s, 1, 5*time.Second, "the reader's hello")
	start := time.Now()
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for k, secret := range []string{c.Secret, j.Secret} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var m *client.Mirror
			m, errs[k] = player(ctx, base, c.Game, secret, uint64(k), -1)
			if errs[k] == nil && !m.Over {
				errs[k] = context.DeadlineExceeded
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatalf("a player beside the reader that never reads: %v", err)
		}
	}
	t.Logf("the game took %v", time.Since(start).Round(time.Millisecond))
	// the players have gone; the reader is dropped within the write
	// timeout of the frame that filled its socket
	waitConns(t, s, 0, 5*time.Second, "a reader that never reads")
}

// A connection that says no hello, and one that stops in the middle of a
// frame, are closed within their timeouts.
func TestSilentAndHalfFramesAreClosed(t *testing.T) {
	o := loose()
	o.WS.Hello, o.WS.Frame, o.WS.Ping = 300*time.Millisecond, 300*time.Millisecond, time.Minute
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c := create(t, base, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "greedy"}})
	dial := func() net.Conn {
		raw, _, err := websocket.Dial(ctx, wsURL(base), &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {base}}})
		if err != nil {
			t.Fatal(err)
		}
		// the frames are written by hand below: the socket under it
		return websocket.NetConn(ctx, raw, websocket.MessageText)
	}
	_ = dial
	for _, tc := range []struct {
		name  string
		bytes func(hello []byte) []byte
	}{
		{"no hello", func([]byte) []byte { return nil }},
		{"half a frame", func(h []byte) []byte { return h[:len(h)/2] }},
		{"half a frame's head", func(h []byte) []byte { return h[:1] }},
		{"a hello, then half a frame", func(h []byte) []byte { return append(append([]byte{}, h...), h[:len(h)/2]...) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			req := "GET /ws HTTP/1.1\r\nHost: " + strings.TrimPrefix(base, "http://") + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
				"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: " + base + "\r\n\r\n"
			if _, err := conn.Write([]byte(req)); err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 1024)
			if n, err := conn.Read(buf); err != nil || !strings.Contains(string(buf[:n]), "101") {
				t.Fatalf("the handshake: %q %v", buf[:n], err)
			}
			waitConns(t, s, 1, 2*time.Second, "the handshake")
			h := maskedFrame(`{"id":1,"method":"hello","args":{"game":"` + c.Game + `"}}`)
			if b := tc.bytes(h); len(b) > 0 {
				conn.Write(b)
			}
			// within the hello's timeout or the frame's, with room for a
			// loaded machine: the pings come a minute apart, so they do
			// not close a half frame for the frame's timeout
			waitConns(t, s, 0, 3*time.Second, tc.name)
		})
	}
}

// maskedFrame is a client's text frame (masked, as a client must send).
func maskedFrame(payload string) []byte {
	b := []byte{0x81}
	n := len(payload)
	switch {
	case n < 126:
		b = append(b, 0x80|byte(n))
	default:
		b = append(b, 0x80|126, byte(n>>8), byte(n))
	}
	mask := []byte{1, 2, 3, 4}
	b = append(b, mask...)
	for i := range n {
		b = append(b, payload[i]^mask[i%4])
	}
	return b
}

// One address's flood of new games is stopped by its own quota, not by
// the table's size: another address makes its game meanwhile.
func TestFloodOfGamesStopsAtTheAddressQuota(t *testing.T) {
	o := loose()
	o.Limits.Games, o.Limits.GamesBurst = 1.0/3600, 5
	o.Proxies, _ = limit.ParseProxies("127.0.0.1")
	o.Hub.MaxGames = 100
	s, base := testServer(t, filepath.Join(t.TempDir(), "games.db"), o)
	ctx := context.Background()
	post := func(from string) error {
		var c client.Created
		return client.PostFrom(ctx, base, "/api/games", from, hub.CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}}, &c)
	}
	made, refused := 0, 0
	for range 200 {
		switch err := post("192.0.2.1"); errName(err) {
		case "nil":
			made++
		case "ErrTooManyGames":
			refused++
		default:
			t.Fatalf("a game of the flood: %v", err)
		}
	}
	if made != 5 || refused != 195 {
		t.Fatalf("the flood made %d games and was refused %d times; want 5 and 195", made, refused)
	}
	if err := post("198.51.100.2"); err != nil {
		t.Fatalf("another address, during the flood: %v", err)
	}
	if n := s.Hub().Games(); n != 6 {
		t.Fatalf("%d games held, want 6", n)
	}
	// a client not behind the trusted proxy cannot name another address
	o2 := loose()
	o2.Limits.Games, o2.Limits.GamesBurst = 1.0/3600, 1
	_, base2 := testServer(t, filepath.Join(t.TempDir(), "games.db"), o2)
	base = base2
	if err := post("192.0.2.1"); err != nil {
		t.Fatal(err)
	}
	if err := post("192.0.2.2"); errName(err) != "ErrTooManyGames" {
		t.Fatalf("X-Forwarded-For from a peer not trusted was counted: %v", err)
	}
}

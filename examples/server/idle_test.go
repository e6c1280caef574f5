package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// maskedFrame is a client's text frame (masked, as a client must).
func maskedFrame(payload string) []byte {
	b := []byte{0x81}
	n := len(payload)
	switch {
	case n < 126:
		b = append(b, 0x80|byte(n))
	default:
		b = append(b, 0x80|126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	}
	mask := [4]byte{1, 2, 3, 4}
	b = append(b, mask[:]...)
	for i := range n {
		b = append(b, payload[i]^mask[i%4])
	}
	return b
}

// A connection waits for its client's frames on the socket: frames that
// come together in one packet are all answered (the second waits in the
// reader, not on the socket), and a frame that comes in pieces is read
// whole.
func TestIdleReadsWhatWaitsAndWhatComesInPieces(t *testing.T) {
	_, base := testServer(t, t.TempDir()+"/games.db", Options{ConnRate: 1000, AddrRate: 1000})
	c := create(t, base, CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	nc, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(20 * time.Second))
	req := "GET /ws HTTP/1.1\r\nHost: " + strings.TrimPrefix(base, "http://") + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	// the request and the first two frames in one write
	first := append([]byte(req), maskedFrame(`{"id":1,"method":"hello","args":{"game":"`+c.Game+`"}}`)...)
	first = append(first, maskedFrame(`{"id":2,"method":"version"}`)...)
	if _, err := nc.Write(first); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("the upgrade: %v %v", resp, err)
	}
	readFrame := func() string {
		t.Helper()
		_, p := readServerFrame(t, br)
		return p
	}
	// hello's answer, the catch-up delta, version's answer
	want := []string{`{"id":1,"answer":`, `{"delta":`, `{"id":2,"answer":`}
	for _, w := range want {
		if got := readFrame(); !strings.HasPrefix(got, w) {
			t.Fatalf("got %.60s, want %s…", got, w)
		}
	}
	// a frame in three pieces, a moment apart
	f := maskedFrame(`{"id":3,"method":"version"}`)
	for _, piece := range [][]byte{f[:1], f[1:9], f[9:]} {
		if _, err := nc.Write(piece); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got := readFrame(); !strings.HasPrefix(got, `{"id":3,"answer":`) {
		t.Fatalf("the frame in pieces: got %.60s", got)
	}
}

// rawWatcher opens a WebSocket to the game by hand, over TCP, says hello
// as a watcher and reads the answer and the catch-up: the connection is
// then at rest, and the test holds no goroutine for it.
func rawWatcher(t *testing.T, base, game string) (net.Conn, *bufio.Reader) {
	t.Helper()
	host := strings.TrimPrefix(base, "http://")
	nc, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	nc.SetDeadline(time.Now().Add(20 * time.Second))
	req := "GET /ws HTTP/1.1\r\nHost: " + host + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := nc.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("the upgrade: %v %v", resp, err)
	}
	if _, err := nc.Write(maskedFrame(`{"id":1,"method":"hello","args":{"game":"` + game + `"}}`)); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`{"id":1,"answer":{`, `{"delta":`} {
		if op, got := readServerFrame(t, br); op != 1 || !strings.HasPrefix(got, w) {
			t.Fatalf("got %d %.60s, want %s…", op, got, w)
		}
	}
	return nc, br
}

// readServerFrame reads one unmasked frame: its opcode and payload.
func readServerFrame(t *testing.T, br *bufio.Reader) (byte, string) {
	t.Helper()
	op, p := readServerFrameOr(br)
	if op == 0xff {
		t.Fatal(p)
	}
	return op, p
}

// readServerFrameOr reads one unmasked frame; opcode 0xff and the error
// when it cannot.
func readServerFrameOr(br *bufio.Reader) (byte, string) {
	var h [2]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		return 0xff, err.Error()
	}
	n := int(h[1] & 0x7f)
	switch n {
	case 126:
		var l [2]byte
		io.ReadFull(br, l[:])
		n = int(binary.BigEndian.Uint16(l[:]))
	case 127:
		var l [8]byte
		io.ReadFull(br, l[:])
		n = int(binary.BigEndian.Uint64(l[:]))
	}
	p := make([]byte, n)
	if _, err := io.ReadFull(br, p); err != nil {
		return 0xff, err.Error()
	}
	return h[0] & 0x0f, string(p)
}

// On Linux a connection at rest holds no goroutine (and so no stack):
// one goroutine waits for all of them. A hundred connections at rest
// add a handful of goroutines at most, and each is still answered.
func TestConnectionsAtRestHoldNoGoroutine(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("elsewhere a connection at rest waits on a goroutine of its own")
	}
	_, base := testServer(t, t.TempDir()+"/games.db", Options{ConnRate: 1000, AddrRate: 100000, MaxConnsPerAddr: 1000})
	c := create(t, base, CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	rawWatcher(t, base, c.Game) // the poller's goroutine, started once
	settle := func(limit int) int {
		n := runtime.NumGoroutine()
		for deadline := time.Now().Add(5 * time.Second); n > limit && time.Now().Before(deadline); n = runtime.NumGoroutine() {
			time.Sleep(10 * time.Millisecond)
		}
		return n
	}
	time.Sleep(100 * time.Millisecond)
	before := runtime.NumGoroutine()
	const conns = 100
	type rw struct {
		nc net.Conn
		br *bufio.Reader
	}
	var open []rw
	for range conns {
		nc, br := rawWatcher(t, base, c.Game)
		open = append(open, rw{nc, br})
	}
	if n := settle(before + 10); n > before+10 {
		t.Errorf("%d connections at rest: %d goroutines more, want 10 at most", conns, n-before)
	}
	// each is answered still
	for i, o := range open {
		if _, err := o.nc.Write(maskedFrame(`{"id":2,"method":"version"}`)); err != nil {
			t.Fatal(err)
		}
		if _, got := readServerFrame(t, o.br); !strings.HasPrefix(got, `{"id":2,"answer":`) {
			t.Fatalf("connection %d: got %.60s", i, got)
		}
	}
}

// A connection the server closes while it waits for its client is let
// go: its place among the connections comes free. Shutdown closes every
// connection ("going away") and finds none left open.
func TestConnectionsClosedAtRestAreLetGo(t *testing.T) {
	store, err := OpenSQLite(t.TempDir()+"/games.db", "normal")
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewServer(store, Options{ConnRate: 1000, AddrRate: 100000, MaxConnsPerAddr: 1000})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	c := create(t, hs.URL, CreateArgs{Variant: "verkehren", Seats: []string{"person", "person"}})
	// each client answers the close frame it is sent, as a client must
	closes := make(chan string, 20)
	for range 20 {
		nc, br := rawWatcher(t, hs.URL, c.Game)
		go func() {
			op, got := readServerFrameOr(br)
			if op == 8 {
				nc.Write(maskedClose(got[:2]))
			}
			closes <- fmt.Sprintf("%d %s", op, got)
		}()
	}
	if err := s.Shutdown(); err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	left := len(s.open)
	s.mu.Unlock()
	if left != 0 || len(s.conns) != 0 {
		t.Errorf("after Shutdown: %d connections open, %d places taken; want none", left, len(s.conns))
	}
	for range 20 {
		if got := <-closes; !strings.HasPrefix(got, "8 ") || !strings.Contains(got, "ErrStopping") {
			t.Errorf("a connection was sent %q, want a close frame (8) with ErrStopping", got)
		}
	}
}

// maskedClose is a client's close frame with a status code (two bytes).
func maskedClose(code string) []byte {
	f := maskedFrame(code)
	f[0] = 0x88
	return f
}

package main

import (
	"bufio"
	"encoding/binary"
	"io"
	"net"
	"net/http"
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
		var h [2]byte
		if _, err := io.ReadFull(br, h[:]); err != nil {
			t.Fatal(err)
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
			t.Fatal(err)
		}
		return string(p)
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

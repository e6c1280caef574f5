package main

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// TestAnswersCarryABoundedLog: a "since" more than -log steps back is
// refused, an advance with its log plays at most -log steps, one with a
// greater limit is refused, a watch of a long game from an old revision
// is refused, and a game is played to -steps steps at most.
func TestAnswersCarryABoundedLog(t *testing.T) {
	_, srv := testServer(t, func(o *options) { o.maxLog, o.maxSteps = 50, 400 })
	c := client{t: t, base: srv.URL}
	match := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=1000\n\n"
	id, _ := c.newGame("loadRecord", map[string]any{"text": match, "seats": []string{"random", "random"}, "seed": 2, "owned": false})
	game := "games/" + id + "/"
	var s state
	if code, raw := c.post(game+"advance", `{}`, &s); code != http.StatusOK || s.Played != 50 || len(s.Log) != 50 {
		t.Fatalf("an advance without a limit: status %d, played %d, log %d: %.200s", code, s.Played, len(s.Log), raw)
	}
	if code, raw := c.post(game+"advance", `{"log":true, "rules":true}`, &s); code != http.StatusOK || s.Played != 50 || s.Length != 100 {
		t.Fatalf("an advance without a limit: status %d, played %d: %.200s", code, s.Played, raw)
	}
	for _, r := range []struct {
		path, body string
		code       int
	}{
		{"advance", `{"limit":51}`, http.StatusRequestEntityTooLarge},
		{"advance", `{"limit":0}`, http.StatusRequestEntityTooLarge},
		{"advance", `{"limit":301,"log":false}`, http.StatusRequestEntityTooLarge},
		{"advance", `{"limit":300,"log":false}`, http.StatusOK},
		{"state", `{"since":0}`, http.StatusRequestEntityTooLarge},
		{"state", `{"since":0,"log":false}`, http.StatusOK},
		{"state", `{"since":350}`, http.StatusOK},
		{"watch", `{"rev":0}`, http.StatusRequestEntityTooLarge},
		{"watch", `{"rev":300}`, http.StatusOK},
		{"undo", `{"since":0}`, http.StatusRequestEntityTooLarge},
		{"saveRecord", `{}`, http.StatusOK},
		{"advance", `{"limit":1}`, http.StatusRequestEntityTooLarge}, // 400 steps: the most
		{"undo", `{}`, http.StatusOK},
		{"advance", `{"limit":1}`, http.StatusOK},
	} {
		var out struct{ Error *session.ErrorJSON }
		code, raw := c.post(game+r.path, r.body, &out)
		if code != r.code || code == http.StatusRequestEntityTooLarge && out.Error.Name != "ErrTooLarge" {
			t.Errorf("%s %s: status %d, want %d: %.300s", r.path, r.body, code, r.code, raw)
		}
	}
	var rec struct{ Text string }
	c.post(game+"saveRecord", nil, &rec)
	var out struct{ Error *session.ErrorJSON }
	if code, raw := c.post("newGame", map[string]any{"variant": "verkehren", "since": 0}, &out); code != http.StatusCreated {
		t.Errorf("a new game with its whole log: status %d: %.300s", code, raw)
	}
	_, srv = testServer(t, func(o *options) { o.maxSteps = 399 })
	c = client{t: t, base: srv.URL}
	if code, raw := c.post("loadRecord", map[string]any{"text": rec.Text, "owned": false}, &out); code != http.StatusRequestEntityTooLarge || out.Error.Name != "ErrTooLarge" {
		t.Errorf("a record of 400 steps where games have 399: status %d: %.300s", code, raw)
	}
}

// TestBusyServerRefuses: a request beyond the requests served at once
// waits, then is refused with 503 and Retry-After; a client that sends
// its headers and not its body holds its slot for bodyTime at most.
func TestBusyServerRefuses(t *testing.T) {
	_, srv := testServer(t, func(o *options) { o.calls, o.wait = 1, 100*time.Millisecond })
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/version HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n") // and no body
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	resp, err := http.Post(srv.URL+"/api/version", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if waited := time.Since(start); resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || waited < 100*time.Millisecond {
		t.Fatalf("a request beyond the slots: status %d, Retry-After %q, after %v", resp.StatusCode, resp.Header.Get("Retry-After"), waited)
	}
	fmt.Fprintf(conn, "{}")
	if resp, err := http.ReadResponse(bufio.NewReader(conn), nil); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the slow request: %v %v", err, resp)
	}
	resp, err = http.Post(srv.URL+"/api/version", "application/json", strings.NewReader("{}"))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("once the slot is free: %v %v", err, resp)
	}
	resp.Body.Close()
}

// TestWithKey adds a limit to the arguments of an advance.
func TestWithKey(t *testing.T) {
	for in, want := range map[string]string{
		`{}`:               `{"limit":7}`,
		` { } `:            `{"limit":7}`,
		`{"log":true}`:     `{"limit":7,"log":true}`,
		"{\n \"since\":3}": `{"limit":7,"since":3}`,
	} {
		if got := string(withKey([]byte(in), "limit", 7)); got != want {
			t.Errorf("withKey(%q) = %q; want %q", in, got, want)
		}
	}
}

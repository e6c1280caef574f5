package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"github.com/brettspiel/brettspiel/session"
)

// The errors of owned seats reach the client with what to tell the player
// ("say", in the game's language), as every refused move's error does: a
// call without a secret (ErrNoSecret), with one that is no seat's
// (ErrBadSecret), with the other seat's (ErrNotYourSeat).
func TestSeatErrorsSay(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(inR, outW, session.NewTable(session.Options{}))
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	id := 0
	call := func(method string, args map[string]any) (json.RawMessage, *session.ErrorJSON) {
		t.Helper()
		id++
		req, err := json.Marshal(map[string]any{"id": id, "method": method, "args": args})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fmt.Fprintf(inW, "%s\n", req); err != nil {
			t.Fatal(err)
		}
		if !lines.Scan() {
			t.Fatalf("%s: no answer: %v", method, lines.Err())
		}
		var a struct {
			ID     int
			Result json.RawMessage
			Error  *session.ErrorJSON
		}
		if err := json.Unmarshal(lines.Bytes(), &a); err != nil || a.ID != id {
			t.Fatalf("%s: answer %.200s: %v", method, lines.Bytes(), err)
		}
		return a.Result, a.Error
	}
	var g struct{ Handle int }
	res, e := call("newGame", map[string]any{"variant": "verkehren", "seats": []string{"person", "person"}, "owned": true, "lang": "de", "log": false})
	if e != nil || json.Unmarshal(res, &g) != nil {
		t.Fatalf("newGame: %+v", e)
	}
	var secrets [2]string
	for seat := range secrets {
		var c session.ClaimJSON
		res, e := call("claim", map[string]any{"handle": g.Handle, "seat": seat})
		if e != nil || json.Unmarshal(res, &c) != nil || c.Secret == "" {
			t.Fatalf("claim %d: %+v", seat, e)
		}
		secrets[seat] = c.Secret
	}
	var s struct {
		State struct {
			Player int
			Legal  []struct{ Notation string }
		}
	}
	res, e = call("advance", map[string]any{"handle": g.Handle, "secret": secrets[0]})
	if e != nil || json.Unmarshal(res, &s) != nil || len(s.State.Legal) == 0 {
		t.Fatalf("advance: %+v %.200s", e, res)
	}
	other := secrets[1-s.State.Player]
	for _, c := range []struct {
		method string
		args   map[string]any
		name   string
	}{
		{"throw", map[string]any{"handle": g.Handle}, "ErrNoSecret"},
		{"throw", map[string]any{"handle": g.Handle, "secret": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}, "ErrBadSecret"},
		{"apply", map[string]any{"handle": g.Handle, "notation": s.State.Legal[0].Notation, "secret": other}, "ErrNotYourSeat"},
	} {
		_, e := call(c.method, c.args)
		if e == nil || e.Name != c.name || e.Say == "" {
			t.Errorf("%s: error %+v; want %s with what to tell the player", c.method, e, c.name)
		} else {
			t.Logf("%s: %s", e.Name, e.Say)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"testing"

	"github.com/brettspiel/brettspiel/session"
)

// fingerprints are the games of a table, by handle: each one's revision
// and length, read through the table in Go, so that nothing of the HTTP
// server counts.
func fingerprints(t *testing.T, tab *session.Table) map[int]string {
	t.Helper()
	out := map[int]string{}
	for _, h := range tab.Handles() {
		g, err := tab.Game(h)
		if err != nil {
			continue
		}
		var s state
		if err := json.Unmarshal(g.Call(nil, "state", []byte(`{"log":false,"legal":false}`), ""), &s); err != nil || s.Error != nil {
			t.Fatalf("game %d: %v %+v", h, err, s.Error)
		}
		out[h] = fmt.Sprintf("rev %d, %d steps", s.Rev, s.Length)
	}
	return out
}

// TestStrangerClosesNothing is the attack of a stranger, who holds no
// seat: he reads whatever the server lists, guesses game IDs (random ones,
// and the small numbers the session's handles are), calls the methods of
// the protocol on handles as the old API took them, and on the games he
// does know the IDs of — as a watcher does — closes, plays, throws, undoes,
// takes back and claims without a secret, with a wrong one, with a secret
// or a handle in the JSON. No game is closed and none changes.
func TestStrangerClosesNothing(t *testing.T) {
	s, srv := testServer(t, nil)
	anyone := client{t: t, base: srv.URL}
	var watched, private []string    // the IDs the stranger knows, and those he does not
	holders := map[string][]client{} // the seats' holders of each owned game
	for i, v := range []string{"verkehren", "toccateglio", "festung", "verkehren", "toccateglio", "festung"} {
		id, _ := anyone.newGame("newGame", map[string]any{"variant": v, "seats": []string{"person", "person"}})
		one, two := anyone.claim(id, 0), anyone.claim(id, 1)
		for _, c := range []client{one, two, one} { // a few steps, so that there is something to undo
			c.post("games/"+id+"/advance", `{"limit":2}`, nil)
		}
		holders[id] = []client{one, two}
		if i%2 == 0 {
			watched = append(watched, id)
		} else {
			private = append(private, id)
		}
	}
	for range 2 { // games of one screen, whose ID is their only key
		id, _ := anyone.newGame("newGame", map[string]any{"variant": "verkehren", "owned": false})
		anyone.post("games/"+id+"/advance", `{"limit":3}`, nil)
		private = append(private, id)
	}
	before := fingerprints(t, s.table)
	if len(before) != 8 {
		t.Fatalf("%d games at the table; want 8", len(before))
	}

	stranger := client{t: t, base: srv.URL}
	// what the server lists
	var found []string
	idLike := regexp.MustCompile(`[A-Za-z0-9_-]{22}`)
	for _, p := range []string{"version", "games", "rule"} {
		_, raw := stranger.post(p, `{}`, nil)
		found = append(found, idLike.FindAllString(string(raw), -1)...)
	}
	for _, p := range []string{"/api/", "/api/schema", "/api/games"} {
		if resp, err := http.Get(srv.URL + p); err == nil {
			var b [1 << 16]byte
			n, _ := resp.Body.Read(b[:])
			resp.Body.Close()
			found = append(found, idLike.FindAllString(string(b[:n]), -1)...)
		}
	}
	for _, id := range private {
		for _, f := range found {
			if f == id {
				t.Errorf("the server lists the ID of a game: %s", id)
			}
		}
	}
	// guessed IDs and old-style handles
	guesses := found
	for n := range 40 {
		guesses = append(guesses, strconv.Itoa(n), newID())
	}
	acts := []struct{ method, args string }{
		{"close", `{}`}, {"advance", `{}`}, {"throw", `{}`}, {"undo", `{}`}, {"redo", `{}`},
		{"takeback", `{}`}, {"answerTakeback", `{"accept":true}`}, {"botMove", `{"bot":"greedy"}`},
		{"claim", `{"seat":0}`}, {"claim", `{"seat":1}`}, {"apply", `{"notation":"concede"}`},
	}
	for _, g := range guesses {
		for _, a := range acts {
			if code, raw := stranger.post("games/"+g+"/"+a.method, a.args, nil); code == http.StatusOK {
				t.Errorf("%s on a guessed ID %q: %s", a.method, g, raw)
			}
		}
	}
	for h := range 40 {
		for _, a := range acts {
			args := `{"handle":` + strconv.Itoa(h) + a.args[1:]
			if a.args == `{}` {
				args = `{"handle":` + strconv.Itoa(h) + `}`
			}
			if code, raw := stranger.post(a.method, args, nil); code == http.StatusOK {
				t.Errorf("%s %s: %s", a.method, args, raw)
			}
		}
	}
	// the games he watches
	for _, id := range watched {
		var legal struct {
			Legal []struct{ Notation string } `json:"legal"`
		}
		if code, raw := stranger.post("games/"+id+"/legal", `{"parts":false}`, &legal); code != http.StatusOK {
			t.Errorf("a watcher reads the legal moves: %d %s", code, raw)
		}
		tries := acts
		for _, m := range legal.Legal {
			tries = append(tries, struct{ method, args string }{"apply", `{"notation":"` + m.Notation + `"}`})
		}
		for _, as := range []client{stranger, {t: t, base: srv.URL, secret: newID() + newID()[:10]}} {
			for _, a := range tries {
				if code, raw := as.post("games/"+id+"/"+a.method, a.args, nil); code == http.StatusOK {
					t.Errorf("%s by a stranger (secret %q) on a game he watches: %s", a.method, as.secret, raw)
				}
			}
		}
		for _, args := range []string{`{"secret":"` + newID() + `"}`, `{"handle":1}`} {
			for _, m := range []string{"close", "throw", "advance", "undo"} {
				if code, raw := stranger.post("games/"+id+"/"+m, args, nil); code == http.StatusOK {
					t.Errorf("%s %s on a game he watches: %s", m, args, raw)
				}
			}
		}
		for _, m := range []string{"state", "watch", "saveRecord"} {
			args := `{}`
			if m == "watch" {
				args = `{"rev":0}`
			}
			if code, raw := stranger.post("games/"+id+"/"+m, args, nil); code != http.StatusOK {
				t.Errorf("a watcher reads (%s): %d %.200s", m, code, raw)
			}
		}
	}
	after := fingerprints(t, s.table)
	for h, fp := range before {
		if after[h] != fp {
			t.Errorf("game %d: %s before the stranger, %q after", h, fp, after[h])
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d games at the table before the stranger, %d after", len(before), len(after))
	}
	for id, cs := range holders { // an owned game closes when both have left it
		for _, c := range cs {
			if code, raw := c.post("games/"+id+"/close", nil, nil); code != http.StatusOK {
				t.Errorf("a seat's holder leaves his game: %d %.200s", code, raw)
			}
		}
	}
	if n := s.table.Len(); n != 2 {
		t.Errorf("%d games at the table after the holders left theirs; want the 2 of one screen", n)
	}
}

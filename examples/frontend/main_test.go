package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// testServer serves a server of the default options, changed by set, over
// HTTP as main does, until the test ends.
func testServer(t testing.TB, set func(*options)) (*server, *httptest.Server) {
	o := defaults()
	if set != nil {
		set(&o)
	}
	limitMemory(o)
	s := newServer(o)
	ts := httptest.NewUnstartedServer(nil)
	ts.Config = newHTTPServer("", s)
	ts.Start()
	t.Cleanup(ts.Close)
	return s, ts
}

// client calls the server as one person: with his seat's secret, if he
// holds one.
type client struct {
	t      testing.TB
	base   string
	secret string
}

// post posts body (a string, or a value to encode) to the path below /api/
// and decodes the answer into out (if not nil); it returns the status and
// the answer.
func (c client) post(path string, body any, out any) (int, []byte) {
	c.t.Helper()
	data, ok := body.(string)
	if !ok {
		b, err := json.Marshal(body)
		if err != nil {
			c.t.Fatal(err)
		}
		data = string(b)
	}
	req, err := http.NewRequest("POST", c.base+"/api/"+path, strings.NewReader(data))
	if err != nil {
		c.t.Fatal(err)
	}
	if c.secret != "" {
		req.Header.Set("Authorization", "Bearer "+c.secret)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s: decode %.200s: %v", path, raw, err)
		}
	}
	return resp.StatusCode, raw
}

// newGame makes a game (newGame, loadRecord or loadID) and returns its ID
// and state.
func (c client) newGame(method string, args any) (string, state) {
	c.t.Helper()
	var m struct {
		Game  string             `json:"game"`
		State state              `json:"state"`
		Error *session.ErrorJSON `json:"error"`
	}
	if code, raw := c.post(method, args, &m); code != http.StatusCreated || m.Game == "" {
		c.t.Fatalf("%s: status %d: %.300s", method, code, raw)
	}
	return m.Game, m.State
}

// claim claims a seat of game id and returns a client holding it.
func (c client) claim(id string, seat int) client {
	c.t.Helper()
	var claim session.ClaimJSON
	if code, raw := c.post("games/"+id+"/claim", map[string]int{"seat": seat}, &claim); code != http.StatusOK || claim.Secret == "" {
		c.t.Fatalf("claim %d: status %d: %s", seat, code, raw)
	}
	return client{c.t, c.base, claim.Secret}
}

type state struct {
	State struct {
		Turn string `json:"turn"`
	} `json:"state"`
	Length int                `json:"length"`
	Rev    int                `json:"rev"`
	Since  int                `json:"since"`
	Log    []json.RawMessage  `json:"log"`
	Played int                `json:"played"`
	Error  *session.ErrorJSON `json:"error"`
}

func (s state) over() bool { return s.State.Turn == "over" }

// TestEveryVariantToTheEnd plays a game of every variant over HTTP: a person
// at seat 0, who claims it and plays the first legal move, a bot at the
// others, until the game is over; then its record is loaded into a game of
// one screen, and both are closed, by the seat's holder and by the ID's.
func TestEveryVariantToTheEnd(t *testing.T) {
	_, srv := testServer(t, nil)
	anyone := client{t: t, base: srv.URL}
	var games struct {
		Games []struct {
			Name       string `json:"name"`
			MinPlayers int    `json:"minPlayers"`
		} `json:"games"`
	}
	if code, _ := anyone.post("games", struct{}{}, &games); code != http.StatusOK || len(games.Games) != 3 {
		t.Fatalf("games: status %d, %d games", code, len(games.Games))
	}
	for _, v := range games.Games {
		t.Run(v.Name, func(t *testing.T) {
			anyone := client{t: t, base: srv.URL}
			seats := []string{"person"}
			for len(seats) < max(2, v.MinPlayers) {
				seats = append(seats, "greedy")
			}
			id, s := anyone.newGame("newGame", map[string]any{"variant": v.Name, "seats": seats, "log": false})
			me := anyone.claim(id, 0)
			game := "games/" + id + "/"
			moves := 0
			for steps := 0; !s.over(); steps++ {
				if steps > 5000 {
					t.Fatal("no end after 5000 steps")
				}
				if code, raw := me.post(game+"advance", map[string]any{"log": false}, &s); code != http.StatusOK {
					t.Fatalf("advance: status %d: %s", code, raw)
				}
				if s.over() {
					break
				}
				var legal struct {
					Legal []struct {
						Notation string `json:"notation"`
					} `json:"legal"`
				}
				if code, _ := anyone.post(game+"legal", map[string]any{"parts": false}, &legal); code != http.StatusOK || len(legal.Legal) == 0 {
					t.Fatalf("legal: status %d, %d moves", code, len(legal.Legal))
				}
				move := legal.Legal[0].Notation // the first that does not give the game up
				if move == "concede" && len(legal.Legal) > 1 {
					move = legal.Legal[1].Notation
				}
				if code, raw := me.post(game+"apply", map[string]any{"notation": move, "log": false}, &s); code != http.StatusOK {
					t.Fatalf("apply %q: status %d: %s", move, code, raw)
				}
				moves++
			}
			t.Logf("over after %d moves of the person", moves)
			var rec struct {
				Text string `json:"text"`
			}
			if code, _ := anyone.post(game+"saveRecord", nil, &rec); code != http.StatusOK || rec.Text == "" {
				t.Fatalf("saveRecord: status %d", code)
			}
			again, s := anyone.newGame("loadRecord", map[string]any{"text": rec.Text, "owned": false, "log": false})
			if !s.over() {
				t.Fatalf("the record loaded is not over: %+v", s)
			}
			var closed struct{ Closed bool }
			if code, raw := me.post(game+"close", nil, &closed); code != http.StatusOK || !closed.Closed {
				t.Fatalf("close by the only seat's holder: status %d: %s", code, raw)
			}
			if code, raw := anyone.post("games/"+again+"/close", "{}", nil); code != http.StatusOK {
				t.Fatalf("close of a game of one screen: status %d: %s", code, raw)
			}
			if code, _ := anyone.post(game+"state", nil, nil); code != http.StatusNotFound {
				t.Fatalf("state of a closed game: status %d", code)
			}
		})
	}
}

// TestRefusalsHaveTheirStatus checks the status of each kind of refusal and
// that the answer names the error.
func TestRefusalsHaveTheirStatus(t *testing.T) {
	_, srv := testServer(t, func(o *options) { o.maxGames = 1 })
	c := client{t: t, base: srv.URL}
	id, _ := c.newGame("newGame", map[string]any{"variant": "toccateglio", "owned": false})
	game := "games/" + id + "/"
	for _, r := range []struct {
		path, body string
		code       int
		name       string
	}{
		{"newGame", `{"variant":"verkehren"}`, http.StatusServiceUnavailable, "ErrTableFull"},
		{"newGame", `{"variant":"verkehren","handle":1}`, http.StatusBadRequest, "ErrBadCall"},
		{"newGame", `{}`, http.StatusBadRequest, "ErrBadCall"},
		{"loadRecord", `{"id":"x"}`, http.StatusBadRequest, "ErrBadCall"},
		{"games/AAAAAAAAAAAAAAAAAAAAAA/state", `{}`, http.StatusNotFound, "ErrUnknownHandle"},
		{"games/1/state", `{}`, http.StatusNotFound, "ErrUnknownHandle"},
		{"nonsense", `{}`, http.StatusNotFound, "ErrUnknownMethod"},
		{"state", `{"handle":1}`, http.StatusNotFound, "ErrUnknownMethod"},
		{game + "nonsense", `{}`, http.StatusNotFound, "ErrUnknownMethod"},
		{game + "newGame", `{"variant":"verkehren"}`, http.StatusNotFound, "ErrUnknownMethod"},
		{game + "state", `{"handle":1}`, http.StatusBadRequest, "ErrBadCall"},
		{game + "state", `{"secret":"x"}`, http.StatusBadRequest, "ErrBadCall"},
		{game + "state", `{"since":"0"}`, http.StatusBadRequest, "ErrBadCall"},
		{game + "apply", `{"notation":"99/1"}`, http.StatusBadRequest, "ErrBadNotation"},
		{game + "close", `{"handle":1}`, http.StatusBadRequest, "ErrBadCall"},
		{game + "state", `{"pad":"` + strings.Repeat("x", session.MaxArgs) + `"}`, http.StatusRequestEntityTooLarge, "ErrTooLarge"},
		{"verifyDice", `{"text":"` + strings.Repeat("x", defaults().maxSteps*recordBytes+1) + `","commitment":"","seed":1,"salt":""}`, http.StatusRequestEntityTooLarge, "ErrTooLarge"},
	} {
		var out struct{ Error session.ErrorJSON }
		code, raw := c.post(r.path, r.body, &out)
		if code != r.code || out.Error.Name != r.name {
			t.Errorf("%s %.40s: status %d, error %q; want %d, %q (%.200s)", r.path, r.body, code, out.Error.Name, r.code, r.name, raw)
		}
	}
	req, _ := http.NewRequest("POST", srv.URL+"/api/"+game+"state", strings.NewReader("{}"))
	req.Header.Set("Authorization", "Basic eDp5")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusBadRequest {
		t.Errorf("Authorization: Basic: %v %v", err, resp)
	} else {
		resp.Body.Close()
	}
	for _, path := range []string{"/api/schema", "/api/"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %v %v", path, err, resp)
		}
		resp.Body.Close()
	}
}

// TestClientGoneStopsTheCall: a client that gives up on its request (here
// a timeout) stops the advance it asked for, through the request's context:
// the game stops growing and answers the next call at once.
func TestClientGoneStopsTheCall(t *testing.T) {
	s, srv := testServer(t, nil)
	c := client{t: t, base: srv.URL}
	record := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=1000\n\n"
	id, _ := c.newGame("loadRecord", map[string]any{"text": record, "seats": []string{"net-strongest", "net-strongest"}, "owned": false, "log": false})
	client := &http.Client{Timeout: 300 * time.Millisecond}
	body := strings.NewReader(`{"limit":10000,"log":false}`)
	if resp, err := client.Post(srv.URL+"/api/games/"+id+"/advance", "application/json", body); err == nil {
		resp.Body.Close()
		t.Fatalf("the advance of 10,000 steps answered within 300 ms: %d", resp.StatusCode)
	}
	e, ok := s.game(id)
	if !ok {
		t.Fatal("the game is gone")
	}
	start := time.Now()
	e.g.Snapshot() // waits for the call that acts: until the advance stopped
	n := e.g.Len()
	if wait := time.Since(start); wait > 2*time.Second {
		t.Errorf("the advance held its game %v after its client left", wait)
	}
	time.Sleep(200 * time.Millisecond)
	if m := e.g.Len(); m != n || n == 0 || n >= 10000 {
		t.Errorf("the game had %d steps when the client left, %d after", n, m)
	}
}

// TestOwnedByDefault: a game is owned unless asked otherwise; its seats'
// holders act with their secrets in the Authorization header, a watcher
// reads, and the answers carry no handle.
func TestOwnedByDefault(t *testing.T) {
	_, srv := testServer(t, nil)
	anyone := client{t: t, base: srv.URL}
	id, _ := anyone.newGame("newGame", map[string]any{"variant": "verkehren", "seats": []string{"person", "person"}})
	game := "games/" + id + "/"
	var info struct {
		Owned  bool   `json:"owned"`
		Handle *int   `json:"handle"`
		Seed   *any   `json:"seed"`
		Claim  []bool `json:"claimed"`
	}
	if code, raw := anyone.post(game+"state", nil, &info); code != http.StatusOK || !info.Owned || info.Handle != nil || info.Seed != nil {
		t.Fatalf("state: status %d, owned %v, handle %v, seed %v: %.300s", code, info.Owned, info.Handle, info.Seed, raw)
	}
	// its seed is the server's secret: a client may not choose it
	for _, method := range []string{"newGame", "loadID"} {
		args := map[string]any{"variant": "verkehren", "seed": 42}
		if method == "loadID" {
			args = map[string]any{"id": s0ID(t, anyone, id), "seed": 42}
		}
		if code, raw := anyone.post(method, args, nil); code != http.StatusBadRequest || !strings.Contains(string(raw), "ErrBadCall") {
			t.Errorf("%s of an owned game with the client's seed: status %d: %.200s", method, code, raw)
		}
		args["owned"] = false
		if code, raw := anyone.post(method, args, nil); code != http.StatusCreated {
			t.Errorf("%s of a game of one screen with a seed: status %d: %.200s", method, code, raw)
		}
	}
	one, two := anyone.claim(id, 0), anyone.claim(id, 1)
	if code, _ := anyone.post(game+"claim", `{"seat":0}`, nil); code != http.StatusConflict {
		t.Errorf("a seat claimed twice: status %d", code)
	}
	if code, _ := anyone.post(game+"throw", nil, nil); code != http.StatusForbidden {
		t.Errorf("a watcher throws: status %d", code)
	}
	if code, raw := one.post(game+"throw", nil, nil); code != http.StatusOK {
		t.Errorf("a seat's holder throws: status %d: %s", code, raw)
	}
	if code, _ := one.post(game+"undo", nil, nil); code != http.StatusConflict {
		t.Errorf("undo with another person at the table: status %d", code)
	}
	_ = two
	id2, _ := anyone.newGame("newGame", map[string]any{"variant": "verkehren", "owned": false})
	if code, raw := anyone.post("games/"+id2+"/throw", nil, nil); code != http.StatusOK {
		t.Errorf("a throw in a game of one screen: status %d: %s", code, raw)
	}
}

// TestFilesShort keeps the program readable: no file over 500 lines.
func TestFilesShort(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatal(files, err)
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := 0
		for sc := bufio.NewScanner(f); sc.Scan(); {
			lines++
		}
		f.Close()
		if lines > 500 {
			t.Errorf("%s has %d lines; at most 500", name, lines)
		}
	}
}

// s0ID is the position ID of the game of id.
func s0ID(t *testing.T, c client, id string) string {
	t.Helper()
	var out struct{ ID string }
	if code, raw := c.post("games/"+id+"/positionID", nil, &out); code != http.StatusOK {
		t.Fatalf("positionID: status %d: %s", code, raw)
	}
	return out.ID
}

// TestLeavingAnOwnedGame: in an owned game of two people, one who closes
// it leaves it; the other still plays and reads its record, and so does
// the one who left, until the last seat leaves and the game closes.
func TestLeavingAnOwnedGame(t *testing.T) {
	_, srv := testServer(t, nil)
	anyone := client{t: t, base: srv.URL}
	id, _ := anyone.newGame("newGame", map[string]any{"variant": "toccateglio", "seats": []string{"person", "person"}})
	game := "games/" + id + "/"
	one, two := anyone.claim(id, 0), anyone.claim(id, 1)
	var closed struct{ Closed bool }
	if code, raw := one.post(game+"close", nil, &closed); code != http.StatusOK || closed.Closed {
		t.Fatalf("the first seat leaves: status %d: %s", code, raw)
	}
	for _, c := range []client{one, two} {
		if code, raw := c.post(game+"saveRecord", nil, nil); code != http.StatusOK {
			t.Errorf("saveRecord after one left: status %d: %s", code, raw)
		}
	}
	if code, raw := two.post(game+"state", nil, nil); code != http.StatusOK {
		t.Errorf("state for the seat still there: status %d: %s", code, raw)
	}
	if code, raw := two.post(game+"close", nil, &closed); code != http.StatusOK || !closed.Closed {
		t.Fatalf("the last seat leaves: status %d: %s", code, raw)
	}
	if code, _ := anyone.post(game+"state", nil, nil); code != http.StatusNotFound {
		t.Errorf("state once every seat left: status %d", code)
	}
}

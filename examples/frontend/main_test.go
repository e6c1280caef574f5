package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// call posts args to method and decodes the answer into out (when not nil),
// returning the HTTP status.
func call(t *testing.T, srv *httptest.Server, method string, args any, out any) int {
	t.Helper()
	body, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(srv.URL+"/api/"+method, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatalf("%s: decode: %v", method, err)
		}
	}
	return resp.StatusCode
}

type state struct {
	Handle int `json:"handle"`
	State  struct {
		Turn string `json:"turn"`
	} `json:"state"`
	Error *session.ErrorJSON `json:"error"`
}

func (s state) over() bool { return s.State.Turn == "over" }

// TestEveryVariantToTheEnd plays a game of every variant over HTTP: a person
// at seat 0 who plays the first legal move, a bot at the others, the dice
// seeded, until the game is over.
func TestEveryVariantToTheEnd(t *testing.T) {
	srv := httptest.NewServer(newHandler(session.NewTable(session.Options{})))
	defer srv.Close()
	var games struct {
		Games []struct {
			Name       string `json:"name"`
			MinPlayers int    `json:"minPlayers"`
		} `json:"games"`
	}
	if code := call(t, srv, "games", struct{}{}, &games); code != http.StatusOK || len(games.Games) != 3 {
		t.Fatalf("games: status %d, %d games", code, len(games.Games))
	}
	for _, v := range games.Games {
		t.Run(v.Name, func(t *testing.T) {
			seats := []string{"person"}
			for len(seats) < max(2, v.MinPlayers) {
				seats = append(seats, "greedy")
			}
			var s state
			if code := call(t, srv, "newGame", map[string]any{"variant": v.Name, "seed": 7, "seats": seats, "log": false}, &s); code != http.StatusOK {
				t.Fatalf("newGame: status %d: %+v", code, s.Error)
			}
			moves := 0
			for steps := 0; !s.over(); steps++ {
				if steps > 5000 {
					t.Fatal("no end after 5000 steps")
				}
				if code := call(t, srv, "advance", map[string]any{"handle": s.Handle, "log": false}, &s); code != http.StatusOK {
					t.Fatalf("advance: status %d: %+v", code, s.Error)
				}
				if s.over() {
					break
				}
				var legal struct {
					Legal []struct {
						Notation string `json:"notation"`
					} `json:"legal"`
				}
				if code := call(t, srv, "legal", map[string]any{"handle": s.Handle, "parts": false}, &legal); code != http.StatusOK || len(legal.Legal) == 0 {
					t.Fatalf("legal: status %d, %d moves", code, len(legal.Legal))
				}
				move := legal.Legal[0].Notation // the first that does not give the game up
				if move == "concede" && len(legal.Legal) > 1 {
					move = legal.Legal[1].Notation
				}
				if code := call(t, srv, "apply", map[string]any{"handle": s.Handle, "notation": move, "log": false}, &s); code != http.StatusOK {
					t.Fatalf("apply %q: status %d: %+v", move, code, s.Error)
				}
				moves++
			}
			t.Logf("over after %d moves of the person", moves)
			var rec struct {
				Text string `json:"text"`
			}
			if code := call(t, srv, "saveRecord", map[string]any{"handle": s.Handle}, &rec); code != http.StatusOK || rec.Text == "" {
				t.Fatalf("saveRecord: status %d", code)
			}
			var again state
			if code := call(t, srv, "loadRecord", map[string]any{"text": rec.Text, "log": false}, &again); code != http.StatusOK || !again.over() {
				t.Fatalf("loadRecord: status %d, over %v: %+v", code, again.over(), again.Error)
			}
			for _, h := range []int{s.Handle, again.Handle} {
				if code := call(t, srv, "close", map[string]any{"handle": h}, nil); code != http.StatusOK {
					t.Fatalf("close: status %d", code)
				}
			}
		})
	}
}

// TestRefusalsHaveTheirStatus checks the status of each kind of refusal and
// that the answer names the error.
func TestRefusalsHaveTheirStatus(t *testing.T) {
	srv := httptest.NewServer(newHandler(session.NewTable(session.Options{MaxGames: 1})))
	defer srv.Close()
	post := func(method, body string) (int, session.ErrorJSON) {
		resp, err := http.Post(srv.URL+"/api/"+method, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out struct{ Error session.ErrorJSON }
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out.Error
	}
	if code, e := post("newGame", `{"variant":"toccateglio"}`); code != http.StatusOK {
		t.Fatalf("first game: %d %+v", code, e)
	}
	for _, c := range []struct {
		method, body string
		code         int
		name         string
	}{
		{"newGame", `{"variant":"verkehren"}`, http.StatusServiceUnavailable, "ErrTableFull"},
		{"state", `{"handle":99}`, http.StatusNotFound, "ErrUnknownHandle"},
		{"nonsense", `{}`, http.StatusNotFound, "ErrUnknownMethod"},
		{"state", `{"handle":"0"}`, http.StatusBadRequest, "ErrBadCall"},
		{"apply", `{"handle":1,"notation":"99/1"}`, http.StatusBadRequest, "ErrBadNotation"},
		{"state", `{"handle":1,"pad":"` + strings.Repeat("x", session.MaxArgs) + `"}`, http.StatusRequestEntityTooLarge, "ErrTooLarge"},
	} {
		code, e := post(c.method, c.body)
		if code != c.code || e.Name != c.name {
			t.Errorf("%s %.40s: status %d, error %q; want %d, %q", c.method, c.body, code, e.Name, c.code, c.name)
		}
	}
	resp, err := http.Get(srv.URL + "/api/schema")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("schema: %v %v", err, resp)
	}
	resp.Body.Close()
}

// TestClientGoneStopsTheCall: a client that gives up on its request (here
// a timeout) stops the advance it asked for, through the request's context:
// the game stops growing and answers the next call at once.
func TestClientGoneStopsTheCall(t *testing.T) {
	tab := session.NewTable(session.Options{})
	srv := httptest.NewServer(newHandler(tab))
	defer srv.Close()
	record := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=1000\n\n"
	var s state
	if code := call(t, srv, "loadRecord", map[string]any{"text": record, "seats": []string{"net-strongest", "net-strongest"}, "log": false}, &s); code != http.StatusOK {
		t.Fatalf("loadRecord: %d %+v", code, s.Error)
	}
	client := &http.Client{Timeout: 300 * time.Millisecond}
	body := strings.NewReader(fmt.Sprintf(`{"handle":%d,"limit":10000,"log":false}`, s.Handle))
	if resp, err := client.Post(srv.URL+"/api/advance", "application/json", body); err == nil {
		resp.Body.Close()
		t.Fatalf("the advance of 10,000 steps answered within 300 ms: %d", resp.StatusCode)
	}
	g, err := tab.Game(s.Handle)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	n := g.Len() // waits for the game's lock: until the advance stopped
	if wait := time.Since(start); wait > 2*time.Second {
		t.Errorf("the advance held its game %v after its client left", wait)
	}
	time.Sleep(200 * time.Millisecond)
	if m := g.Len(); m != n || n == 0 || n >= 10000 {
		t.Errorf("the game had %d steps when the client left, %d after", n, m)
	}
}

// TestShort keeps the point of this program: a whole HTTP frontend on the
// public API in at most 150 lines.
func TestShort(t *testing.T) {
	f, err := os.Open("main.go")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		lines++
	}
	if lines > 150 {
		t.Errorf("main.go has %d lines; at most 150", lines)
	}
}

// TestOwnedSeatsRefuseStrangers: in a game of owned seats a call without
// the seat's secret is refused with 403 and a second claim of a seat with
// 409; the seat's holder plays.
func TestOwnedSeatsRefuseStrangers(t *testing.T) {
	srv := httptest.NewServer(newHandler(session.NewTable(session.Options{})))
	defer srv.Close()
	post := func(method, body string) (int, []byte) {
		resp, err := http.Post(srv.URL+"/api/"+method, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var raw json.RawMessage
		json.NewDecoder(resp.Body).Decode(&raw)
		return resp.StatusCode, raw
	}
	code, out := post("newGame", `{"variant":"verkehren","seats":["person","person"],"owned":true,"seed":4}`)
	var g struct{ Handle int }
	if json.Unmarshal(out, &g); code != http.StatusOK {
		t.Fatalf("newGame: %d %s", code, out)
	}
	h := strconv.Itoa(g.Handle)
	code, out = post("claim", `{"handle":`+h+`,"seat":0}`)
	var claim struct{ Secret string }
	if json.Unmarshal(out, &claim); code != http.StatusOK || claim.Secret == "" {
		t.Fatalf("claim: %d %s", code, out)
	}
	for _, c := range []struct {
		method, body string
		code         int
		name         string
	}{
		{"throw", `{"handle":` + h + `}`, http.StatusForbidden, "ErrNoSecret"},
		{"throw", `{"handle":` + h + `,"secret":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}`, http.StatusForbidden, "ErrBadSecret"},
		{"close", `{"handle":` + h + `}`, http.StatusForbidden, "ErrNoSecret"},
		{"claim", `{"handle":` + h + `,"seat":0}`, http.StatusConflict, "ErrSeatTaken"},
	} {
		code, out := post(c.method, c.body)
		var e struct{ Error session.ErrorJSON }
		json.Unmarshal(out, &e)
		if code != c.code || e.Error.Name != c.name {
			t.Errorf("%s %s: status %d, error %q; want %d, %q", c.method, c.body, code, e.Error.Name, c.code, c.name)
		}
	}
	if code, out := post("throw", `{"handle":`+h+`,"secret":"`+claim.Secret+`"}`); code != http.StatusOK {
		t.Errorf("the seat's holder throws: %d %s", code, out)
	}
}

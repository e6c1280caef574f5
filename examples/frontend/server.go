package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// server serves one table of games over HTTP.
type server struct {
	o     options
	table *session.Table
	mux   *http.ServeMux
	slots chan struct{} // a request holds one while it is served

	mu    sync.Mutex
	games map[string]held // by ID
}

// held is a game of the table under its ID.
type held struct {
	g      *session.Game
	handle int
	// left marks the seats of an owned game whose holders left it (close);
	// guarded by the server's mu.
	left map[int]bool
}

// catalogue are the methods of the protocol that need no game.
var catalogue = map[string]bool{"version": true, "games": true, "rule": true, "verifyDice": true}

// makers are the methods that make a game.
var makers = map[string]bool{"newGame": true, "loadRecord": true, "loadID": true}

func newServer(o options) *server {
	s := &server{
		o:     o,
		table: session.NewTable(session.Options{MaxGames: o.maxGames, IdleTimeout: o.idle, Now: o.now}),
		mux:   http.NewServeMux(),
		slots: make(chan struct{}, max(o.calls, 1)),
		games: map[string]held{},
	}
	s.mux.HandleFunc("GET /api/{$}", s.methods)
	s.mux.HandleFunc("GET /api/schema", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/schema+json")
		w.Write(session.Schema())
	})
	s.mux.HandleFunc("POST /api/{method}", s.tableCall)
	s.mux.HandleFunc("POST /api/games/{id}/{method}", s.gameCall)
	return s
}

// ServeHTTP serves a request once one of the server's slots is free: a
// request waits for one at most o.wait and is then refused, before its
// body is read.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t := time.NewTimer(s.o.wait)
	select {
	case s.slots <- struct{}{}:
		t.Stop()
	case <-t.C:
		w.Header().Set("Retry-After", "1")
		writeError(w, session.ErrorJSON{Name: "ErrBusy", Message: fmt.Sprintf("the server serves %d requests at once; ask again", cap(s.slots))})
		return
	case <-r.Context().Done():
		t.Stop()
		return
	}
	defer func() { <-s.slots }()
	s.mux.ServeHTTP(w, r)
}

// methods answers the names of the methods: those of the catalogue
// (POST /api/{method}), those that make a game (the same) and those on a
// game (POST /api/games/{id}/{method}).
func (s *server) methods(w http.ResponseWriter, r *http.Request) {
	var out struct {
		Catalogue []string `json:"catalogue"`
		Make      []string `json:"make"`
		Game      []string `json:"game"`
	}
	for _, m := range session.Methods() {
		switch {
		case catalogue[m]:
			out.Catalogue = append(out.Catalogue, m)
		case makers[m]:
			out.Make = append(out.Make, m)
		default:
			out.Game = append(out.Game, m)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// tableCall serves POST /api/{method}: the catalogue's methods through the
// table, and the methods that make a game.
func (s *server) tableCall(w http.ResponseWriter, r *http.Request) {
	method := r.PathValue("method")
	if !catalogue[method] && !makers[method] {
		writeError(w, session.NewErrorJSON(fmt.Errorf("%w: %q: the calls on a game are POST /api/games/{id}/{method}, a new game POST /api/newGame", session.ErrUnknownMethod, method)))
		return
	}
	args, ok := readArgs(w, r)
	if !ok {
		return
	}
	if makers[method] {
		s.make(w, r, method, args)
		return
	}
	if method == "verifyDice" {
		var a struct{ Text *string }
		if json.Unmarshal(args, &a) == nil {
			if err := s.recordBound(method, a.Text); err != nil {
				writeError(w, session.NewErrorJSON(err))
				return
			}
		}
	}
	writeAnswer(w, s.table.CallContext(r.Context(), method, args))
}

// hold puts g, of the table's handle h, under a new ID.
func (s *server) hold(g *session.Game, h int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		id := newID()
		if _, taken := s.games[id]; !taken {
			s.games[id] = held{g: g, handle: h, left: map[int]bool{}}
			return id
		}
	}
}

// game finds the game of an ID, if the table still holds it.
func (s *server) game(id string) (held, bool) {
	s.mu.Lock()
	e, ok := s.games[id]
	s.mu.Unlock()
	if ok && !s.holds(e) {
		s.forget(id)
		ok = false
	}
	return e, ok
}

// holds says whether the table still holds e's game under its handle: a
// game the table closed (idle, in a sweep) is gone.
func (s *server) holds(e held) bool {
	g, err := s.table.Game(e.handle)
	return err == nil && g == e.g
}

func (s *server) forget(id string) {
	s.mu.Lock()
	delete(s.games, id)
	s.mu.Unlock()
}

// sweep closes the games in which nobody acted for the idle time, and
// forgets the IDs of every game the table no longer holds.
func (s *server) sweep() {
	s.table.Sweep()
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, e := range s.games {
		if !s.holds(e) {
			delete(s.games, id)
		}
	}
}

// sweepEvery sweeps on a ticker, a quarter of the idle time (at least a
// second, at most a minute), until ctx ends; without an idle time never.
func (s *server) sweepEvery(ctx context.Context) {
	if s.o.idle <= 0 {
		return
	}
	t := time.NewTicker(min(max(s.o.idle/4, time.Second), time.Minute))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.sweep()
		}
	}
}

// newID is a game's ID: 128 bits from crypto/rand in base64url.
func newID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on the systems Go supports
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// secretOf is the seat's secret a request carries ("Authorization: Bearer
// SECRET"); "" for none. A header of another kind is refused.
func secretOf(r *http.Request) (string, error) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return "", nil
	}
	scheme, secret, _ := strings.Cut(h, " ")
	if !strings.EqualFold(scheme, "Bearer") || secret == "" {
		return "", fmt.Errorf("%w: the Authorization header is \"Bearer\" and the seat's secret", session.ErrBadCall)
	}
	return secret, nil
}

// status is the HTTP status of an answer of the protocol.
func status(out []byte) int {
	var failed struct {
		Error *session.ErrorJSON `json:"error"`
	}
	if len(out) < 9 || string(out[:9]) != `{"error":` || json.Unmarshal(out, &failed) != nil || failed.Error == nil {
		return http.StatusOK
	}
	return statusOf(failed.Error.Name)
}

// statusOf is the HTTP status of an error by its name.
func statusOf(name string) int {
	switch name {
	case "ErrUnknownHandle", "ErrUnknownMethod", "ErrGameClosed":
		return http.StatusNotFound
	case "ErrNoSecret", "ErrBadSecret", "ErrNotYourSeat":
		return http.StatusForbidden
	case "ErrSeatTaken", "ErrNeedsConsent":
		return http.StatusConflict
	case "ErrTooLarge":
		return http.StatusRequestEntityTooLarge
	case "ErrTableFull", "ErrOverBudget", "ErrBusy":
		return http.StatusServiceUnavailable
	case "ErrInternal":
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}

// writeAnswer writes an answer of the protocol with its status.
func writeAnswer(w http.ResponseWriter, out []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status(out))
	w.Write(out)
}

// writeError writes {"error": e} with the status of its name.
func writeError(w http.ResponseWriter, e session.ErrorJSON) {
	writeJSON(w, statusOf(e.Name), map[string]session.ErrorJSON{"error": e})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// unknownGame is the error of an ID that names no game.
var unknownGame = fmt.Errorf("%w: no game has this ID", session.ErrUnknownHandle)

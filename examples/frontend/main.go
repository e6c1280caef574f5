// Command frontend is an HTTP server for the three games, written as a
// frontend team outside this module would write it: on the public API of
// package session alone, in a module of its own. It offers what the web
// page offers — the games and bots, new games with people or bots at the
// seats, states, legal moves as data, single steps, dice seeded or entered
// by hand, undo, redo and takeback, bot moves, hints, records and position
// IDs — as one POST per method of the session protocol:
//
//	POST /api/{method}   body: the method's arguments, a JSON object
//	GET  /api/schema     the JSON Schema of every answer
//	GET  /api/           the methods' names
//
// A refused call answers with its {"error": …} object and a status by the
// error's stable name: 404 for an unknown handle or method or a game
// closed during the call, 403 for a missing or wrong seat's secret in a
// game of owned seats, 409 for a seat already claimed or a takeback that
// needs the other's consent, 413 for arguments too large, 503 when the table
// is full or the call ran past the table's budget, 500 for an internal
// error, 400 otherwise. Each call runs within its request's context: a
// client that goes away stops its advance, bot move, hint or analysis.
//
//	go run . -addr localhost:8080
//	curl -d '{"variant":"verkehren","seats":["person","greedy"]}' localhost:8080/api/newGame
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

func main() {
	addr := flag.String("addr", "localhost:8080", "the address to listen on")
	maxGames := flag.Int("games", session.DefaultMaxGames, "the most games held at once")
	flag.Parse()
	srv := &http.Server{
		Addr:              *addr,
		Handler:           newHandler(session.NewTable(session.Options{MaxGames: *maxGames})),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second, // past the table's budget per call (10 s)
	}
	log.Printf("serving the games on http://%s/api/", *addr)
	log.Fatal(srv.ListenAndServe())
}

// newHandler serves the protocol of table t over HTTP.
func newHandler(t *session.Table) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/{$}", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string][]string{"methods": session.Methods()})
	})
	mux.HandleFunc("GET /api/schema", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/schema+json")
		w.Write(session.Schema())
	})
	mux.HandleFunc("POST /api/{method}", func(w http.ResponseWriter, r *http.Request) {
		args, err := io.ReadAll(http.MaxBytesReader(w, r.Body, session.MaxArgs))
		if err != nil {
			code := http.StatusBadRequest
			if tooBig := new(http.MaxBytesError); errors.As(err, &tooBig) {
				code, err = http.StatusRequestEntityTooLarge, fmt.Errorf("read the arguments: %w", session.ErrTooLarge)
			}
			writeJSON(w, code, map[string]session.ErrorJSON{"error": session.NewErrorJSON(err)})
			return
		}
		out := t.CallContext(r.Context(), r.PathValue("method"), args)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status(out))
		w.Write(out)
	})
	return mux
}

// status is the HTTP status of an answer of Table.Call.
func status(out []byte) int {
	var failed struct {
		Error *session.ErrorJSON `json:"error"`
	}
	if len(out) < 9 || string(out[:9]) != `{"error":` || json.Unmarshal(out, &failed) != nil || failed.Error == nil {
		return http.StatusOK
	}
	switch failed.Error.Name {
	case "ErrUnknownHandle", "ErrUnknownMethod", "ErrGameClosed":
		return http.StatusNotFound
	case "ErrNoSecret", "ErrBadSecret", "ErrNotYourSeat":
		return http.StatusForbidden
	case "ErrSeatTaken", "ErrNeedsConsent":
		return http.StatusConflict
	case "ErrTooLarge":
		return http.StatusRequestEntityTooLarge
	case "ErrTableFull", "ErrOverBudget":
		return http.StatusServiceUnavailable
	case "ErrInternal":
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

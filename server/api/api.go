// Package api is the game server's HTTP API: a game made, a seat
// claimed, a rematch, the lobby and a game's record, each a JSON body of
// at most 4 KiB under the limits of the client's network.
//
//	POST /api/games    {variant, preset?, players?, seats?, public?, lang?, name?, clock?}
//	                   → {game, seat, secret, invites: [{seat, token}]}
//	POST /api/join     {game, invite, name?}, or {game, seat, name?} of a public game
//	                   → {seat, secret}
//	POST /api/rematch  {game, secret} of a game over → {game, seat, secret}: the
//	                   next game, seats turned round; the others ask for it alike
//	GET  /api/lobby    → {games: [{game, variant, preset, seats, open}]}
//	GET  /api/games/{id}/record → the game's record (text), open or archived
package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/limit"
	"github.com/brettspiel/brettspiel/server/metrics"
	"github.com/brettspiel/brettspiel/session"
)

// maxBody bounds the body of a request.
const maxBody = 4 << 10

// routes are the API's handlers' common state.
type routes struct {
	hub     *hub.Hub
	addrs   *limit.Addresses
	proxies limit.Proxies
}

// Register adds to mux the API of h's games, under the limits of addrs.
func Register(mux *http.ServeMux, h *hub.Hub, addrs *limit.Addresses, proxies limit.Proxies) {
	a := &routes{hub: h, addrs: addrs, proxies: proxies}
	mux.HandleFunc("POST /api/games", post(a, "create", func(r *http.Request, n limit.Net, in hub.CreateArgs) (any, error) {
		if !a.addrs.Make(n) {
			return nil, hub.ErrTooManyGames
		}
		out, err := a.hub.Create(r.Context(), n.String(), in)
		a.waits(n, err)
		return out, err
	}))
	mux.HandleFunc("POST /api/join", post(a, "join", func(r *http.Request, _ limit.Net, in hub.JoinArgs) (any, error) {
		return a.hub.Join(r.Context(), in)
	}))
	type rematch struct {
		Game   string `json:"game"`
		Secret string `json:"secret"`
	}
	mux.HandleFunc("POST /api/rematch", post(a, "rematch", func(r *http.Request, n limit.Net, in rematch) (any, error) {
		out, err := a.hub.Rematch(r.Context(), n.String(), in.Game, in.Secret)
		a.waits(n, err)
		return out, err
	}))
	mux.HandleFunc("GET /api/lobby", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := a.allow(w, r, "lobby"); ok {
			games, err := a.hub.Lobby(r.Context(), 100)
			a.write(w, "lobby", map[string]any{"games": games}, err)
		}
	})
	mux.HandleFunc("GET /api/games/{id}/record", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := a.allow(w, r, "record"); !ok {
			return
		}
		rec, err := a.hub.Record(r.Context(), r.PathValue("id"))
		a.hub.Metrics().Call("record", errorName(err))
		if err != nil {
			writeError(w, err)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, rec)
	})
}

// Methods are the API's calls as its figures name them (package metrics).
var Methods = []string{"create", "join", "rematch", "lobby", "record"}

// allow takes a call of the client's bucket and returns its network, or
// answers that the bucket is empty (false), counted as a call of method.
func (a *routes) allow(w http.ResponseWriter, r *http.Request, method string) (limit.Net, bool) {
	n := a.addrs.NetOf(r, a.proxies)
	if !a.addrs.Allow(n) {
		a.write(w, method, nil, hub.ErrRateLimited)
		return n, false
	}
	return n, true
}

// errorName names err as its answer does, "" for nil.
func errorName(err error) string {
	if err == nil {
		return ""
	}
	return metrics.ErrorName(hub.ErrorJSON(err))
}

// waits logs a network refused for its games waiting for a player.
func (a *routes) waits(n limit.Net, err error) {
	if errors.Is(err, hub.ErrTooManyGames) {
		a.addrs.Refused(n, "games waiting for a player")
	}
}

// post is the handler of a call whose body In, of maxBody bytes at most,
// is read strictly (each key once, none unknown).
func post[In any](a *routes, method string, f func(r *http.Request, n limit.Net, in In) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		n, ok := a.allow(w, r, method)
		if !ok {
			return
		}
		var in In
		b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err == nil {
			err = kit.DecodeStrict(b, &in)
		}
		switch _, tooLarge := errors.AsType[*http.MaxBytesError](err); {
		case tooLarge:
			a.write(w, method, nil, fmt.Errorf("%w: a body of more than %d bytes", session.ErrTooLarge, maxBody))
		case err != nil:
			a.write(w, method, nil, fmt.Errorf("%w: %v", session.ErrBadCall, err))
		default:
			out, err := f(r, n, in)
			a.write(w, method, out, err)
		}
	}
}

// write answers a call of method with v, or err, and counts it.
func (a *routes) write(w http.ResponseWriter, method string, v any, err error) {
	a.hub.Metrics().Call(method, errorName(err))
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

// Status is the HTTP status of an error of the hub or the session.
func Status(err error) int {
	switch {
	case errors.Is(err, hub.ErrUnknownGame):
		return http.StatusNotFound
	case errors.Is(err, hub.ErrBadInvite), errors.Is(err, session.ErrSeatTaken), errors.Is(err, session.ErrBadSecret):
		return http.StatusForbidden
	case errors.Is(err, hub.ErrRateLimited), errors.Is(err, hub.ErrTooMany), errors.Is(err, hub.ErrTooManyGames):
		return http.StatusTooManyRequests
	case errors.Is(err, session.ErrTooLarge):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, hub.ErrStorage), errors.Is(err, hub.ErrStopping), errors.Is(err, session.ErrTableFull), errors.Is(err, hub.ErrBusy):
		return http.StatusServiceUnavailable
	}
	return http.StatusBadRequest
}

func writeError(w http.ResponseWriter, err error) { WriteError(w, Status(err), err) }

// WriteError answers err as JSON with the HTTP status code.
func WriteError(w http.ResponseWriter, code int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(hub.ErrorJSON(err))
}

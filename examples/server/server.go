package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// Options configure a Server.
type Options struct {
	// MaxGames bounds the games open at once (the session's table).
	MaxGames int
	// MaxConns bounds the connections at once, MaxConnsPerAddr those of
	// one address.
	MaxConns, MaxConnsPerAddr int
	// MaxCalls bounds the calls running at once; a call waits a moment
	// for a place, then is refused with ErrBusy.
	MaxCalls int
	// ConnRate is the calls a second a connection may make (twice as
	// many at once); AddrRate those of all the connections and HTTP
	// requests of an address.
	ConnRate, AddrRate float64
	// Idle archives the games no call used for longer and that no
	// connection watches; 0 keeps them.
	Idle time.Duration
	// Origins are the hosts, besides the server's own, whose pages may
	// open a WebSocket (websocket.AcceptOptions.OriginPatterns).
	Origins []string
	// Static serves the page: the files of examples/web's site and the
	// online layer. nil serves the API only.
	Static http.Handler
	// Log receives what the server logs (never a secret); nil logs
	// nothing.
	Log *log.Logger
	// Advertise is the address (host:port) at which the other processes
	// of a Cluster store reach this one. With it each game is held by
	// one process and the connections other processes accept for it are
	// relayed there; without it every process holds a copy of each game
	// it serves, brought up to date by the store's notifications.
	Advertise string
}

func (o *Options) defaults() {
	if o.MaxGames == 0 {
		o.MaxGames = 20000
	}
	if o.MaxConns == 0 {
		o.MaxConns = 20000
	}
	if o.MaxConnsPerAddr == 0 {
		o.MaxConnsPerAddr = 64
	}
	if o.MaxCalls == 0 {
		o.MaxCalls = 256
	}
	if o.ConnRate == 0 {
		o.ConnRate = 20
	}
	if o.AddrRate == 0 {
		o.AddrRate = 200
	}
}

// Server serves games to people over WebSocket, every change stored.
type Server struct {
	opt   Options
	table *session.Table
	store Store

	mu    sync.Mutex
	games map[string]*live
	// loading are the games being read from storage by find, each
	// read once however many ask for it meanwhile
	loading map[string]*pending[*live]
	open    map[*conn]bool

	calls    chan struct{}
	conns    chan struct{}
	addrs    *addresses
	running  sync.RWMutex // each call holds it to read; Shutdown to write
	stopping atomic.Bool
	base     context.Context
	stop     context.CancelFunc
	// handles counts the handles of the games brought from storage on
	// demand, above those restored at the start
	handles atomic.Int64

	// In a cluster (a Cluster store and Options.Advertise): the
	// process's id, the key of the links, the links this process dialed
	// (by the id of the process at the other end) and accepted, and the
	// processes taken for gone lately.
	cluster  Cluster
	id       string
	key      atomic.Value
	pmu      sync.Mutex
	peers    map[string]*peer
	dialing  map[string]*pending[*peer]
	accepted map[*peer]bool
	gone     map[string]time.Time
}

// NewServer makes a server of the games in store, every open game
// brought back under its old handle.
func NewServer(store Store, o Options) (*Server, error) {
	o.defaults()
	s := &Server{opt: o, store: store, table: session.NewTable(session.Options{MaxGames: o.MaxGames}),
		games: map[string]*live{}, loading: map[string]*pending[*live]{}, open: map[*conn]bool{},
		calls: make(chan struct{}, o.MaxCalls), conns: make(chan struct{}, o.MaxConns),
		addrs: newAddresses(o.AddrRate, 2*o.AddrRate, o.MaxConnsPerAddr)}
	s.base, s.stop = context.WithCancel(context.Background())
	s.peers, s.dialing, s.accepted, s.gone = map[string]*peer{}, map[string]*pending[*peer]{}, map[*peer]bool{}, map[string]time.Time{}
	if c, ok := store.(Cluster); ok && o.Advertise != "" {
		s.cluster, s.id = c, newToken()
		if err := s.enlist(context.Background()); err != nil {
			s.stop()
			return nil, fmt.Errorf("enlisting in the cluster: %w", err)
		}
		go s.keepEnlisted()
	}
	stored, err := s.openGames(context.Background())
	if err != nil {
		s.stop()
		return nil, fmt.Errorf("reading the games: %w", err)
	}
	s.handles.Store(1 << 24)
	for _, st := range stored {
		lg, err := s.restoreHeld(st)
		if err != nil {
			// one game that does not load keeps the others from nothing
			s.logf("%v", err)
			continue
		}
		s.games[lg.id] = lg
	}
	s.logf("%d games restored", len(s.games))
	if n, ok := store.(Notifier); ok {
		// the server answers once it listens: a change another process
		// commits from then on reaches it
		ready := make(chan struct{})
		var once sync.Once
		// the changes of different games are caught up with at once, a
		// few at a time (each asks the store); those of one game wait for
		// each other on the game's lock, and each finds what is stored
		// then, so their order does not matter
		busy := make(chan struct{}, 8)
		go n.Listen(s.base, func(id string, ver int) {
			if id == "" {
				s.changed(id, ver)
				once.Do(func() { close(ready) })
				return
			}
			busy <- struct{}{}
			go func() {
				defer func() { <-busy }()
				s.changed(id, ver)
			}()
		})
		select {
		case <-ready:
		case <-time.After(30 * time.Second):
			s.stop()
			return nil, errors.New("listening for the changes of other processes: the store does not answer")
		}
	}
	return s, nil
}

func (s *Server) logf(format string, args ...any) {
	if s.opt.Log != nil {
		s.opt.Log.Printf(format, args...)
	}
}

// Games returns the number of games open.
func (s *Server) Games() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.games)
}

func (s *Server) track(cn *conn, open bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if open {
		s.open[cn] = true
	} else {
		delete(s.open, cn)
	}
}

// Shutdown stops the server: new calls are refused, the calls under way
// finish and are stored, the connections are closed with "going away"
// (the pages reconnect), and the store is closed. In a cluster the
// connections relayed here are sent back to their processes, which hold
// the games anew, and the process gives up the games it holds.
func (s *Server) Shutdown() error {
	s.running.Lock()
	s.stopping.Store(true)
	s.running.Unlock()
	s.mu.Lock()
	for cn := range s.open {
		cn.goAway()
	}
	s.mu.Unlock()
	s.pmu.Lock()
	accepted := make([]*peer, 0, len(s.accepted))
	for p := range s.accepted {
		accepted = append(accepted, p)
	}
	s.pmu.Unlock()
	for _, p := range accepted {
		p.mu.Lock()
		ids := make([]uint64, 0, len(p.conns))
		for id := range p.conns {
			ids = append(ids, id)
		}
		p.mu.Unlock()
		for _, id := range ids {
			p.closeVirtual(id, errStoppingReason)
		}
	}
	// the connections close themselves once they have written what waits
	for i := 0; i < 100; i++ {
		s.mu.Lock()
		n := len(s.open)
		s.mu.Unlock()
		if n == 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if s.cluster != nil {
		ctx, cancel := context.WithTimeout(context.Background(), storeTimeout)
		if err := s.cluster.Leave(ctx, s.id); err != nil {
			s.logf("leaving the cluster: %v", err)
		}
		cancel()
	}
	for _, p := range accepted {
		p.flush(2 * time.Second) // the connections sent back
		p.fail()
	}
	s.pmu.Lock()
	for _, p := range s.peers {
		go p.fail()
	}
	s.pmu.Unlock()
	s.stop()
	return s.store.Close()
}

// Handler serves the API, the WebSocket and the page.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", s.serveWS)
	mux.HandleFunc("GET /peer", s.servePeer)
	mux.HandleFunc("POST /api/games", func(w http.ResponseWriter, r *http.Request) {
		var a CreateArgs
		if !s.readJSON(w, r, &a) {
			return
		}
		release, err := s.enter(r.Context())
		if err != nil {
			httpError(w, status(err), err)
			return
		}
		defer release()
		out, err := s.Create(r.Context(), a)
		s.writeResult(w, out, err)
	})
	mux.HandleFunc("POST /api/join", func(w http.ResponseWriter, r *http.Request) {
		var a struct {
			Game   string `json:"game"`
			Invite string `json:"invite"`
			Seat   *int   `json:"seat"`
		}
		if !s.readJSON(w, r, &a) {
			return
		}
		seat := -1
		if a.Seat != nil {
			seat = *a.Seat
		}
		release, err := s.enter(r.Context())
		if err != nil {
			httpError(w, status(err), err)
			return
		}
		defer release()
		out, err := s.Join(r.Context(), a.Game, a.Invite, seat)
		s.writeResult(w, out, err)
	})
	mux.HandleFunc("GET /api/lobby", func(w http.ResponseWriter, r *http.Request) {
		if !s.addrs.allow(clientIP(r)) {
			httpError(w, http.StatusTooManyRequests, ErrRateLimited)
			return
		}
		games, err := s.Lobby(r.Context(), 100)
		s.writeResult(w, map[string]any{"games": games}, err)
	})
	mux.HandleFunc("GET /api/games/{id}/record", func(w http.ResponseWriter, r *http.Request) {
		if !s.addrs.allow(clientIP(r)) {
			httpError(w, http.StatusTooManyRequests, ErrRateLimited)
			return
		}
		rec, err := s.record(r.Context(), r.PathValue("id"))
		if err != nil {
			httpError(w, status(err), err)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, rec)
	})
	if s.opt.Static != nil {
		mux.Handle("GET /", s.opt.Static)
	}
	return mux
}

// maxBody bounds the body of a request of the API.
const maxBody = 4 << 10

func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if !s.addrs.allow(clientIP(r)) {
		httpError(w, http.StatusTooManyRequests, ErrRateLimited)
		return false
	}
	d := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		var tl *http.MaxBytesError
		if errors.As(err, &tl) {
			httpError(w, http.StatusRequestEntityTooLarge, fmt.Errorf("%w: a body of more than %d bytes", session.ErrTooLarge, maxBody))
			return false
		}
		httpError(w, http.StatusBadRequest, fmt.Errorf("%w: %v", session.ErrBadCall, err))
		return false
	}
	return true
}

func (s *Server) writeResult(w http.ResponseWriter, v any, err error) {
	if err != nil {
		httpError(w, status(err), err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func status(err error) int {
	switch {
	case errors.Is(err, ErrUnknownGame):
		return http.StatusNotFound
	case errors.Is(err, ErrBadInvite), errors.Is(err, session.ErrSeatTaken):
		return http.StatusForbidden
	case errors.Is(err, ErrStorage), errors.Is(err, ErrStopping), errors.Is(err, session.ErrTableFull), errors.Is(err, ErrBusy):
		return http.StatusServiceUnavailable
	}
	return http.StatusBadRequest
}

func httpError(w http.ResponseWriter, code int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(errorJSON(err))
}

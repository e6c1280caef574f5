package server

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/brettspiel/brettspiel/server/api"
	"github.com/brettspiel/brettspiel/server/hub"
	"github.com/brettspiel/brettspiel/server/limit"
	"github.com/brettspiel/brettspiel/server/metrics"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/ws"
)

// Options configure a Server: those of its parts, and what they share.
type Options struct {
	Hub    hub.Options
	WS     ws.Options
	Limits limit.Options
	// Proxies are trusted to name their client in X-Forwarded-For.
	Proxies limit.Proxies
	// Static serves the page (package site); nil serves the API only.
	Static http.Handler
	// MetricsApart leaves /metrics out of Handler: the operator serves
	// MetricsHandler on an address of his own.
	MetricsApart bool
	// Log receives what the server logs, or nil: never a secret, seed or
	// invitation; a game by the attribute "game" (its id's first
	// characters), a client by "net" (its network's prefix, limit.Net).
	Log *slog.Logger
}

// DefaultLimits are the limits of a network (an IPv6 /64, an IPv4
// address) when Options.Limits is zero.
var DefaultLimits = limit.Options{Rate: 200, Burst: 400, Conns: 64, Games: 30.0 / 3600, GamesBurst: 10}

// Server serves the games of a store to people over HTTP and WebSocket.
type Server struct {
	hub     *hub.Hub
	ws      *ws.Transport
	addrs   *limit.Addresses
	metrics *metrics.Metrics
	opt     Options
	ready   readiness
}

// New makes a server of the games in st, every open game brought back.
func New(st store.Store, o Options) (*Server, error) {
	if o.Limits == (limit.Options{}) {
		o.Limits = DefaultLimits
	}
	addrs, err := limit.New(o.Limits, o.Log)
	if err != nil {
		return nil, err
	}
	m := metrics.New(slices.Concat(hub.Methods(), ws.Methods, api.Methods)...)
	o.Hub.Log, o.WS.Log, o.Hub.Metrics = o.Log, o.Log, m
	h, err := hub.New(st, o.Hub)
	if err != nil {
		return nil, err
	}
	s := &Server{hub: h, opt: o, addrs: addrs, metrics: m, ws: ws.New(h, addrs, o.Proxies, o.WS)}
	m.Gauge("games_held", "Games held by this process: being played, or waiting for a player.", func() float64 { return float64(h.Games()) })
	m.Gauge("games_waiting", "Games held by this process in which a person's seat waits for its player.", func() float64 { return float64(h.Waiting()) })
	m.Gauge("connections_open", "WebSocket connections open.", func() float64 { return float64(s.ws.Conns()) })
	return s, nil
}

// MetricsHandler serves the server's figures in Prometheus's text format.
func (s *Server) MetricsHandler() http.Handler { return s.metrics.Handler() }

// Hub returns the server's games.
func (s *Server) Hub() *hub.Hub { return s.hub }

// Conns returns the WebSocket connections open.
func (s *Server) Conns() int { return s.ws.Conns() }

// Handler serves the API, the WebSocket, the page, the probes /healthz
// (liveness) and /readyz (readiness: the store answers), and, unless
// Options.MetricsApart, the figures at /metrics.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /ws", s.ws)
	mux.HandleFunc("GET /healthz", healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	api.Register(mux, s.hub, s.addrs, s.opt.Proxies)
	if !s.opt.MetricsApart {
		mux.Handle("GET /metrics", s.metrics.Handler())
	}
	if s.opt.Static != nil {
		mux.Handle("GET /", s.opt.Static)
	}
	return mux
}

// Sweep archives the idle games (hub.Hub.Sweep), and forgets the
// networks whose buckets are full again (limit.Addresses.Clean), each
// minute until ctx ends.
func (s *Server) Sweep(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if n := s.hub.Sweep(ctx); n > 0 && s.opt.Log != nil {
				s.opt.Log.Info("idle games archived", "games", n)
			}
			s.addrs.Clean()
		case <-ctx.Done():
			return
		}
	}
}

// Shutdown stops the server: new calls are refused, those under way
// finish, the connections are told to reconnect, the store is closed.
func (s *Server) Shutdown() error {
	s.hub.Stop()
	s.ws.Shutdown(5 * time.Second)
	return s.hub.Close()
}

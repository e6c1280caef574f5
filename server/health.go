package server

import (
	"context"
	"net/http"
	"sync"
	"time"
)

// readyTimeout bounds the store's ping of a readiness check; a check is
// answered again for readyEvery.
var readyTimeout, readyEvery = 2 * time.Second, time.Second

// readiness answers /readyz from a check of at most readyEvery ago: the
// probes of every proxy, or a client's flood, ping the store once a second.
type readiness struct {
	mu  sync.Mutex
	at  time.Time
	err error
}

// healthz answers a liveness probe: the process serves HTTP.
func healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok\n"))
}

// readyz answers a readiness probe: 200 while the hub serves and its store
// answers a ping within readyTimeout, else 503 (what failed is logged,
// once when it begins, not told).
func (s *Server) readyz(w http.ResponseWriter, _ *http.Request) {
	rd := &s.ready
	rd.mu.Lock()
	if time.Since(rd.at) >= readyEvery {
		// not the request's context: a probe that gives up early would
		// make the answer of the others
		ctx, cancel := context.WithTimeout(context.Background(), readyTimeout)
		err := s.hub.Ready(ctx)
		cancel()
		switch {
		case err != nil && rd.err == nil && s.opt.Log != nil:
			s.opt.Log.Warn("not ready", "err", err)
		case err == nil && rd.err != nil && s.opt.Log != nil:
			s.opt.Log.Info("ready again")
		}
		rd.at, rd.err = time.Now(), err
	}
	err := rd.err
	rd.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("not ready\n"))
		return
	}
	w.Write([]byte("ready\n"))
}

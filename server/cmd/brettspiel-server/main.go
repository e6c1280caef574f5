// Command brettspiel-server serves the module's games to people at their
// own screens (package server): the page, its API and its WebSocket, the
// games kept in SQLite or PostgreSQL.
//
//	brettspiel-server                                   # http://127.0.0.1:8090/, games in ./brettspiel.db
//	brettspiel-server -addr :8090 -db /var/lib/brettspiel/games.db -trusted-proxies 127.0.0.1
//	brettspiel-server -postgres postgres://… -tls-cert cert.pem -tls-key key.pem
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/brettspiel/brettspiel/server"
	"github.com/brettspiel/brettspiel/server/limit"
	"github.com/brettspiel/brettspiel/server/site"
	"github.com/brettspiel/brettspiel/server/store"
	"github.com/brettspiel/brettspiel/server/store/postgres"
	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

func main() {
	if err := run(); err != nil {
		slog.Error("the server stopped", "err", err)
		os.Exit(1)
	}
}

func run() error {
	addr := flag.String("addr", "127.0.0.1:8090", "address to serve on (host:port; port 0 picks a free one)")
	db := flag.String("db", "brettspiel.db", "the SQLite file of the games (made if missing)")
	pg := flag.String("postgres", "", "a postgres:// URL: keep the games in PostgreSQL instead of -db; any number of processes may share it")
	syncMode := flag.String("sync", "full", "SQLite's synchronous: full (a power cut loses no answered step) or normal (a killed process loses none)")
	o := server.Options{Limits: server.DefaultLimits}
	logLevel := flag.String("log-level", "info", "the least level logged: debug (each game made, seat claimed, game archived), info, warn or error")
	logFormat := flag.String("log-format", "text", "the log's format on stderr: text (key=value) or json (an object a line)")
	flag.DurationVar(&o.Hub.Idle, "idle", 24*time.Hour, "archive the games in which nobody acted for longer")
	flag.DurationVar(&o.Hub.Waiting, "waiting", 10*time.Minute, "archive sooner the games in which a person's seat waits for its player")
	origins := flag.String("origins", "", "comma-separated hosts besides the server's own whose pages may connect")
	proxies := flag.String("trusted-proxies", "", "comma-separated addresses or prefixes of proxies whose X-Forwarded-For names the client (e.g. 127.0.0.1,::1)")
	certFile := flag.String("tls-cert", "", "serve HTTPS with this certificate file (PEM; with -tls-key)")
	keyFile := flag.String("tls-key", "", "the certificate's key file (PEM)")
	flag.Float64Var(&o.WS.ConnRate, "conn-rate", 20, "calls a second a connection may make (twice as many at once)")
	lim := &o.Limits
	flag.Float64Var(&lim.Rate, "addr-rate", lim.Rate, "calls a second all the connections and requests of one network may make")
	flag.IntVar(&lim.Conns, "max-conns-per-addr", lim.Conns, "connections at once from one network")
	games := flag.Float64("games-per-hour", lim.Games*3600, "games one network may make an hour")
	flag.IntVar(&lim.V6Bits, "v6-prefix", 64, "the prefix length of an IPv6 network, whose addresses the limits count as one client (1-128)")
	flag.IntVar(&lim.V4Bits, "v4-prefix", 32, "the prefix length of an IPv4 network, whose addresses the limits count as one client (1-32)")
	flag.IntVar(&o.Hub.WaitingPerNet, "waiting-per-net", 5, "games of one network waiting for a player at once")
	flag.IntVar(&o.WS.MaxConns, "max-conns", 20000, "connections at once")
	publicURL := flag.String("public-url", "", "the address the invitation links name (e.g. https://games.example.org/); the page's own address by default")
	siteDir := flag.String("site", "", "the folder of the page (go run ./examples/web -out DIR writes it); empty builds it at the start")
	noPage := flag.Bool("no-page", false, "serve the API and the WebSocket only, no page")
	metricsAddr := flag.String("metrics", "", "serve the figures for Prometheus at /metrics on this address instead of -addr (e.g. 127.0.0.1:9100, for the operator only)")
	debug := flag.String("pprof", "", "serve Go's profiles (net/http/pprof) on this address too, for the operator: keep it on loopback")
	flag.Parse()
	var err error
	if o.Log, err = server.NewLogger(os.Stderr, *logLevel, *logFormat); err != nil {
		return err
	}
	slog.SetDefault(o.Log)
	lim.Burst, lim.Games = int(2*lim.Rate), *games/3600
	if *origins != "" {
		o.WS.Origins = strings.Split(*origins, ",")
	}
	if o.Proxies, err = limit.ParseProxies(*proxies); err != nil {
		return fmt.Errorf("-trusted-proxies: %v", err)
	}
	if (*certFile == "") != (*keyFile == "") {
		return errors.New("-tls-cert and -tls-key go together")
	}
	if *debug != "" {
		ln, err := net.Listen("tcp", *debug)
		if err != nil {
			return err
		}
		o.Log.Info("Go's profiles served", "url", "http://"+ln.Addr().String()+"/debug/pprof/")
		go http.Serve(ln, nil) // net/http/pprof registers on the default mux, which nothing else uses
	}
	if !*noPage {
		var cleanup func()
		if o.Static, cleanup, err = site.Handler(*siteDir, *publicURL, o.Log); err != nil {
			return err
		}
		defer cleanup()
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	defer ln.Close()
	var st store.Store
	if *pg != "" {
		st, err = postgres.Open(context.Background(), *pg)
		*db = "PostgreSQL"
	} else {
		st, err = sqlite.Open(*db, *syncMode)
	}
	if err != nil {
		return err
	}
	o.MetricsApart = *metricsAddr != ""
	s, err := server.New(st, o)
	if err != nil {
		st.Close()
		return err
	}
	if *metricsAddr != "" {
		mln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			s.Shutdown()
			return err
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", s.MetricsHandler())
		o.Log.Info("the figures served", "url", "http://"+mln.Addr().String()+"/metrics")
		go (&http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}).Serve(mln)
	}
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 16 << 10,
		IdleTimeout: 2 * time.Minute, ErrorLog: slog.NewLogLogger(o.Log.Handler(), slog.LevelWarn)}
	scheme, serve := "http", func() error { return hs.Serve(ln) }
	if *certFile != "" {
		scheme, serve = "https", func() error { return hs.ServeTLS(ln, *certFile, *keyFile) }
	}
	// on stdout too, its first line, where a program that started it reads the address
	fmt.Printf("serving the games on %s://%s/ (storage %s)\n", scheme, ln.Addr(), *db)
	o.Log.Info("serving the games", "url", scheme+"://"+ln.Addr().String()+"/", "storage", *db)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go s.Sweep(ctx)
	errc := make(chan error, 1)
	go func() { errc <- serve() }()
	select {
	case err := <-errc:
		s.Shutdown()
		return err
	case <-ctx.Done():
	}
	o.Log.Info("stopping: finishing the calls under way")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	hs.Shutdown(sctx) // no new connections; the WebSockets are closed by the server
	if err := s.Shutdown(); err != nil {
		return err
	}
	o.Log.Info("stopped")
	return nil
}

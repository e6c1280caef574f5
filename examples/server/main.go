package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	_ "net/http/pprof"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "address to serve on (host:port; port 0 picks a free one)")
	db := flag.String("db", "brettspiel.db", "the SQLite file of the games (made if missing)")
	pg := flag.String("postgres", "", "a postgres:// URL: keep the games in PostgreSQL instead of -db")
	syncMode := flag.String("sync", "full", "SQLite's synchronous: full (a power cut loses no answered step) or normal (a killed process loses none)")
	idle := flag.Duration("idle", 24*time.Hour, "archive the games unused and unwatched for longer")
	origins := flag.String("origins", "", "comma-separated hosts besides the server's own whose pages may connect")
	connRate := flag.Float64("conn-rate", 20, "calls a second a connection may make (twice as many at once)")
	addrRate := flag.Float64("addr-rate", 200, "calls a second all the connections and requests of one address may make")
	maxConns := flag.Int("max-conns", 20000, "connections at once")
	perAddr := flag.Int("max-conns-per-addr", 64, "connections at once from one address")
	site := flag.String("site", "", "the folder of the page (go run ./examples/web -out DIR writes it); empty builds it at the start")
	noPage := flag.Bool("no-page", false, "serve the API and the WebSocket only, no page")
	debug := flag.String("pprof", "", "serve Go's profiles (net/http/pprof) on this address too, for the operator: keep it on loopback")
	advertise := flag.String("advertise", "", "with -postgres: the host:port at which the other server processes reach this one (default: the address served on); each game is held by one process and the others relay its connections there. \"none\": every process holds a copy of the games it serves")
	flag.Parse()
	logger := log.New(os.Stderr, "", log.LstdFlags)
	o := Options{Idle: *idle, Log: logger, ConnRate: *connRate, AddrRate: *addrRate, MaxConns: *maxConns, MaxConnsPerAddr: *perAddr}
	if *origins != "" {
		o.Origins = strings.Split(*origins, ",")
	}
	if *noPage {
		*site = "-"
	}
	if *debug != "" {
		ln, err := net.Listen("tcp", *debug)
		if err != nil {
			logger.Fatal(err)
		}
		logger.Printf("profiles on http://%s/debug/pprof/", ln.Addr())
		go http.Serve(ln, nil) // net/http/pprof registers on the default mux, which nothing else uses
	}
	o.Advertise = *advertise
	if err := run(*addr, *db, *pg, *syncMode, *site, o); err != nil {
		logger.Fatal(err)
	}
}

func run(addr, db, pg, syncMode, site string, o Options) error {
	logger, idle := o.Log, o.Idle
	var store Store
	var err error
	if pg != "" {
		store, err = OpenPostgres(context.Background(), pg)
		db = "PostgreSQL"
	} else {
		store, err = OpenSQLite(db, syncMode)
	}
	if err != nil {
		return err
	}
	if site != "-" {
		var cleanup func()
		o.Static, cleanup, err = pageHandler(site, logger)
		if err != nil {
			store.Close()
			return err
		}
		defer cleanup()
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		store.Close()
		return err
	}
	switch o.Advertise {
	case "":
		o.Advertise = ln.Addr().String()
	case "none":
		o.Advertise = ""
	}
	s, err := NewServer(store, o)
	if err != nil {
		ln.Close()
		store.Close()
		return err
	}
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 16 << 10}
	fmt.Printf("serving the games on http://%s/ (storage %s)\n", ln.Addr(), db)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		t := time.NewTicker(time.Minute)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				if idle > 0 {
					if n := s.Sweep(ctx, idle); n > 0 {
						logger.Printf("%d idle games archived", n)
					}
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		s.Shutdown()
		return err
	case <-ctx.Done():
	}
	logger.Print("stopping: finishing the calls under way")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	hs.Shutdown(sctx) // no new connections; the WebSockets are closed below
	if err := s.Shutdown(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Print("stopped")
	return nil
}

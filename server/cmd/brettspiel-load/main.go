// Command brettspiel-load measures the game server (package server) under many
// games at once: it builds and starts the server as a process of its own
// on a temporary SQLite file, makes N games of two people, and plays each
// over real WebSocket connections on loopback — a bot at each seat
// (random legal moves, never conceding) and two watchers per game. It
// reports the p99 round trip of a step (an apply, from sending to its
// answer, which comes once the step is stored), the server's memory per
// open game, and the steps per second per CPU-second of the server; then it
// checks every game: the record the server stores, fetched before and
// after a restart of the server, replays what the watchers saw.
//
// With -postgres and -procs N it starts N processes on one database.
// -route spread (the default) spreads each game's calls and connections
// over them, so that every process holds every game; -route game sends
// them all to one process, as a proxy routing by the game query of the
// page's WebSocket does, but the create, which names no game: that goes
// to another process.
//
//	(cd server && go run ./cmd/brettspiel-load -games 1000 -pace 1s-3s -for 60s)
//	(cd server && go run ./cmd/brettspiel-load -games 200 -pace 0s -for 20s)   # as fast as the server answers
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/server/client"
	"github.com/brettspiel/brettspiel/session"
)

func main() {
	games := flag.Int("games", 100, "games at once")
	pace := flag.String("pace", "1s-3s", "each seat's pause before its step, at random between the two (0s: at once)")
	dur := flag.Duration("for", 60*time.Second, "how long the games are played")
	syncMode := flag.String("sync", "full", "the server's SQLite synchronous setting")
	pg := flag.String("postgres", "", "a postgres:// URL of an empty database: the servers keep the games there instead of SQLite")
	procs := flag.Int("procs", 1, "server processes sharing the games (with -postgres)")
	route := flag.String("route", "spread", "with -procs above 1, where a game's calls and connections go: spread (over every process, each game held by each) or game (all but the create, which names no game, to one process chosen from the game, as a proxy routing by the game query does)")
	flag.StringVar(&heapProfile, "heapprofile", "", "write the first server's heap profile after the play to this file (go tool pprof FILE)")
	flag.Parse()
	if *procs > 1 && *pg == "" {
		log.Fatal("-procs above 1 needs -postgres")
	}
	if *route != "spread" && *route != "game" {
		log.Fatal("-route is spread or game")
	}
	lo, hi, err := parsePace(*pace)
	if err != nil {
		log.Fatal(err)
	}
	if err := run(*games, lo, hi, *dur, *syncMode, *pg, *procs, *route == "game"); err != nil {
		log.Fatal(err)
	}
}

func parsePace(s string) (lo, hi time.Duration, err error) {
	a, b, ok := strings.Cut(s, "-")
	if lo, err = time.ParseDuration(a); err != nil {
		return
	}
	hi = lo
	if ok {
		hi, err = time.ParseDuration(b)
	}
	return
}

var heapProfile string

type game struct {
	id      string
	variant string
	mirrors [4]*client.Mirror // two watchers, two seats
	seats   [4]int            // −1 for a watcher
}

func run(n int, lo, hi, dur time.Duration, syncMode, pg string, procs int, byGame bool) error {
	dir, err := os.MkdirTemp("", "brettspiel-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "server")
	build := exec.Command("go", "build", "-o", bin, "github.com/brettspiel/brettspiel/server/cmd/brettspiel-server")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return err
	}
	db := filepath.Join(dir, "games.db")
	srv, err := startFleet(procs, bin, db, syncMode, pg)
	if err != nil {
		return err
	}
	defer func() {
		for _, s := range srv {
			s.cmd.Process.Kill()
		}
	}()
	// to spread a game, its call k (the create 0, the join 1) and its
	// connection k go to process (i+k) mod procs, so that every process
	// holds every game; routed by the game, all go to process i mod procs
	// (the game's id is random, so the index is as good a key as a hash
	// of the id a proxy reads from the URL) but the create, which names
	// no game: it goes to another, as a proxy may send it
	at := func(i, k int) string {
		if byGame {
			return srv.base(i)
		}
		return srv.base(i + k)
	}
	create := at
	if byGame {
		create = func(i, _ int) string { return srv.base(i + 1) }
	}
	time.Sleep(200 * time.Millisecond)
	rss0, live0 := srv.rss(), srv.live()
	ctx := context.Background()
	games, secrets, err := makeGames(ctx, n, create, at)
	if err != nil {
		return err
	}
	time.Sleep(time.Second)
	rss1, live1, stack1 := srv.rss(), srv.live(), srv.stacks()
	conns, err := connectAll(ctx, games, secrets, at)
	if err != nil {
		return err
	}
	time.Sleep(time.Second)
	rss2, live2, stack2 := srv.rss(), srv.live(), srv.stacks()
	fmt.Printf("%d server process(es); ", procs)
	if procs > 1 {
		if byGame {
			fmt.Printf("-route game (a game's calls and connections to one process, its create to another); ")
		} else {
			fmt.Printf("-route spread (a game's calls and connections over every process); ")
		}
	}
	fmt.Printf("the server's memory: %.1f MB at the start, %.1f MB with %d games (%.1f KB a game), %.1f MB with their %d connections (%.1f KB a connection): %.1f KB per open game with two people and two watchers\n",
		float64(rss0)/1e6, float64(rss1)/1e6, n, float64(rss1-rss0)/float64(n)/1e3,
		float64(rss2)/1e6, 4*n, float64(rss2-rss1)/float64(4*n)/1e3, float64(rss2-rss0)/float64(n)/1e3)
	fmt.Printf("held after a collection (heap in use and stacks): %.1f KB a game, %.1f KB a connection (%.1f KB of it stack), %.1f KB per open game with its four connections\n",
		float64(live1-live0)/float64(n)/1e3, float64(live2-live1)/float64(4*n)/1e3, float64(stack2-stack1)/float64(4*n)/1e3, float64(live2-live0)/float64(n)/1e3)

	// play
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		rtts   []time.Duration
		steps  atomic.Int64
		errs   atomic.Int64
		ended  atomic.Int64
		lastEr atomic.Value
	)
	pctx, cancel := context.WithTimeout(ctx, dur)
	defer cancel()
	cpu0, t0 := srv.cpu(), time.Now()
	for i, g := range games {
		for k := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cn, m := conns[i][k], g.mirrors[k]
				err := follow(pctx, cn, m, g.seats[k], rand.New(rand.NewPCG(uint64(i), uint64(k))), lo, hi, func(rtt time.Duration) {
					steps.Add(1)
					mu.Lock()
					rtts = append(rtts, rtt)
					mu.Unlock()
				})
				// a call cut by the end of the play is no failure
				if err != nil && !errors.Is(err, context.DeadlineExceeded) && pctx.Err() == nil {
					errs.Add(1)
					lastEr.Store(err)
				}
				if m.Over && k == 0 {
					ended.Add(1)
				}
			}()
		}
	}
	wg.Wait()
	wall, cpu := time.Since(t0), srv.cpu()-cpu0
	rss3, live3 := srv.rss(), srv.live()
	if heapProfile != "" {
		if err := srv[0].saveHeap(heapProfile); err != nil {
			return err
		}
	}
	obj3, stack3 := srv.objects(), srv.stacks()
	fmt.Printf("after the play, the connections open: the server's memory %.1f MB (%.1f KB per open game with its four connections), %.1f MB held after a collection (%.1f KB per open game; live objects and stacks %.1f MB, of it stacks %.1f MB)\n",
		float64(rss3)/1e6, float64(rss3-rss0)/float64(n)/1e3, float64(live3)/1e6, float64(live3-live0)/float64(n)/1e3, float64(obj3)/1e6, float64(stack3)/1e6)
	all := int64(0)
	for _, g := range games {
		all += int64(len(g.mirrors[0].Log))
	}
	slices.Sort(rtts)
	q := func(p float64) time.Duration {
		if len(rtts) == 0 {
			return 0
		}
		return rtts[min(len(rtts)-1, int(p*float64(len(rtts))))]
	}
	fmt.Printf("%.0f s: %d moves by the seats (%.1f a second), round trip p50 %v, p99 %v, max %v; %d games over; %d clients failed\n",
		wall.Seconds(), steps.Load(), float64(steps.Load())/wall.Seconds(), q(0.5).Round(time.Microsecond), q(0.99).Round(time.Microsecond), q(1).Round(time.Microsecond), ended.Load(), errs.Load())
	fmt.Printf("steps stored (moves and throws): %d; the server's CPU %.1f s: %.0f steps per CPU-second\n",
		all, cpu.Seconds(), float64(all)/cpu.Seconds())
	if e, ok := lastEr.Load().(error); ok {
		fmt.Println("a client's error:", e)
	}
	for i := range conns {
		for _, cn := range conns[i] {
			cn.Close()
		}
	}
	// check: every game's stored record replays what its watchers saw,
	// before and after a restart of the server
	if err := check(srv.base(0), games); err != nil {
		return err
	}
	if err := srv.stop(); err != nil {
		return fmt.Errorf("the server's stop: %w", err)
	}
	srv, err = startFleet(procs, bin, db, syncMode, pg)
	if err != nil {
		return err
	}
	defer srv.stop()
	if err := check(srv.base(1), games); err != nil {
		return fmt.Errorf("after the restart: %w", err)
	}
	fmt.Printf("checked: the %d stored games replay what their watchers saw, before and after a restart\n", n)
	return nil
}

// follow keeps a client's mirror of its game and, at a seat, plays when
// the seat is to move, after a pause of lo…hi.
func follow(ctx context.Context, cn *client.Conn, m *client.Mirror, seat int, rng *rand.Rand, lo, hi time.Duration, step func(time.Duration)) error {
	for {
		select {
		case d, ok := <-cn.Deltas():
			if !ok {
				return client.ErrClosed
			}
			if err := m.Apply(d); err != nil {
				return err
			}
			if m.Over {
				return nil
			}
			if seat < 0 || m.ToMove != seat || len(cn.Deltas()) > 0 {
				continue
			}
			if p := lo + time.Duration(rng.Int64N(int64(hi-lo)+1)); p > 0 {
				select {
				case <-time.After(p):
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			mv, err := cn.RandomMove(ctx, rng)
			if err != nil {
				return err
			}
			t := time.Now()
			if _, err := cn.Call(ctx, "apply", map[string]any{"notation": mv, "log": false, "legal": false}); err != nil {
				return err
			}
			step(time.Since(t))
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// check fetches every game's record and replays it: its steps must be
// those its watchers saw, neither lost nor doubled.
func check(base string, games []*game) error {
	for _, g := range games {
		resp, err := http.Get(base + "/api/games/" + g.id + "/record")
		if err != nil {
			return err
		}
		rec, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("game %s: %s %s", g.id, resp.Status, rec)
		}
		s, err := session.LoadRecord(string(rec), session.Config{})
		if err != nil {
			return fmt.Errorf("game %s: %w", g.id, err)
		}
		var got []string
		for _, st := range s.Log(0) {
			got = append(got, st.Notation)
		}
		for k, m := range g.mirrors {
			if want := m.Notations(); !slices.Equal(got[:min(len(got), len(want))], want) || len(got) < len(want) {
				return fmt.Errorf("game %s (%s): the record has %d steps, client %d saw %d, not the same", g.id, g.variant, len(got), k, len(want))
			}
		}
	}
	return nil
}

// makeGames makes n games of two people, 32 at a time, game i made at
// create(i, 0) and joined at at(i, 1); it returns them and the secrets of
// their four connections (two watchers, two seats).
func makeGames(ctx context.Context, n int, create, at func(i, k int) string) ([]*game, [][4]string, error) {
	variants := catalog.Variants()
	games := make([]*game, n)
	// make the games, 32 at a time, then open their connections
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	secrets := make([][4]string, n)
	for i := range games {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			v := variants[i%len(variants)].Name
			var c client.Created
			if err := client.Post(ctx, create(i, 0), "/api/games", map[string]any{"variant": v, "seats": []string{"person", "person"}}, &c); err != nil {
				setupErr.Store(err)
				return
			}
			var j client.Joined
			if err := client.Post(ctx, at(i, 1), "/api/join", map[string]any{"game": c.Game, "invite": c.Invites[0].Token}, &j); err != nil {
				setupErr.Store(err)
				return
			}
			games[i] = &game{id: c.Game, variant: v}
			secrets[i] = [4]string{"", "", c.Secret, j.Secret}
		}()
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		return nil, nil, fmt.Errorf("making the games: %w", err)
	}
	return games, secrets, nil
}

// connectAll opens the four connections of every game, connection k of
// game i at at(i, k), 32 games at a time.
func connectAll(ctx context.Context, games []*game, secrets [][4]string, at func(i, k int) string) ([][4]*client.Conn, error) {
	conns := make([][4]*client.Conn, len(games))
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	for i, g := range games {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			for k, secret := range secrets[i] {
				cn, err := client.DialGame(ctx, at(i, k), "", g.id)
				if err != nil {
					setupErr.Store(err)
					return
				}
				seat, err := cn.Hello(ctx, g.id, secret, 0)
				if err != nil {
					setupErr.Store(err)
					return
				}
				conns[i][k], g.seats[k], g.mirrors[k] = cn, seat, &client.Mirror{}
			}
		}()
	}
	wg.Wait()
	if err, ok := setupErr.Load().(error); ok {
		return nil, fmt.Errorf("connecting: %w", err)
	}
	return conns, nil
}

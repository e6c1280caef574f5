package server

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/server/site"
	"github.com/brettspiel/brettspiel/server/store/postgres"
	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

// onlineState is what the page's online layer says of its game.
type onlineState struct {
	Game      string `json:"game"`
	Seat      int    `json:"seat"`
	Rev       int    `json:"rev"`
	ToMove    int    `json:"toMove"`
	Over      bool   `json:"over"`
	Handle    int    `json:"handle"`
	Connected bool   `json:"connected"`
}

// The browser test: two people, each in a browser context of his own (his
// own localStorage), play a whole game of each variant through the server
// — the first makes it with "Play with a friend", the second opens the
// invitation — while a third context watches by the watchers' link; each
// person's moves are made with the page's "Bot plays". The three pages end
// with the same game, which is the record the server stores. With
// BRETTSPIEL_PG the same again across two server processes sharing
// PostgreSQL: the first person's page on one, the second's and the
// watcher's on the other; the changes travel by the database's notifications.
func TestBrowserTwoPeopleAndAWatcher(t *testing.T) {
	if os.Getenv("BRETTSPIEL_LONG") == "" {
		t.Skip("builds the page and drives Chromium: BRETTSPIEL_LONG=1 runs it")
	}
	exe := ""
	for _, name := range []string{os.Getenv("BRETTSPIEL_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); name != "" && err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		t.Skip("no Chromium found; apt-get install -y chromium runs the browser test")
	}
	dir := t.TempDir()
	root, err := site.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	build := exec.Command("go", "run", "./examples/web", "-out", dir)
	build.Dir, build.Stderr = root, os.Stderr
	if err := build.Run(); err != nil {
		t.Fatal(err)
	}
	static, cleanup, err := site.Handler(dir, log.New(os.Stderr, "", 0))
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("no-first-run", true), chromedp.UserDataDir(t.TempDir()))
	defer cancel()
	browser, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(browser); err != nil {
		t.Fatal(err)
	}
	t.Run("one server", func(t *testing.T) {
		store, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
		if err != nil {
			t.Fatal(err)
		}
		s, base := serveStore(t, store, withStatic(static))
		playInBrowsers(t, browser, base, base, s)
	})
	t.Run("two processes", func(t *testing.T) {
		_, dsn := pgDatabase(t)
		var bases []string
		var servers []*Server
		for range 2 {
			p, err := postgres.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			s, base := serveStore(t, p, withStatic(static))
			servers, bases = append(servers, s), append(bases, base)
		}
		playInBrowsers(t, browser, bases[0], bases[1], servers[0])
	})
}

// playInBrowsers plays a game of each variant in three browser contexts:
// the first person's page served by first, the second person's and the
// watcher's by second; s is the server that holds the games (the first),
// whose record of each is checked.
func playInBrowsers(t *testing.T, browser context.Context, first, second string, s *Server) {
	for _, v := range catalog.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(browser, 2*time.Minute)
			defer cancel()
			tab := func() context.Context {
				c, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
				t.Cleanup(cancel)
				return c
			}
			a, b, w := tab(), tab(), tab()
			js := func(c context.Context, expr string) {
				t.Helper()
				if _, err := chromedp.Run(c, chromedp.Evaluate[any](expr)); err != nil {
					t.Fatal(expr, err)
				}
			}
			wait := func(c context.Context, expr string) {
				t.Helper()
				for {
					ok, err := chromedp.Run(c, chromedp.Evaluate[bool](expr))
					if err == nil && ok {
						return
					}
					if ctx.Err() != nil {
						t.Fatalf("waiting for %s: %v", expr, ctx.Err())
					}
					time.Sleep(50 * time.Millisecond)
				}
			}
			if err := chromedp.Do(a, chromedp.Navigate(first+"/?delay=0&players=2&variant="+v.Name+"&opponent=hot-seat")); err != nil {
				t.Fatal(err)
			}
			wait(a, `document.body.dataset.ready === '1' && !!document.querySelector('#online-friend')`)
			js(a, `document.querySelector('#online-friend').click()`)
			wait(a, `document.querySelectorAll('#online-links a.invite').length === 2`)
			links, err := chromedp.Run(a, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#online-links a.invite')].map(a => a.href)`))
			if err != nil {
				t.Fatal(err)
			}
			if len(links) != 2 || !strings.Contains(links[0], "invite=") {
				t.Fatalf("links %q: want an invitation and the watchers'", links)
			}
			for _, p := range []struct {
				ctx context.Context
				url string
			}{{b, links[0]}, {w, links[1]}} {
				url := strings.Replace(strings.Replace(p.url, first, second, 1), "/#", "/?delay=0#", 1)
				if err := chromedp.Do(p.ctx, chromedp.Navigate(url)); err != nil {
					t.Fatal(err)
				}
				wait(p.ctx, `document.body.dataset.ready === '1' && !!globalThis.brettspielOnline?.state()?.handle`)
			}
			state := func(c context.Context) onlineState {
				st, err := chromedp.Run(c, chromedp.Evaluate[onlineState](`globalThis.brettspielOnline?.state() ?? {seat: -9}`))
				if err != nil {
					t.Fatal(err)
				}
				return st
			}
			clicked := map[context.Context]int{a: -1, b: -1}
			for ctx.Err() == nil {
				ws := state(w)
				if ws.Over {
					break
				}
				for _, c := range []context.Context{a, b} {
					st := state(c)
					if st.Seat >= 0 && st.ToMove == st.Seat && st.Rev != clicked[c] {
						clicked[c] = st.Rev
						js(c, `document.querySelector('#bot-move').click()`)
					}
				}
				time.Sleep(50 * time.Millisecond)
			}
			logs := make([][]string, 3)
			var seats []int
			for i, c := range []context.Context{a, b, w} {
				st := state(c)
				seats = append(seats, st.Seat)
				l, err := chromedp.Run(c, chromedp.Evaluate[[]string](fmt.Sprintf(`brettspielPage.call('state', {handle: %d, since: 0}).log.map(s => s.notation)`, st.Handle)))
				if err != nil {
					t.Fatal(err)
				}
				logs[i] = l
			}
			if seats[0] == seats[1] || seats[0] < 0 || seats[1] < 0 || seats[2] != -1 {
				t.Fatalf("seats %v: want two people's and a watcher", seats)
			}
			if !slices.Equal(logs[0], logs[2]) || !slices.Equal(logs[1], logs[2]) {
				t.Fatalf("the pages differ: %d, %d and the watcher's %d steps", len(logs[0]), len(logs[1]), len(logs[2]))
			}
			rec, err := s.Hub().Record(ctx, state(w).Game)
			if err != nil {
				t.Fatal(err)
			}
			if got := replayed(t, rec); !slices.Equal(got, logs[2]) {
				t.Fatalf("the server's record has %d steps, the pages %d", len(got), len(logs[2]))
			}
			t.Logf("%s: %d steps on all three pages", v.Name, len(logs[2]))
		})
	}
}

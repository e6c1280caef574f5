package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
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
	Game      string   `json:"game"`
	Seat      int      `json:"seat"`
	Rev       int      `json:"rev"`
	ToMove    int      `json:"toMove"`
	Over      bool     `json:"over"`
	Handle    int      `json:"handle"`
	Connected bool     `json:"connected"`
	Names     []string `json:"names"`
	Seats     []string `json:"seats"`
	Next      string   `json:"next"`
	Proof     bool     `json:"proof"`
}

// browserPage builds the page (the WebAssembly of examples/web) and
// starts a headless Chromium; the test is skipped without
// BRETTSPIEL_LONG or without Chromium.
func browserPage(t *testing.T) (browser context.Context, static http.Handler) {
	t.Helper()
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
	static, cleanup, err := site.Handler("", "", slog.New(slog.NewTextHandler(os.Stderr, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cleanup)
	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true), chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("no-first-run", true), chromedp.UserDataDir(t.TempDir()))
	t.Cleanup(cancel)
	browser, cancel = chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	if err := chromedp.Do(browser); err != nil {
		t.Fatal(err)
	}
	return browser, static
}

// tab is a page in a browser context of its own (its own localStorage):
// one person's, or a watcher's.
type tab struct {
	t   *testing.T
	ctx context.Context
	end context.Context // the test's deadline
}

func newTab(t *testing.T, ctx context.Context) *tab {
	c, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	return &tab{t: t, ctx: c, end: ctx}
}

func (p *tab) open(url string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(url)); err != nil {
		p.t.Fatal(err)
	}
	p.wait(`document.body.dataset.ready === '1' && !!globalThis.brettspielOnline`)
}

func (p *tab) js(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[any](expr)); err != nil {
		p.t.Fatal(expr, err)
	}
}

func (p *tab) text(expr string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatal(expr, err)
	}
	return s
}

func (p *tab) strings(expr string) []string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](expr))
	if err != nil {
		p.t.Fatal(expr, err)
	}
	return s
}

// wait waits until expr is true on the page.
func (p *tab) wait(expr string) {
	p.t.Helper()
	for {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](expr))
		if err == nil && ok {
			return
		}
		if p.end.Err() != nil {
			p.t.Fatalf("waiting for %s: %v", expr, p.end.Err())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (p *tab) state() onlineState {
	p.t.Helper()
	st, err := chromedp.Run(p.ctx, chromedp.Evaluate[onlineState](`globalThis.brettspielOnline?.state() ?? {seat: -9}`))
	if err != nil {
		p.t.Fatal(err)
	}
	return st
}

// shot saves a screenshot of the page as BRETTSPIEL_SHOTS/name.png, when
// that folder is given.
func (p *tab) shot(name string) {
	p.t.Helper()
	dir := os.Getenv("BRETTSPIEL_SHOTS")
	if dir == "" {
		return
	}
	time.Sleep(300 * time.Millisecond) // the drawing settles
	b, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// phone and desktop set the window's size.
func (p *tab) phone() {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		p.t.Fatal(err)
	}
}

func (p *tab) desktop() {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		p.t.Fatal(err)
	}
}

// makeGame makes a game with "Play with a friend…" from the chooser as it
// is, the person named name, and returns the links the dialog shows: the
// invitations, then the watchers'.
func (p *tab) makeGame(name string) []string {
	p.t.Helper()
	p.js(`document.querySelector('#online-friend').click()`)
	p.wait(`document.querySelector('#online-dialog').open`)
	p.js(fmt.Sprintf(`document.querySelector('#online-name').value = %q`, name))
	p.js(`document.querySelector('#online-make').click()`)
	p.wait(`document.querySelectorAll('#online-links .link.watch').length === 1 && !!globalThis.brettspielOnline.state()?.handle`)
	return p.strings(`[...document.querySelectorAll('#online-links .link')].map(e => e.textContent)`)
}

// takeSeat takes the seat an invitation's page offers, named name.
func (p *tab) takeSeat(name string) {
	p.t.Helper()
	p.wait(`document.querySelector('#online-join-dialog').open`)
	p.js(fmt.Sprintf(`document.querySelector('#online-join-name').value = %q`, name))
	p.js(`document.querySelector('#online-join').click()`)
	p.wait(`globalThis.brettspielOnline.state()?.seat >= 0 && !!globalThis.brettspielOnline.state()?.handle`)
}

// acting lists the controls of the page that act on the game and can be
// used now: shown and enabled.
const acting = `(() => {
  const sel = ['#undo', '#redo', '#hint', '#bot-move', '#takeback', '#throw', '#enter-dice', '#finish', '#clear-steps',
    '#play-again', '#confirm-yes', '#decisions button', '#legal button'];
  const usable = (e) => !e.disabled && e.getClientRects().length > 0 && !e.closest('[hidden]');
  const out = sel.flatMap((s) => [...document.querySelectorAll(s)]).filter(usable).map((e) => e.id || e.textContent);
  return out.concat([...document.querySelectorAll('#board [data-live="1"]')].map((e) => 'board ' + e.dataset.key));
})()`

// The browser test: two people, each in a browser context of his own (his
// own localStorage), play a whole game of each variant through the server
// — the first makes it with "Play with a friend…" from the chooser's
// defaults, the second opens the invitation and takes the seat — while a
// third context watches by the watchers' link; each person's moves are made
// with the page's "Bot plays". The three pages end with the same game,
// which is the record the server stores. With BRETTSPIEL_PG the same again
// across two server processes sharing PostgreSQL: the first person's page
// on one, the second's and the watcher's on the other; the changes travel
// by the database's notifications.
func TestBrowserTwoPeopleAndAWatcher(t *testing.T) {
	browser, static := browserPage(t)
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
			ctx, cancel := context.WithTimeout(browser, 4*time.Minute)
			defer cancel()
			a, b, w := newTab(t, ctx), newTab(t, ctx), newTab(t, ctx)
			a.open(first + "/?delay=0&players=2&variant=" + v.Name)
			links := a.makeGame("Anna")
			if len(links) != 2 || !strings.Contains(links[0], "invite=") || !strings.HasPrefix(links[0], first+"/#game=") {
				t.Fatalf("links %q: want an invitation and the watchers', at %s", links, first)
			}
			a.js(`document.querySelector('#online-done').click()`)
			at := func(link string) string {
				return strings.Replace(strings.Replace(link, first, second, 1), "/#", "/?delay=0#", 1)
			}
			b.open(at(links[0]))
			b.takeSeat("Bert")
			w.open(at(links[1]))
			w.wait(`!!globalThis.brettspielOnline.state()?.handle`)
			clicked := map[*tab]int{a: -1, b: -1}
			for ctx.Err() == nil {
				if w.state().Over {
					break
				}
				for _, p := range []*tab{a, b} {
					st := p.state()
					if st.Seat >= 0 && st.ToMove == st.Seat && st.Rev != clicked[p] {
						clicked[p] = st.Rev
						p.js(`document.querySelector('#bot-move').click()`)
					}
				}
				time.Sleep(50 * time.Millisecond)
			}
			logs := make([][]string, 3)
			var seats []int
			for i, p := range []*tab{a, b, w} {
				st := p.state()
				seats = append(seats, st.Seat)
				logs[i] = p.strings(fmt.Sprintf(`brettspielPage.call('state', {handle: %d, since: 0}).log.map(s => s.notation)`, st.Handle))
			}
			if seats[0] == seats[1] || seats[0] < 0 || seats[1] < 0 || seats[2] != -1 {
				t.Fatalf("seats %v: want two people's and a watcher", seats)
			}
			if !slices.Equal(logs[0], logs[2]) || !slices.Equal(logs[1], logs[2]) {
				t.Fatalf("the pages differ: %d, %d and the watcher's %d steps", len(logs[0]), len(logs[1]), len(logs[2]))
			}
			rec, err := s.Hub().Record(ctx, w.state().Game)
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

// The page's words the test looks for, in each language.
var pageWords = map[string]struct {
	friend, title, joinTitle, watching, yourTurn, rematch, accept string
}{
	"en": {"Play with a friend…", "Play with a friend", "You are invited", "You are watching this game.", "Your turn", "Rematch", "Play the rematch"},
	"de": {"Mit einem Freund spielen…", "Mit einem Freund spielen", "Du bist eingeladen", "Du schaust diesem Spiel zu.", "Du bist am Zug", "Revanche", "Revanche spielen"},
}

// TestBrowserFriendsByName plays online as a new user would, in English
// and in German: "Play with a friend…" from the chooser's defaults (whose
// opponent is a bot) gives an invitation shown whole; the friend's page,
// opened from it in another browser context, names the person who invites
// and, once the seat is taken, shows both names, neither as a bot's; the
// watcher's page offers no control that acts; the tab's title says whose
// turn it is while the page is in the background; after the game the dice
// check out, and a rematch starts a game with the seats swapped, which
// both people's pages and the watcher's follow. With BRETTSPIEL_SHOTS (a
// folder) it saves screenshots of the dialogs and the game, at a
// desktop's size and a phone's.
func TestBrowserFriendsByName(t *testing.T) {
	browser, static := browserPage(t)
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	_, base := serveStore(t, store, withStatic(static))
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(browser, 3*time.Minute)
			defer cancel()
			words := pageWords[lang]
			a, b, w := newTab(t, ctx), newTab(t, ctx), newTab(t, ctx)
			size := map[string]func(*tab){"desktop": (*tab).desktop, "phone": (*tab).phone}
			a.desktop()
			a.open(base + "/?delay=0&variant=verkehren&lang=" + lang)
			if got := a.text(`document.querySelector('#online-friend').textContent`); got != words.friend {
				t.Fatalf("the chooser's button reads %q, want %q", got, words.friend)
			}
			if got := a.text(`document.querySelector('#opponent').value`); got == "hot-seat" {
				t.Fatalf("the chooser's default opponent is %q: want a bot's, as a new user finds it", got)
			}
			a.js(`document.querySelector('#online-friend').click()`)
			a.wait(`document.querySelector('#online-dialog').open`)
			if got := a.text(`document.querySelector('#online-title').textContent`); got != words.title {
				t.Fatalf("the dialog's title reads %q, want %q", got, words.title)
			}
			a.js(`document.querySelector('#online-name').value = 'Anna'`)
			for name, set := range size {
				set(a)
				a.shot(lang + "-friend-dialog-" + name)
			}
			a.desktop()
			a.js(`document.querySelector('#online-make').click()`)
			a.wait(`document.querySelectorAll('#online-links .link.invite').length === 1`)
			links := a.strings(`[...document.querySelectorAll('#online-links .link')].map(e => e.textContent)`)
			if len(links) != 2 || !strings.HasPrefix(links[0], base+"/#game=") || !strings.Contains(links[0], "&invite=") {
				t.Fatalf("links %q: want an invitation and the watchers', at %s", links, base)
			}
			// shown whole: nothing of the link is cut off
			if cut := a.text(`[...document.querySelectorAll('#online-links .link')].filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent).join(' ')`); cut != "" {
				t.Fatalf("a link is cut off: %s", cut)
			}
			// Copy: by the clipboard, or the link selected; the button says which
			a.js(`document.querySelector('#online-links .copy').click()`)
			a.wait(`!!document.querySelector('#online-links .copy').dataset.copied`)
			for name, set := range size {
				set(a)
				a.shot(lang + "-friend-links-" + name)
			}
			a.desktop()
			a.js(`document.querySelector('#online-done').click()`)

			// the friend's page names who invites, and takes the seat by a name
			b.open(strings.Replace(links[0], "/#", "/?delay=0&lang="+lang+"#", 1))
			b.wait(`document.querySelector('#online-join-dialog').open`)
			if got := b.text(`document.querySelector('#online-join-title').textContent`); got != words.joinTitle {
				t.Fatalf("the invitation's title reads %q, want %q", got, words.joinTitle)
			}
			if got := b.text(`document.querySelector('#online-join-text').textContent`); !strings.Contains(got, "Anna") {
				t.Fatalf("the invitation says %q: want the name of who invites", got)
			}
			b.shot(lang + "-join-desktop")
			b.takeSeat("Bert")
			for _, p := range []*tab{a, b} {
				p.wait(`(() => { const t = document.querySelector('#scores').textContent; return t.includes('Anna') && t.includes('Bert'); })()`)
				bar := p.text(`document.querySelector('#scores').textContent + ' ' + document.querySelector('#status').textContent + ' ' + document.querySelector('#prompt').textContent`)
				if strings.Contains(strings.ToLower(bar), "bot") {
					t.Fatalf("a person is labelled a bot: %q", bar)
				}
			}
			st := a.state()
			if !slices.Equal(st.Seats, []string{"person", "person"}) {
				t.Fatalf("the seats %q: want two people's", st.Seats)
			}

			// the watcher's page acts on nothing
			w.open(strings.Replace(links[1], "/#", "/?delay=0&lang="+lang+"#", 1))
			w.wait(`!!globalThis.brettspielOnline.state()?.handle && document.querySelector('#scores').textContent.includes('Bert')`)
			if got := w.text(`document.querySelector('#you').textContent`); got != words.watching {
				t.Fatalf("the watcher's page says %q, want %q", got, words.watching)
			}
			if got := w.strings(acting); len(got) > 0 {
				t.Fatalf("the watcher's page offers controls that act: %q", got)
			}
			for name, set := range size {
				set(w)
				w.shot(lang + "-watcher-" + name)
			}

			// the tab's title in the background, on the page whose turn it is
			p := a
			if b.state().ToMove == b.state().Seat {
				p = b
			}
			p.wait(`globalThis.brettspielOnline.state().toMove === globalThis.brettspielOnline.state().seat`)
			p.js(`Object.defineProperty(document, 'hidden', {configurable: true, get: () => true}); document.dispatchEvent(new Event('visibilitychange'))`)
			if got := p.text(`document.title`); !strings.HasPrefix(got, words.yourTurn) {
				t.Fatalf("the title in the background reads %q, want %q first", got, words.yourTurn)
			}
			p.js(`delete document.hidden; document.dispatchEvent(new Event('visibilitychange'))`)
			if got := p.text(`document.title`); strings.HasPrefix(got, words.yourTurn) {
				t.Fatalf("the title in the foreground reads %q", got)
			}
			for name, set := range size {
				set(a)
				a.shot(lang + "-game-" + name)
			}
			a.desktop()

			// the game played to its end: a person gives it up where the
			// rules let him, else lets the bot play his move
			old := a.state()
			clicked := map[*tab]int{a: -1, b: -1}
			for ctx.Err() == nil && !w.state().Over {
				for _, p := range []*tab{a, b} {
					st := p.state()
					if st.Seat < 0 || st.ToMove != st.Seat || st.Rev == clicked[p] {
						continue
					}
					clicked[p] = st.Rev
					p.js(`(() => {
  const c = document.querySelector('#decisions button.quiet');
  if (c) { c.click(); document.querySelector('#confirm-yes').click(); } else document.querySelector('#bot-move').click();
})()`)
				}
				time.Sleep(50 * time.Millisecond)
			}
			if got := w.strings(acting); len(got) > 0 {
				t.Fatalf("the watcher's page offers controls that act after the game: %q", got)
			}

			// the dice check out, one click away
			a.wait(`globalThis.brettspielOnline.state().proof && !document.querySelector('#online-check-dice').hidden`)
			a.js(`document.querySelector('#online-check-dice').click()`)
			a.wait(`!!document.querySelector('#online-verdict').dataset.ok`)
			if ok := a.text(`document.querySelector('#online-verdict').dataset.ok`); ok != "true" {
				t.Fatalf("the dice do not check out: %s", a.text(`document.querySelector('#online-verdict').textContent`))
			}
			for name, set := range size {
				set(a)
				a.shot(lang + "-over-" + name)
			}
			a.desktop()

			// the rematch: asked by one, taken by the other, followed by the watcher
			if got := a.text(`document.querySelector('#online-rematch').textContent`); got != words.rematch {
				t.Fatalf("the rematch's button reads %q, want %q", got, words.rematch)
			}
			a.js(`document.querySelector('#online-rematch').click()`)
			a.wait(fmt.Sprintf(`globalThis.brettspielOnline.state()?.game !== %q && !!globalThis.brettspielOnline.state()?.handle`, old.Game))
			b.wait(`!!globalThis.brettspielOnline.state().next && !document.querySelector('#online-rematch').hidden`)
			if got := b.text(`document.querySelector('#online-rematch').textContent`); got != words.accept {
				t.Fatalf("the other's rematch button reads %q, want %q", got, words.accept)
			}
			oldB := b.state()
			b.js(`document.querySelector('#online-rematch').click()`)
			b.wait(fmt.Sprintf(`globalThis.brettspielOnline.state()?.game !== %q && !!globalThis.brettspielOnline.state()?.handle`, old.Game))
			w.wait(`!!globalThis.brettspielOnline.state().next && !document.querySelector('#online-rematch').hidden`)
			w.js(`document.querySelector('#online-rematch').click()`)
			w.wait(fmt.Sprintf(`globalThis.brettspielOnline.state()?.game !== %q && !!globalThis.brettspielOnline.state()?.handle`, old.Game))
			na, nb, nw := a.state(), b.state(), w.state()
			if na.Game != nb.Game || na.Game != nw.Game {
				t.Fatalf("the pages follow %s, %s and %s: want one rematch", na.Game, nb.Game, nw.Game)
			}
			if na.Seat != (old.Seat+1)%2 || nb.Seat != (oldB.Seat+1)%2 || nw.Seat != -1 {
				t.Fatalf("the seats were %d and %d, in the rematch %d, %d and the watcher's %d: want them swapped",
					old.Seat, oldB.Seat, na.Seat, nb.Seat, nw.Seat)
			}
			// both names again, the people's seats people's
			for _, p := range []*tab{a, b, w} {
				p.wait(`(() => { const t = document.querySelector('#scores').textContent; return t.includes('Anna') && t.includes('Bert'); })()`)
			}
			names, _ := json.Marshal(w.state().Names)
			if want := map[int]string{na.Seat: "Anna", nb.Seat: "Bert"}; w.state().Names[na.Seat] != want[na.Seat] || w.state().Names[nb.Seat] != want[nb.Seat] {
				t.Fatalf("the rematch's names %s: want Anna at seat %d and Bert at %d", names, na.Seat, nb.Seat)
			}
			if got := w.strings(acting); len(got) > 0 {
				t.Fatalf("the watcher's page offers controls that act in the rematch: %q", got)
			}
			b.shot(lang + "-rematch-desktop")
			t.Logf("%s: game %.8s…, rematch %.8s… with the seats swapped, names %s", lang, old.Game, na.Game, names)
		})
	}
}

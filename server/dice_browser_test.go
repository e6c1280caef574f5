package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

// seatState is what the page's online layer says of its game beyond
// onlineState: the commitment it holds.
type seatState struct {
	onlineState
	Commitment string `json:"commitment"`
}

func (p *tab) seat() seatState {
	p.t.Helper()
	st, err := chromedp.Run(p.ctx, chromedp.Evaluate[seatState](`globalThis.brettspielOnline?.state() ?? {seat: -9}`))
	if err != nil {
		p.t.Fatal(err)
	}
	return st
}

// seatedTable makes a game of variant with "Play with a friend…" on a's page,
// Anna's; Bert takes the other seat on b's, and w watches. Each page
// shows the commitment to the dice before anyone has moved: the one the
// answer that made the game gave.
func seatedTable(t *testing.T, ctx context.Context, base, variant, lang string) (a, b, w *tab) {
	a, b, w = newTab(t, ctx), newTab(t, ctx), newTab(t, ctx)
	for _, p := range []*tab{a, b, w} {
		p.desktop()
	}
	a.open(base + "/?delay=0&players=2&variant=" + variant + "&lang=" + lang)
	links := a.makeGame("Anna")
	a.js(`document.querySelector('#online-done').click()`)
	held := a.text(`JSON.parse(localStorage.getItem('brettspiel.seat.' + brettspielOnline.state().game)).commitment`)
	if len(held) != 64 {
		t.Fatalf("the answer that made the game gave the commitment %q", held)
	}
	at := func(link string) string { return strings.Replace(link, "/#", "/?delay=0&lang="+lang+"#", 1) }
	b.open(at(links[0]))
	b.takeSeat("Bert")
	w.open(at(links[1]))
	w.wait(`!!globalThis.brettspielOnline.state()?.handle`)
	for _, p := range []*tab{a, b, w} {
		p.wait(`!document.querySelector('#online-dice').hidden`)
		if got := p.seat().Commitment; got != held {
			t.Fatalf("a page holds the commitment %q, want %q", got, held)
		}
		if moved := p.text(fmt.Sprintf(`String(brettspielPage.call('state', {handle: %d, since: 0}).log.filter(s => s.actor >= 0).length)`, p.state().Handle)); moved != "0" {
			t.Fatalf("%s moves played before the commitment was checked", moved)
		}
		if short := p.text(`document.querySelector('#online-commitment-btn').textContent`); !strings.Contains(short, held[:8]) || strings.Contains(short, held[8:]) {
			t.Fatalf("the commitment reads %q: want its first digits of %s", short, held)
		}
		p.js(`document.querySelector('#online-commitment-btn').click()`)
		if full := p.text(`(() => { const c = document.querySelector('#online-commitment-full'); return c.hidden ? '' : c.textContent; })()`); full != held {
			t.Fatalf("pressed, the commitment reads %q, want %s", full, held)
		}
	}
	for _, p := range []*tab{a, b, w} {
		p.js(`document.querySelector('#online-commitment-btn').click()`)
	}
	return a, b, w
}

// TestBrowserHoldsTheCommitment: in English and in German, the page of
// the person who makes a game, of the person who joins it and of a
// watcher show the commitment to the game's dice before anyone has moved,
// short, the whole value a press away: the maker's and the joiner's the
// one the answer that gave them their seat carried. A reload keeps it.
func TestBrowserHoldsTheCommitment(t *testing.T) {
	browser, static := browserPage(t)
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	_, base := serveStore(t, store, withStatic(static))
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(browser, 2*time.Minute)
			defer cancel()
			a, b, _ := seatedTable(t, ctx, base, "verkehren", lang)
			held := a.seat().Commitment
			if got := b.text(`JSON.parse(localStorage.getItem('brettspiel.seat.' + brettspielOnline.state().game)).commitment`); got != held {
				t.Fatalf("the join's answer gave the commitment %q, the maker's %q", got, held)
			}
			for name, set := range map[string]func(*tab){"desktop": (*tab).desktop, "phone": (*tab).phone} {
				set(b)
				b.shot(lang + "-commitment-" + name)
			}
			b.desktop()
			if _, err := chromedp.Run(b.ctx, chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			b.wait(`document.body.dataset.ready === '1' && !!globalThis.brettspielOnline?.state()?.handle && !document.querySelector('#online-dice').hidden`)
			if got := b.seat().Commitment; got != held {
				t.Fatalf("reloaded, the page holds the commitment %q, want %q", got, held)
			}
		})
	}
}

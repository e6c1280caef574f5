package server

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

// seatState is what the page's online layer says of its game beyond
// onlineState: the commitment it holds, the game's length and its
// redraws.
type seatState struct {
	onlineState
	Commitment string `json:"commitment"`
	Length     int    `json:"length"`
	Redraws    []int  `json:"redraws"`
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

// TestBrowserChecksTheDiceItself: the page's own check of the dice
// (online-dice.js: Web Crypto's SHA-256, the throws drawn as the session
// draws them, the record replayed by the page's rules) says what the
// session's verifyDice says, on the record of doc/fair-dice.md as it is,
// with a throw changed, cut short, with a wrong salt and with redraws.
func TestBrowserChecksTheDiceItself(t *testing.T) {
	browser, static := browserPage(t)
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	_, base := serveStore(t, store, withStatic(static))
	ctx, cancel := context.WithTimeout(browser, 2*time.Minute)
	defer cancel()
	rec, err := os.ReadFile(filepath.Join("..", "doc", "fair-dice-record.txt"))
	if err != nil {
		t.Fatal(err)
	}
	a := newTab(t, ctx)
	a.open(base + "/?delay=0&variant=festung")
	a.makeGame("Anna")
	a.js(`document.querySelector('#online-done').click()`)
	a.wait(`brettspielOnline.state().connected && brettspielOnline.canCheckHere()`)
	text := string(rec)
	lines := strings.SplitAfter(text, "\n")
	salt := "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	proof := map[string]any{"commitment": "ea2cb3ecce47c12689b7e1b8608405cc442f4dd04266d682a56906166f79476e", "seed": "7", "salt": salt, "length": 132}
	with := func(k string, v any) map[string]any {
		p := map[string]any{}
		for k, v := range proof {
			p[k] = v
		}
		p[k] = v
		return p
	}
	for _, c := range []struct {
		what  string
		text  string
		proof map[string]any
		ok    bool
	}{
		{"the record", text, proof, true},
		{"a throw changed", strings.Replace(text, "2/1-6 ; 3/1-3 ; W1.III", "2/1-6 ; 3/1-4 ; W1.III", 1), proof, false},
		{"cut short", strings.Join(lines[:12], ""), proof, false},
		{"a wrong salt", text, with("salt", strings.Repeat("00", 32)), false},
		{"redraws", text, with("redraws", []int{3}), false},
		{"without the length", strings.Join(lines[:12], ""), with("length", 0), true},
	} {
		m := map[string]any{"text": c.text}
		for k, v := range c.proof {
			m[k] = v
		}
		args, _ := json.Marshal(m)
		// the keys both answers have, by the page and by the server
		pick := `(c) => JSON.stringify({ok: c.ok, commitment: c.commitment, throws: c.throws, steps: c.steps, over: c.over, bad: c.bad ?? null})`
		here := a.await(fmt.Sprintf(`(async () => { const a = %s; const {text, ...p} = a; return (%s)(await brettspielOnline.checkHere(text, p)); })()`, args, pick))
		server := a.await(fmt.Sprintf(`brettspielOnline.request('verifyDice', %s).then(%s)`, args, pick))
		if here != server {
			t.Errorf("%s: the page checks %s, the server %s", c.what, here, server)
		}
		if want := fmt.Sprintf(`"ok":%v`, c.ok); !strings.Contains(here, want) {
			t.Errorf("%s: the page checks %s, want %s", c.what, here, want)
		}
		t.Logf("%s: %s", c.what, here)
	}
}

package server

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

// await evaluates expr, a promise, on the page and returns its value.
func (p *tab) await(expr string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatal(expr, err)
	}
	return s
}

// settles is a call of the page's online layer, as JavaScript, that says
// how it ended: "answered", the name of its error, or "waits" when it has
// not ended within 5 s.
func settles(call string) string {
	return `Promise.race([(` + call + `).then(() => 'answered', (e) => e.name),
  new Promise((r) => setTimeout(() => r('waits'), 5000))])`
}

// dropped makes call with every frame the page sends closing its
// connection instead, as a connection that drops before the answer.
func dropped(call string) string {
	return `(async () => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function () { this.close(); };
  try { return await ` + settles(call) + `; } finally { WebSocket.prototype.send = send; }
})()`
}

// TestBrowserCallsFail: a call of the page's online layer fails, rather
// than wait for ever, on the server's refusal and on a connection that
// closes before the answer, on the game's connection (request) and on
// one of its own (oneCall); the page then connects again.
func TestBrowserCallsFail(t *testing.T) {
	browser, static := browserPage(t)
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	_, base := serveStore(t, store, withStatic(static))
	ctx, cancel := context.WithTimeout(browser, 2*time.Minute)
	defer cancel()
	a := newTab(t, ctx)
	a.open(base + "/?delay=0&variant=verkehren")
	a.makeGame("Anna")
	a.js(`document.querySelector('#online-done').click()`)
	a.wait(`brettspielOnline.state().connected`)
	game := a.state().Game
	for _, c := range []struct{ what, expr, want string }{
		{"a method refused", settles(`brettspielOnline.request('nonsense', {})`), "ErrNotServed"},
		{"a connection closed", dropped(`brettspielOnline.request('state', {log: false})`), "ErrOffline"},
		{"a call of its own refused", settles(fmt.Sprintf(`brettspielOnline.oneCall(%q, 'apply', {notation: 'pass'})`, game)), "ErrNoHello"},
		{"a connection of its own closed", dropped(fmt.Sprintf(`brettspielOnline.oneCall(%q, 'version', {})`, game)), "ErrOffline"},
		{"a call of its own answered", settles(fmt.Sprintf(`brettspielOnline.oneCall(%q, 'version', {})`, game)), "answered"},
	} {
		if got := a.await(c.expr); got != c.want {
			t.Errorf("%s: the call ends with %q, want %q", c.what, got, c.want)
		}
		a.wait(`brettspielOnline.state().connected`)
	}
	if got := a.await(settles(`brettspielOnline.request('state', {log: false})`)); got != "answered" {
		t.Fatalf("after the drops a call ends with %q", got)
	}
}

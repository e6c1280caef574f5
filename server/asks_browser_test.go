package server

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/brettspiel/brettspiel/server/store/sqlite"
)

// askWords are the words of the asks, the answers and the ends the test
// looks for, in each language.
var askWords = map[string]struct {
	takeback, waiting, declined, granted, endAsk, agreed, wins string
}{
	"en": {"asks to take back the last move", "waiting for", "declined", "granted", "proposes to end the game", "agreed to end the game", "wins"},
	"de": {"möchte den letzten Zug zurücknehmen", "warte auf die Antwort", "abgelehnt", "gewährt", "schlägt vor, das Spiel", "vereinbart, das Spiel hier zu beenden", "gewinnt"},
}

// TestBrowserAsksAndGivingUp plays the questions between two people, each
// in a browser context of his own, and a watcher, in English and in
// German. In Toccateglio a person asks to take back his move: the other's
// page shows the question with Grant and Decline, the asker's that it
// waits; declined, the move stands and the asker reads so; asked again
// and granted, the move is gone on all three pages, and not offered to
// redo. Then he gives up: the
// confirmation cancelled by Escape gives nothing up, confirmed it ends
// the game, whose end all three pages show; the dice check out in the
// browser, the takeback's redraws with them. In the Festungsspiel a person
// proposes to end the game: declined it goes on, agreed it is over on all
// three pages, nobody winning. Every page shows the dice's commitment
// before the first move. With BRETTSPIEL_SHOTS (a folder) it saves
// screenshots of the controls at a desktop's size and a phone's.
func TestBrowserAsksAndGivingUp(t *testing.T) {
	browser, static := browserPage(t)
	store, err := sqlite.Open(filepath.Join(t.TempDir(), "games.db"), "normal")
	if err != nil {
		t.Fatal(err)
	}
	_, base := serveStore(t, store, withStatic(static))
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			t.Run("toccateglio", func(t *testing.T) { takebackAndGiveUp(t, browser, base, lang) })
			t.Run("festung", func(t *testing.T) { endByAgreement(t, browser, base, lang) })
		})
	}
}

// ask waits until the asker's page waits, the other's shows the question
// with its two answers and the watcher's the question without them; it
// returns the question.
func ask(t *testing.T, asker, other, w *tab, kind string) string {
	t.Helper()
	asker.wait(`document.querySelector('#online-ask').dataset.ask === 'waiting'`)
	other.wait(fmt.Sprintf(`document.querySelector('#online-ask').dataset.ask === 'question' && document.querySelector('#online-ask').dataset.kind === %q`, kind))
	w.wait(`document.querySelector('#online-ask').dataset.ask === 'shown'`)
	if got := other.strings(`['#online-ask-yes', '#online-ask-no'].filter(s => !document.querySelector(s).hidden).map(s => document.querySelector(s).textContent)`); len(got) != 2 {
		t.Fatalf("the question offers %q: want two answers", got)
	}
	if got := w.strings(acting + `.concat(['#online-ask-yes', '#online-ask-no'].filter(s => !document.querySelector(s).hidden))`); len(got) > 0 {
		t.Fatalf("the watcher's page offers %q", got)
	}
	return other.text(`document.querySelector('#online-ask-text').textContent`)
}

func askText(p *tab) string {
	return p.text(`document.querySelector('#online-ask').hidden ? '' : document.querySelector('#online-ask-text').textContent`)
}

// whoMoves waits until a seat of a or b is to move and returns its page
// first.
func whoMoves(a, b *tab) (*tab, *tab) {
	a.wait(`(() => { const s = brettspielOnline.state(); return s.toMove >= 0 || s.over; })()`)
	b.wait(fmt.Sprintf(`brettspielOnline.state().rev >= %d`, a.state().Rev))
	if st := b.state(); st.ToMove == st.Seat {
		return b, a
	}
	return a, b
}

func takebackAndGiveUp(t *testing.T, browser context.Context, base, lang string) {
	ctx, cancel := context.WithTimeout(browser, 3*time.Minute)
	defer cancel()
	words := askWords[lang]
	a, b, w := seatedTable(t, ctx, base, "toccateglio", lang)
	names := map[*tab]string{a: "Anna", b: "Bert"}

	// x plays his move with "Bot plays", until y is to move
	x, y := whoMoves(a, b)
	for x.state().ToMove == x.state().Seat {
		rev := x.state().Rev
		x.js(`document.querySelector('#bot-move').click()`)
		x.wait(fmt.Sprintf(`brettspielOnline.state().rev > %d && brettspielOnline.state().toMove !== -1`, rev))
	}
	y.wait(`brettspielOnline.state().toMove === brettspielOnline.state().seat`)
	length := x.seat().Length

	// asked and declined: the move stands
	x.wait(`!document.querySelector('#takeback').disabled`)
	x.js(`document.querySelector('#takeback').click()`)
	if q := ask(t, x, y, w, "takeback"); !strings.Contains(q, names[x]) || !strings.Contains(q, words.takeback) {
		t.Fatalf("the question reads %q: want %s and %q", q, names[x], words.takeback)
	}
	if got := askText(x); !strings.Contains(got, words.waiting) || !strings.Contains(got, names[y]) {
		t.Fatalf("the asker's page says %q: want that it waits for %s", got, names[y])
	}
	for name, set := range map[string]func(*tab){"desktop": (*tab).desktop, "phone": (*tab).phone} {
		set(y)
		y.shot(lang + "-takeback-question-" + name)
		set(x)
		x.shot(lang + "-takeback-waiting-" + name)
	}
	y.desktop()
	x.desktop()
	y.js(`document.querySelector('#online-ask-no').click()`)
	x.wait(`document.querySelector('#online-ask').dataset.ask === 'outcome'`)
	if got := askText(x); !strings.Contains(got, words.declined) {
		t.Fatalf("declined, the asker's page says %q", got)
	}
	x.shot(lang + "-takeback-declined-desktop")
	if st := x.seat(); st.Length != length || st.ToMove == st.Seat {
		t.Fatalf("declined, the game has %d steps (want %d) and seat %d to move", st.Length, length, st.ToMove)
	}

	// asked again and granted: the move is gone on every page
	x.js(`document.querySelector('#takeback').click()`)
	ask(t, x, y, w, "takeback")
	y.js(`document.querySelector('#online-ask-yes').click()`)
	x.wait(fmt.Sprintf(`brettspielOnline.state().length < %d && brettspielOnline.state().toMove === brettspielOnline.state().seat`, length))
	x.wait(`document.querySelector('#online-ask').dataset.ask === 'outcome'`)
	if got := askText(x); !strings.Contains(got, words.granted) {
		t.Fatalf("granted, the asker's page says %q", got)
	}
	back := x.seat()
	for _, p := range []*tab{y, w} {
		p.wait(fmt.Sprintf(`brettspielOnline.state().rev >= %d`, back.Rev))
		if st := p.seat(); st.Length != back.Length || st.ToMove != back.Seat {
			t.Fatalf("granted, a page has %d steps and seat %d to move; the asker's %d and %d", st.Length, st.ToMove, back.Length, back.Seat)
		}
	}
	if len(back.Redraws) == 0 {
		t.Fatalf("a takeback over a throw granted, and no redraws")
	}
	// nor is the move offered to redo: the server holds none
	if d := x.text(`String(document.querySelector('#redo').disabled)`); d != "true" {
		t.Fatal("after the takeback the asker's page offers to redo the move")
	}

	// giving up: Escape cancels the confirmation, the button confirms it
	if b := y.text(`String(document.querySelector('#online-give-up').disabled)`); b != "true" {
		t.Fatalf("Give up is enabled for the seat not to move")
	}
	x.wait(`!document.querySelector('#online-give-up').disabled && !document.querySelector('#online-give-up').hidden`)
	x.js(`document.querySelector('#online-give-up').click()`)
	x.wait(`document.querySelector('#online-give-up-dialog').open && document.activeElement?.id === 'online-give-up-no'`)
	for name, set := range map[string]func(*tab){"desktop": (*tab).desktop, "phone": (*tab).phone} {
		set(x)
		x.shot(lang + "-give-up-confirm-" + name)
	}
	x.desktop()
	if _, err := chromedp.Run(x.ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	x.wait(`!document.querySelector('#online-give-up-dialog').open && document.activeElement?.id === 'online-give-up'`)
	time.Sleep(300 * time.Millisecond)
	if x.state().Over {
		t.Fatal("the confirmation cancelled, the game is over")
	}
	x.js(`document.querySelector('#online-give-up').click()`)
	x.wait(`document.querySelector('#online-give-up-dialog').open`)
	x.js(`document.querySelector('#online-give-up-yes').focus()`)
	if _, err := chromedp.Run(x.ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	var ending string
	for _, p := range []*tab{x, y, w} {
		p.wait(`brettspielOnline.state().over && document.body.dataset.turn === 'over'`)
		status := p.text(`document.querySelector('#status').textContent`)
		if !strings.Contains(status, names[y]) || !strings.Contains(status, words.wins) {
			t.Fatalf("after the give-up a page's status reads %q: want %s %s", status, names[y], words.wins)
		}
		if ending != "" && status != ending {
			t.Fatalf("the pages' ends differ: %q and %q", ending, status)
		}
		ending = status
	}
	w.shot(lang + "-given-up-watcher-desktop")

	// the dice check out in the browser, its redraws with them
	x.js(`document.querySelector('#online-check-dice').click()`)
	x.wait(`!!document.querySelector('#online-verdict').dataset.ok`)
	if ok, by := x.text(`document.querySelector('#online-verdict').dataset.ok`), x.text(`document.querySelector('#online-verdict').dataset.by`); ok != "true" || by != "browser" {
		t.Fatalf("the dice checked by the %s: %s (%s)", by, x.text(`document.querySelector('#online-verdict').textContent`), x.text(`document.querySelector('#online-verdict').title`))
	}
	x.js(`document.querySelector('#online-proof details').open = true`)
	for name, set := range map[string]func(*tab){"desktop": (*tab).desktop, "phone": (*tab).phone} {
		set(x)
		x.shot(lang + "-given-up-checked-" + name)
	}
	t.Logf("%s: a takeback declined, one granted (redraws %v), then %q", lang, back.Redraws, ending)
}

func endByAgreement(t *testing.T, browser context.Context, base, lang string) {
	ctx, cancel := context.WithTimeout(browser, 3*time.Minute)
	defer cancel()
	words := askWords[lang]
	a, b, w := seatedTable(t, ctx, base, "festung", lang)
	whoMoves(a, b)
	propose := func() {
		a.wait(`!document.querySelector('#online-give-up').disabled`)
		a.js(`document.querySelector('#online-give-up').click()`)
		a.wait(`document.querySelector('#online-give-up-dialog').open`)
		a.js(`document.querySelector('#online-give-up-yes').click()`)
		if q := ask(t, a, b, w, "giveUp"); !strings.Contains(q, "Anna") || !strings.Contains(q, words.endAsk) {
			t.Fatalf("the question reads %q: want Anna and %q", q, words.endAsk)
		}
	}
	propose()
	for name, set := range map[string]func(*tab){"desktop": (*tab).desktop, "phone": (*tab).phone} {
		set(b)
		b.shot(lang + "-end-question-" + name)
	}
	b.desktop()
	length := a.seat().Length
	b.js(`document.querySelector('#online-ask-no').click()`)
	a.wait(`document.querySelector('#online-ask').dataset.ask === 'outcome'`)
	if got := askText(a); !strings.Contains(got, words.declined) {
		t.Fatalf("declined, the asker's page says %q", got)
	}
	if st := a.seat(); st.Over || st.Length != length {
		t.Fatalf("declined, the game is over (%v) or has %d steps, not %d", st.Over, st.Length, length)
	}

	propose()
	b.js(`document.querySelector('#online-ask-yes').click()`)
	for _, p := range []*tab{a, b, w} {
		p.wait(`brettspielOnline.state().over && document.body.dataset.turn === 'over'`)
		if status := p.text(`document.querySelector('#status').textContent`); !strings.Contains(status, words.agreed) {
			t.Fatalf("ended by agreement, a page's status reads %q", status)
		}
		if got := p.strings(acting); len(got) > 0 {
			t.Fatalf("ended by agreement, a page offers %q", got)
		}
		if !p.state().Proof {
			t.Fatal("ended by agreement, the dice are not revealed")
		}
	}
	if hidden := a.text(`String(document.querySelector('#online-rematch').hidden)`); hidden != "true" {
		t.Fatal("a rematch is offered after a game ended by agreement, which the server refuses")
	}
	a.js(`document.querySelector('#online-check-dice').click()`)
	a.wait(`!!document.querySelector('#online-verdict').dataset.ok`)
	if ok := a.text(`document.querySelector('#online-verdict').dataset.ok`); ok != "true" {
		t.Fatalf("the dice of a game ended by agreement: %s (%s)", a.text(`document.querySelector('#online-verdict').textContent`), a.text(`document.querySelector('#online-verdict').title`))
	}
	// a browser without Web Crypto (a page not served over HTTPS) has the
	// server check them
	w.js(`Object.defineProperty(globalThis.crypto, 'subtle', {value: undefined, configurable: true})`)
	w.js(`document.querySelector('#online-check-dice').click()`)
	w.wait(`!!document.querySelector('#online-verdict').dataset.ok`)
	if ok, by := w.text(`document.querySelector('#online-verdict').dataset.ok`), w.text(`document.querySelector('#online-verdict').dataset.by`); ok != "true" || by != "server" {
		t.Fatalf("the dice checked without Web Crypto by the %s: %s", by, w.text(`document.querySelector('#online-verdict').textContent`))
	}
	for name, set := range map[string]func(*tab){"desktop": (*tab).desktop, "phone": (*tab).phone} {
		set(w)
		w.shot(lang + "-ended-watcher-" + name)
	}
	t.Logf("%s: ended by agreement after %d steps: %q", lang, length, w.text(`document.querySelector('#status').textContent`))
}

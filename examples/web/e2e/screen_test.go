package e2e

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// inViewJS lists what of the one screen lies outside the window with the
// page scrolled to its top: the board, the turn's words, the dice and the
// controls shown now; and what is missing of them (the board, the prompt
// or status, Undo and Hint during play, the dice at a play, Play again at
// the end).
const inViewJS = `(() => {
  window.scrollTo(0, 0);
  const vw = document.documentElement.clientWidth, vh = window.innerHeight, out = [];
  const shown = (e) => !e.closest('[hidden]') && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const check = (sel, need) => {
    const all = [...document.querySelectorAll(sel)].filter(shown);
    if (need && !all.length) out.push('no ' + sel);
    for (const e of all) {
      const r = e.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) out.push(sel + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(',') + ' in ' + vw + '×' + vh);
    }
  };
  const turn = document.body.dataset.turn;
  check('#board', true);
  check('#status', true);
  check('#prompt', false);
  check('#throw, #finish, #decisions button, #confirm button, #manual-dice', false);
  check('#undo', turn !== 'over');
  check('#hint', turn !== 'over');
  check('#play-again', turn === 'over');
  if (turn === 'player') {
    const dice = [...document.querySelectorAll('#board .dice, #dice')].filter((e) => shown(e) && (e.tagName !== 'DIV' || e.textContent.trim()));
    if (!dice.length) out.push('no dice shown at a play');
    check('#board .dice', false);
    check('#dice', false);
  }
  if (turn === 'over' && (document.querySelectorAll('#board .dice').length || document.querySelector('#dice').textContent.trim())) out.push('the last dice stay after the end');
  return out;
})()`

// oneScreen reports what of the one screen is out of the window.
func oneScreen(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	for _, f := range eval[[]string](t, ctx, inViewJS) {
		t.Errorf("%s: %s", where, f)
	}
}

// quietly plays one step by the page's own controls without scrolling (a
// click of the element in the script): the first legal move, or the throw.
const stepJS = `(() => {
  const t = document.body.dataset.turn;
  const b = t === 'chance' ? document.querySelector('#throw') : document.querySelector('#legal li button');
  if (!b || b.disabled || b.closest('[hidden]')) return false;
  b.click();
  return true;
})()`

// The board, the turn's words, the dice and Throw, Undo and Hint fit the
// window of a phone (390 × 844, upright and turned) and of a desktop
// (1280 × 800) without a scroll: at the start, in the middle and at the
// end of every game, the page throwing by itself.
func TestOneScreen(t *testing.T) {
	for _, size := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"phone", phoneW, phoneH, true}, {"landscape", phoneH, phoneW, true}, {"desktop", 1280, 800, false}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := page(t)
			opts := []chromedp.EmulateViewportOption{}
			if size.mobile {
				opts = append(opts, chromedp.EmulateMobile)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h, opts...)); err != nil {
				t.Fatal(err)
			}
			for _, g := range games {
				open(t, ctx, url.Values{"variant": {g.variant}, "preset": {g.preset}, "players": {fmt.Sprint(g.players)}, "seed": {fmt.Sprint(g.seed)}, "opponent": {g.opponent}, "autothrow": {"1"}})
				quiet := func(what string) snapshot {
					return waitFor(t, ctx, what, func(s snapshot) bool { return s.Busy == "0" && s.Turn != "chance" })
				}
				s := quiet("the first play")
				oneScreen(t, ctx, g.variant+" at the start")
				for i := 0; i < 10 && s.Turn != "over"; i++ {
					eval[bool](t, ctx, stepJS)
					n := s.Length
					s = waitFor(t, ctx, "a step", func(x snapshot) bool { return x.Busy == "0" && x.Turn != "chance" && x.Length != n })
				}
				oneScreen(t, ctx, fmt.Sprintf("%s in the middle (%s)", g.variant, s.Status))
				if g.variant == "verkehren" {
					eval[bool](t, ctx, `(document.querySelector('#decisions [data-move="concede"]').click(), document.querySelector('#confirm-yes').click(), true)`)
					s = waitFor(t, ctx, "the concession", func(x snapshot) bool { return x.Busy == "0" && x.Turn == "over" })
				}
				for i := 0; i < 3000 && s.Turn != "over"; i++ {
					n := s.Length
					if !eval[bool](t, ctx, stepJS) {
						t.Fatalf("%s: nothing to play at %+v", g.variant, s)
					}
					s = waitFor(t, ctx, "a step", func(x snapshot) bool { return x.Busy == "0" && x.Turn != "chance" && x.Length != n })
				}
				if s.Turn != "over" {
					t.Fatalf("%s: no end", g.variant)
				}
				oneScreen(t, ctx, g.variant+" at the end")
			}
		})
	}
}

// A whole Festungsspiel against two bots, the page throwing every throw by
// itself: the person only chooses fields, at most 30 clicks in all (each
// step checked against the library, see play).
func TestFestungsspielWithAutomaticThrows(t *testing.T) {
	ctx := page(t)
	asPhone(t, ctx)
	g := game{variant: "festung", preset: "Standard", players: 3, seed: 3, opponent: "greedy", autoThrow: true}
	start := time.Now()
	steps, clicks := play(t, ctx, g)
	t.Logf("festung (3 seats, seed 3, two greedy bots, automatic throws): %d steps, %d clicks by the person in %v", steps, clicks, time.Since(start).Round(time.Millisecond))
	if clicks > 30 {
		t.Errorf("%d clicks for a whole Festungsspiel, want at most 30", clicks)
	}
	oneScreen(t, ctx, "the Festungsspiel at the end")
}

// englishWords are words of English that the German page showed (the
// hints, the status, the bots' and the seats' names, the prompt): none may
// stand outside notation in a German game.
var englishWords = regexp.MustCompile(`\b(mark|right|stand|school|claim|claims|claimed|due|forgot|sends|sent|declares|answer|tap|how|many|the|and|or|of|to|on|from|for|with|is|at|once|expected|nothing|scored|marks|markers|hits|paid|taken|placed|seat|return|bot|greedy|random|choose|field|throw|throws|Throw|Undo|Hint|Review|Rules|Close|New|game|Player|Legal|moves|Events|stone|stones|point|points|dice|borne|off|bar|strokes|Pass|Done|play|plays|again|rollouts)\b`)

// notation removes what is notation from a text: plays ("13/7*", "5/3-6"),
// position IDs and the mover's own count.
var notation = regexp.MustCompile(`\S*[/:]\S*|\(eigene Zählung [^)]*\)`)

// germanText is what the German page shows now: its text, the open dialogs
// and the controls' titles and names.
const germanTextJS = `(() => [document.body.innerText,
  ...[...document.querySelectorAll('#screen [title], #screen [aria-label], dialog[open] [title], #scores, #hints')].map((e) => (e.title || '') + ' ' + (e.getAttribute('aria-label') || '') + ' ' + (e.matches('#scores, #hints') ? e.textContent : ''))].join('\n'))()`

func leaks(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		clean := notation.ReplaceAllString(line, " ")
		for _, w := range englishWords.FindAllString(clean, -1) {
			if !seen[w] {
				seen[w] = true
				out = append(out, fmt.Sprintf("%q in %q", w, strings.TrimSpace(line)))
			}
		}
	}
	return out
}

// A German game of each kind, and Toccateglio with the Schule, played to
// its end with a hint, the rules and the chooser opened, and reviewed: no
// English word outside notation. Under the Schule the page is read at the
// first declaration and answer too, with the rule's text opened.
func TestGermanWithoutEnglish(t *testing.T) {
	ctx := page(t)
	all := append(slices.Clone(games), game{variant: "toccateglio", preset: "Toccateglispiel", players: 2, seed: 12, settings: "schule=true"})
	for _, g := range all {
		open(t, ctx, url.Values{"variant": {g.variant}, "preset": {g.preset}, "players": {fmt.Sprint(g.players)}, "seed": {fmt.Sprint(g.seed)}, "opponent": {"greedy"}, "autothrow": {"1"}, "lang": {"de"}, "settings": {g.settings}})
		var seen []string
		look := func() { seen = append(seen, eval[string](t, ctx, germanTextJS)) }
		// the Schule's declaration and answer, each read once
		schule := map[string]bool{}
		lookSchule := func() {
			for _, k := range []string{"mark 0", "pass"} {
				if !schule[k] && eval[bool](t, ctx, `!!document.querySelector('#decisions .schule [data-move="`+k+`"]')`) {
					schule[k] = true
					eval[bool](t, ctx, `(document.querySelector('#decisions .rule-chip').click(), document.querySelector('#hint').click(), true)`)
					look()
				}
			}
		}
		s := waitFor(t, ctx, "the first play", func(s snapshot) bool { return s.Busy == "0" && s.Turn == "player" })
		click(t, ctx, "#hint")
		look()
		click(t, ctx, "#open-rules")
		look()
		click(t, ctx, "#rules-close")
		click(t, ctx, "#open-chooser")
		look()
		click(t, ctx, "#chooser-close")
		for i := 0; i < 3000 && s.Turn != "over"; i++ {
			n := s.Length
			if i == 8 {
				look()
			}
			if g.settings != "" {
				lookSchule()
			}
			if !eval[bool](t, ctx, stepJS) {
				t.Fatalf("%s: nothing to play at %+v", g.variant, s)
			}
			s = waitFor(t, ctx, "a step", func(x snapshot) bool { return x.Busy == "0" && x.Turn != "chance" && x.Length != n })
		}
		look()
		// the review of the game, over the page
		click(t, ctx, "#review-btn")
		for start := time.Now(); eval[bool](t, ctx, `document.querySelector('#review-out').hidden`); time.Sleep(20 * time.Millisecond) {
			if time.Since(start) > 30*time.Second {
				t.Fatalf("%s: no review after 30 s", g.variant)
			}
		}
		seen = append(seen, eval[string](t, ctx, `document.querySelector('#review').innerText`))
		click(t, ctx, "#review-close")
		if g.settings != "" && len(schule) != 2 {
			t.Errorf("%s with %s: the page was not read at a declaration and an answer: %v", g.variant, g.settings, schule)
		}
		for _, l := range leaks(strings.Join(seen, "\n")) {
			t.Errorf("%s: English in the German page: %s", g.variant, l)
		}
	}
}

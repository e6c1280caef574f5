package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/session"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The phone the tests stand for: 390 × 844 CSS pixels.
const phoneW, phoneH = 390, 844

func asPhone(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(phoneW, phoneH, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
}

// activeJS names the element that has the focus: "#id", "key:p6" (a point
// or field of the board), "dec:pass" (a decision button), "legal:…" (a
// legal move) or its tag.
const activeJS = `(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  if (a.id) return '#' + a.id;
  if (a.dataset && a.dataset.key) return 'key:' + a.dataset.key;
  if (a.closest('#decisions')) return 'dec:' + a.dataset.move;
  if (a.closest('#legal')) return 'legal:' + a.dataset.move;
  return a.tagName;
})()`

// press sends keys to whatever has the focus, as a person types them.
func press(t *testing.T, ctx context.Context, keys string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(keys)); err != nil {
		t.Fatalf("press %q: %v", keys, err)
	}
}

// focusBy presses key until the focus is on want (at most limit times) and
// returns the number of keys pressed.
func focusBy(t *testing.T, ctx context.Context, want func(string) bool, key string, limit int) int {
	t.Helper()
	for n := 0; ; n++ {
		a := eval[string](t, ctx, activeJS)
		if want(a) {
			return n
		}
		if n >= limit {
			t.Fatalf("the focus is on %s after %d presses of %q", a, n, key)
		}
		press(t, ctx, key)
	}
}

func is(s string) func(string) bool { return func(a string) bool { return a == s } }

// keyThrow throws by the keyboard: Tab to the throw button, Enter.
func keyThrow(t *testing.T, ctx context.Context) int {
	t.Helper()
	n := focusBy(t, ctx, is("#throw"), kb.Tab, 80)
	press(t, ctx, kb.Enter)
	return n + 1
}

// keyOn moves the board's focus to the element key (Tab into the board,
// then Page Down, which jumps to the next element that may be chosen) and
// chooses it with Enter.
func keyOn(t *testing.T, ctx context.Context, key string) int {
	t.Helper()
	n := focusBy(t, ctx, func(a string) bool { return strings.HasPrefix(a, "key:") }, kb.Tab, 80)
	// How many presses of Page Down reach it, sent at once (fewer round
	// trips); focusBy then checks, pressing on one by one if need be.
	k := eval[int](t, ctx, pageDownsJS+"("+strconv.Quote(key)+")")
	if k > 0 {
		press(t, ctx, strings.Repeat(kb.PageDown, k))
		n += k
	}
	n += focusBy(t, ctx, is("key:"+key), kb.PageDown, 80)
	press(t, ctx, kb.Enter)
	return n + 1
}

// pageDownsJS counts the presses of Page Down from the board's focused
// element to the one of the key given, among those that may be chosen now
// (the page's data-live), in the board's order, wrapping around.
const pageDownsJS = `((key) => {
  const all = [...document.querySelectorAll('#board [data-key]')].sort((a, b) => a.dataset.order - b.dataset.order);
  const i = all.indexOf(document.activeElement), j = all.findIndex((e) => e.dataset.key === key);
  if (i < 0 || j < 0 || i === j) return 0;
  let n = 0;
  for (let c = (i + 1) % all.length; ; c = (c + 1) % all.length) {
    if (all[c].dataset.live === '1') n++;
    if (c === j) return n;
    if (c === i) return 0;
  }
})`

// keyMove makes the move m by the keyboard alone: a stone and its target
// for every step, a field of the plan, or a decision button. It returns
// the number of keys pressed.
func keyMove(t *testing.T, ctx context.Context, g brettspiel.Game, m brettspiel.Move) int {
	t.Helper()
	info, err := g.(brettspiel.Describer).Describe(m)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case info.Kind == brettspiel.MoveDecision && info.FieldName != "":
		id := eval[string](t, ctx, "document.querySelector("+strconv.Quote(fmt.Sprintf("[data-field=%q]", info.FieldName))+").dataset.key")
		return keyOn(t, ctx, id)
	case info.Kind == brettspiel.MovePlay:
		n := 0
		for _, st := range info.Steps {
			n += keyOn(t, ctx, fmt.Sprintf("p%d", st.From))
			// a stone with one target went there at once
			if picked(t, ctx) {
				n += keyOn(t, ctx, fmt.Sprintf("p%d", st.To))
			}
		}
		if more := eval[bool](t, ctx, `!document.querySelector('#finish').hidden`); more {
			n += focusBy(t, ctx, is("#finish"), kb.Tab, 80)
			press(t, ctx, kb.Enter)
			n++
		}
		return n
	case info.Kind == brettspiel.MoveConcede:
		n := focusBy(t, ctx, is("dec:"+g.MoveString(m)), kb.Tab, 80)
		press(t, ctx, kb.Enter)
		n += focusBy(t, ctx, is("#confirm-yes"), kb.Tab, 80)
		press(t, ctx, kb.Enter)
		return n + 2
	default:
		n := focusBy(t, ctx, is("dec:"+g.MoveString(m)), kb.Tab, 80)
		press(t, ctx, kb.Enter)
		return n + 1
	}
}

// A game of each variant played to its end by the keyboard alone, on a
// phone's screen: Tab, Page Down and Enter, no click; after every step the
// page's position is the library's (see play).
func TestPlayEveryGameByKeyboardOnAPhone(t *testing.T) {
	for _, g := range games {
		g.keys = true
		t.Run(g.variant, func(t *testing.T) {
			ctx := page(t)
			asPhone(t, ctx)
			start := time.Now()
			steps, keys := play(t, ctx, g)
			t.Logf("%s (%s, %d seats, seed %d, opponent %s), 390×844: %d steps, %d keys in %v",
				g.variant, g.preset, g.players, g.seed, g.opponent, steps, keys, time.Since(start).Round(time.Millisecond))
		})
	}
}

// auditJS checks the page as it is shown: every control and board element
// has an accessible name; every shown text (of the controls and of the
// board's drawing) has a contrast of at least 4.5:1 against what lies under
// it (3:1 for bold text of 18.5 px and more) and is at least minPx tall;
// every seat's square stands out from its field by 3:1 (its fill or its
// outline); every control and board element that may be used now is at
// least minTap pixels in both directions. It returns the faults found.
const auditJS = `((minPx, minTap) => {
  const faults = [];
  const parse = (c) => {
    const m = String(c).match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const v = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const over = (top, under) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1); };
  const folded = (e) => !!e.closest('details:not([open]) > :not(summary)');
  const shown = (e) => { if (folded(e)) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const name = (e) => (e.getAttribute('aria-label') || (e.labels && [...e.labels].map((l) => l.textContent).join(' ')) || e.textContent || e.title || e.placeholder || '').trim();
  const what = (e) => e.id ? '#' + e.id : (e.dataset && (e.dataset.key || e.dataset.move)) || e.tagName + ':' + (e.textContent || '').trim().slice(0, 20);
  // the HTML background under an element: its ancestors' colours, blended
  const htmlBack = (e) => {
    const layers = [];
    for (let p = e; p; p = p.parentElement) {
      const c = parse(getComputedStyle(p).backgroundColor);
      if (c && c[3] > 0) layers.push(c);
    }
    let c = [255, 255, 255, 1];
    for (const l of layers.reverse()) c = over(l, c);
    return c;
  };
  // the board's colour at a point of the screen: every shape of the
  // drawing that covers it, blended in the order drawn
  const board = document.querySelector('#board');
  const shapes = [...board.querySelectorAll('rect, circle, polygon')];
  const svgBack = (x, y, skip) => {
    let c = htmlBack(board);
    c = over(parse(getComputedStyle(board).backgroundColor) || [0, 0, 0, 0], c);
    for (const s of shapes) {
      if (skip && skip.contains(s)) continue;
      const st = getComputedStyle(s);
      const f = parse(st.fill);
      if (!f || f[3] === 0 || st.display === 'none') continue;
      const m = s.getScreenCTM();
      if (!m) continue;
      const p = new DOMPoint(x, y).matrixTransform(m.inverse());
      if (!s.isPointInFill(p)) continue;
      const op = Number(st.fillOpacity) * Number(st.opacity);
      c = over([f[0], f[1], f[2], f[3] * op], c);
    }
    return c;
  };
  // names
  const controls = [...document.querySelectorAll('button, select, input, textarea, summary, [tabindex], [role=button]')].filter((e) => !e.closest('[hidden]') && !folded(e) && e.getClientRects().length);
  for (const e of controls) if (!name(e)) faults.push('no name: ' + what(e));
  for (const li of document.querySelectorAll('#events li')) if (!li.getAttribute('aria-label')) faults.push('event without a label: ' + li.dataset.key);
  // HTML text
  const vw = document.documentElement.clientWidth;
  for (const e of document.querySelectorAll('button, select, input, summary, label, #status, #you, #prompt, #message, th, td, #legal li, #events li b, #events .ev')) {
    if (!shown(e) || e.disabled || e.closest('[hidden]') || !(e.textContent || e.value || '').trim()) continue;
    const r = e.getBoundingClientRect();
    if (r.right <= 0 || r.left >= vw) continue;
    const st = getComputedStyle(e);
    const px = parseFloat(st.fontSize);
    if (px < minPx) faults.push('text of ' + px.toFixed(1) + ' px: ' + what(e));
    const fg = parse(st.color), bg = htmlBack(e);
    const need = px >= 18.5 && Number(st.fontWeight) >= 700 ? 3 : 4.5;
    const k = ratio(over(fg, bg), bg);
    if (k < need) faults.push('contrast ' + k.toFixed(2) + ': ' + what(e));
  }
  // the drawing's text
  for (const t of board.querySelectorAll('text')) {
    if (!t.textContent.trim() || !shown(t)) continue;
    const r = t.getBoundingClientRect();
    const st = getComputedStyle(t);
    // the text's height on the screen: its font size times the drawing's scale
    const scale = board.getScreenCTM().a;
    const px = parseFloat(st.fontSize) * scale;
    if (px < minPx) faults.push('board text ' + JSON.stringify(t.textContent) + ' of ' + px.toFixed(1) + ' px');
    const fg = parse(st.fill);
    const cx = r.x + r.width / 2, cy = r.y + r.height / 2;
    const bg = svgBack(cx, cy, null);
    const need = px >= 18.5 && Number(st.fontWeight) >= 700 ? 3 : 4.5;
    const k = ratio(fg, bg);
    if (k < need) faults.push('board text ' + JSON.stringify(t.textContent) + ' contrast ' + k.toFixed(2));
  }
  // the seats' squares against their field
  for (const q of board.querySelectorAll('.square')) {
    const sq = q.querySelector('.sq'), halo = q.querySelector('.halo');
    const r = sq.getBoundingClientRect();
    const bg = svgBack(r.x + r.width / 2, r.y + r.height / 2, q);
    const fill = parse(getComputedStyle(sq).fill);
    const ring = Math.max(ratio(parse(getComputedStyle(sq).stroke), bg), halo ? ratio(parse(getComputedStyle(halo).stroke), bg) : 0);
    if (Math.max(ratio(fill, bg), ring) < 3) faults.push('square of seat ' + q.dataset.seat + ' faint: ' + ratio(fill, bg).toFixed(2));
    if (r.width < 6) faults.push('square of seat ' + q.dataset.seat + ' only ' + r.width.toFixed(1) + ' px');
  }
  // tap targets: what may be used now
  for (const e of controls) {
    if (e.disabled || e.getAttribute('aria-disabled') === 'true' || e.closest('#events')) continue;
    const r = e.getBoundingClientRect();
    if (r.right <= 0 || r.left >= vw) continue;
    if (r.width < minTap || r.height < minTap) faults.push('target ' + r.width.toFixed(0) + '×' + r.height.toFixed(0) + ': ' + what(e));
  }
  if (document.documentElement.scrollWidth > vw) faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide on a screen of ' + vw);
  return faults;
})`

// audit runs auditJS and reports its faults.
func audit(t *testing.T, ctx context.Context, where string, minPx, minTap float64) {
	t.Helper()
	faults := eval[[]string](t, ctx, fmt.Sprintf("%s(%v, %v)", auditJS, minPx, minTap))
	for _, f := range faults {
		t.Errorf("%s: %s", where, f)
	}
}

// On a phone every game's page — at a throw, at a play with a stone picked,
// at a Festung decision, at the end — names every control and board
// element, keeps its text at 11 px and more with enough contrast, its
// targets 40 px and more, and is no wider than the screen; the chooser and
// the extras are folded away and the board is as wide as the screen.
func TestPhoneAudit(t *testing.T) {
	ctx := page(t)
	asPhone(t, ctx)
	for _, c := range []struct{ variant, players, seed string }{{"toccateglio", "2", "12"}, {"verkehren", "2", "15"}, {"festung", "3", "3"}} {
		open(t, ctx, url.Values{"variant": {c.variant}, "players": {c.players}, "seed": {c.seed}, "opponent": {"hot-seat"}})
		audit(t, ctx, c.variant+" at the start", 11, 40)
		fold := eval[[]float64](t, ctx, `[document.querySelector('#chooser-dialog').open ? 1 : 0, document.querySelector('#board').getBoundingClientRect().width, document.documentElement.clientWidth]`)
		if fold[0] != 0 || fold[1] != fold[2] {
			t.Errorf("%s: chooser open %v, board %v px wide on a screen of %v", c.variant, fold[0], fold[1], fold[2])
		}
		s := toPlay(t, ctx)
		if c.variant != "festung" {
			if src := eval[string](t, ctx, `(document.querySelector(`+severalTargets+`) || {dataset: {}}).dataset.point || ''`); src != "" {
				click(t, ctx, fmt.Sprintf(`[data-point="%s"]`, src))
			}
		}
		audit(t, ctx, fmt.Sprintf("%s at a play (%s)", c.variant, s.Status), 11, 40)
		// to the end by the legal moves (Verkehren, long, by a concession),
		// then the end
		if c.variant == "verkehren" {
			click(t, ctx, `#decisions [data-move="concede"]`)
			click(t, ctx, "#confirm-yes")
		}
		for i := 0; i < 3000; i++ {
			s = snap(t, ctx)
			if s.Turn == "over" {
				break
			}
			if s.Turn == "chance" {
				click(t, ctx, "#throw")
			} else {
				click(t, ctx, "#legal li")
			}
		}
		audit(t, ctx, c.variant+" at the end", 11, 40)
		if st := snap(t, ctx).Status; !strings.Contains(st, "wins") || !strings.ContainsAny(st, "0123456789") {
			t.Errorf("%s: the end told as %q", c.variant, st)
		}
	}
}

// The page's words: German by ?lang=de (and by a German browser), English
// by the switch; the game goes on unchanged.
func TestLanguageSwitch(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"4"}, "opponent": {"random"}, "lang": {"de"}})
	s := toPlay(t, ctx)
	if !strings.Contains(s.Status, "Spieler 1 (Weiß) zieht") {
		t.Errorf("German status %q", s.Status)
	}
	if you := eval[string](t, ctx, `document.querySelector('#you').textContent`); !strings.Contains(you, "Du spielst Weiß") {
		t.Errorf("German colour line %q", you)
	}
	// the events in the library's German, and in its English after the switch
	ev := func() string { return eval[string](t, ctx, `document.querySelector('#events .ev').textContent`) }
	if e := ev(); !strings.Contains(e, "wirft") {
		t.Errorf("German event %q", e)
	}
	// the catalogue's and the opponents' texts in German too
	about := func() string { return eval[string](t, ctx, `document.querySelector('#preset-about').textContent`) }
	opp := func() string {
		return eval[string](t, ctx, `document.querySelector('#opponent option[value=random]').title`)
	}
	if a := about(); !strings.Contains(a, "kein Band auf den Feldern 2 bis 11 der Gegenseite") || strings.Contains(a, "opponent's side") {
		t.Errorf("German preset description %q", a)
	}
	if o := opp(); !strings.Contains(o, "zufällig") {
		t.Errorf("German opponent's description %q", o)
	}
	menu := func() string { return eval[string](t, ctx, `document.querySelector('#preset').textContent`) }
	if m := menu(); !strings.Contains(m, "VK, höchstens 5 Bände") {
		t.Errorf("German menu of presets %q", m)
	}
	// the switch, by the keyboard
	focusBy(t, ctx, is("#lang"), kb.Tab, 80)
	press(t, ctx, kb.ArrowUp)
	after := snap(t, ctx)
	if !strings.Contains(after.Status, "Player 1 (white) to play") || after.ID != s.ID {
		t.Errorf("after the switch: %+v", after)
	}
	if b := eval[string](t, ctx, `document.querySelector('#manual-dice').getAttribute('aria-label')`); b == "" {
		t.Errorf("the dice field has no name")
	}
	if b := eval[string](t, ctx, `document.querySelector('#new-game').textContent`); b != "New game" {
		t.Errorf("the new game button says %q", b)
	}
	if e := ev(); !strings.Contains(e, "throws") {
		t.Errorf("English event after the switch %q", e)
	}
	if a := about(); !strings.Contains(a, "no Band on points 2–11 of the opponent's side") {
		t.Errorf("English preset description after the switch %q", a)
	}
	if o := opp(); !strings.Contains(o, "at random") {
		t.Errorf("English opponent's description after the switch %q", o)
	}
	if m := menu(); !strings.Contains(m, "VK band limit 5") {
		t.Errorf("English menu of presets after the switch %q", m)
	}
	prompt := eval[string](t, ctx, `document.querySelector('#prompt').textContent`)
	if !strings.Contains(prompt, "Pick a stone") {
		t.Errorf("prompt %q", prompt)
	}
}

// The screenshots of the documentation, at a desktop's and a phone's size, in
// English and German (BRETTSPIEL_SCREENSHOTS=1).
func TestScreenshots(t *testing.T) {
	if os.Getenv("BRETTSPIEL_SCREENSHOTS") == "" {
		t.Skip("set BRETTSPIEL_SCREENSHOTS=1 to write the screenshots")
	}
	for _, size := range []string{"desktop", "phone"} {
		for _, lang := range []string{"en", "de"} {
			ctx := page(t)
			if size == "phone" {
				asPhone(t, ctx)
			} else if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct{ variant, players, seed, opp string }{{"toccateglio", "2", "12", "hot-seat"}, {"verkehren", "2", "15", "random"}, {"festung", "3", "3", "hot-seat"}} {
				open(t, ctx, url.Values{"variant": {c.variant}, "players": {c.players}, "seed": {c.seed}, "opponent": {c.opp}, "lang": {lang}})
				for i := 0; i < 9; i++ {
					s := toPlay(t, ctx)
					if i < 8 {
						click(t, ctx, "#legal li")
						waitFor(t, ctx, "a move", func(x snapshot) bool { return x.Length != s.Length && x.Busy == "0" })
					}
				}
				if c.variant != "festung" {
					if src := eval[string](t, ctx, `(document.querySelector(`+severalTargets+`) || {dataset: {}}).dataset.point || ''`); src != "" {
						click(t, ctx, fmt.Sprintf(`[data-point="%s"]`, src))
					}
				}
				screenshot(t, ctx, fmt.Sprintf("%s-%s-%s.png", c.variant, size, lang), "")
			}
		}
	}
}

// Brown's legal moves are listed in the board's points (as the library's
// steps give them), the move played heads its entry of the event list in
// the same points, and an event's rule opens with a click (a tap) and
// closes with another.
func TestBoardPointsAndRuleOnTap(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"15"}, "opponent": {"hot-seat"}})
	var s snapshot
	for i := 0; ; i++ {
		s = toPlay(t, ctx)
		if s.Player == "1" {
			break
		}
		if i > 20 {
			t.Fatal("brown never to move")
		}
		click(t, ctx, "#legal li")
		waitFor(t, ctx, "a move", func(x snapshot) bool { return x.Length != s.Length })
	}
	tab := session.NewTable(session.Options{})
	out := tab.Call("loadID", []byte(`{"id": `+strconv.Quote(s.ID)+`}`))
	var st struct {
		State struct {
			Legal []struct {
				Notation string
				Steps    []struct {
					From, To int
					Flags    []string
				}
			}
		}
	}
	if err := json.Unmarshal(out, &st); err != nil || len(st.State.Legal) == 0 {
		t.Fatalf("loadID: %v %s", err, out)
	}
	place := func(n int) string {
		switch n {
		case 0:
			return "bar"
		case 25:
			return "off"
		}
		return strconv.Itoa(n)
	}
	shown := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('#legal button')].map((b) => [b.dataset.move, b.textContent]))`)
	differ := 0
	var first, firstText string
	for _, l := range st.State.Legal {
		var parts []string
		for _, x := range l.Steps {
			p := place(x.From) + "/" + place(x.To)
			if slices.Contains(x.Flags, "hit") {
				p += "*"
			}
			parts = append(parts, p)
		}
		want := strings.Join(parts, " ")
		got, ok := shown[l.Notation]
		if !ok || len(l.Steps) == 0 {
			continue // beyond the first 60, or no play
		}
		if got != want {
			t.Errorf("legal move %s shown as %q, want %q", l.Notation, got, want)
		}
		if got != l.Notation {
			differ++
		}
		if first == "" {
			first, firstText = l.Notation, want
		}
	}
	if differ == 0 {
		t.Errorf("brown's moves all read the same in his count and the board's: %v", shown)
	}
	click(t, ctx, "#legal li")
	waitFor(t, ctx, "brown's move", func(x snapshot) bool { return x.Length != s.Length })
	head := eval[string](t, ctx, `(() => { const b = [...document.querySelectorAll('#events li')].reverse().find((li) => li.dataset.key.endsWith(':' + `+strconv.Quote(first)+`)); return b ? b.querySelector('b').firstChild.textContent : '' })()`)
	if head != firstText {
		t.Errorf("the event list heads brown's move %s with %q, want %q", first, head, firstText)
	}
	// the board's focus is drawn: the frame of the focused element differs
	// from its frame once the focus has gone on
	focusBy(t, ctx, func(a string) bool { return strings.HasPrefix(a, "key:") }, kb.Tab, 80)
	key := strings.TrimPrefix(eval[string](t, ctx, activeJS), "key:")
	frame := `(() => { const s = getComputedStyle(document.querySelector('#board [data-key="` + key + `"]').firstElementChild); return s.stroke + ' ' + s.strokeWidth })()`
	focused := eval[string](t, ctx, frame)
	press(t, ctx, kb.Tab)
	if after := eval[string](t, ctx, frame); after == focused {
		t.Errorf("the focused board element %s looks the same without the focus: %q", key, after)
	}
	// the rule of an event, by a tap
	click(t, ctx, "#events .ev[data-rule]")
	rule := eval[string](t, ctx, `(() => { const e = document.querySelector('#events .ev[data-rule]'); const r = e.nextElementSibling; return e.dataset.rule + '|' + e.getAttribute('aria-expanded') + '|' + (r && r.classList.contains('ruletext') ? r.textContent : '') })()`)
	parts := strings.SplitN(rule, "|", 3)
	r, ok := rules.Lookup(parts[0])
	if !ok || parts[1] != "true" || !strings.Contains(parts[2], r.Text) {
		t.Errorf("after a tap on the event of rule %s: %q", parts[0], rule)
	}
	click(t, ctx, "#events .ev[data-rule]")
	if n := eval[int](t, ctx, `document.querySelectorAll('#events .ruletext').length`); n != 0 {
		t.Errorf("a second tap left %d rule texts open", n)
	}
}

// The menu of opponents offers the registry's levels made for the chosen
// game: the Festungsspiel's best rule there only, and it plays a game.
func TestOpponentsOfTheGame(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"4"}})
	menu := func() string {
		return eval[string](t, ctx, `[...document.querySelectorAll('#opponent option')].map((o) => o.value).join(',')`)
	}
	if m := menu(); strings.Contains(m, "festung-best") || !strings.Contains(m, "hot-seat,random,greedy,expectimax") {
		t.Errorf("Verkehren's opponents: %s", m)
	}
	open(t, ctx, url.Values{"variant": {"festung"}, "players": {"3"}, "seed": {"4"}, "opponent": {"festung-best"}})
	if m := menu(); !strings.HasSuffix(m, ",festung-best") {
		t.Errorf("the Festungsspiel's opponents: %s", m)
	}
	if v := eval[string](t, ctx, `document.querySelector('#opponent').value`); v != "festung-best" {
		t.Errorf("opponent chosen from the address: %q", v)
	}
	if label := eval[string](t, ctx, `document.querySelector('#opponent option[value="festung-best"]').textContent`); !strings.Contains(label, "lowest fortress") {
		t.Errorf("the level's label %q", label)
	}
}

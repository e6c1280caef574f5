package e2e

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/session"
)

// markWords are the page's words of the library's marks: a decision's with
// gnubg's signs, a throw's luck (followed by the luck itself).
var markWords = map[string]map[analysis.Mark]string{
	"en": {analysis.Doubtful: "?! doubtful", analysis.Bad: "? bad", analysis.VeryBad: "?? very bad",
		analysis.Lucky: "lucky", analysis.VeryLucky: "very lucky", analysis.Unlucky: "unlucky", analysis.VeryUnlucky: "very unlucky"},
	"de": {analysis.Doubtful: "?! zweifelhaft", analysis.Bad: "? schlecht", analysis.VeryBad: "?? sehr schlecht",
		analysis.Lucky: "glücklich", analysis.VeryLucky: "sehr glücklich", analysis.Unlucky: "unglücklich", analysis.VeryUnlucky: "sehr unglücklich"},
}

// listEntry is a step of the page's move list as the test reads it.
type listEntry struct {
	Index   int    `json:"index"`
	Kind    string `json:"kind"`
	Mark    string `json:"mark"`
	Shown   string `json:"shown"` // the text of its mark, "" for none
	Text    string `json:"text"`
	Button  bool   `json:"button"`
	Current bool   `json:"current"`
}

const listJS = `[...document.querySelectorAll('#review-moves li')].map((li) => ({
  index: Number(li.dataset.index), kind: li.dataset.kind, mark: li.dataset.mark || '',
  shown: li.querySelector('.mark')?.textContent || '', text: li.textContent,
  button: !!li.querySelector('button'), current: !!li.querySelector('[aria-current]') || li.hasAttribute('aria-current') }))`

// graphLine is a line of the page's graph: its seat and its points in the
// drawing's units.
type graphLine struct {
	Seat   int         `json:"seat"`
	Points [][]float64 `json:"points"`
}

const graphJS = `[...document.querySelectorAll('#review-graph polyline.eq')].map((l) => ({
  seat: Number(l.dataset.seat), points: [...l.points].map((p) => [p.x, p.y]) }))`

// pointJS returns the middle of point k of the graph's first line on the
// screen.
const pointJS = `((k) => {
  const svg = document.querySelector('#review-graph svg'), l = svg.querySelector('polyline.eq');
  svg.scrollIntoView({block: 'nearest'});
  const p = l.points.getItem(k), q = new DOMPoint(p.x, p.y).matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
})`

// englishInReview finds English words in the review's text, its names
// and the graph's title.
var englishInReview = regexp.MustCompile(`(?i)\b(player|throws?|doubtful|bad|lucky|unlucky|cost|better|step|start|equity|balance|markers?|move list|only|marked|decisions?|error rate|luck|rating|played|best|loses|draw|worst|each|after|from|the|and|of)\b`)

// A finished game of each game, reviewed in the page in English and German,
// on a desktop and on a phone: the move list has one entry per step of the
// library's analysis, numbered, each decision a button; every mark shown is
// the library's mark of that step in the page's words, and none is shown
// where the library has none; the graph draws one point per step and the
// start, placed by the library's equities (Player 1's in the race games,
// each seat's balance in the Festungsspiel), the marked decisions as dots;
// a decision clicked in the list and a point clicked in the graph show
// that step. The German review holds no English.
func TestReviewMoveListAndGraph(t *testing.T) {
	games := []session.Config{
		{Variant: "verkehren", Seed: session.SeedOf(9), Seats: []string{"greedy", "net-beginner"}},
		{Variant: "toccateglio", Seed: session.SeedOf(9), Seats: []string{"random", "net-casual"}},
		{Variant: "festung", Players: 3, Seed: session.SeedOf(5), Seats: []string{"random", "random", "random"}},
	}
	for _, c := range games {
		g, record, rep := finished(t, c)
		for _, w := range []struct {
			lang  string
			phone bool
		}{{"en", false}, {"de", true}, {"de", false}, {"en", true}} {
			if c.Variant != "verkehren" && w.lang == "de" != w.phone {
				// the other games in two of the four: each language and
				// each screen once
				continue
			}
			where := map[bool]string{false: "desktop", true: "phone"}[w.phone]
			t.Run(c.Variant+"/"+w.lang+"-"+where, func(t *testing.T) {
				ctx := page(t)
				open(t, ctx, url.Values{"variant": {c.Variant}, "players": {fmt.Sprint(len(c.Seats))}, "seed": {"1"}, "opponent": {"hot-seat"}, "lang": {w.lang}})
				eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
				click(t, ctx, "#load-record")
				waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) && s.Turn == "over" })
				if w.phone {
					asPhone(t, ctx)
				}
				click(t, ctx, "#review-btn")
				for start := time.Now(); eval[int](t, ctx, `document.querySelectorAll('#review-moves li').length`) == 0; time.Sleep(20 * time.Millisecond) {
					if time.Since(start) > 60*time.Second {
						t.Fatal("no move list after 60 s")
					}
				}
				checkReviewList(t, ctx, w.lang, rep)
				checkGraph(t, ctx, rep)
				if c.Variant == "festung" {
					checkFestungLuck(t, ctx, w.lang, rep)
				}
				if w.lang == "de" {
					noEnglish(t, ctx)
				}
				if c.Variant == "verkehren" && w.lang == "en" && w.phone {
					screenshot(t, ctx, "review-phone.png", "")
					screenshot(t, ctx, "review-phone-list.png", "#review-moves-title")
				}
				if c.Variant == "festung" && !w.phone {
					screenshot(t, ctx, "review-festung.png", "")
				}
				showFromListAndGraph(t, ctx, w.lang, w.phone, rep)
				if c.Variant == "verkehren" && w.lang == "en" && !w.phone {
					// a decision chosen in the list, its position on the board
					screenshot(t, ctx, "review-desktop.png", "#review-viewing")
				}
				if w.phone {
					audit(t, ctx, "the review's list on a phone", 11, 40)
				} else {
					onlyMarkedAndKeys(t, ctx, rep)
				}
			})
		}
	}
}

// checkReviewList compares the review's move list with the library's analysis.
func checkReviewList(t *testing.T, ctx context.Context, lang string, rep *session.AnalysisJSON) {
	t.Helper()
	list := eval[[]listEntry](t, ctx, listJS)
	if len(list) != len(rep.Steps) {
		t.Fatalf("the move list has %d entries, the analysis %d steps", len(list), len(rep.Steps))
	}
	cost := map[string]string{"en": "cost ", "de": "Verlust "}[lang]
	marked := map[string]int{}
	for i, e := range list {
		s := rep.Steps[i]
		var want analysis.Mark
		switch {
		case s.Decision != nil:
			want = s.Decision.Mark
		case s.Throw != nil:
			want = s.Throw.Mark
		}
		if e.Index != s.Index || (e.Kind == "decision") != (s.Actor >= 0) || e.Button != (s.Actor >= 0) {
			t.Errorf("entry %d %+v, the library's step %d of seat %d", i, e, s.Index, s.Actor)
		}
		if !strings.HasPrefix(e.Text, strconv.Itoa(s.Index+1)) {
			t.Errorf("entry %d reads %q, without its number %d", i, e.Text, s.Index+1)
		}
		if e.Mark != string(want) {
			t.Errorf("step %d marked %q, the library's mark %q", s.Index+1, e.Mark, want)
		}
		switch {
		case want == "" && e.Shown != "":
			t.Errorf("step %d shows the mark %q, the library has none: %q", s.Index+1, e.Shown, e.Text)
		case want != "" && s.Decision != nil && e.Shown != markWords[lang][want]:
			t.Errorf("step %d shows %q, want %q (the library's %s): %q", s.Index+1, e.Shown, markWords[lang][want], want, e.Text)
		case want != "" && s.Throw != nil:
			// the luck's word, then the luck signed
			rest, ok := strings.CutPrefix(e.Shown, markWords[lang][want]+" ")
			if !ok || !strings.ContainsAny(rest[:1], "+-−") {
				t.Errorf("throw %d shows %q, want %q and its luck (the library's %s, %.3f)", s.Index+1, e.Shown, markWords[lang][want], want, s.Throw.Luck)
			}
		}
		if want != "" {
			marked[e.Kind]++
		}
		if d := s.Decision; d != nil && d.Counted && d.Loss >= 0.0005 && !strings.Contains(e.Text, cost) {
			t.Errorf("decision %d lost %.3f and reads %q, without its cost", s.Index+1, d.Loss, e.Text)
		}
	}
	// a list without a mark of either kind would pass a page that ignores
	// the marks
	if marked["decision"] == 0 || marked["throw"] == 0 {
		t.Errorf("the game's marks: %v; a game with both kinds is wanted", marked)
	}
	t.Logf("%d steps, marked: %v; e.g. %q", len(list), marked, list[len(list)/2].Text)
}

// checkGraph compares the graph's lines with the library's equities: one
// point for the start and each step, left to right, each as high as its
// value (y falls as the value rises, at one scale for all).
func checkGraph(t *testing.T, ctx context.Context, rep *session.AnalysisJSON) {
	t.Helper()
	info := eval[[]string](t, ctx, `(() => { const s = document.querySelector('#review-graph svg'); return s ? [s.getAttribute('viewBox') || '', s.querySelector('title')?.textContent || '', s.getAttribute('aria-label') || ''] : []; })()`)
	if len(info) != 3 || info[0] == "" || info[1] == "" || info[2] == "" {
		t.Fatalf("the graph: viewBox, title, label %q", info)
	}
	lines := eval[[]graphLine](t, ctx, graphJS)
	seats := []int{0}
	if rep.Judge == "exact" {
		seats = nil
		for i := range rep.Before {
			seats = append(seats, i)
		}
	}
	if len(lines) != len(seats) {
		t.Fatalf("the graph draws %d lines, want %d", len(lines), len(seats))
	}
	var ys, vs []float64
	for i, l := range lines {
		if l.Seat != seats[i] || len(l.Points) != len(rep.Steps)+1 {
			t.Fatalf("line %d: seat %d, %d points; want seat %d, %d points", i, l.Seat, len(l.Points), seats[i], len(rep.Steps)+1)
		}
		for k, p := range l.Points {
			if k > 0 && p[0] <= l.Points[k-1][0] {
				t.Errorf("line %d: point %d at x %v, not right of %v", i, k, p[0], l.Points[k-1][0])
			}
			v := rep.Before[l.Seat]
			if k > 0 {
				v = rep.Steps[k-1].Equities[l.Seat]
			}
			ys, vs = append(ys, p[1]), append(vs, v)
		}
	}
	lo, hi := 0, 0
	for k := range vs {
		if vs[k] < vs[lo] {
			lo = k
		}
		if vs[k] > vs[hi] {
			hi = k
		}
	}
	if vs[hi]-vs[lo] < 1e-6 {
		t.Fatalf("the library's values are flat: %v", vs[lo])
	}
	per := (ys[lo] - ys[hi]) / (vs[hi] - vs[lo])
	if per <= 0 {
		t.Fatalf("the highest value (%v) is drawn at y %v, the lowest (%v) at %v", vs[hi], ys[hi], vs[lo], ys[lo])
	}
	bad := 0
	for k := range vs {
		if want := ys[hi] + (vs[hi]-vs[k])*per; math.Abs(ys[k]-want) > 0.05 {
			if bad++; bad <= 3 {
				t.Errorf("point %d drawn at y %.2f, its value %.4f wants %.2f", k, ys[k], vs[k], want)
			}
		}
	}
	// the dots: the marked decisions, in their mark's colour
	dots := eval[[]string](t, ctx, `[...document.querySelectorAll('#review-graph circle.dot')].map((c) => c.dataset.index + ':' + c.dataset.mark + ':' + getComputedStyle(c).fill)`)
	var want []string
	fills := map[string]string{}
	for _, d := range dots {
		f := strings.SplitN(d, ":", 3)
		if prev, ok := fills[f[1]]; ok && prev != f[2] {
			t.Errorf("dots marked %s drawn in %s and %s", f[1], prev, f[2])
		}
		fills[f[1]] = f[2]
	}
	for _, s := range rep.Steps {
		if s.Decision != nil && s.Decision.Mark != "" {
			want = append(want, fmt.Sprintf("%d:%s", s.Index, s.Decision.Mark))
		}
	}
	got := make([]string, len(dots))
	for i, d := range dots {
		got[i] = d[:strings.LastIndex(d, ":")]
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the dots %v, the library's marked decisions %v", got, want)
	}
	if len(fills) > 1 {
		seen := map[string]bool{}
		for _, f := range fills {
			if seen[f] {
				t.Errorf("two marks share a colour: %v", fills)
			}
			seen[f] = true
		}
	}
}

// checkFestungLuck: each seat's luck in markers is said in words, as the
// library sums it.
func checkFestungLuck(t *testing.T, ctx context.Context, lang string, rep *session.AnalysisJSON) {
	t.Helper()
	lines := eval[[]string](t, ctx, `[...document.querySelectorAll('#review-luck li')].map((l) => l.dataset.seat + '|' + l.dataset.luck + '|' + l.textContent)`)
	n := 0
	for _, p := range rep.Players {
		if p.Throws > 0 {
			n++
		}
	}
	if len(lines) != n || n == 0 {
		t.Fatalf("the luck said for %d seats, %d threw: %q", len(lines), n, lines)
	}
	for _, l := range lines {
		f := strings.SplitN(l, "|", 3)
		seat, _ := strconv.Atoi(f[0])
		p := rep.Players[seat]
		luck, _ := strconv.ParseFloat(f[1], 64)
		n := fmt.Sprintf("%.0f", math.Abs(p.Luck))
		unit := map[string][2]string{"en": {"markers", "marker"}, "de": {"Marken", "Marke"}}[lang][map[bool]int{false: 0, true: 1}[n == "1"]]
		words := map[string][2]string{"en": {fmt.Sprintf("his %d throws brought %s %s", p.Throws, n, unit), " than the average throw would have brought in their place."},
			"de": {fmt.Sprintf("seine %d Würfe brachten %s %s", p.Throws, n, unit), ", als der durchschnittliche Wurf an ihrer Stelle gebracht hätte."}}[lang]
		more := map[string][2]string{"en": {"more", "fewer"}, "de": {"mehr", "weniger"}}[lang][0]
		if p.Luck < 0 {
			more = map[string][2]string{"en": {"more", "fewer"}, "de": {"mehr", "weniger"}}[lang][1]
		}
		if math.Abs(luck-p.Luck) > 1e-9 || !strings.Contains(f[2], words[0]+" "+more) || !strings.HasSuffix(f[2], words[1]) {
			t.Errorf("seat %d's luck (%.3f in %d throws) reads %q", seat, p.Luck, p.Throws, f[2])
		}
	}
	t.Logf("%q", lines[0])
}

// noEnglish: the German review's text, its names and the graph's title
// hold no English word.
func noEnglish(t *testing.T, ctx context.Context) {
	t.Helper()
	texts := eval[[]string](t, ctx, `[document.querySelector('#review').innerText,
  ...[...document.querySelectorAll('#review [aria-label], #review [title]')].map((e) => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || '')),
  ...[...document.querySelectorAll('#review svg title')].map((e) => e.textContent)]`)
	for _, s := range texts {
		if m := englishInReview.FindAllString(s, 5); len(m) > 0 {
			t.Errorf("English in the German review: %q in %q", m, s[:min(len(s), 200)])
		}
	}
}

// showFromListAndGraph clicks a dot and a throw's point in the graph, then
// a marked decision in the list: each shows the position before that step,
// marked as shown in the list and in the graph.
func showFromListAndGraph(t *testing.T, ctx context.Context, lang string, phone bool, rep *session.AnalysisJSON) {
	t.Helper()
	var decisions []int
	throw := -1
	for _, s := range rep.Steps {
		if s.Decision != nil && s.Decision.Mark != "" {
			decisions = append(decisions, s.Index)
		}
		if s.Throw != nil && s.Index > len(rep.Steps)/3 && throw < 0 {
			throw = s.Index
		}
	}
	if len(decisions) < 2 || throw < 0 {
		t.Fatalf("marked decisions %v, a throw %d", decisions, throw)
	}
	viewing := map[string]string{"en": "The position before step %d", "de": "Die Stellung vor Schritt %d"}[lang]
	shown := func(n int, how string) {
		t.Helper()
		waitFor(t, ctx, fmt.Sprintf("step %d by %s", n+1, how), func(s snapshot) bool { return s.Length == fmt.Sprint(n) })
		if phone {
			// the board fills the phone's screen; the review is a tap away
			click(t, ctx, "#review-again")
		}
		where := eval[string](t, ctx, `document.querySelector('#review-where').textContent`)
		if !strings.HasPrefix(where, fmt.Sprintf(viewing, n+1)) {
			t.Errorf("after %s the review says %q, want step %d", how, where, n+1)
		}
		var cur []int
		for _, e := range eval[[]listEntry](t, ctx, listJS) {
			if e.Current {
				cur = append(cur, e.Index)
			}
		}
		if len(cur) != 1 || cur[0] != n {
			t.Errorf("after %s the list marks %v as shown, want %d", how, cur, n)
		}
		if x := eval[string](t, ctx, `document.querySelector('#review-graph .cursor').getAttribute('visibility')`); x != "visible" {
			t.Errorf("after %s the graph marks no step", how)
		}
	}
	m := decisions[0]
	click(t, ctx, fmt.Sprintf(`#review-graph circle.dot[data-index="%d"]`, m))
	shown(m, "a dot of the graph")
	// a point of a throw: its step, or on a long game's narrow graph (a
	// step a pixel or so wide) one beside it
	xy := eval[[]float64](t, ctx, pointJS+fmt.Sprintf("(%d)", throw+1))
	clickXY(t, ctx, xy)
	var got int
	waitFor(t, ctx, fmt.Sprintf("step %d by a point of the graph", throw+1), func(s snapshot) bool {
		got, _ = strconv.Atoi(s.Length)
		return got >= throw-1 && got <= throw+1 && got != m
	})
	if got != throw {
		t.Logf("a click on the point of step %d showed step %d", throw+1, got+1)
	}
	shown(got, "a point of the graph")
	// last a decision from the list: the page is left showing it
	n := decisions[len(decisions)/2]
	click(t, ctx, fmt.Sprintf(`#review-moves button[data-index="%d"]`, n))
	shown(n, "the list")
}

// clickXY clicks the screen at xy with the mouse.
func clickXY(t *testing.T, ctx context.Context, xy []float64) {
	t.Helper()
	if len(xy) != 2 {
		t.Fatalf("click at %v", xy)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
}

// onlyMarkedAndKeys: "Only marked steps" leaves the marked steps in the
// list, and all again when cleared; the list is one stop of the Tab key,
// the arrows move between its decisions and Enter shows one.
func onlyMarkedAndKeys(t *testing.T, ctx context.Context, rep *session.AnalysisJSON) {
	t.Helper()
	marked := 0
	for _, s := range rep.Steps {
		if s.Decision != nil && s.Decision.Mark != "" || s.Throw != nil && s.Throw.Mark != "" {
			marked++
		}
	}
	visible := func() int {
		return eval[int](t, ctx, `[...document.querySelectorAll('#review-moves li')].filter((li) => li.getClientRects().length).length`)
	}
	click(t, ctx, "#review-marked")
	if p := eval[string](t, ctx, `document.querySelector('#review-marked').getAttribute('aria-pressed')`); p != "true" {
		t.Errorf("Only marked steps pressed: aria-pressed %q", p)
	}
	if v := visible(); v != marked {
		t.Errorf("only the marked steps: %d in sight, the library marks %d", v, marked)
	}
	click(t, ctx, "#review-marked")
	if v := visible(); v != len(rep.Steps) {
		t.Errorf("every step again: %d in sight of %d", v, len(rep.Steps))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#review-moves button[tabindex="0"]').length`); n != 1 {
		t.Errorf("%d of the list's buttons are in the tab order, want 1", n)
	}
	from := eval[int](t, ctx, `(() => { const b = document.querySelector('#review-moves button[tabindex="0"]'); b.focus(); return Number(b.dataset.index); })()`)
	next := -1
	for _, s := range rep.Steps {
		if s.Index > from && s.Actor >= 0 {
			next = s.Index
			break
		}
	}
	if next < 0 {
		return
	}
	press(t, ctx, kb.ArrowDown)
	if f := eval[string](t, ctx, `document.activeElement.dataset.index || ''`); f != fmt.Sprint(next) {
		t.Errorf("after the arrow down from decision %d the focus is on %q, want %d", from, f, next)
	}
	press(t, ctx, kb.Enter)
	waitFor(t, ctx, fmt.Sprintf("step %d by the keys", next+1), func(s snapshot) bool { return s.Length == fmt.Sprint(next) })
}

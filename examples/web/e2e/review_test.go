package e2e

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/session"
)

// The learned levels are offered by name for the race games, with their
// words, and play in the page as the library plays them: seat 0 clicks
// random moves, the net answers, and every step's position ID agrees with
// the library's.
func TestNetLevelsPlayInThePage(t *testing.T) {
	levels := []string{"net-beginner", "net-casual", "net-intermediate", "net-advanced", "net-expert", "net-strongest"}
	for _, c := range []struct {
		g     game
		label string
	}{
		{game{variant: "toccateglio", preset: "Toccateglispiel", players: 2, seed: 31, opponent: "net-advanced", upTo: 24}, "learned net: advanced"},
		{game{variant: "verkehren", preset: "VK", players: 2, seed: 32, opponent: "net-beginner", upTo: 24}, "learned net: beginner"},
	} {
		t.Run(c.g.variant, func(t *testing.T) {
			ctx := page(t)
			steps, clicks := play(t, ctx, c.g)
			menu := eval[string](t, ctx, `[...document.querySelectorAll('#opponent option')].map((o) => o.value).join(',')`)
			if !strings.HasSuffix(menu, ","+strings.Join(levels, ",")) {
				t.Errorf("%s's opponents: %s", c.g.variant, menu)
			}
			label := eval[string](t, ctx, `document.querySelector('#opponent option[value=`+strconv.Quote(c.g.opponent)+`]').textContent`)
			if label != c.label {
				t.Errorf("the level's label %q, want %q", label, c.label)
			}
			bots := eval[int](t, ctx, `globalThis.brettspielMetrics.botMoves.filter((m) => m.bot === `+strconv.Quote(c.g.opponent)+`).length`)
			if bots < 2 {
				t.Errorf("%s moved %d times in %d steps", c.g.opponent, bots, steps)
			}
			t.Logf("%s against %s: %d steps (%d clicks), %d moves of the net", c.g.variant, c.g.opponent, steps, clicks, bots)
		})
	}
	// the Festungsspiel has no net
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"festung"}, "players": {"3"}, "seed": {"4"}})
	if menu := eval[string](t, ctx, `[...document.querySelectorAll('#opponent option')].map((o) => o.value).join(',')`); strings.Contains(menu, "net-") {
		t.Errorf("the Festungsspiel's opponents: %s", menu)
	}
}

// finished plays a seeded game to its end with the library's bots and
// returns it with its record and the library's analysis at one ply.
func finished(t *testing.T, c session.Config) (*session.Game, string, *session.AnalysisJSON) {
	t.Helper()
	g, err := session.New(c)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if g.Position().ToMove() == brettspiel.Terminal {
			record, err := g.Record()
			if err != nil {
				t.Fatal(err)
			}
			rep, err := g.Analyze(context.Background(), session.AnalyzeOptions{Plies: 1})
			if err != nil {
				t.Fatal(err)
			}
			return g, record, rep
		}
		if _, err := g.Advance(context.Background(), 0); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%+v: no end", c)
	return nil, "", nil
}

// worst returns the indices of the n decisions that lost most, the
// largest loss first, as the review lists them.
func worst(rep *session.AnalysisJSON, n int) []int {
	var ix []int
	losses := map[int]float64{}
	for _, s := range rep.Steps {
		if s.Decision != nil && s.Decision.Loss > 0 {
			ix = append(ix, s.Index)
			losses[s.Index] = s.Decision.Loss
		}
	}
	loss := func(i int) float64 { return losses[i] }
	slices.SortStableFunc(ix, func(a, b int) int {
		if loss(a) != loss(b) {
			if loss(a) > loss(b) {
				return -1
			}
			return 1
		}
		return a - b
	})
	return ix[:min(n, len(ix))]
}

// idAt is the position ID of the game before step n, from its record.
func idAt(t *testing.T, record string, n int) string {
	t.Helper()
	g, err := session.LoadRecord(record, session.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for g.Len() > n {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	return idOf(t, g.Position())
}

// A finished game, loaded from its record, is reviewed: the review lists
// the decisions that lost most (the library's analysis), each seat's
// error rate, luck and rating; a listed decision shows the position where
// it was taken, read-only, and "Back to the game" returns to the end.
func TestReviewOfAFinishedGame(t *testing.T) {
	for _, rc := range []struct {
		c    session.Config
		lang string
	}{
		{session.Config{Variant: "verkehren", Seed: session.SeedOf(9), Seats: []string{"greedy", "net-beginner"}}, "en"},
		{session.Config{Variant: "toccateglio", Seed: session.SeedOf(9), Seats: []string{"random", "net-casual"}}, "de"},
	} {
		c := rc.c
		t.Run(c.Variant, func(t *testing.T) {
			g, record, rep := finished(t, c)
			want := worst(rep, 5)
			if len(want) < 2 {
				t.Fatalf("the game has %d decisions that lost", len(want))
			}
			ctx := page(t)
			reviewed(t, ctx, c.Variant, rc.lang, record, g.Len(), want)
			boardPointsInTheList(t, ctx, rep, want)
			if c.Variant == "verkehren" {
				// the review's screenshots are TestReviewMoveListAndGraph's
				asPhone(t, ctx)
				audit(t, ctx, "the review on a phone", 11, 40)
				boardInSightAfterTap(t, ctx, want[1])
			}
		})
	}
}

// boardPointsInTheList: the listed decisions write the plays in the board's
// points (the analysis's steps), as the legal moves are written, not in
// the mover's own count.
func boardPointsInTheList(t *testing.T, ctx context.Context, rep *session.AnalysisJSON, want []int) {
	t.Helper()
	checked := 0
	for _, n := range want {
		d := rep.Steps[n].Decision
		if d == nil || len(d.PlayedSteps) == 0 {
			continue
		}
		line := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#review-worst button[data-index="%d"]').textContent`, n))
		for _, st := range append(slices.Clone(d.PlayedSteps), d.BestSteps...) {
			if st.From >= 1 && st.From <= 24 && st.To >= 1 && st.To <= 24 {
				if !strings.Contains(line, fmt.Sprintf("%d/%d", st.From, st.To)) {
					t.Errorf("decision %d reads %q, without the step %d/%d of the board", n+1, line, st.From, st.To)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Error("no step between two points was checked")
	}
}

// boardInSightAfterTap: on a phone the review covers the screen below the
// header; a tap on a listed decision shows its position on the whole
// screen, the board in sight without a scroll, and the review is one tap
// away.
func boardInSightAfterTap(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	sel := fmt.Sprintf(`#review-worst button[data-index="%d"]`, n)
	click(t, ctx, sel)
	waitFor(t, ctx, fmt.Sprintf("the position before step %d", n+1), func(s snapshot) bool { return s.Length == fmt.Sprint(n) })
	eval[bool](t, ctx, `(window.scrollTo(0, 0), true)`)
	r := eval[[]float64](t, ctx, `(() => { const b = document.querySelector('#board-wrap').getBoundingClientRect(), v = document.querySelector('#review').getBoundingClientRect(); return [b.top, b.bottom, v.height]; })()`)
	if r[0] < -1 || r[1] > phoneH+1 || r[1]-r[0] < phoneH/2 || r[2] != 0 {
		t.Errorf("after the tap the board stands at %v…%v px, the review %v px high over it", r[0], r[1], r[2])
	}
	click(t, ctx, "#review-again")
	if h := eval[float64](t, ctx, `document.querySelector('#review').getBoundingClientRect().height`); h < phoneH/2 {
		t.Errorf("the review is %v px high after Back to the review", h)
	}
}

// reviewWords are words the review's lines hold: the error rate, the luck,
// the rating, the head of a listed decision, its loss.
var reviewWords = map[string][5]string{
	"en": {"error rate", "luck", "rating: ", "Step %d: Player ", "loses "},
	"de": {"Fehlerrate", "Glück", "Einstufung: ", "Schritt %d: Spieler ", "verliert "},
}

// reviewed loads the record into the page, asks for the review and checks
// it against want, the indices of the worst decisions.
func reviewed(t *testing.T, ctx context.Context, variant, lang, record string, length int, want []int) {
	t.Helper()
	w := reviewWords[lang]
	open(t, ctx, url.Values{"variant": {variant}, "seed": {"1"}, "opponent": {"hot-seat"}, "lang": {lang}})
	eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
	click(t, ctx, "#load-record")
	end := waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(length) && s.Turn == "over" })
	click(t, ctx, "#review-btn")
	listed := func() []int {
		var ix []int
		for _, s := range eval[[]string](t, ctx, `[...document.querySelectorAll('#review-worst button')].map((b) => b.dataset.index)`) {
			n, _ := strconv.Atoi(s)
			ix = append(ix, n)
		}
		return ix
	}
	for start := time.Now(); len(listed()) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("no review after 30 s: %q", eval[string](t, ctx, `document.querySelector('#review').textContent`))
		}
	}
	t.Logf("%s: %d steps analysed in the page in %s ms", variant, length, eval[string](t, ctx, `document.querySelector('#review').dataset.millis`))
	if got := listed(); !slices.Equal(got, want) {
		t.Errorf("the worst decisions listed: %v, the library's %v", got, want)
	}
	lines := eval[[]string](t, ctx, `[...document.querySelectorAll('#review-players li')].map((l) => l.textContent)`)
	if len(lines) != 2 {
		t.Fatalf("player lines: %q", lines)
	}
	for _, l := range lines {
		if !strings.Contains(l, w[0]) || !strings.Contains(l, w[1]) || !strings.Contains(l, w[2]) {
			t.Errorf("player line %q", l)
		}
	}
	first := eval[string](t, ctx, `document.querySelector('#review-worst button').textContent`)
	if !strings.HasPrefix(first, fmt.Sprintf(w[3], want[0]+1)) || !strings.Contains(first, w[4]) {
		t.Errorf("the worst decision reads %q", first)
	}
	// two decisions in turn, the later first: the position before each
	for _, k := range []int{1, 0} {
		n := want[k]
		click(t, ctx, fmt.Sprintf(`#review-worst button[data-index="%d"]`, n))
		s := waitFor(t, ctx, fmt.Sprintf("the position before step %d", n+1), func(s snapshot) bool { return s.Length == fmt.Sprint(n) })
		if wantID := idAt(t, record, n); s.ID != wantID {
			t.Errorf("before step %d: page %s, library %s", n+1, s.ID, wantID)
		}
		shown := eval[[]any](t, ctx, `[document.body.dataset.viewing, document.querySelector('#controls').hidden, document.querySelector('#review-viewing').hidden, document.querySelector('#legal').children.length]`)
		if shown[0] != fmt.Sprint(n) || shown[1] != true || shown[2] != false || shown[3] != float64(0) {
			t.Errorf("before step %d the page shows viewing %v, controls hidden %v, back hidden %v, %v legal moves", n+1, shown[0], shown[1], shown[2], shown[3])
		}
	}
	// read-only: a click on the board changes nothing and says so; the
	// record cannot be saved (it would lack the later steps)
	before := snap(t, ctx)
	click(t, ctx, `[data-point="6"]`)
	if s := snap(t, ctx); s.ID != before.ID || s.Length != before.Length || s.Message == "" {
		t.Errorf("a click changed the earlier position or said nothing: %+v, before %+v", s, before)
	}
	if !eval[bool](t, ctx, `document.querySelector('#save-record').disabled`) {
		t.Error("the record can be saved from an earlier position")
	}
	if w := eval[int](t, ctx, `document.querySelectorAll('#review-worst button[aria-current]').length`); w != 1 {
		t.Errorf("%d decisions marked as shown", w)
	}
	click(t, ctx, "#review-back")
	s := waitFor(t, ctx, "the game again", func(s snapshot) bool { return s.Length == end.Length })
	if s.ID != end.ID || s.Turn != "over" {
		t.Errorf("back to the game: %+v, want %+v", s, end)
	}
	click(t, ctx, fmt.Sprintf(`#review-worst button[data-index="%d"]`, want[0]))
	waitFor(t, ctx, "the worst decision again", func(s snapshot) bool { return s.Length == fmt.Sprint(want[0]) })
}

// The Festungsspiel is judged exactly: each choice of a fortress by the
// markers it can expect (bot/festungbot), so random players' choices that
// were not the best show what they cost, the worst are listed, and no one
// is rated (there is no rating scale for the Festungsspiel).
func TestReviewOfAFestungsspiel(t *testing.T) {
	g, record, _ := finished(t, session.Config{Variant: "festung", Players: 3, Seed: session.SeedOf(5), Seats: []string{"random", "random", "random"}})
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"festung"}, "players": {"3"}, "seed": {"1"}, "opponent": {"hot-seat"}})
	eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
	click(t, ctx, "#load-record")
	waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) && s.Turn == "over" })
	click(t, ctx, "#review-btn")
	for start := time.Now(); eval[bool](t, ctx, `document.querySelector('#review-out').hidden`); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("no review after 30 s")
		}
	}
	shown := eval[[]any](t, ctx, `[document.querySelector('#review-none').hidden, document.querySelectorAll('#review-worst button').length]`)
	if shown[0] != true || shown[1] == float64(0) {
		t.Errorf("the Festungsspiel's review: no-loss line hidden %v, %v decisions listed", shown[0], shown[1])
	}
	lines := eval[[]string](t, ctx, `[...document.querySelectorAll('#review-players li')].map((l) => l.textContent)`)
	if len(lines) != 3 {
		t.Fatalf("player lines: %q", lines)
	}
	lost := false
	for _, l := range lines {
		if !strings.Contains(l, "error rate") || strings.Contains(l, "rating") {
			t.Errorf("player line %q", l)
		}
		lost = lost || !strings.Contains(l, "(lost 0.000)")
	}
	if !lost {
		t.Errorf("no random player's choice cost anything: %q", lines)
	}
	t.Logf("%d steps analysed in the page in %s ms; %q", g.Len(), eval[string](t, ctx, `document.querySelector('#review').dataset.millis`), lines[0])
}

// The review is used by the keyboard alone: Tab to "Review the game",
// Enter; the focus lands on the worst decision, Enter shows its position;
// Tab on to "Back to the game", Enter returns and gives the focus back to the
// review's button.
func TestReviewByKeyboard(t *testing.T) {
	g, record, rep := finished(t, session.Config{Variant: "toccateglio", Seed: session.SeedOf(9), Seats: []string{"random", "net-casual"}})
	first := worst(rep, 1)[0]
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"1"}, "opponent": {"hot-seat"}})
	eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
	click(t, ctx, "#load-record")
	end := waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) && s.Turn == "over" })
	eval[bool](t, ctx, `(document.activeElement.blur(), window.scrollTo(0, 0), true)`)
	keys := focusBy(t, ctx, is("#review-btn"), kb.Tab, 80)
	press(t, ctx, kb.Enter)
	focused := func() string {
		return eval[string](t, ctx, `document.activeElement.dataset.index || document.activeElement.id || ''`)
	}
	for start := time.Now(); focused() != fmt.Sprint(first); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatalf("the focus is on %q after the review, want decision %d", focused(), first)
		}
	}
	press(t, ctx, kb.Enter)
	s := waitFor(t, ctx, "the worst decision's position", func(s snapshot) bool { return s.Length == fmt.Sprint(first) })
	if want := idAt(t, record, first); s.ID != want {
		t.Errorf("before step %d: page %s, library %s", first+1, s.ID, want)
	}
	keys += 2 + focusBy(t, ctx, is("#review-back"), kb.Tab, 120)
	press(t, ctx, kb.Enter)
	s = waitFor(t, ctx, "the game again", func(s snapshot) bool { return s.Length == end.Length })
	if s.ID != end.ID {
		t.Errorf("back to the game: %s, want %s", s.ID, end.ID)
	}
	if f := focused(); f != "review-btn" {
		t.Errorf("after Back to the game the focus is on %q", f)
	}
	t.Logf("%d keys", keys+1)
}

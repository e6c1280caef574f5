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

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/session"
)

// The tutor in the page, mild: after the worst play of a seeded position
// (one that loses more than the mild amount by the library's analysis, the
// learned net a ply deep) it says the cost in points, with the language's
// decimal sign, and the better play, lights that play's points on the
// board, and takes the play back to the same position ID; the best play of
// the same position draws no word. On a phone, the word and its buttons
// stay on the one screen with the board.
func TestTutorFlagsABadPlayAndTakesItBack(t *testing.T) {
	for _, c := range []struct{ lang, unit, comma string }{{"en", "points", "."}, {"de", "Punkte", ","}} {
		t.Run(c.lang, func(t *testing.T) { tutorFlags(t, c.lang, c.unit, c.comma) })
	}
}

func tutorFlags(t *testing.T, lang, unit, comma string) {
	ctx := page(t)
	asPhone(t, ctx)
	// Verkehren's mild amount, in points: the library's, which the page
	// reads from the analysis's answer
	sc, _ := analysis.ScaleOf("verkehren")
	mild := sc.Mild
	const seed = 1
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {strconv.Itoa(seed)}, "opponent": {"hot-seat"}, "tutor": {"mild"}, "lang": {lang}})
	// the openings lose little whatever is played: on to the first
	// decision where a play loses more than the mild amount, playing the
	// best of each before
	for i := 0; i < 40; i++ {
		s := toPlay(t, ctx)
		best, worst, cost := worstPlay(t, s.ID)
		if cost <= mild {
			choose(t, ctx, best)
			waitFor(t, ctx, "the best play", func(x snapshot) bool { return x.Length != s.Length })
			if eval[bool](t, ctx, `!document.querySelector('#tutor-box').hidden`) {
				t.Fatalf("the tutor speaks after the best play %s of %s", best, s.ID)
			}
			continue
		}
		t.Logf("%s: %s loses %.3f points against %s", s.ID, worst, cost, best)
		betterText := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#legal button[data-move=%q]').textContent`, best))

		// the best play: no word from the tutor
		choose(t, ctx, best)
		waitFor(t, ctx, "the best play", func(x snapshot) bool { return x.Length != s.Length })
		if eval[bool](t, ctx, `!document.querySelector('#tutor-box').hidden`) {
			t.Fatalf("the tutor speaks after the best play %s", best)
		}
		click(t, ctx, "#undo")
		waitFor(t, ctx, "the undo", func(x snapshot) bool { return x.ID == s.ID })

		// the worst play: the tutor says its cost and the better play
		choose(t, ctx, worst)
		after := waitFor(t, ctx, "the bad play", func(x snapshot) bool { return x.Length != s.Length })
		say := eval[string](t, ctx, `(() => { const b = document.querySelector('#tutor-box'); return b.hidden ? '' : b.textContent; })()`)
		want := strings.Replace(strconv.FormatFloat(cost, 'f', 2, 64), ".", comma, 1) + " " + unit
		if !strings.Contains(say, want) || !strings.Contains(say, betterText) {
			t.Fatalf("after %s the tutor says %q, want the cost %s and the better play %s", worst, say, want, betterText)
		}
		lit := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .better')].map((e) => e.dataset.point)`)
		if len(lit) == 0 {
			t.Fatalf("the better play %s is not lit on the board", betterText)
		}
		for _, p := range lit {
			if p != "0" && p != "25" && !strings.Contains(" "+strings.NewReplacer("/", " ", "*", " ").Replace(betterText)+" ", " "+p+" ") {
				t.Errorf("point %s lit, not one of the better play %s", p, betterText)
			}
		}
		if after.Busy != "0" {
			t.Errorf("the page goes on while the tutor speaks: %+v", after)
		}
		oneScreen(t, ctx, "the tutor's word")
		for _, f := range eval[[]string](t, ctx, `(() => [...document.querySelectorAll('#tutor-box, #tutor-box button')].filter((e) => { const r = e.getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight || r.right > document.documentElement.clientWidth; }).map((e) => e.id || e.tagName))()`) {
			t.Errorf("%s of the tutor out of the screen", f)
		}
		screenshot(t, ctx, "tutor-phone-"+lang+".png", "")
		click(t, ctx, "#tutor-takeback")
		back := waitFor(t, ctx, "the take-back", func(x snapshot) bool { return x.Length == s.Length })
		if back.ID != s.ID || back.Turn != "player" {
			t.Fatalf("taken back to %s (%s), want %s", back.ID, back.Turn, s.ID)
		}
		if eval[bool](t, ctx, `!document.querySelector('#tutor-box').hidden || document.querySelectorAll('#board .better').length > 0`) {
			t.Errorf("the tutor's word or lights stay after the take-back")
		}
		return
	}
	t.Fatal("no play of 40 decisions the mild tutor flags")
}

// choose plays a legal move by its button in the list, as a click would,
// without scrolling the folded list into view.
func choose(t *testing.T, ctx context.Context, notation string) {
	t.Helper()
	if !eval[bool](t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector('#legal button[data-move=%q]'); if (b) b.click(); return !!b; })()`, notation)) {
		t.Fatalf("%s is not in the list of legal moves", notation)
	}
}

// worstPlay plays every legal move of a position by the library and
// returns the best play, the play that loses most, and its loss, as
// package analysis judges them.
func worstPlay(t *testing.T, id string) (best, worst string, loss float64) {
	t.Helper()
	g, err := session.LoadID(id, session.Config{})
	if err != nil {
		t.Fatal(err)
	}
	pos := g.Position()
	for _, m := range pos.LegalMoves() {
		n := pos.MoveString(m)
		if n == "concede" {
			continue // no play to judge
		}
		h, err := session.LoadID(id, session.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Apply(n); err != nil {
			t.Fatal(err)
		}
		rep, err := h.Analyze(context.Background(), session.AnalyzeOptions{Count: 1})
		if err != nil {
			t.Fatal(err)
		}
		d := rep.Steps[0].Decision
		if d == nil {
			t.Fatalf("%s: no decision judged", n)
		}
		best = d.BestNotation
		if d.Loss > loss {
			worst, loss = n, d.Loss
		}
	}
	return best, worst, loss
}

// The review draws, at a decision it shows, the play made and the best play
// on the board: the points of each (the analysis's steps, in the board's
// points) lit in their own colour, and says so.
func TestReviewDrawsThePlayMadeAndTheBest(t *testing.T) {
	g, record, rep := finished(t, session.Config{Variant: "verkehren", Seed: session.SeedOf(9), Seats: []string{"greedy", "net-beginner"}})
	want := worst(rep, 5)
	if len(want) < 2 {
		t.Fatalf("the game has %d decisions that lost", len(want))
	}
	ctx := page(t)
	reviewed(t, ctx, "verkehren", "en", record, g.Len(), want) // ends at the worst decision
	var d *analysis.Decision
	for i := range rep.Steps {
		if rep.Steps[i].Index == want[0] {
			d = rep.Steps[i].Decision
		}
	}
	if d == nil || len(d.PlayedSteps) == 0 || len(d.BestSteps) == 0 {
		t.Fatalf("step %d: no play judged: %+v", want[0], d)
	}
	points := func(steps []brettspiel.Step) []string {
		var out []string
		for _, s := range steps {
			for _, p := range []int{s.From, s.To} {
				if !slices.Contains(out, strconv.Itoa(p)) {
					out = append(out, strconv.Itoa(p))
				}
			}
		}
		slices.Sort(out)
		return out
	}
	lit := func(class string) []string {
		got := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .`+class+`')].map((e) => e.dataset.point)`)
		slices.Sort(got)
		return got
	}
	if got, w := lit("played"), points(d.PlayedSteps); !slices.Equal(got, w) {
		t.Errorf("step %d: the play made lights %v, want %v", want[0]+1, got, w)
	}
	if got, w := lit("better"), points(d.BestSteps); !slices.Equal(got, w) {
		t.Errorf("step %d: the best play lights %v, want %v", want[0]+1, got, w)
	}
	if say := eval[string](t, ctx, `document.querySelector('#review-where').textContent`); !strings.Contains(say, "dashed red") {
		t.Errorf("the review does not say what the board shows: %q", say)
	}
	// the board kept in view beside the review, unscrolled
	if out := eval[string](t, ctx, `(() => { window.scrollTo(0, 0); const r = document.querySelector('#board').getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > document.documentElement.clientWidth ? [r.left, r.top, r.right, r.bottom].join(',') : ''; })()`); out != "" {
		t.Errorf("the board at %s, outside the window, at a reviewed decision", out)
	}
	// on a phone the review steps aside for the position, its lights seen
	asPhone(t, ctx)
	eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector('#review-worst button[data-index="%d"]').click(), true)`, want[1]))
	waitFor(t, ctx, "the second decision", func(s snapshot) bool { return s.Length == strconv.Itoa(want[1]) })
	if n := eval[int](t, ctx, `(() => { window.scrollTo(0, 0); return [...document.querySelectorAll('#board .played, #board .better')].filter((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight && !e.closest('[hidden]'); }).length; })()`); n == 0 {
		t.Error("on a phone no lit point of the reviewed decision is in sight")
	}
	screenshot(t, ctx, "review-board-phone.png", "")
	click(t, ctx, "#review-again")
	click(t, ctx, "#review-back")
	waitFor(t, ctx, "the game again", func(s snapshot) bool { return s.Length == strconv.Itoa(g.Len()) })
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .played, #board .better').length`); n != 0 {
		t.Errorf("%d points stay lit after the review", n)
	}
}

// The tutor at the Festungsspiel, strict: a choice that loses more than a
// quarter of a marker by the exact values is flagged in markers, the better
// field lit on the plan, and taken back to the same position ID.
func TestTutorFlagsAFestungChoice(t *testing.T) {
	ctx := page(t)
	sc, _ := analysis.ScaleOf("festung") // its strict amount, in markers
	strict := sc.Strict
	open(t, ctx, url.Values{"variant": {"festung"}, "seed": {"3"}, "opponent": {"hot-seat"}, "tutor": {"strict"}, "autothrow": {"1"}})
	for i := 0; i < 60; i++ {
		s := toPlay(t, ctx)
		if s.Turn == "over" {
			break
		}
		best, worst, cost := worstPlay(t, s.ID)
		if cost <= strict {
			choose(t, ctx, best)
			waitFor(t, ctx, "the best choice", func(x snapshot) bool { return x.Length != s.Length })
			continue
		}
		t.Logf("%s: %s loses %.3f markers against %s", s.ID, worst, cost, best)
		betterText := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#legal button[data-move=%q]').textContent`, best))
		choose(t, ctx, worst)
		waitFor(t, ctx, "the bad choice", func(x snapshot) bool { return x.Length != s.Length })
		say := eval[string](t, ctx, `(() => { const b = document.querySelector('#tutor-box'); return b.hidden ? '' : b.textContent; })()`)
		want := strconv.FormatFloat(cost, 'f', 2, 64) + " markers"
		if !strings.Contains(say, want) || !strings.Contains(say, betterText) {
			t.Fatalf("after %s the tutor says %q, want %s and the better field %s", worst, say, want, betterText)
		}
		if lit := eval[[]string](t, ctx, `[...document.querySelectorAll('#board .field.better')].map((e) => e.dataset.field)`); len(lit) != 1 || lit[0] != betterText {
			t.Errorf("the plan lights %q, want the field %s", lit, betterText)
		}
		click(t, ctx, "#tutor-takeback")
		back := waitFor(t, ctx, "the take-back", func(x snapshot) bool { return x.Length == s.Length })
		if back.ID != s.ID {
			t.Fatalf("taken back to %s, want %s", back.ID, s.ID)
		}
		return
	}
	t.Fatal("no choice the strict tutor flags")
}

// Against a bot the tutor's word holds the game: the bot waits until
// "Play on", then plays.
func TestTutorHoldsTheBotUntilPlayOn(t *testing.T) {
	ctx := page(t)
	open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"4"}, "opponent": {"random"}, "tutor": {"strict"}, "autothrow": {"1"}})
	for i := 0; i < 40; i++ {
		s := waitFor(t, ctx, "player 1 to move", func(x snapshot) bool { return x.Busy == "0" && x.Turn == "player" && x.Player == "0" })
		_, worst, cost := worstPlay(t, s.ID)
		choose(t, ctx, worst)
		after := waitFor(t, ctx, "the play", func(x snapshot) bool { return x.Length != s.Length })
		if sc, _ := analysis.ScaleOf("verkehren"); cost <= sc.Strict || worst == "" {
			continue
		}
		time.Sleep(100 * time.Millisecond)
		held := snap(t, ctx)
		if held.Length != after.Length || held.Busy != "0" || eval[bool](t, ctx, `document.querySelector('#tutor-box').hidden`) {
			t.Fatalf("the game went on while the tutor spoke: %+v, after the play %+v", held, after)
		}
		click(t, ctx, "#tutor-go-on")
		waitFor(t, ctx, "the bot after Play on", func(x snapshot) bool { return x.Length != held.Length })
		return
	}
	t.Fatal("no play the strict tutor flags")
}

// The tutor's reason after a missed hit: in a position of a seeded
// Verkehren game (seat 1 to play 4 and 6) the play 9/14 14/20 hits nothing
// where the better play hits on 24; the tutor, mild, says the cost and
// why — the hit missed first, then the blot left in reach — as the
// library's analysis says it in the page's language, on a desktop and on
// a phone, where the word stays on the one screen with the board.
func TestTutorSaysWhyAfterAMissedHit(t *testing.T) {
	const id, played = "verkehren:1:AAAAAAAAAwEGBQAMBQD-n4SRgAj-v5ASkJI", "9/14 14/20"
	for _, c := range []struct{ lang, hit string }{
		{"en", "The better play hits on 24; yours hits nothing."},
		{"de", "Der bessere Zug schlägt auf 24; deiner schlägt nichts."},
	} {
		// what the library says: the session's analysis of the play
		g, err := session.LoadID(id, session.Config{Lang: c.lang})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(played); err != nil {
			t.Fatal(err)
		}
		rep, err := g.Analyze(context.Background(), session.AnalyzeOptions{Count: 1})
		if err != nil {
			t.Fatal(err)
		}
		why := rep.Steps[0].Decision.Why
		if !strings.HasPrefix(why, c.hit) {
			t.Fatalf("%s: the library says %q, want the hit first", c.lang, why)
		}
		for _, phone := range []bool{false, true} {
			name := c.lang + "-desktop"
			if phone {
				name = c.lang + "-phone"
			}
			t.Run(name, func(t *testing.T) {
				ctx := page(t)
				if phone {
					asPhone(t, ctx)
				}
				s := open(t, ctx, url.Values{"id": {id}, "opponent": {"hot-seat"}, "tutor": {"mild"}, "lang": {c.lang}})
				if s.ID != id || s.Turn != "player" {
					t.Fatalf("the link to %s shows %+v", id, s)
				}
				choose(t, ctx, played)
				waitFor(t, ctx, "the play", func(x snapshot) bool { return x.Length != s.Length })
				say := eval[string](t, ctx, `(() => { const b = document.querySelector('#tutor-box'); return b.hidden ? '' : document.querySelector('#tutor-text').textContent; })()`)
				if !strings.HasSuffix(say, " "+why) {
					t.Fatalf("the tutor says %q, want it to end with why: %q", say, why)
				}
				if phone {
					oneScreen(t, ctx, "the tutor's reason")
				}
				screenshot(t, ctx, "tutor-why-"+name+".png", "")
			})
		}
	}
}

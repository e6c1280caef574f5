package e2e

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/session"
)

// wraps reports whether a play's steps pass from the board's point 24 on
// to its points 1…12, as Verkehren's second player moves: "24/5".
func wraps(steps []brettspiel.Step) bool {
	return slices.ContainsFunc(steps, func(s brettspiel.Step) bool { return s.From >= 13 && s.From <= 24 && s.To >= 1 && s.To < s.From-12 })
}

// In Verkehren the second player's stones go on from the board's point 24
// to its point 1: the review names such a play in the board's points
// ("24/5") and, as the legal moves and the events do, in the mover's own
// count beside it, in English and German.
func TestReviewNamesWrappedPointsInTheOwnCount(t *testing.T) {
	var record string
	var length, n int
	var rep *session.AnalysisJSON
	for seed := uint64(1); seed <= 40 && record == ""; seed++ {
		g, rec, r := finished(t, session.Config{Variant: "verkehren", Seed: session.SeedOf(seed), Seats: []string{"random", "random"}})
		for _, i := range worst(r, 5) {
			if d := r.Steps[i].Decision; r.Steps[i].Actor == 1 && (wraps(d.PlayedSteps) || wraps(d.BestSteps)) {
				record, length, n, rep = rec, g.Len(), i, r
				break
			}
		}
	}
	if record == "" {
		t.Fatal("no game of 40 whose worst decisions hold a wrapped play")
	}
	st := rep.Steps[n]
	ctx := page(t)
	for _, lang := range []string{"en", "de"} {
		own := map[string]string{"en": "own count", "de": "eigene Zählung"}[lang]
		open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"1"}, "opponent": {"hot-seat"}, "lang": {lang}})
		eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
		click(t, ctx, "#load-record")
		waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(length) && s.Turn == "over" })
		click(t, ctx, "#review-btn")
		sel := fmt.Sprintf(`#review-worst button[data-index="%d"]`, n)
		for start := time.Now(); !eval[bool](t, ctx, `!!document.querySelector('`+sel+`')`); time.Sleep(20 * time.Millisecond) {
			if time.Since(start) > 30*time.Second {
				t.Fatalf("%s: decision %d not listed after 30 s", lang, n+1)
			}
		}
		line := eval[string](t, ctx, `document.querySelector('`+sel+`').textContent`)
		for _, p := range []struct {
			steps []brettspiel.Step
			own   string
		}{{st.Decision.PlayedSteps, st.Notation}, {st.Decision.BestSteps, st.Decision.BestNotation}} {
			for _, s := range p.steps {
				if s.From >= 1 && s.From <= 24 && s.To >= 1 && s.To <= 24 && !strings.Contains(line, fmt.Sprintf("%d/%d", s.From, s.To)) {
					t.Errorf("%s: decision %d reads %q, without the board's step %d/%d", lang, n+1, line, s.From, s.To)
				}
			}
			if wraps(p.steps) && !strings.Contains(line, "("+own+" "+p.own+")") {
				t.Errorf("%s: decision %d reads %q, without the wrapped play in the own count (%s %s)", lang, n+1, line, own, p.own)
			}
		}
		t.Logf("%s: %s", lang, line)
		click(t, ctx, "#review-close")
	}
}

package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// A decision of the review, shown, says why the better play is better as
// the tutor does (the library's "why", in the page's language), and a
// decision that lost nothing says nothing.
func TestReviewSaysWhy(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			g, record, _ := finished(t, session.Config{Variant: "verkehren", Seed: session.SeedOf(9), Seats: []string{"greedy", "net-beginner"}})
			rep, err := g.Analyze(context.Background(), session.AnalyzeOptions{Lang: lang})
			if err != nil {
				t.Fatal(err)
			}
			said, quiet := -1, -1
			for _, s := range rep.Steps {
				d := s.Decision
				switch {
				case d == nil:
				case said < 0 && d.Loss > 0 && d.Why != "":
					said = s.Index
				case quiet < 0 && d.Counted && d.Loss == 0:
					quiet = s.Index
				}
			}
			if said < 0 || quiet < 0 {
				t.Fatalf("no decision with a reason (%d) or without a loss (%d)", said, quiet)
			}
			ctx := page(t)
			open(t, ctx, url.Values{"variant": {"verkehren"}, "seed": {"1"}, "opponent": {"hot-seat"}, "lang": {lang}})
			eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
			click(t, ctx, "#load-record")
			waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) && s.Turn == "over" })
			click(t, ctx, "#review-btn")
			sel := func(n int) string { return fmt.Sprintf(`#review-moves button[data-index="%d"]`, n) }
			for start := time.Now(); !eval[bool](t, ctx, `!!document.querySelector('`+sel(said)+`')`); time.Sleep(20 * time.Millisecond) {
				if time.Since(start) > 30*time.Second {
					t.Fatal("no move list after 30 s")
				}
			}
			want := ""
			for _, s := range rep.Steps {
				if s.Index == said {
					want = s.Decision.Why
				}
			}
			click(t, ctx, sel(said))
			waitFor(t, ctx, "the decision with a reason", func(s snapshot) bool { return s.Length == fmt.Sprint(said) })
			got := eval[[]any](t, ctx, `[document.querySelector('#review-why').hidden, document.querySelector('#review-why').textContent]`)
			if got[0] != false || got[1] != want {
				t.Errorf("step %d: why hidden %v, %q; the library's %q", said+1, got[0], got[1], want)
			}
			click(t, ctx, sel(quiet))
			waitFor(t, ctx, "the decision without a loss", func(s snapshot) bool { return s.Length == fmt.Sprint(quiet) })
			if !eval[bool](t, ctx, `document.querySelector('#review-why').hidden`) {
				t.Errorf("step %d lost nothing, and the review says why: %q", quiet+1, eval[string](t, ctx, `document.querySelector('#review-why').textContent`))
			}
		})
	}
}

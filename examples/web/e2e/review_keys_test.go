package e2e

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/brettspiel/brettspiel/session"
)

// reviewOpen loads a finished game into the page in lang, on a phone when
// phone, opens its review and waits for the list of the worst decisions;
// it returns the listed decisions' indices.
func reviewOpen(t *testing.T, ctx context.Context, lang string, phone bool) []int {
	t.Helper()
	g, record, rep := finished(t, session.Config{Variant: "toccateglio", Seed: session.SeedOf(9), Seats: []string{"random", "net-casual"}})
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "seed": {"1"}, "opponent": {"hot-seat"}, "lang": {lang}})
	eval[bool](t, ctx, `(document.querySelector('#record-text').value = `+strconv.Quote(record)+`, true)`)
	click(t, ctx, "#load-record")
	waitFor(t, ctx, "the loaded game", func(s snapshot) bool { return s.Length == fmt.Sprint(g.Len()) && s.Turn == "over" })
	if phone {
		// the records are folded away on a phone: loaded first
		asPhone(t, ctx)
	}
	click(t, ctx, "#review-btn")
	for start := time.Now(); eval[bool](t, ctx, `!document.querySelector('#review-worst button')`); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("no review after 30 s")
		}
	}
	return worst(rep, 5)
}

// promptButtonsJS checks that the prompt names the button that leaves an
// earlier position when that button is in sight, and names none that is
// not: it returns what is wrong, "" when nothing.
const promptButtonsJS = `(() => {
  const p = document.querySelector('#prompt').textContent, out = [];
  for (const b of document.querySelectorAll('#review-back, #review-again')) {
    const seen = !b.closest('[hidden]') && b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden';
    const named = p.includes(b.textContent);
    if (seen && !named) out.push('the prompt ' + JSON.stringify(p) + ' does not name ' + JSON.stringify(b.textContent) + ', which is in sight');
    if (!seen && named) out.push('the prompt ' + JSON.stringify(p) + ' names ' + JSON.stringify(b.textContent) + ', which is not in sight');
  }
  return out.join('; ');
})()`

// An earlier position shown by the review: the prompt names the button in
// sight that leaves it — "Back to the game" beside the review on a
// desktop; on a phone, where the position is shown without the review,
// "Back to the review", and "Back to the game" once the review is back —
// in English and German.
func TestReviewPromptNamesTheButtonInSight(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		for _, phone := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/phone=%v", lang, phone), func(t *testing.T) {
				ctx := page(t)
				want := reviewOpen(t, ctx, lang, phone)
				n := want[0]
				click(t, ctx, fmt.Sprintf(`#review-worst button[data-index="%d"]`, n))
				waitFor(t, ctx, "the earlier position", func(s snapshot) bool { return s.Length == fmt.Sprint(n) })
				if bad := eval[string](t, ctx, promptButtonsJS); bad != "" {
					t.Errorf("at the earlier position: %s", bad)
				}
				if phone {
					click(t, ctx, "#review-again")
					if bad := eval[string](t, ctx, promptButtonsJS); bad != "" {
						t.Errorf("with the review back: %s", bad)
					}
				}
			})
		}
	}
}

// Escape closes the review, as it closes the chooser and the rules: with
// the focus in the review's list, and with an earlier position shown, to
// which the game returns from.
func TestEscapeClosesTheReview(t *testing.T) {
	ctx := page(t)
	want := reviewOpen(t, ctx, "en", false)
	end := snap(t, ctx)
	isOpen := func() bool { return eval[bool](t, ctx, `document.querySelector('#review').open`) }
	// the focus is on the first listed decision
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if isOpen() {
		t.Fatal("Escape left the review open (the focus in its list)")
	}
	click(t, ctx, "#review-btn")
	for start := time.Now(); eval[bool](t, ctx, `!document.querySelector('#review-worst button')`); time.Sleep(20 * time.Millisecond) {
		if time.Since(start) > 30*time.Second {
			t.Fatal("no review after 30 s")
		}
	}
	click(t, ctx, fmt.Sprintf(`#review-worst button[data-index="%d"]`, want[0]))
	waitFor(t, ctx, "the earlier position", func(s snapshot) bool { return s.Length == fmt.Sprint(want[0]) })
	eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if isOpen() {
		t.Fatal("Escape left the review open (an earlier position shown)")
	}
	if s := waitFor(t, ctx, "the game again", func(s snapshot) bool { return s.Length == end.Length }); s.ID != end.ID {
		t.Errorf("after Escape the page shows %s, the game's end is %s", s.ID, end.ID)
	}
	if f := eval[string](t, ctx, `document.activeElement.id`); f != "review-btn" {
		t.Errorf("after Escape the focus is on %q, want the review's button", f)
	}
}

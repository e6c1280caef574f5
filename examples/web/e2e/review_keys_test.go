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

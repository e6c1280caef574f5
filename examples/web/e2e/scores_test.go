package e2e

import (
	"fmt"
	"net/url"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"
)

// scoresCutJS says how much of the score table lies outside its column or
// the window, or is hidden behind a scroll: "" when the table is whole.
const scoresCutJS = `(() => {
  const t = document.querySelector('#scores'), side = t.closest('aside');
  t.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = t.getBoundingClientRect(), a = side.getBoundingClientRect();
  const vw = document.documentElement.clientWidth, out = [];
  if (r.left < a.left - 1 || r.right > a.right + 1) out.push('the table spans ' + Math.round(r.left) + '–' + Math.round(r.right) + ', its column ' + Math.round(a.left) + '–' + Math.round(a.right));
  if (r.right > vw + 1) out.push('the table ends at ' + Math.round(r.right) + ' in a window of ' + vw);
  if (t.scrollWidth > t.clientWidth + 1) out.push('the table scrolls: ' + t.scrollWidth + ' px in ' + t.clientWidth);
  for (const c of t.querySelectorAll('th, td')) {
    const b = c.getBoundingClientRect();
    if (b.right > Math.min(r.right, a.right) + 1) out.push(JSON.stringify(c.textContent) + ' cut at ' + Math.round(b.right));
  }
  return out.join('; ');
})()`

// The score table is whole — every head and every number inside its
// column and the window, without a scroll — in English and German, on a
// desktop, on a phone upright (two widths) and turned (two widths), for
// every game; each seat's row still shows its number.
func TestScoreTableWhole(t *testing.T) {
	for _, size := range []struct {
		name   string
		w, h   int64
		mobile bool
	}{{"landscape", 844, 390, true}, {"small-landscape", 667, 375, true}, {"phone", phoneW, phoneH, true}, {"small-phone", 360, 740, true}, {"desktop", 1280, 800, false}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := page(t)
			opts := []chromedp.EmulateViewportOption{}
			if size.mobile {
				opts = append(opts, chromedp.EmulateMobile)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h, opts...)); err != nil {
				t.Fatal(err)
			}
			for _, lang := range []string{"en", "de"} {
				for _, g := range games {
					open(t, ctx, url.Values{"variant": {g.variant}, "preset": {g.preset}, "players": {fmt.Sprint(g.players)}, "seed": {fmt.Sprint(g.seed)}, "opponent": {"greedy"}, "autothrow": {"1"}, "lang": {lang}})
					waitFor(t, ctx, "the first play", func(s snapshot) bool { return s.Busy == "0" && s.Turn == "player" })
					where := fmt.Sprintf("%s %s %d×%d", lang, g.variant, size.w, size.h)
					if cut := eval[string](t, ctx, scoresCutJS); cut != "" {
						t.Errorf("%s: %s", where, cut)
					}
					names := eval[[]string](t, ctx, `[...document.querySelectorAll('#scores tr[data-seat] td:first-child')].map((c) => c.innerText)`)
					for i, n := range names {
						if want := fmt.Sprint(i + 1); !regexp.MustCompile(`\b` + want + `\b`).MatchString(n) {
							t.Errorf("%s: row %d names its seat %q", where, i, n)
						}
					}
				}
			}
		})
	}
}

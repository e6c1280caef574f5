package e2e

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// hintLines are the hint list's lines after a click on Hint.
const hintLinesJS = `(document.querySelector('#hint').click(), [...document.querySelectorAll('#hints li')].map((li) => li.textContent))`

// A hint line says what a play scores at once only when it scores: a play
// that scores nothing reads "play — expected value unit", in English and
// German, not "nothing scored at once" on every line; a play that scores
// (a Toccateglio play is looked for until one does) still says what and
// by which rule.
func TestHintLinesSayOnlyWhatScores(t *testing.T) {
	ctx := page(t)
	for _, c := range []struct {
		lang, expected, nothing string
		scores                  *regexp.Regexp
	}{
		// one hit, two hits
		{"en", "expected", "nothing scored", regexp.MustCompile(` — [+−](1 (mark|hit)|([2-9]|\d\d+) (marks|hits)) \([A-Z]+-[A-Z0-9]+\); expected `)},
		{"de", "erwartet", "nichts gewonnen", regexp.MustCompile(` — [+−](1 (Marke|Schlag)|([2-9]|\d\d+) (Marken|Schläge)) \([A-Z]+-[A-Z0-9]+\); erwartet `)},
	} {
		plain := regexp.MustCompile(`^\S.* — ` + c.expected + ` [-+−]?\d+[.,]\d\d \S+$`)
		for _, variant := range []string{"verkehren", "toccateglio"} {
			open(t, ctx, url.Values{"variant": {variant}, "seed": {"7"}, "opponent": {"greedy"}, "autothrow": {"1"}, "lang": {c.lang}})
			s := waitFor(t, ctx, "the first play", func(s snapshot) bool { return s.Busy == "0" && s.Turn == "player" })
			scored := false
			for i := 0; i < 60 && s.Turn != "over"; i++ {
				for _, l := range eval[[]string](t, ctx, hintLinesJS) {
					switch {
					case strings.Contains(l, c.nothing):
						t.Fatalf("%s %s: the hint line %q", c.lang, variant, l)
					case c.scores.MatchString(l):
						scored = true
					case !plain.MatchString(l):
						t.Errorf("%s %s: the hint line %q", c.lang, variant, l)
					}
				}
				if variant == "verkehren" && i == 3 || scored {
					break
				}
				n := s.Length
				eval[bool](t, ctx, stepJS)
				s = waitFor(t, ctx, "a step", func(x snapshot) bool { return x.Busy == "0" && x.Turn != "chance" && x.Length != n })
			}
			if variant == "toccateglio" && !scored {
				t.Errorf("%s: no hint in 60 steps of Toccateglio said what a play scores", c.lang)
			}
		}
	}
}

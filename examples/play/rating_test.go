package main

import (
	"regexp"
	"strings"
	"testing"
)

// The review gives each seat's rating on a line of its own under the
// decisions it grades, and the luck line gives the luck alone: the rating
// word stood at the end of the luck line. In English and German, with and
// without decisions to rate.
func TestAnalyzeRatingApartFromTheLuck(t *testing.T) {
	for _, c := range []struct {
		lang                    string
		decisions, rating, luck *regexp.Regexp
	}{
		{"en", regexp.MustCompile(`^  Player \d \(\w+\): lost \d+\.\d{3} \w+ in \d+ decisions? \(\d+\.\d{3} each\)$`),
			regexp.MustCompile(`^      (rating: [a-z ]+|no decision to rate)$`),
			regexp.MustCompile(`^      luck [-+]\d+\.\d{3} in \d+ throws?$`)},
		{"de", regexp.MustCompile(`^  Spieler \d \(\w+\): \d+,\d{3} \w+ verloren in \d+ Entscheidung(en)? \(\d+,\d{3} je\)$`),
			regexp.MustCompile(`^      (Einstufung: \p{L}[\p{L} ]*|keine Entscheidung zu bewerten)$`),
			regexp.MustCompile(`^      Glück [-+]\d+,\d{3} in \d+ (Wurf|Würfen)$`)},
	} {
		t.Run(c.lang, func(t *testing.T) {
			// at once (no decision yet), then after a dozen moves
			input := strings.Join(append(append([]string{"analyze"}, strings.Split(strings.Repeat("1 ", 12), " ")[:12]...), "analyze", "quit"), "\n") + "\n"
			out := playWith(t, input, "-i", "-game", "toccateglio", "-seed", "5", "-opponent", "random", "-throw", "auto", "-lang", c.lang)
			ratings := map[bool]int{}
			lines := strings.Split(out, "\n")
			seats := 0
			for i, l := range lines {
				if !strings.HasPrefix(l, "  Player ") && !strings.HasPrefix(l, "  Spieler ") || !strings.Contains(l, "): ") {
					continue
				}
				seats++
				if i+2 >= len(lines) || !c.decisions.MatchString(l) || !c.rating.MatchString(lines[i+1]) || !c.luck.MatchString(lines[i+2]) {
					t.Errorf("a seat's lines:\n%s", strings.Join(lines[i:min(i+3, len(lines))], "\n"))
					continue
				}
				ratings[strings.Contains(lines[i+1], ": ")]++
			}
			if seats != 4 || ratings[true] == 0 || ratings[false] == 0 {
				t.Errorf("%d seats' lines, %d with a rating, %d with none to rate; want 4, some, some:\n%s", seats, ratings[true], ratings[false], out)
			}
		})
	}
}

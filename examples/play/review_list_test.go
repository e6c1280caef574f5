package main

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/brettspiel/brettspiel/analysis"
)

// reviewOf loads a finished game of random bots (finishedRecord) and runs
// review on it in lang; it returns what follows the command.
func reviewOf(t *testing.T, game, lang string, seed uint64) string {
	t.Helper()
	file := finishedRecord(t, t.TempDir(), game, seed)
	out := playWith(t, "review\nquit\n", "-i", "-lang", lang, "-game", game, "-load", file, "-opponent", "random")
	at := strings.Index(out, "move list of ")
	if lang == "de" {
		at = strings.Index(out, "Zugliste von ")
	}
	if at < 0 {
		t.Fatalf("no move list:\n%s", out)
	}
	return out[at:]
}

// review lists every step of a finished game numbered, marks the decisions
// that lose more than the game's bounds (scales) with gnubg's signs and
// their cost, marks the throws whose luck passes the bound, and draws
// Player 1's equity as a line of block characters of at most 72 columns
// under a line that says what it shows; all within 80 columns, in English
// and German.
func TestReviewMoveList(t *testing.T) {
	for _, c := range []struct {
		game string
		seed uint64
	}{{"toccateglio", 2}, {"verkehren", 2}, {"festung", 3}} {
		for _, lang := range []string{"en", "de"} {
			t.Run(c.game+"/"+lang, func(t *testing.T) {
				out := reviewOf(t, c.game, lang, c.seed)
				sc, _ := analysis.ScaleOf(c.game)
				r := reviewEnglish
				cost, lucky, unlucky := `cost (\d+\.\d{3})`, "lucky", "unlucky"
				if lang == "de" {
					r = reviewGerman
					cost, lucky, unlucky = `Verlust (\d+,\d{3})`, "glücklich", "unglücklich"
				}
				lines := strings.Split(out, "\n")
				steps := 0
				for _, l := range lines {
					if utf8.RuneCountInString(l) > 80 {
						t.Errorf("wider than 80 columns: %q", l)
					}
					if regexp.MustCompile(`^ {0,3}\d+  `).MatchString(l) {
						steps++
					}
				}
				n := regexp.MustCompile(`(\d+) (steps|Schritten)`).FindStringSubmatch(out)
				if n == nil || n[1] != itoa(steps) {
					t.Errorf("%d numbered steps, the title says %v:\n%s", steps, n, out)
				}
				// every mark stands by a cost within its bounds
				marked := 0
				for m := 3; m >= 1; m-- {
					re := regexp.MustCompile(regexp.QuoteMeta(r.marks[m]) + `, ` + cost)
					for _, x := range re.FindAllStringSubmatch(out, -1) {
						if m < 3 && strings.Contains(x[0], r.marks[m+1]) {
							continue
						}
						loss := atof(t, x[1])
						if decisionLevel(sc.Decision(loss)) != m {
							t.Errorf("%q marked %q", x[0], r.marks[m])
						}
						marked++
					}
				}
				// under every marked decision its better play
				better := regexp.MustCompile(`(?m)^ {0,3}\d+  .*(` + regexp.QuoteMeta(r.marks[1]) + `|` + regexp.QuoteMeta(r.marks[2]) + `|` + regexp.QuoteMeta(r.marks[3]) + `), .*\n {8}` + regexp.QuoteMeta(r.better("")) + `\S`)
				if n := len(better.FindAllString(out, -1)); n != marked {
					t.Errorf("%d marked decisions, %d with the better play under them:\n%s", marked, n, out)
				}
				if marked == 0 {
					t.Errorf("no decision marked:\n%s", out)
				}
				// every luck mark stands by a luck past its bound, its sign
				// the mark's
				re := regexp.MustCompile(`(?m)  (very |sehr )?(` + unlucky + `|` + lucky + `) ([+-]\d+[.,]\d{3})$`)
				found := map[string]bool{}
				for _, x := range re.FindAllStringSubmatch(out, -1) {
					luck := atof(t, x[3])
					want := 1
					if x[2] == unlucky {
						want = -1
					}
					if x[1] != "" {
						want *= 2
					}
					if luckLevel(sc.Luck(luck)) != want {
						t.Errorf("%q: luck %v marked %d", x[0], luck, want)
					}
					found[x[2]] = true
				}
				if !found[lucky] || !found[unlucky] {
					t.Errorf("lucky and unlucky throws not both marked (%v):\n%s", found, out)
				}
				// the line of the equity, under what it shows
				spark := regexp.MustCompile(`(?m)^  ([▁▂▃▄▅▆▇█]+)$`).FindStringSubmatch(out)
				if spark == nil {
					t.Fatalf("no line of the equity:\n%s", out)
				}
				w := utf8.RuneCountInString(spark[1])
				if w > sparkWidth || w < min(steps, sparkWidth)/2 || !strings.ContainsRune(spark[1], '▁') || !strings.ContainsRune(spark[1], '█') {
					t.Errorf("the line has %d columns for %d steps, or lacks its lowest or highest block: %q", w, steps, spark[1])
				}
				title := map[bool]string{false: "Player 1's equity after each step", true: "Player 1's balance (won so far) after each step"}[c.game == "festung"]
				if lang == "de" {
					title = map[bool]string{false: "Stand von Spieler 1 nach jedem Schritt", true: "Bestand (bisher gewonnen) von Spieler 1 nach jedem Schritt"}[c.game == "festung"]
				}
				if i, j := strings.Index(out, title), strings.Index(out, spark[0]); i < 0 || j < i {
					t.Errorf("no %q above the line:\n%s", title, out)
				}
				if lang == "de" {
					speaksGerman(t, out)
				}
			})
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// atof reads a number the review wrote, in English or German.
func atof(t *testing.T, s string) float64 {
	t.Helper()
	x, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", "."), 64)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// In the Festungsspiel review says each player's luck in markers in a
// sentence: what his throws brought beyond the average throw, the number
// the analysis gives (analyze's luck line), in English and German.
func TestFestungLuckInMarkers(t *testing.T) {
	file := finishedRecord(t, t.TempDir(), "festung", 3)
	en := playWith(t, "analyze\nreview\nquit\n", "-i", "-game", "festung", "-load", file, "-opponent", "random")
	de := playWith(t, "analyse\ndurchsicht\nende\n", "-i", "-lang", "de", "-game", "festung", "-load", file, "-opponent", "random")
	for _, c := range []struct {
		out, luck, say string
	}{
		{en, `(?s)Player 1 \(you\): .*?luck ([+-]\d+)\.\d{3} in (\d+) throws`,
			"Player 1's luck, %s markers: his %s throws brought %s markers %s\nthan the average throw would have brought in their place.\n"},
		{de, `(?s)Spieler 1 \(du\): .*?Glück ([+-]\d+),\d{3} in (\d+) Würfen`,
			"Glück von Spieler 1, %s Marken: seine %s Würfe brachten %s Marken %s,\nals der durchschnittliche Wurf an ihrer Stelle gebracht hätte.\n"},
	} {
		m := regexp.MustCompile(c.luck).FindStringSubmatch(c.out)
		if m == nil {
			t.Fatalf("no luck of Player 1 in the analysis:\n%s", c.out)
		}
		// the sentence rounds the luck to whole markers: compare with the
		// analysis's luck rounded the same way
		x := regexp.MustCompile(`(?s)(?:luck|Glück) ([+-]\d+[.,]\d{3}) in ` + m[2]).FindStringSubmatch(c.out)
		luck := atof(t, x[1])
		more := map[bool]string{true: "more", false: "fewer"}
		if c.out == de {
			more = map[bool]string{true: "mehr", false: "weniger"}
		}
		whole := strconv.FormatFloat(math.Abs(luck), 'f', 0, 64)
		want := fmt.Sprintf(c.say, fmt.Sprintf("%+.0f", luck), m[2], whole, more[luck >= 0])
		if !strings.Contains(c.out, want) {
			t.Errorf("no %q in\n%s", want, c.out)
		}
	}
	speaksGerman(t, de)
}

// review is listed by help in both languages, refuses an argument with a
// clear error and goes on; the German command word is durchsicht.
func TestReviewCommand(t *testing.T) {
	out := playWith(t, "help\nreview now\nreview\nquit\n", "-i", "-game", "verkehren", "-seed", "5", "-opponent", "random")
	for _, want := range []string{"\n  review [STEP] the game step by step", `review takes no argument or a step's number, 1…3; not "now"`, "move list of 3 steps", "   3  throw 5-1 for Player 1\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	de := playWith(t, "hilfe\ndurchsicht jetzt\ndurchsicht\nende\n", "-i", "-lang", "de", "-game", "verkehren", "-seed", "5", "-opponent", "random")
	speaksGerman(t, de, "\n  durchsicht [N] das Spiel Schritt für Schritt", `durchsicht nimmt nichts oder die Nummer eines Schritts, 1…3; nicht "jetzt"`, "Zugliste von 3 Schritten", "   3  Wurf 5-1 für Spieler 1\n")
}

// Where two fields of the Festungsspiel's hint are worth the same (every
// player already may take from both fortresses, seed 1 reaches such
// decisions), the later one no longer reads as a second "the best": it
// says which field it equals and why, in English and German.
func TestFestungHintTellsTiesApart(t *testing.T) {
	for _, c := range []struct {
		lang, hint, best, want string
	}{
		{"en", "hint", ", the best\n", "  W4.IV   (fortress 4)  +1.33 markers, as good as W1.IV\n          (every player may take from both fortresses from now on)\n"},
		{"de", "tipp", ", am besten\n", "  W4.IV   (Festung 4)  +1,33 Marken, so gut wie W1.IV\n          (jeder Spieler darf von nun an aus beiden Festungen nehmen)\n"},
	} {
		out := playWith(t, strings.Repeat(c.hint+"\n1\n", 10)+"quit\n\n", "-i", "-lang", c.lang, "-game", "festung", "-seed", "1", "-opponent", "human", "-throw", "auto")
		if !strings.Contains(out, c.want) {
			t.Errorf("%s: no %q in the hints:\n%s", c.lang, c.want, out)
		}
		for _, block := range strings.Split(out, "> ") {
			if strings.Count(block, c.best) > 1 {
				t.Errorf("%s: two choices called the best:\n%s", c.lang, block)
			}
		}
		if c.lang == "de" {
			speaksGerman(t, out)
		}
	}
}

// review with a step's number shows the position before that step, the
// step's line as the move list has it, the better play and why; a number
// out of the game is refused and the session goes on.
func TestOneStepShown(t *testing.T) {
	file := finishedRecord(t, t.TempDir(), "verkehren", 2)
	for _, c := range []struct {
		lang, cmd, quit, title, better, refused string
	}{
		{"en", "review", "quit", "the position before step %s:\n", "        better: ", `review takes no argument or a step's number, 1…166; not "0"`},
		{"de", "durchsicht", "ende", "die Stellung vor Schritt %s:\n", "        besser: ", `durchsicht nimmt nichts oder die Nummer eines Schritts, 1…166; nicht "0"`},
	} {
		list := playWith(t, c.cmd+"\n"+c.quit+"\n", "-i", "-lang", c.lang, "-game", "verkehren", "-load", file, "-opponent", "random")
		marked := regexp.MustCompile(`(?m)^ {0,3}(\d+)  (.*\?\? .*)$`).FindStringSubmatch(list)
		if marked == nil {
			t.Fatalf("%s: no very bad decision in the list:\n%s", c.lang, list)
		}
		out := playWith(t, c.cmd+" "+marked[1]+"\n"+c.cmd+" 0\n"+c.quit+"\n", "-i", "-lang", c.lang, "-game", "verkehren", "-load", file, "-opponent", "random")
		at := strings.Index(out, fmt.Sprintf(c.title, marked[1]))
		if at < 0 {
			t.Fatalf("%s: no %q:\n%s", c.lang, fmt.Sprintf(c.title, marked[1]), out)
		}
		shown := out[at:]
		for _, want := range []string{marked[0] + "\n" + c.better, "24", c.refused} {
			if !strings.Contains(shown, want) {
				t.Errorf("%s: no %q in\n%s", c.lang, want, shown)
			}
		}
		if c.lang == "de" {
			speaksGerman(t, out)
		}
	}
}

// The line of the equity: a column a step up to sparkWidth, sampled beyond
// (each column the last step of its share), the lowest value ▁ and the
// highest █, a flat game in the middle; the race games' values turned to
// Player 1's view.
func TestSparkLine(t *testing.T) {
	long := make([]float64, 1000)
	for i := range long {
		long[i] = float64(i)
	}
	for _, c := range []struct {
		values []float64
		want   string
		per    string
	}{
		{[]float64{0, 1, 0.5, -1}, "  ▅█▆▁", "one column a step"},
		{[]float64{2, 2, 2}, "  ▄▄▄", "one column a step"},
		{long, "", "one column for 14 steps"},
	} {
		lines := sparkLines(&reviewEnglish, "Player 1", "points", false, c.values)
		got := lines[len(lines)-1]
		if c.want != "" && got != c.want {
			t.Errorf("%v: %q, want %q", c.values, got, c.want)
		}
		if w := utf8.RuneCountInString(got); w > sparkWidth+2 || !strings.Contains(strings.Join(lines, "\n"), c.per) {
			t.Errorf("%d columns, or not %q: %q", w, c.per, lines)
		}
	}
	if got := sparkLines(&reviewEnglish, "Player 1", "points", false, long); !strings.HasPrefix(got[2], "  ▁") || !strings.HasSuffix(got[2], "█") || utf8.RuneCountInString(got[2]) != sparkWidth+2 {
		t.Errorf("1,000 steps drawn as %q", got[2])
	}
}

// A decision the bear-off tables solved says so in the move list, in
// English and German; one the net judged says nothing more.
func TestReviewSaysARaceIsSolved(t *testing.T) {
	for _, c := range []struct {
		r    reviewText
		want string
	}{{reviewEnglish, "  (race solved: exact)"}, {reviewGerman, "  (Rennen gelöst: genau)"}} {
		for judge, want := range map[string]string{"race-exact": c.want, "race-tabled": c.want, "race-estimated": "", "": ""} {
			if got := c.r.solvedNote(&analysis.Decision{Judge: judge, Counted: true}); got != want {
				t.Errorf("judge %q: %q, want %q", judge, got, want)
			}
		}
		if got := c.r.solvedNote(nil); got != "" {
			t.Errorf("a throw: %q", got)
		}
	}
}

package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// rollout in the review of a finished game, in English and German: at the
// end there is nothing to roll out; after undo the decision's best plays
// and the play made (marked) each with its mean ± standard error, the
// same figures twice, every line within 80 columns; a bad argument is
// refused; help lists the command.
func TestRolloutCommand(t *testing.T) {
	dir := t.TempDir()
	over := filepath.Join(dir, "over.txt")
	playWith(t, "concede\ny\n"+over+"\n", "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random")
	for _, c := range []struct {
		lang                                 string
		over, title, unit, played, bad, help string
		figure                               string
	}{
		{"en", "the game is over: nothing is left to roll out", "rollout: 12 games a play, for 2 turns, by net-advanced, seed 0;",
			"  mean in points ± standard error:", "  ← played", `rollout takes the games (1…10368) and the turns to play (0…1000), or nothing; not "many"`,
			"  rollout [N [T]] N games (1296) after each best play, to the end or T turns", `[+-]\d\.\d{3} ± \d\.\d{3}`},
		{"de", "das Spiel ist aus: es gibt nichts mehr auszuspielen", "Rollout: je 12 Partien, 2 Züge weit, von net-advanced, Seed 0;",
			"  Mittel in Punkten ± Standardfehler:", "  ← gespielt", `rollout nimmt die Partien (1…10368) und die zu spielenden Züge (0…1000), oder nichts; nicht "many"`,
			"  rollout [N [Z]] N Partien (1296) nach den besten Zügen, bis Ende oder Z Züge", `[+-]\d,\d{3} ± \d,\d{3}`},
	} {
		t.Run(c.lang, func(t *testing.T) {
			input := strings.Join([]string{"load " + over, "rollout", "undo", "rollout 12 2", "rollout 12 2", "rollout many", "help", "quit"}, "\n") + "\n"
			out := playWith(t, input, "-i", "-lang", c.lang, "-game", "verkehren", "-seed", "4", "-opponent", "random")
			for _, want := range []string{c.over, c.title, c.unit, c.bad, c.help} {
				if !strings.Contains(out, want) {
					t.Errorf("no %q in\n%s", want, out)
				}
			}
			_, after, _ := strings.Cut(out, c.title)
			results := strings.Split(after, c.title)
			if len(results) != 2 {
				t.Fatalf("%d rollouts, want 2:\n%s", len(results), out)
			}
			first := strings.Split(results[0], "\n> ")[0]
			second := strings.Split(results[1], "\n> ")[0]
			if first != second {
				t.Errorf("the same rollout twice:\n%s\n%s", first, second)
			}
			lines := strings.Split(strings.TrimSpace(first), "\n")[1:]
			if len(lines) < 2 || len(lines) > 4 {
				t.Fatalf("%d plays rolled out:\n%s", len(lines), first)
			}
			fig := regexp.MustCompile(`^  \S.* {2,}` + c.figure + `( {2}← \S+)?$`)
			played := 0
			for _, l := range lines {
				if !fig.MatchString(l) {
					t.Errorf("line %q is no play with its figures", l)
				}
				if strings.HasSuffix(l, c.played) {
					played++
					if !strings.HasPrefix(l, "  concede") && !strings.HasPrefix(l, "  aufgeben") {
						t.Errorf("%q marked as played; the play made was the concession", l)
					}
				}
			}
			if played != 1 {
				t.Errorf("%d plays marked as played:\n%s", played, first)
			}
			for _, l := range append([]string{c.title, c.unit, c.help}, lines...) {
				if len([]rune(l)) > 80 {
					t.Errorf("wider than 80 columns: %q", l)
				}
			}
		})
	}
}

// The Festungsspiel keeps its exact judge: rollout says so, in English
// and German.
func TestRolloutFestung(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "The Festungsspiel is not rolled out: its choices are judged exactly"},
		{"de", "Das Festungsspiel wird nicht ausgespielt: seine Entscheidungen werden genau bewertet"},
	} {
		out := playWith(t, "rollout\nquit\n", "-i", "-lang", c.lang, "-game", "festung", "-seed", "5", "-opponent", "human")
		if !strings.Contains(out, c.want) {
			t.Errorf("%s: no %q in\n%s", c.lang, c.want, out)
		}
	}
}

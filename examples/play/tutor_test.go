package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/analysis"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/words"
)

// recordAtDecision plays a seeded game of random bots up to the first
// decision of seat 0 that offers a choice, writes its record to a file and
// returns the file and the position.
func recordAtDecision(t *testing.T, game string, seed uint64, players int) (string, brettspiel.Game) {
	t.Helper()
	h, err := catalog.NewHistoryWith(game, "", players)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0))
	for i := 0; ; i++ {
		g := h.Game()
		if g.ToMove() == 0 && len(g.LegalMoves()) > 2 {
			break
		}
		if i > 5000 || g.ToMove() == brettspiel.Terminal {
			t.Fatalf("%s: no decision of seat 0", game)
		}
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			m = bot.Random{}.Choose(g, g.LegalMoves(), r)
		}
		if err := h.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(t.TempDir(), game+".txt")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := h.Record().WriteTo(f, h.Start()); err != nil {
		t.Fatal(err)
	}
	return file, h.Game()
}

// worstPlay returns the number in the list of the play at g that loses
// most by package analysis, with its loss and the best play's notation;
// a concession is no play and left out.
func worstPlay(t *testing.T, g brettspiel.Game) (n int, loss float64, best string) {
	t.Helper()
	for i, m := range g.LegalMoves() {
		if g.MoveString(m) == "concede" {
			continue // asks first; no play to tutor
		}
		rep, err := analysis.Options{}.Steps(context.Background(), g, 0, []brettspiel.HistoryEntry{{Move: m, Actor: g.ToMove(), Notation: g.MoveString(m)}})
		if err != nil {
			t.Fatal(err)
		}
		if d := rep.Steps[0].Decision; d.Loss > loss {
			n, loss, best = i+1, d.Loss, d.BestNotation
		}
	}
	return n, loss, best
}

// The tutor flags a bad play from a seeded position with its cost in the
// game's unit and the better play, in board points and as typed, and
// draws the board after it; taken back, the position is as before and the
// same list is offered again. The best play is not flagged.
func TestTutorFlagsABadPlayAndTakesItBack(t *testing.T) {
	for _, c := range []struct {
		game, unit string
		seed       uint64
		players    int
	}{{"toccateglio", "strokes", 3, 0}, {"verkehren", "points", 7, 0}, {"festung", "markers", 2, 2}} {
		t.Run(c.game, func(t *testing.T) {
			file, g := recordAtDecision(t, c.game, c.seed, c.players)
			n, loss, best := worstPlay(t, g)
			if sc, _ := analysis.ScaleOf(c.game); loss <= sc.Strict {
				t.Fatalf("the worst play loses %.3f %s, not enough for a test", loss, c.unit)
			}
			parts := prompts(playWith(t, fmt.Sprintf("%d\ny\nquit\n", n), "-i", "-game", c.game, "-load", file, "-opponent", "random", "-tutor", "strict", "-seed", "1"))
			if len(parts) < 3 {
				t.Fatalf("too few prompts:\n%s", strings.Join(parts, "> "))
			}
			const question = "take your play back and choose again? (y/N) "
			said, back, ok := strings.Cut(parts[1], question)
			if !ok {
				t.Fatalf("no offer to take the play back:\n%s", parts[1])
			}
			better := best
			if steps, ok := boardSteps(words.English, g, mustParse(t, g, best)); ok {
				better = steps + " (type " + best + ")"
			}
			for _, want := range []string{
				fmt.Sprintf("Tutor: Player 1, your %s loses about %.2f %s.\nThe better play: %s.\n", inPoints(t, g, n), loss, c.unit, better),
				"The board after the better play:\n",
			} {
				if !strings.Contains(said, want) {
					t.Errorf("the tutor did not say %q:\n%s", want, said)
				}
			}
			// taken back: the same position, the same list
			if !strings.HasPrefix(back, "taken back: ") || listOf(back) != listOf(parts[0]) || listOf(parts[0]) == "" {
				t.Errorf("the position is not restored:\nbefore:\n%s\nafter:\n%s", parts[0], back)
			}
			// the best play is not flagged
			bestN := 0
			for i, m := range g.LegalMoves() {
				if g.MoveString(m) == best {
					bestN = i + 1
				}
			}
			out := playWith(t, fmt.Sprintf("%d\nquit\n", bestN), "-i", "-game", c.game, "-load", file, "-opponent", "random", "-tutor", "strict", "-seed", "1")
			if strings.Contains(out, "Tutor:") {
				t.Errorf("the best play %s was flagged:\n%s", best, out)
			}
		})
	}
}

// The tutor is off by default, mild lets small slips pass, and a bad
// level is refused.
func TestTutorLevels(t *testing.T) {
	file, g := recordAtDecision(t, "toccateglio", 3, 0)
	n, _, _ := worstPlay(t, g)
	if out := playWith(t, fmt.Sprintf("%d\nquit\n", n), "-i", "-game", "toccateglio", "-load", file, "-opponent", "random"); strings.Contains(out, "Tutor:") {
		t.Errorf("the tutor spoke while off:\n%s", out)
	}
	out := playWith(t, "tutor\ntutor 0,5\ntutor sometimes\nquit\n", "-i", "-game", "toccateglio", "-load", file, "-opponent", "random", "-tutor", "mild")
	sc, _ := analysis.ScaleOf("toccateglio")
	for _, want := range []string{
		fmt.Sprintf("the tutor speaks after a play that loses more than %.2f strokes", sc.Mild),
		"the tutor speaks after a play that loses more than 0.50 strokes",
		`tutor takes off, mild, strict or an amount such as 0.1; not "sometimes"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	var o, e strings.Builder
	if err := run([]string{"-i", "-tutor", "loud"}, strings.NewReader(""), &o, &e, false); err == nil || !strings.Contains(err.Error(), "-tutor") {
		t.Errorf("-tutor loud: %v", err)
	}
}

func mustParse(t *testing.T, g brettspiel.Game, notation string) brettspiel.Move {
	t.Helper()
	m, err := g.ParseMove(notation)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// inPoints is the play of number n at g as the terminal writes it.
func inPoints(t *testing.T, g brettspiel.Game, n int) string {
	m := g.LegalMoves()[n-1]
	if steps, ok := boardSteps(words.English, g, m); ok {
		return steps
	}
	return g.MoveString(m)
}

// listOf returns the numbered lines of the list of moves in a prompt's
// text.
func listOf(text string) string {
	var list []string
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 1 && strings.HasSuffix(f[0], ")") {
			list = append(list, l)
		}
	}
	return strings.Join(list, "\n")
}

// The tutor says why a play lost, in the person's language: after a missed
// hit of Verkehren (a position of a seeded game, seat 1 to play 4 and 6)
// it names the hit the better play makes and the blot the play made
// leaves, in the board's points.
func TestTutorSaysWhy(t *testing.T) {
	const id, played = "verkehren:1:AAAAAAAAAwEGBQAMBQD-n4SRgAj-v5ASkJI", "9/14 14/20"
	g, err := catalog.ParseID(id)
	if err != nil {
		t.Fatal(err)
	}
	h, err := brettspiel.NewHistory(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "hit.txt")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Record().WriteTo(f, h.Start()); err != nil {
		t.Fatal(err)
	}
	f.Close()
	n := slices.Index(g.LegalMoves(), mustParse(t, g, played)) + 1
	for _, c := range []struct{ lang, why string }{
		{"en", "The better play hits on 24; yours hits nothing. Your play leaves a blot on 18 that 19 throws of 36 hit; the better play leaves none that more than 1 hit.\n"},
		{"de", "Der bessere Zug schlägt auf 24; deiner schlägt nichts. Dein Zug lässt auf 18 einen Bloßen stehen, den 19 von 36 Würfen treffen; der bessere Zug keinen, den mehr als 1 treffen.\n"},
	} {
		out := playWith(t, fmt.Sprintf("%d\nn\nquit\n", n), "-i", "-game", "verkehren", "-load", file, "-seat", "1", "-opponent", "random", "-tutor", "mild", "-seed", "1", "-lang", c.lang)
		_, said, ok := strings.Cut(out, "Tutor:")
		t.Logf("%s", said)
		if !ok || !strings.Contains(said, c.why) {
			t.Errorf("%s: the tutor does not say why (%q):\n%s", c.lang, c.why, said)
		}
	}
}

package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/session"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// marksJS reads the marks column of the page's table, seat by seat.
const marksJS = `[...document.querySelectorAll('#scores tr[data-seat]')].map((r) => r.children[5].textContent)`

// pageMarks are the marks the page's table shows.
func pageMarks(t *testing.T, ctx context.Context) string {
	t.Helper()
	return strings.Join(eval[[]string](t, ctx, marksJS), " ")
}

func libMarks(g *toccateglio.Game) string {
	m := g.Marks()
	return fmt.Sprintf("%d %d", m[0], m[1])
}

// A Partie of Toccateglio with the Schule between two people at one
// screen, played by clicks: every declaration, answer and throw a button,
// every play its stones. Player by player the declarations are what was
// due (Game.RuleMove), but the first one of some points forgets one of
// them, and the other sends him to school for it (schule 1), which marks
// the point for the claimer: the table shows it at once. A later one marks
// one point too many and is made to mark right. The position IDs and the
// marks agree with the library's after every step. It is played on a
// phone's screen, where every decision of the Schule fits with the board.
func TestSchuleHotSeatPartie(t *testing.T) {
	ctx := page(t)
	asPhone(t, ctx)
	const seed = 31
	s := open(t, ctx, url.Values{"variant": {"toccateglio"}, "preset": {"Toccateglispiel"}, "players": {"2"},
		"seed": {fmt.Sprint(seed)}, "opponent": {"hot-seat"}, "settings": {"schule=true"}})
	g, err := catalog.NewWith("toccateglio", "Toccateglispiel", 2, "schule=true")
	if err != nil {
		t.Fatal(err)
	}
	lib := g.(*toccateglio.Game)
	if s.ID != idOf(t, lib) {
		t.Fatalf("start: page %s, library %s", s.ID, idOf(t, lib))
	}
	choose := rand.New(rand.NewPCG(seed, 99))
	var forgot, claimed, over, madeRight bool
	var declarations, answers int
	for steps := 0; lib.ToMove() != brettspiel.Terminal; steps++ {
		if steps > 3000 {
			t.Fatal("no end after 3000 steps")
		}
		var m brettspiel.Move
		fair, window := lib.RuleMove()
		switch {
		case lib.ToMove() == brettspiel.Chance:
			m, err = brettspiel.SampleChance(lib, session.Rand(seed, steps, session.Dice))
			if err != nil {
				t.Fatal(err)
			}
			click(t, ctx, "#throw")
		case window:
			m = fair
			text := lib.MoveString(fair)
			var due int
			if _, err := fmt.Sscanf(text, "mark %d", &due); err == nil {
				declarations++
				checkDeclaration(t, ctx)
				switch {
				case !forgot && due >= 1:
					// the first player to forget: one point short
					m, err = lib.ParseMove(fmt.Sprintf("mark %d", due-1))
					forgot = true
				case forgot && claimed && !over && due < 12:
					m, err = lib.ParseMove(fmt.Sprintf("mark %d", due+1))
					over = true
				}
				if err != nil {
					t.Fatal(err)
				}
			} else {
				answers++
				checkAnswer(t, ctx)
				if forgot && !claimed {
					if text != "schule 1" {
						t.Fatalf("after a declaration one short the fair answer is %s, want schule 1", text)
					}
					claimed = true
				}
				if over && !madeRight {
					if text != "schule 1" {
						t.Fatalf("after a declaration one over the fair answer is %s, want schule 1", text)
					}
					m, err = lib.ParseMove("right")
					if err != nil {
						t.Fatal(err)
					}
					madeRight = true
				}
			}
			clickMove(t, ctx, lib, m)
		default:
			m = pick(lib, choose)
			clickMove(t, ctx, lib, m)
		}
		notation := lib.MoveString(m)
		before := lib.Marks()
		if err := lib.Apply(m); err != nil {
			t.Fatal(err)
		}
		s = waitFor(t, ctx, fmt.Sprintf("step %d (%s)", steps+1, notation), func(s snapshot) bool {
			return (s.Length == fmt.Sprint(steps+1) && s.Busy == "0") || s.Error != ""
		})
		if s.Error != "" {
			t.Fatalf("step %d (%s): %s", steps+1, notation, s.Message)
		}
		// an open window shows no ID (it would tell what was due)
		want := idOf(t, lib)
		if _, open := lib.RuleMove(); open {
			want = "—"
		}
		if s.ID != want {
			t.Fatalf("step %d (%s): page's ID %s, want %s", steps+1, notation, s.ID, want)
		}
		if got, want := pageMarks(t, ctx), libMarks(lib); got != want {
			t.Fatalf("step %d (%s): the page's marks %s, the library's %s", steps+1, notation, got, want)
		}
		if claimed && notation == "schule 1" && lib.Marks() != before {
			// the claim: the claimer's point is on the board, and the
			// log says who was sent to school
			last := eval[string](t, ctx, `[...document.querySelectorAll('#events li')].pop().textContent`)
			if !strings.Contains(last, "to school") {
				t.Errorf("the claim's entry in the log: %q", last)
			}
			t.Logf("step %d: %s, marks %v → %v; the log: %s", steps+1, notation, before, lib.Marks(), last)
		}
	}
	if !forgot || !claimed || !over || !madeRight {
		t.Fatalf("the Partie ended before the Schule was tried: forgot %v, claimed %v, over %v, made right %v", forgot, claimed, over, madeRight)
	}
	s = waitFor(t, ctx, "the end", func(s snapshot) bool { return s.Turn == "over" && s.Busy == "0" })
	if s.ID != idOf(t, lib) {
		t.Fatalf("end: page %s, library %s", s.ID, idOf(t, lib))
	}
	t.Logf("a Partie of %s steps: %d declarations and %d answers clicked; marks %v; %s", s.Length, declarations, answers, lib.Marks(), s.Status)
}

// checkDeclaration checks the page at a declaration of the Schule: the
// numbers 0…12 as buttons, the prompt asking how many, no hint.
func checkDeclaration(t *testing.T, ctx context.Context) {
	t.Helper()
	got := eval[[]string](t, ctx, `[...document.querySelectorAll('#decisions .schule button.decision')].map((b) => b.textContent)`)
	if strings.Join(got, " ") != "0 1 2 3 4 5 6 7 8 9 10 11 12" {
		t.Fatalf("the declaration's buttons: %q", got)
	}
	oneScreen(t, ctx, "a declaration")
	if p := eval[string](t, ctx, `document.querySelector('#prompt').textContent`); !strings.HasPrefix(p, "Mark your points for ") {
		t.Errorf("the declaration's prompt: %q", p)
	}
	if !eval[bool](t, ctx, `document.querySelector('#hint').disabled && document.querySelector('#bot-move').disabled`) {
		t.Error("a hint or a bot's move is offered at the Schule")
	}
}

// checkAnswer checks the page at an answer: Let it stand, Make him mark
// right and the claims, the rule's ID one tap from its text.
func checkAnswer(t *testing.T, ctx context.Context) {
	t.Helper()
	got := eval[[]string](t, ctx, `[...document.querySelectorAll('#decisions .schule button.decision')].map((b) => b.dataset.move)`)
	if len(got) < 2 || got[0] != "pass" || got[1] != "right" {
		t.Fatalf("the answer's buttons: %q", got)
	}
	oneScreen(t, ctx, "an answer")
	if !eval[bool](t, ctx, `document.querySelector('#hint').disabled`) {
		t.Error("a hint is offered at the Schule")
	}
	rule := eval[string](t, ctx, `document.querySelector('#decisions .rule-chip').dataset.rule`)
	click(t, ctx, "#decisions .rule-chip")
	text := eval[string](t, ctx, `document.querySelector('#decisions .ruletext')?.textContent || ''`)
	if !strings.HasPrefix(text, rule+" — ") {
		t.Errorf("the rule %s on a tap: %q", rule, text)
	}
	click(t, ctx, "#decisions .rule-chip")
}

// The chooser offers the Schule for Toccateglio alone, with its
// description; ticked, it starts a game against a bot in which the person
// marks his own points (the numbers, no hint) and the bot answers him. On
// a phone turned on its side, whose window is low, the person's answer and
// declaration fit the one screen.
func TestSchuleInTheChooser(t *testing.T) {
	ctx := page(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(phoneH, phoneW, chromedp.EmulateMobile)); err != nil {
		t.Fatal(err)
	}
	open(t, ctx, url.Values{"variant": {"toccateglio"}, "preset": {"Toccateglispiel"}, "players": {"2"}, "seed": {"5"}, "opponent": {"greedy"}})
	click(t, ctx, "#open-chooser")
	label := eval[string](t, ctx, `document.querySelector('#settings-box').hidden ? '' : document.querySelector('#settings label').textContent`)
	if !strings.Contains(label, "Schule") || !strings.Contains(label, "mark their points themselves") {
		t.Fatalf("the chooser's setting for Toccateglio: %q", label)
	}
	click(t, ctx, `#settings input[value="schule=true"]`)
	click(t, ctx, "#new-game")
	// to the person's first declaration: his throws, and the bot's
	// declarations let stand
	for i := 0; ; i++ {
		s := waitFor(t, ctx, "a quiet page", func(s snapshot) bool { return s.Busy == "0" })
		if i > 60 || s.Turn == "over" {
			t.Fatalf("no declaration of the person's: %+v", s)
		}
		if eval[bool](t, ctx, `!!document.querySelector('#decisions [data-move="mark 0"]')`) {
			break
		}
		switch {
		case s.Turn == "chance":
			click(t, ctx, "#throw")
		case eval[bool](t, ctx, `!!document.querySelector('#decisions [data-move="pass"]')`):
			click(t, ctx, `#decisions [data-move="pass"]`)
		default:
			click(t, ctx, "#legal li button")
		}
		waitFor(t, ctx, "a step", func(x snapshot) bool { return x.Length != s.Length || x.Error != "" })
	}
	oneScreen(t, ctx, "a declaration on a turned phone")
	if !strings.HasPrefix(eval[string](t, ctx, `document.querySelector('#status').textContent`), "Player 1 (white) to mark") {
		t.Errorf("the status at the person's declaration: %q", eval[string](t, ctx, `document.querySelector('#status').textContent`))
	}
	// the hint's key does nothing here, and says nothing
	press(t, ctx, "h")
	if n := eval[int](t, ctx, `document.querySelectorAll('#hints li').length`); n != 0 {
		t.Errorf("%d hints at a declaration of the Schule", n)
	}
	s := snap(t, ctx)
	click(t, ctx, `#decisions [data-move="mark 0"]`)
	// the bot answers at once: a pass, right or a claim
	s = waitFor(t, ctx, "the bot's answer", func(x snapshot) bool {
		n, _ := strconv.Atoi(s.Length)
		m, _ := strconv.Atoi(x.Length)
		return m >= n+2 && x.Busy == "0"
	})
	entries := eval[[]string](t, ctx, `[...document.querySelectorAll('#events li')].map((li) => li.textContent)`)
	var declared, answered bool
	for _, e := range entries {
		declared = declared || strings.Contains(e, "Player 1 marks 0 points")
		answered = answered || declared && strings.Contains(e, "Player 2 ")
	}
	if !declared || !answered {
		t.Errorf("the log has no declaration of 0 points and the bot's answer: %q", entries)
	}
	// on to the person's answer to the bot's declaration
	for i := 0; !eval[bool](t, ctx, `!!document.querySelector('#decisions .schule [data-move="pass"]')`); i++ {
		s := waitFor(t, ctx, "a quiet page", func(s snapshot) bool { return s.Busy == "0" })
		if i > 60 || s.Turn == "over" {
			t.Fatalf("no answer of the person's: %+v", s)
		}
		switch {
		case s.Turn == "chance":
			click(t, ctx, "#throw")
		case eval[bool](t, ctx, `!!document.querySelector('#decisions [data-move="mark 0"]')`):
			click(t, ctx, `#decisions [data-move="mark 0"]`)
		default:
			click(t, ctx, "#legal li button")
		}
		waitFor(t, ctx, "a step", func(x snapshot) bool { return (x.Length != s.Length && x.Busy == "0") || x.Error != "" })
	}
	oneScreen(t, ctx, "an answer on a turned phone")
	// Verkehren has no Schule: the chooser offers no setting
	click(t, ctx, "#open-chooser")
	if !eval[bool](t, ctx, `(() => { const v = document.querySelector('#variant'); v.value = 'verkehren'; v.dispatchEvent(new Event('change')); return document.querySelector('#settings-box').hidden; })()`) {
		t.Error("the chooser offers a setting for Verkehren")
	}
}

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/verkehren"
	"github.com/brettspiel/brettspiel/words"
)

// session runs play with the given arguments and input, as from a pipe.
func playWith(t *testing.T, input string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(args, strings.NewReader(input), &out, &errOut, false); err != nil {
		t.Fatalf("play %v: %v\n%s\n%s", args, err, out.String(), errOut.String())
	}
	return out.String()
}

func TestBotGameWhenNotAtATerminal(t *testing.T) {
	for _, e := range catalog.Variants() {
		t.Run(e.Name, func(t *testing.T) {
			out := playWith(t, "", "-game", e.Name, "-turns", "12")
			if !strings.Contains(out, "Player 1 ") || !(strings.Contains(out, "wins") || strings.Contains(out, "Stopped after 12 turns")) {
				t.Errorf("bot game output:\n%s", out)
			}
			if again := playWith(t, "", "-game", e.Name, "-turns", "12"); again != out {
				t.Error("the bot game is not repeatable")
			}
		})
	}
}

func TestInteractiveCommands(t *testing.T) {
	for _, e := range catalog.Variants() {
		t.Run(e.Name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "game.txt")
			input := strings.Join([]string{
				"help",
				"99",              // no such number
				"this is no move", // no command
				"1/x",             // bad notation
				"hint",
				"1",
				"undo",
				"undo", // nothing left
				"1",
				"1",
				"save " + file,
				"load " + filepath.Join(dir, "missing.txt"),
				"load " + file,
				"quit",
			}, "\n") + "\n"
			out := playWith(t, input, "-i", "-game", e.Name, "-seed", "3", "-opponent", "random", "-throw", "auto")
			for _, want := range []string{
				"commands:", // help
				`unknown command "this", type help`,
				"no play numbered 99",
				"That is not a move: ",
				"expect", // hint
				"taken back",
				"nothing to undo",
				"saved",
				"no such file",
				"loaded",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			data, err := os.ReadFile(file)
			if err != nil || !strings.Contains(string(data), "game: "+e.Name) {
				t.Errorf("saved record: %v\n%s", err, data)
			}
			// The saved record is the variant's own: its loader replays it.
			rec, err := brettspiel.ParseRecord(strings.NewReader(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := catalog.LoadRecord(rec); err != nil || len(rec.Steps) == 0 {
				t.Errorf("the saved record does not load: %v\n%s", err, data)
			}
		})
	}
}

func TestTwoPeopleAndManualDice(t *testing.T) {
	// Throws typed by hand, both seats people: the draw for the start (the
	// higher total begins and throws anew), a play, an impossible throw.
	out := playWith(t, "4-1\n6-4\n3-1\n1/2 1/4\n7-7\n5-3\n1\n", "-i", "-game", "toccateglio", "-opponent", "human", "-dice", "manual")
	for _, want := range []string{"Player 2 throws 6 and 4 for the start (10) (T-S3).", "Player 2 plays 24→23 24→21 (notation 1/2 1/4) (T-D2).", "Player 1 plays", "type the throw you see"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "a throw is written like 6-5, two dice 1…6") {
		t.Errorf("the impossible throw 7-7 was not refused:\n%s", out)
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-i", "-game", "nope"},
		{"-i", "-game", "verkehren", "-opponent", "oracle"},
		{"-i", "-throw", "auto", "-game", "festung", "-players", "3", "-seat", "5"},
		{"-i", "-game", "toccateglio", "-preset", "nope"},
		{"-i", "-game", "toccateglio", "-load", "/nonexistent/record"},
		{"-i", "-game", "toccateglio", "-dice", "loaded"},
	} {
		var out, errOut bytes.Buffer
		if err := run(args, strings.NewReader(""), &out, &errOut, false); err == nil {
			t.Errorf("play %v: no error", args)
		}
	}
}

func TestGameOverSaysDraw(t *testing.T) {
	// a Verkehren game in which both players are Junker: player 0 passes,
	// and the game ends drawn (V-W4)
	g, err := verkehren.FromPosition(verkehren.VK(), verkehren.Position{Stones: [2][26]int{
		{0: 5, 1: 6, 3: 1, 5: 1, 16: 2},
		{0: 3, 1: 7, 3: 1, 5: 1, 6: 1, 18: 2},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"6-5", "pass"} {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if got := gameOver(words.English, g.Events()); got != "The game is drawn: both players are Junker." {
		t.Errorf("gameOver = %q\n%s", got, g)
	}
	if got := gameOver(words.German, g.Events()); !strings.HasPrefix(got, "Das Spiel endet unentschieden") {
		t.Errorf("gameOver in German = %q", got)
	}
	if !strings.Contains(drawBoard(words.English, g), "The game is over.") {
		t.Errorf("the board does not say the game is over:\n%s", drawBoard(words.English, g))
	}
	// a game won is told with its worth, not in returns
	w, _ := verkehren.FromPosition(verkehren.VK(), verkehren.Position{Stones: [2][26]int{{24: 1, 25: 14}, {1: 15}}, Dice: [2]int{6, 5}})
	m, _ := w.ParseMove("24/off")
	if err := w.Apply(m); err != nil {
		t.Fatal(err)
	}
	if got := gameOver(words.English, w.Events()); got != "Player 1 wins a single game (worth 1)." {
		t.Errorf("gameOver = %q", got)
	}
	// a step without an end event (a game loaded over) is simply over
	if got := gameOver(words.English, nil); got != "The game is over." {
		t.Errorf("gameOver = %q", got)
	}
}

func TestSaveAsksBeforeOverwriting(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(file, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	input := strings.Join([]string{
		"save " + file, "n", // declined: the file stays
		"save " + file, "", // no answer is no
		"save " + dir, // a directory is no file to overwrite
		"quit",
	}, "\n") + "\n"
	out := playWith(t, input, "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if strings.Count(out, "exists; overwrite it? (y/N)") != 2 || strings.Count(out, "not saved") != 3 {
		t.Errorf("output:\n%s", out)
	}
	if data, _ := os.ReadFile(file); string(data) != "precious\n" {
		t.Errorf("the file was overwritten without consent:\n%s", data)
	}
	out = playWith(t, "save "+file+"\ny\nquit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if data, _ := os.ReadFile(file); !strings.Contains(out, "saved") || !strings.Contains(string(data), "game: toccateglio") {
		t.Errorf("yes did not overwrite:\n%s\n%s", out, data)
	}
	// A new file is written without a question.
	fresh := filepath.Join(dir, "new.txt")
	out = playWith(t, "save "+fresh+"\nquit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if strings.Contains(out, "overwrite") || !strings.Contains(out, "saved") {
		t.Errorf("saving a new file:\n%s", out)
	}
}

func TestLongInputLineIsSkipped(t *testing.T) {
	// A line of 1 MB — sixteen times what bufio.Scanner takes by default —
	// is answered with "line too long", and the session goes on.
	input := strings.Repeat("x", 1<<20) + "\nhelp\n" + strings.Repeat("y", 10000) + "\nquit\n"
	out := playWith(t, input, "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if strings.Count(out, "line too long") != 2 || !strings.Contains(out, "commands:") {
		t.Errorf("output:\n%.2000s", out)
	}
	if len(out) > 100000 {
		t.Errorf("the long line came back: %d bytes of output", len(out))
	}
}

// prompts splits the output of a session at its prompts: part i is what the
// program printed after the i-th line of input (part 0 before the first).
func prompts(out string) []string { return strings.Split(out, "> ") }

func TestHelpListsCommandsAndNotation(t *testing.T) {
	for _, v := range catalog.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			out := prompts(playWith(t, "help\nquit\n", "-i", "-game", v.Name, "-seed", "3", "-opponent", "random"))[1]
			for _, c := range []string{"board", "hint", "undo", "redo", "history", "why", "rules", "save", "load", "help", "quit"} {
				if !strings.Contains(out, "\n  "+c) {
					t.Errorf("help lacks the command %q:\n%s", c, out)
				}
			}
			n, ok := notations[v.Name]
			if !ok || len(n.examples) == 0 {
				t.Fatalf("no notation for %s", v.Name)
			}
			for _, e := range n.examples {
				if !strings.Contains(out, e[0]+" ") || !strings.Contains(out, e[1]) {
					t.Errorf("help lacks the example %q:\n%s", e[0], out)
				}
			}
			how := "type the number of a move in the list, or the move in"
			if v.Name == "festung" {
				how = "at a decision, type the number of a field in the list, or"
			}
			if !strings.Contains(out, how) {
				t.Errorf("help does not say how to enter moves:\n%s", out)
			}
		})
	}
}

// Every example of the help's notation is taken for a move, so that where it
// is not legal now the answer is the game's reason, not "unknown command".
func TestHelpExamplesAreNotation(t *testing.T) {
	for _, v := range catalog.Variants() {
		for _, e := range notations[v.Name].examples {
			if !moveLike(v.Name, e[0]) {
				t.Errorf("%s: the example %q would be taken for an unknown command", v.Name, e[0])
			}
		}
	}
}

func TestHelpShowsALegalMoveNow(t *testing.T) {
	out := prompts(playWith(t, "help\nquit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random"))[1]
	// seed 3: player 0 plays 5-3 with the plays 1/4 1/6 and 1/4 4/9
	if !strings.Contains(out, "1/4 4/9       a legal move now") {
		t.Errorf("help:\n%s", out)
	}
}

func TestUnknownCommandOrBadNotation(t *testing.T) {
	input := "hello world\nbord\n1/x\npass\ngo-on\n1/5\nquit\n"
	parts := prompts(playWith(t, input, "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random"))
	want := []struct{ answer, not string }{
		{`unknown command "hello", type help`, "bad notation"},
		{`unknown command "bord", type help`, "bad notation"},
		{`That is not a move: "1/x" is not a step`, "unknown command"},
		{"You cannot pass: a number of your throw can be played.\n  T-D6: ", "unknown command"},
		{`That is not a move: "go-on"`, "unknown command"}, // a word of the notation, not legal now
		{"You have 5 and 3 to play; 1 to 5 needs a 4.\n  T-D2: ", "unknown command"},
	}
	for i, w := range want {
		if got := parts[i+1]; !strings.Contains(got, w.answer) || strings.Contains(got, w.not) {
			t.Errorf("answer %d = %q, want %q", i+1, got, w.answer)
		}
	}
	// Verkehren's concede is a word of its notation, Toccateglio's not.
	out := playWith(t, "concede\nquit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if !strings.Contains(out, `unknown command "concede"`) {
		t.Errorf("concede in Toccateglio:\n%s", out)
	}
}

func TestErrorNamesItsRule(t *testing.T) {
	// seed 3, Verkehren: player 0 plays 5-3; passing is refused by V-D2
	v, _ := rules.Lookup("V-D2")
	parts := prompts(playWith(t, "pass\nwhy\nquit\n", "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random"))
	if !strings.Contains(parts[1], "You cannot pass") || !strings.Contains(parts[1], "V-D2: "+v.Title+" (why V-D2 tells more)") {
		t.Errorf("the error does not name its rule:\n%s", parts[1])
	}
	// why alone explains the rule of the last error
	if !strings.HasPrefix(parts[2], "V-D2 — "+v.Title) || strings.Count(parts[2], " — ") != 1 {
		t.Errorf("why after the error:\n%s", parts[2])
	}
}

func TestWhyRule(t *testing.T) {
	parts := prompts(playWith(t, "why T-M3\nWHY\tt-m4b, V-E1\nwhy X-9\nwhy T-M3 nonsense\nquit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random"))
	for i, ids := range [][]string{{"T-M3"}, {"T-M4b", "V-E1"}, nil, {"T-M3"}} {
		for _, id := range ids {
			r, ok := rules.Lookup(id)
			if !ok {
				t.Fatalf("no rule %s", id)
			}
			got := parts[i+1]
			if !strings.Contains(got, r.ID+" — "+r.Title) || !strings.Contains(got, "source: "+r.Source) {
				t.Errorf("why %s:\n%s", id, got)
			}
			// the text, wrapped: every word of it, in order
			if strings.Join(strings.Fields(textOf(got, r.ID)), " ") != strings.Join(strings.Fields(r.Text), " ") {
				t.Errorf("why %s: the text is not the rule's:\n%s\nwant %s", id, got, r.Text)
			}
		}
	}
	if !strings.Contains(parts[3], `no rule "X-9"`) {
		t.Errorf("why X-9:\n%s", parts[3])
	}
	if !strings.Contains(parts[4], `no rule "nonsense"`) {
		t.Errorf("why T-M3 nonsense:\n%s", parts[4])
	}
}

// textOf returns the lines of the text of rule id in the output of why: the
// indented lines after its title, up to its source.
func textOf(out, id string) string {
	var text []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, id+" — "):
			in = true
		case in && strings.HasPrefix(l, "  source: "):
			return strings.Join(text, " ")
		case in:
			text = append(text, l)
		}
	}
	return strings.Join(text, " ")
}

func TestWhyExplainsTheLastEvents(t *testing.T) {
	for _, v := range catalog.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			parts := prompts(playWith(t, "why\n1\nwhy\nquit\n", "-i", "-game", v.Name, "-seed", "7", "-opponent", "random"))
			for _, i := range []int{0, 2} {
				// the rules of the events printed before the prompt,
				// after the last input
				var want []string
				for _, l := range strings.Split(parts[i], "\n") {
					want = append(want, ruleIDs(l)...)
				}
				want = unique(want)
				slices.Sort(want)
				if len(want) == 0 {
					if !strings.HasPrefix(parts[i+1], "no rule was named just now") {
						t.Errorf("why after events without a rule:\n%s\n%s", parts[i], parts[i+1])
					}
					continue
				}
				var got []string
				for _, l := range strings.Split(parts[i+1], "\n") {
					if id, _, ok := strings.Cut(l, " — "); ok {
						got = append(got, id)
					}
				}
				slices.Sort(got)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("why explains %v, the events name %v:\n%s\n%s", got, want, parts[i], parts[i+1])
				}
			}
		})
	}
}

func TestRulesListsTheGamesRules(t *testing.T) {
	for _, v := range catalog.Variants() {
		out := prompts(playWith(t, "rules\nquit\n", "-i", "-game", v.Name, "-seed", "3", "-opponent", "random"))[1]
		for _, r := range rules.All() {
			has := strings.Contains(out, "  "+r.ID+" ")
			if want := r.Game == v.Name || r.Game == rules.Shared; has != want {
				t.Errorf("%s: rules lists %s (%s): %v", v.Name, r.ID, r.Game, has)
			}
		}
	}
}

func TestConcedeAsksFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "conceded.txt")
	input := "concede\nn\nconcede\nyes\n" + file + "\n"
	parts := prompts(playWith(t, input, "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random"))
	if len(parts) < 3 || !strings.HasPrefix(parts[1], "really concede? (y/n) not conceded") {
		t.Fatalf("no question before conceding, or no was not taken:\n%s", strings.Join(parts, "> "))
	}
	if strings.Contains(parts[1], "wins") {
		t.Errorf("the game ended on no:\n%s", parts[1])
	}
	// the number of concede in the list asks too
	out := playWith(t, "3\n\nquit\n", "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random")
	if !strings.Contains(out, "3) concede") || !strings.Contains(out, "really concede? (y/n) not conceded") {
		t.Errorf("concede by number:\n%s", out)
	}
	end := strings.Join(parts[2:], "> ")
	if !strings.Contains(end, "really concede? (y/n) Player 1 gives the game up (V-W2).") || !strings.Contains(end, "\nPlayer 2 wins a single game: Player 1 gave it up (worth 1).\n") {
		t.Errorf("yes did not concede:\n%s", end)
	}
	// the end of the game offers to save it: the record loads and is over
	if !strings.Contains(end, "save the game? file name or empty to skip: saved") {
		t.Errorf("no offer to save:\n%s", end)
	}
	g := loadFile(t, file)
	if g.ToMove() != brettspiel.Terminal {
		t.Errorf("the saved game is not over:\n%s", g)
	}
}

// loadFile reads and loads a record file.
func loadFile(t *testing.T, file string) brettspiel.Game {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := brettspiel.ParseRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	g, err := catalog.LoadRecord(rec)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	return g
}

func TestEndOffersSaveAndEmptySkips(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.txt")
	// empty or no skips: nothing is written
	out := playWith(t, "concede\ny\nno\n", "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random")
	if !strings.HasSuffix(out, "save the game? file name or empty to skip: Review the game: analyze judges it, undo and redo walk through it, history lists it,\nreview marks each step; quit leaves.\n> \n") {
		t.Errorf("the end:\n%s", out)
	}
	// a file that exists: declined, the question comes again
	if err := os.WriteFile(file, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.txt")
	out = playWith(t, "concede\ny\n"+file+"\nn\n"+other+"\n", "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random")
	if strings.Count(out, "save the game?") != 2 || !strings.Contains(out, "not saved") || !strings.Contains(out, "saved 6 steps to "+other) {
		t.Errorf("the end:\n%s", out)
	}
	if data, _ := os.ReadFile(file); string(data) != "precious\n" {
		t.Errorf("overwritten: %s", data)
	}
	if g := loadFile(t, other); g.ToMove() != brettspiel.Terminal {
		t.Errorf("the saved game is not over:\n%s", g)
	}
}

// recordSteps reads the steps of a record file.
func recordSteps(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := brettspiel.ParseRecord(f)
	if err != nil {
		t.Fatal(err)
	}
	return rec.Steps
}

func TestUndoAndRedoAfterLoad(t *testing.T) {
	for _, v := range catalog.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			dir := t.TempDir()
			saved := filepath.Join(dir, "saved.txt")
			playWith(t, "1\n1\nsave "+saved+"\nquit\n", "-i", "-game", v.Name, "-seed", "7", "-opponent", "random", "-throw", "auto")
			steps := recordSteps(t, saved)

			undone := filepath.Join(dir, "undone.txt")
			redone := filepath.Join(dir, "redone.txt")
			input := "load " + saved + "\nundo\nsave " + undone + "\nredo\nsave " + redone + "\nquit\n"
			out := playWith(t, input, "-i", "-game", v.Name, "-seed", "8", "-opponent", "random", "-throw", "auto")
			if !strings.Contains(out, "taken back: Player 1's") {
				t.Fatalf("undo after load:\n%s", out)
			}
			// undo took back player 0's last move and what followed: the
			// record is the saved one up to that move
			back := recordSteps(t, undone)
			if len(back) >= len(steps) || !slices.Equal(back, steps[:len(back)]) {
				t.Errorf("after undo %q, saved %q", back, steps)
			}
			if g := loadFile(t, undone); g.ToMove() != 0 {
				t.Errorf("after undo, %v is to move, not player 0", g.ToMove())
			}
			// redo played it all again
			if again := recordSteps(t, redone); !slices.Equal(again, steps) {
				t.Errorf("after redo %q, saved %q", again, steps)
			}
		})
	}
}

func TestUndoWithLoadFlag(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "saved.txt")
	playWith(t, "1\nsave "+saved+"\nquit\n", "-i", "-game", "toccateglio", "-seed", "7", "-opponent", "random")
	out := playWith(t, "undo\nundo\nquit\n", "-i", "-game", "toccateglio", "-seed", "8", "-opponent", "random", "-load", saved)
	if strings.Count(out, "taken back") != 1 || !strings.Contains(out, "nothing to undo") {
		t.Errorf("undo after -load:\n%s", out)
	}
}

func TestRedoWithNothingUndone(t *testing.T) {
	out := playWith(t, "redo\nquit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if !strings.Contains(out, "nothing to redo") {
		t.Errorf("redo:\n%s", out)
	}
}

func TestUndoTakesBackAThrowTypedByHand(t *testing.T) {
	// both seats people, the dice by hand: the draw 4-1 against 6-4, then
	// player 1 throws 3-1, takes it back and throws 2-1 instead
	out := playWith(t, "4-1\n6-4\n3-1\nundo\n2-1\nhistory\nquit\n", "-i", "-game", "toccateglio", "-opponent", "human", "-dice", "manual")
	if !strings.Contains(out, "taken back: the throw 3-1") {
		t.Errorf("undo of a throw:\n%s", out)
	}
	if !strings.Contains(out, "   3. dice      2-1\n>") {
		t.Errorf("history:\n%s", out)
	}
}

// A throw typed by hand that is no throw is refused as a throw, in the
// player's language, with the game's reason in English.
func TestABadTypedThrowIsCalledAThrow(t *testing.T) {
	for _, c := range []struct{ lang, want string }{
		{"en", "That is not a throw: "},
		{"de", "Das ist kein Wurf: ein Wurf wird wie 6-5 geschrieben, zwei Würfel von 1 bis 6."},
	} {
		out := playWith(t, "7-1\nquit\n", "-i", "-game", "toccateglio", "-opponent", "human", "-dice", "manual", "-lang", c.lang)
		if !strings.Contains(out, c.want) || strings.Contains(out, "not a move") || strings.Contains(out, "kein Zug") {
			t.Errorf("-lang %s, the throw 7-1:\n%s", c.lang, out)
		}
	}
}

func TestHistoryListsTheMoves(t *testing.T) {
	parts := prompts(playWith(t, "history\n1\nhistory\nquit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random"))
	want := "   1. dice      4-1\n   2. dice      6-4\n   3. dice      3-1\n   4. Player 2  24→23 23→20              (notation 1/2 2/5)\n   5. dice      5-3\n"
	if !strings.HasPrefix(parts[1], want) {
		t.Errorf("history:\n%s", parts[1])
	}
	if !strings.Contains(parts[3], "   6. Player 1  1→4 1→6                  (notation 1/4 1/6)\n") {
		t.Errorf("history after a move:\n%s", parts[3])
	}
}

func TestLoadAnotherSeatCount(t *testing.T) {
	dir := t.TempDir()
	three := filepath.Join(dir, "three.txt")
	playWith(t, "save "+three+"\nquit\n", "-i", "-throw", "auto", "-game", "festung", "-players", "3", "-seed", "3", "-opponent", "random")
	// a two-seat session takes the three seats of the record, with bots on
	// the new seat
	out := playWith(t, "load "+three+"\n1\nquit\n", "-i", "-throw", "auto", "-game", "festung", "-seed", "4", "-opponent", "random")
	_, after, _ := strings.Cut(out, "loaded")
	if !strings.Contains(after, "\nPlayer 3 throws") {
		t.Errorf("load of three seats:\n%s", out)
	}
	// a seat the record lacks: refused, the game in play stays
	two := filepath.Join(dir, "two.txt")
	playWith(t, "save "+two+"\nquit\n", "-i", "-throw", "auto", "-game", "festung", "-seed", "3", "-opponent", "random")
	out = playWith(t, "load "+two+"\nhistory\nquit\n", "-i", "-throw", "auto", "-game", "festung", "-players", "3", "-seat", "2", "-seed", "3", "-opponent", "random")
	if !strings.Contains(out, "seat 2: the game has seats 0…1") || strings.Contains(out, "loaded") {
		t.Errorf("load of two seats at seat 2:\n%s", out)
	}
}

func TestListShowsPlaysInBoardPoints(t *testing.T) {
	// seed 3, seat 1: player 1 plays 3-1 from his start, point 1 of his
	// track, which is point 24 of the board (B-3); the list shows the board's
	// points and, to type, the notation in his own track
	out := playWith(t, "quit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random", "-seat", "1")
	for _, want := range []string{
		"   1) 24→23 24→21              type 1/2 1/4\n",
		"   2) 24→23 23→20              type 1/2 2/5\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out = playWith(t, "quit\n", "-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random")
	if !strings.Contains(out, "   1) 1→4 1→6                  type 1/4 1/6\n") {
		t.Errorf("player 0's list:\n%s", out)
	}
	// Toccadille's stones wait in the hand, not on a bar (T-S4)
	out2 := playWith(t, "quit\n", "-i", "-game", "toccateglio", "-preset", "toccadille", "-seed", "11", "-opponent", "human")
	if !strings.Contains(out2, "   1) hand→24 hand→22          type in/1 in/3\n") {
		t.Errorf("Toccadille's list:\n%s", out2)
	}
	// a bot's play of player 1 is printed in board points too
	if !strings.Contains(out, "Player 2 plays 24→23 23→20 (notation 1/2 2/5) (T-D2).\n") {
		t.Errorf("the bot's play:\n%s", out)
	}
	// a play's own steps are not told again as events
	if strings.Contains(out, "moves a stone") {
		t.Errorf("the steps of a play are told twice:\n%s", out)
	}
}

func TestGreetingSaysWhoPlays(t *testing.T) {
	out := playWith(t, "quit\n", "-i", "-game", "toccateglio", "-preset", "tokkadille 1853", "-seed", "3", "-opponent", "random", "-seat", "1")
	if !strings.HasPrefix(out, "Toccateglio, Tokkadille 1853; you are Player 2 (O) against the random bot — type help") {
		t.Errorf("greeting:\n%.200s", out)
	}
	out = playWith(t, "quit\n", "-i", "-throw", "auto", "-game", "festung", "-players", "3", "-opponent", "human")
	if !strings.HasPrefix(out, "Festungsspiel, Standard, 3 players; every seat is played at this keyboard — type help") {
		t.Errorf("greeting:\n%.200s", out)
	}
}

func TestThrowEventsNameTheDiceOnce(t *testing.T) {
	// the draw for the start, 4-2 against 6-3, and the first throw: each
	// throw a line, said once
	out := playWith(t, "quit\n", "-i", "-game", "toccateglio", "-seed", "11", "-opponent", "human")
	for _, want := range []string{
		"\nPlayer 1 throws 4 and 2 for the start (6) (T-S3).\nPlayer 2 throws 6 and 3 for the start (9) (T-S3).\n",
		"\nPlayer 2 throws 3 and 1.\n\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%.600s", want, out)
		}
	}
	// the Festungsspiel's throw: once a line, never as "1-3-5"
	out = playWith(t, "quit\n", "-i", "-throw", "auto", "-game", "festung", "-seed", "3", "-opponent", "random")
	throws := regexp.MustCompile(`(?m)^Player \d throws (\d) on the large die and (\d) and (\d) on the small dice\.$`).FindAllStringSubmatch(out, -1)
	if len(throws) < 5 {
		t.Errorf("throws said: %d\n%s", len(throws), out)
	}
	for _, th := range throws {
		if dashed := th[1] + "-" + th[2] + "-" + th[3]; strings.Contains(out, dashed) {
			t.Errorf("the throw %s is written %q too:\n%s", th[0], dashed, out)
		}
	}
	if n := len(regexp.MustCompile(`(?m)^Player \d throws`).FindAllString(out, -1)); n != len(throws) {
		t.Errorf("a throw is said twice or otherwise:\n%s", out)
	}
}

// ruleIDs returns the words of a printed line that are rule IDs, in their
// order, once each: the test's reading of the terminal, not the program's.
func ruleIDs(line string) []string {
	var ids []string
	for _, w := range strings.Fields(line) {
		w = strings.Trim(w, "(),.:;")
		if _, ok := rules.Lookup(w); ok && len(w) <= 8 {
			ids = append(ids, w)
		}
	}
	return unique(ids)
}

// plantingReader gives its chunks one Read at a time and calls plant before
// the second, as an attacker would act while the question is open.
type plantingReader struct {
	chunks []string
	plant  func()
	reads  int
}

func (r *plantingReader) Read(p []byte) (int, error) {
	if r.reads == len(r.chunks) {
		return 0, io.EOF
	}
	if r.reads == 1 {
		r.plant()
	}
	n := copy(p, r.chunks[r.reads])
	r.reads++
	return n, nil
}

func TestSaveDoesNotFollowALinkPlantedWhileAsking(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.txt")
	victim := filepath.Join(dir, "victim.txt")
	for _, f := range []string{file, victim} {
		if err := os.WriteFile(f, []byte("precious\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in := &plantingReader{
		chunks: []string{"save " + file + "\n", "y\nquit\n"},
		plant: func() {
			if err := os.Remove(file); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(victim, file); err != nil {
				t.Fatal(err)
			}
		},
	}
	var out, errOut bytes.Buffer
	if err := run([]string{"-i", "-game", "toccateglio", "-seed", "3", "-opponent", "random"}, in, &out, &errOut, false); err != nil {
		t.Fatalf("play: %v\n%s\n%s", err, out.String(), errOut.String())
	}
	if in.reads != 2 {
		t.Fatalf("the answer was read in %d reads, want the question asked between the two:\n%s", in.reads, out.String())
	}
	if data, _ := os.ReadFile(victim); string(data) != "precious\n" {
		t.Errorf("the save wrote through a link planted while the question was open:\n%s", data)
	}
	if fi, err := os.Lstat(file); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("after the save, %s is %v (%v), want a regular file", file, fi.Mode(), err)
	} else if data, _ := os.ReadFile(file); !strings.Contains(string(data), "game: toccateglio") {
		t.Errorf("the saved file:\n%s", data)
	}
}

// TestLoadDrawsTheBoardOnce: after load at the prompt the loaded position
// is drawn once before the next prompt.
func TestLoadDrawsTheBoardOnce(t *testing.T) {
	for _, game := range []string{"toccateglio", "verkehren"} {
		t.Run(game, func(t *testing.T) {
			saved := filepath.Join(t.TempDir(), "saved.txt")
			playWith(t, "1\n1\nsave "+saved+"\nquit\n", "-i", "-game", game, "-seed", "7", "-opponent", "random")
			out := playWith(t, "load "+saved+"\nquit\n", "-i", "-game", game, "-seed", "8", "-opponent", "random")
			_, after, ok := strings.Cut(out, "loaded ")
			if !ok {
				t.Fatalf("no load:\n%s", out)
			}
			before, _, ok := strings.Cut(after, "\n> ")
			if n := strings.Count(before, "Direction: "); !ok || n != 1 {
				t.Errorf("the board drawn %d times after load:\n%s", n, out)
			}
		})
	}
}

// The command quit at the question whether to save a game just ended
// saves nothing and leaves: no file is named after the command, and the
// review is not offered. Also in German.
func TestQuitAtTheSaveQuestionLeaves(t *testing.T) {
	for _, c := range []struct{ lang, yes, quit, review string }{
		{"en", "yes", "quit", "Review the game"},
		{"en", "yes", "exit", "Review the game"},
		{"de", "ja", "ende", "Das Spiel durchsehen"},
	} {
		t.Run(c.lang+"/"+c.quit, func(t *testing.T) {
			dir := t.TempDir()
			inDir(t, dir)
			input := "concede\n" + c.yes + "\n" + c.quit + "\nhistory\n"
			out := playWith(t, input, "-i", "-lang", c.lang, "-game", "verkehren", "-seed", "3", "-opponent", "random")
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("%q at the save question wrote %s", c.quit, entries[0].Name())
			}
			if strings.Contains(out, c.review) {
				t.Errorf("%q at the save question did not leave:\n%s", c.quit, out)
			}
		})
	}
}

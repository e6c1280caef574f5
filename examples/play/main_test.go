package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/verkehren"
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
			if !strings.Contains(out, "plays") || !(strings.Contains(out, "game over") || strings.Contains(out, "stopped after 12 turns")) {
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
				"this is no move", // bad notation
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
			out := playWith(t, input, "-i", "-game", e.Name, "-seed", "3", "-opponent", "random")
			for _, want := range []string{
				"a number or a play in notation", // help
				"no play numbered 99",
				"bad notation",
				"expected", // hint
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
	for _, want := range []string{"chance plays 6-4", "player 1 plays 1/2 1/4", "player 0 plays", "type the throw you see"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "bad notation") {
		t.Errorf("the impossible throw 7-7 was not refused:\n%s", out)
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-i", "-game", "nope"},
		{"-i", "-game", "verkehren", "-opponent", "oracle"},
		{"-i", "-game", "festung", "-players", "3", "-seat", "5"},
		{"-i", "-game", "toccateglio", "-preset", "nope"},
		{"-i", "-game", "toccateglio", "-load", "/nonexistent/record"},
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
	if got := gameOver(g); got != "game over, a draw, returns [0 0]" {
		t.Errorf("gameOver = %q\n%s", got, g)
	}
	if !strings.Contains(g.String(), "drawn") {
		t.Errorf("the board does not say drawn:\n%s", g)
	}
	// a game won is no draw
	w, _ := verkehren.FromPosition(verkehren.VK(), verkehren.Position{Stones: [2][26]int{{24: 1, 25: 14}, {1: 15}}, Dice: [2]int{6, 5}})
	m, _ := w.ParseMove("24/off")
	if err := w.Apply(m); err != nil {
		t.Fatal(err)
	}
	if got := gameOver(w); got != "game over, returns [1 -1]" {
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
	if strings.Count(out, "line too long") != 2 || !strings.Contains(out, "a number or a play in notation") {
		t.Errorf("output:\n%.2000s", out)
	}
	if len(out) > 100000 {
		t.Errorf("the long line came back: %d bytes of output", len(out))
	}
}

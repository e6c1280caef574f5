package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
)

// A finished game loaded by load or -load opens for review: no save is
// offered, analyze judges it, undo and redo walk it.
func TestLoadAFinishedGame(t *testing.T) {
	dir := t.TempDir()
	over := filepath.Join(dir, "over.txt")
	playWith(t, "concede\ny\n"+over+"\n", "-i", "-game", "verkehren", "-seed", "3", "-opponent", "random")
	out := playWith(t, "load "+over+"\nanalyze\nundo\nredo\nquit\n", "-i", "-game", "verkehren", "-seed", "4", "-opponent", "random")
	_, after, _ := strings.Cut(out, "loaded 6 steps from "+over)
	for _, want := range []string{
		"Player 2 wins a single game: Player 1 gave it up (worth 1).\nReview the game: analyze judges it",
		"review of 6 steps, in points",
		"taken back: Player 1's concede",
		"> Player 1 gives the game up (V-W2).",
	} {
		if !strings.Contains(after, want) {
			t.Errorf("loading a finished game: no %q in\n%s", want, out)
		}
	}
	if strings.Contains(after, "save the game?") {
		t.Errorf("a loaded game, unchanged, offered for saving:\n%s", out)
	}
}

// finishedRecord plays a whole game of random bots on every seat and
// writes its record to a file in dir.
func finishedRecord(t *testing.T, dir, game string, seed uint64) string {
	t.Helper()
	h, err := catalog.NewHistoryWith(game, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0))
	for i := 0; h.ToMove() != brettspiel.Terminal; i++ {
		if i > 20000 {
			t.Fatalf("%s: no end after %d steps", game, i)
		}
		g := h.Game()
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, err = brettspiel.SampleChance(g, r)
			if err != nil {
				t.Fatal(err)
			}
		} else {
			m = bot.Random{}.Choose(g, g.LegalMoves(), r)
		}
		if err := h.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, game+".txt")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := h.Record().WriteTo(f, h.Start()); err != nil {
		t.Fatal(err)
	}
	return file
}

// The terminal reviews a finished game of each game, loaded with -load:
// the players by name, the worst decisions with their cost in the game's
// unit and the better play in board points; in the Festungsspiel random
// choices cost markers, valued exactly.
func TestReviewAFinishedGame(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		game, unit string
		seed       uint64
	}{{"toccateglio", "strokes", 2}, {"verkehren", "points", 2}, {"festung", "markers", 3}} {
		t.Run(c.game, func(t *testing.T) {
			file := finishedRecord(t, dir, c.game, c.seed)
			out := playWith(t, "analyze\nquit\n", "-i", "-game", c.game, "-load", file, "-opponent", "random")
			_, review, ok := strings.Cut(out, "Review the game: analyze judges it")
			if !ok {
				t.Fatalf("no review offered:\n%s", out)
			}
			for _, re := range []string{
				`\n  Player 1 \(you\): lost \d+\.\d{3} ` + c.unit + ` in \d+ decisions`,
				`\n  Player 2 \(bot\): lost `,
				`\n  step \d+, Player \d played .+ \([+-]\d+\.\d{3}\)\n      better .+ \([+-]\d+\.\d{3}\): it cost 0*[1-9]?\d*\.\d{3} ` + c.unit + `\n`,
			} {
				if !regexp.MustCompile(re).MatchString(review) {
					t.Errorf("the review lacks %s:\n%s", re, review)
				}
			}
			if m := regexp.MustCompile(`it cost (\d+\.\d{3}) `).FindStringSubmatch(review); m == nil || m[1] == "0.000" {
				t.Errorf("no decision with a cost above 0:\n%s", review)
			}
			for _, l := range strings.Split(review, "\n") {
				if utf8.RuneCountInString(l) > 80 {
					t.Errorf("a line of the review is wider than 80 columns: %q", l)
				}
			}
			if strings.Contains(review, "seat 0") || strings.Contains(review, "ply") {
				t.Errorf("jargon in the review:\n%s", review)
			}
			if c.game != "festung" && !regexp.MustCompile(`played \d+→\d+`).MatchString(review) {
				t.Errorf("plays not in board points:\n%s", review)
			}
		})
	}
}

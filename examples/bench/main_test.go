package main

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/kit"
)

// TestRunPrintsTables runs the command briefly and checks the tables: the
// machine, a row per player count of the Festungsspiel in both tables, and
// plausible figures.
func TestRunPrintsTables(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-time", "2ms", "-positions", "20", "-games", "festung"}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	s := out.String()
	if !strings.Contains(s, "Machine: "+runtime.GOOS+"/"+runtime.GOARCH) || !strings.Contains(s, runtime.Version()) {
		t.Errorf("machine not named:\n%s", s)
	}
	rows := 0
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(line, "| festung | Standard | ") {
			continue
		}
		rows++
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 8 && len(cells) != 12 {
			t.Errorf("%d cells: %s", len(cells), line)
		}
		if len(cells) == 12 && (cells[7] != "own" || cells[9] == "—") {
			t.Errorf("Festung's playout is its own and counts its throws: %s", line)
		}
	}
	if rows != 2*5 {
		t.Errorf("%d Festung rows, want 5 in each table:\n%s", rows, s)
	}
	for _, args := range [][]string{{"-games", "chess"}, {"-time", "0s"}, {"-positions", "0"}, {"extra"}} {
		if err := run(args, &out, &errs); err == nil {
			t.Errorf("run %v: no error", args)
		}
	}
}

// TestCountTurnsReplaysPlayOut: counting the throws replays the very game
// PlayOut plays from the same seed.
func TestCountTurnsReplaysPlayOut(t *testing.T) {
	policy := bot.Policy(bot.Random{})
	for seed := uint64(0); seed < 10; seed++ {
		g, err := festung.New(festung.ForPlayers(4))
		if err != nil {
			t.Fatal(err)
		}
		c := g.Clone()
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(seed, 0)), policy, 0); err != nil {
			t.Fatal(err)
		}
		n, err := countTurns(c, rand.New(rand.NewPCG(seed, 0)), policy)
		if err != nil {
			t.Fatal(err)
		}
		if n != g.Turns() || c.(*festung.Game).ID() != g.ID() {
			t.Errorf("seed %d: counted %d throws, PlayOut made %d", seed, n, g.Turns())
		}
	}
}

func TestIsDoublet(t *testing.T) {
	a, b := kit.NewMove(brettspiel.Chance, 1), kit.NewMove(brettspiel.Chance, 2)
	uneven := []brettspiel.Outcome{{Move: a, Weight: 1}, {Move: b, Weight: 2}}
	even := []brettspiel.Outcome{{Move: a, Weight: 1}, {Move: b, Weight: 1}}
	if !isDoublet(uneven, a) || isDoublet(uneven, b) || isDoublet(even, a) {
		t.Error("isDoublet")
	}
	if s := summarize([]float64{4, 1, 3, 2}); s.n != 4 || s.mean != 2.5 || s.median != 2.5 {
		t.Errorf("summarize: %+v", s)
	}
	if got := count(1234567); got != "1,234,567" {
		t.Errorf("count: %s", got)
	}
}

package main

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel/festung"
)

// boardCells reads the last race board drawn in out: each point's cell, such
// as "2O" or "." for an empty point. The board is drawn as rows of point
// numbers, each followed by a row of cells.
func boardCells(t *testing.T, out string) map[int]string {
	t.Helper()
	cells := map[int]string{}
	lines := strings.Split(out, "\n")
	for i := 0; i+1 < len(lines); i++ {
		nums, row := strings.Fields(lines[i]), strings.Fields(lines[i+1])
		if len(nums) != 12 || len(row) != 12 {
			continue
		}
		var points []int
		for _, f := range nums {
			if n, err := strconv.Atoi(f); err == nil && n >= 1 && n <= 24 {
				points = append(points, n)
			}
		}
		if len(points) != 12 {
			continue
		}
		for j, p := range points {
			cells[p] = row[j]
		}
	}
	if len(cells) != 24 {
		t.Fatalf("no board of 24 points in:\n%s", out)
	}
	return cells
}

// moveEvent matches the event of a step of a race game, "player 1 move 1:
// 24→21 by 3", "player 0 enter: hand→5 by 5", with its points (or bar,
// hand, off).
var moveEvent = regexp.MustCompile(`^  player (\d) (?:move|enter|bear-off)(?: \d+)?: (\w+)→(\w+) by \d`)

// playLine matches the line that reports a play, "player 1 plays 1/2 2/5
// (board 24→23 23→20)", with the play in board points where the notation
// counts otherwise.
var playLine = regexp.MustCompile(`^player (\d) plays [^(]*(?:\(board (.*)\))?$`)

// The events printed after a play name the points the board shows: the
// play's steps in board points as the list gives them, and the board drawn
// next holds the mover's stone where the last of them ends.
func TestEventsInBoardCoordinates(t *testing.T) {
	for _, game := range [][]string{
		{"-game", "toccateglio"},
		{"-game", "toccateglio", "-preset", "toccadille"}, // stones enter from the hand
		{"-game", "verkehren"},
	} {
		t.Run(strings.Join(game, " "), func(t *testing.T) {
			// two people: the board is drawn right after each play, of
			// player 0 (whose track is the board's numbering) and of
			// player 1 (whose track is not)
			out := playWith(t, strings.Repeat("1\n", 8)+"quit\n", append(game, "-i", "-seed", "11", "-opponent", "human")...)
			parts := prompts(out)
			checked := [2]int{}
			for i := 1; i+1 < len(parts); i++ {
				lines := strings.Split(parts[i], "\n")
				play := playLine.FindStringSubmatch(lines[0])
				if play == nil {
					continue
				}
				var steps []string
				for _, l := range lines[1:] {
					if m := moveEvent.FindStringSubmatch(l); m != nil && m[1] == play[1] {
						steps = append(steps, m[2]+"→"+m[3])
					}
				}
				if len(steps) == 0 {
					continue // a pass
				}
				mover, _ := strconv.Atoi(play[1])
				if (play[2] != "") != (mover == 1) {
					t.Errorf("player %d's play in board points: %q", mover, play[2])
				}
				if play[2] != "" && !sameSteps(strings.Fields(strings.ReplaceAll(play[2], "*", "")), steps) {
					t.Errorf("the play in board points is %q, its events say %q:\n%s", play[2], steps, parts[i])
				}
				last := steps[len(steps)-1]
				_, to, _ := strings.Cut(last, "→")
				if p, err := strconv.Atoi(to); err == nil {
					if cell := boardCells(t, parts[i])[p]; !strings.HasSuffix(cell, "XO"[mover:mover+1]) {
						t.Errorf("the event %s ends on point %d, where the board shows %q:\n%s", last, p, cell, parts[i])
					}
				}
				checked[mover]++
			}
			if checked[0] < 2 || checked[1] < 2 {
				t.Errorf("plays checked of each player: %v\n%s", checked, out)
			}
		})
	}
}

// sameSteps reports whether a and b hold the same steps, in any order.
func sameSteps(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// fieldEvent matches a take or place event of the Festungsspiel, "player 0
// take 1: W1.II→ by 2", with the field before or after the arrow.
var fieldEvent = regexp.MustCompile(`^  player \d (?:take|place) \d+: (\S*)→(\S*) by \d`)

// The Festungsspiel's events name the fields as its notation and the plan
// do ("W1.II", "S.VIII", "L10"), not by their numbers.
func TestFestungEventsNameTheFields(t *testing.T) {
	out := playWith(t, "quit\n", "-i", "-game", "festung", "-seed", "3", "-opponent", "random")
	n := 0
	for _, l := range strings.Split(out, "\n") {
		m := fieldEvent.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		for _, name := range m[1:] {
			if name == "" {
				continue
			}
			if _, ok := festung.FieldByName(name); !ok {
				t.Errorf("the event %q names no field of the plan", l)
			}
			n++
		}
	}
	if n < 10 {
		t.Errorf("only %d fields named:\n%s", n, out)
	}
}

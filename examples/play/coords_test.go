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
			// H marks a Hucke
			if n, err := strconv.Atoi(strings.TrimPrefix(f, "H")); err == nil && n >= 1 && n <= 24 {
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

// playLine matches the line that reports a play, "Player 2 plays 24→23
// 23→20 (notation 1/2 2/5) (T-D2).", with the play in board points.
var playLine = regexp.MustCompile(`^Player (\d) plays (.*) \(notation ([^)]*)\)`)

// A play is told in board points, the points the board shows: the board
// drawn next holds the mover's stone where the last of its steps ends, and
// the steps are those of the play the notation names, in board points.
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
				seat, _ := strconv.Atoi(play[1])
				mover := seat - 1
				steps := strings.Fields(strings.ReplaceAll(play[2], "*", ""))
				// the notation counts in the mover's track: player 1's
				// point t is board point 25-t in Toccateglio, t+12 (less
				// 24 past 24) in Verkehren
				var want []string
				for _, st := range strings.Fields(strings.ReplaceAll(play[3], "*", "")) {
					from, to, _ := strings.Cut(st, "/")
					want = append(want, boardPoint(game[1], mover, from)+"→"+boardPoint(game[1], mover, to))
				}
				if !sameSteps(steps, want) {
					t.Errorf("the play %q in board points is %q, want %q", play[3], steps, want)
				}
				_, to, _ := strings.Cut(steps[len(steps)-1], "→")
				if p, err := strconv.Atoi(to); err == nil {
					if cell := boardCells(t, parts[i])[p]; !strings.HasSuffix(cell, "XO"[mover:mover+1]) {
						t.Errorf("the play ends on point %d, where the board shows %q:\n%s", p, cell, parts[i])
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

// boardPoint turns a place of the notation, in the mover's track, into the
// board's: the test's own reading of the tracks (B-3, V-B1).
func boardPoint(game string, mover int, place string) string {
	switch place {
	case "in":
		return "hand"
	case "bar":
		return "bar"
	case "off":
		return "off"
	}
	t, _ := strconv.Atoi(place)
	if mover == 0 {
		return strconv.Itoa(t)
	}
	if game == "verkehren" {
		return strconv.Itoa((t+11)%24 + 1)
	}
	return strconv.Itoa(25 - t)
}

// sameSteps reports whether a and b hold the same steps, in any order.
func sameSteps(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// fieldEvent matches a take or place event of the Festungsspiel, "Player 1
// takes a marker from W1.II (2) (F-A2).", with its field.
var fieldEvent = regexp.MustCompile(`^  Player \d (?:takes (?:a marker|\d+ markers) from|places (?:a marker|\d+ markers) on) (\S+) \(`)

// The Festungsspiel's events name the fields as its notation and the plan
// do ("W1.II", "S.VIII", "L10"), not by their numbers.
func TestFestungEventsNameTheFields(t *testing.T) {
	out := playWith(t, "quit\n", "-i", "-throw", "auto", "-game", "festung", "-seed", "3", "-opponent", "random")
	n := 0
	for _, l := range strings.Split(out, "\n") {
		m := fieldEvent.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if _, ok := festung.FieldByName(m[1]); !ok {
			t.Errorf("the event %q names no field of the plan", l)
		}
		n++
	}
	if n < 10 {
		t.Errorf("only %d fields named:\n%s", n, out)
	}
}

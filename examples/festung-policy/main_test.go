package main

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// The exact table for two players: lowest first gains 2.6 markers a game on
// random play, highest first loses 1.7, and the best response is lowest
// first against lowest-first opponents.
func TestExactTwoPlayers(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-players", "2", "-games", "0"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| 2 | random | +2.6036 | -1.7337 | +2.6040 | 3.6e-04 |",
		"| 2 | lowest | +2.6036 | -1.7324 | +2.6036 | 0.0e+00 |",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "Paired") {
		t.Errorf("-games 0 played games:\n%s", out.String())
	}
}

// Every marker of a number ends with some seat: with all seats at random the
// seats' values of one number add up to its six markers.
func TestModelConservesMarkers(t *testing.T) {
	for n := 2; n <= 3; n++ {
		s := newSolver(n)
		sum := 0.0
		for me := range n {
			sum += s.solve(me, nil, nil, false)
		}
		if math.Abs(sum-6) > 1e-9 {
			t.Errorf("%d players: values add up to %v", n, sum)
		}
	}
}

// The paired games: the same flags print the same tables; the registered
// level plays as lowest first; the offers are counted.
func TestPairedGames(t *testing.T) {
	args := []string{"-players", "3", "-exact=false", "-games", "30", "-seed", "4", "-offers", "-policies", "lowest,festung-best,highest"}
	var a, b, errs bytes.Buffer
	if err := run(args, &a, &errs); err != nil {
		t.Fatal(err)
	}
	if err := run(args, &b, &errs); err != nil || a.String() != b.String() {
		t.Fatalf("the same flags gave other tables (%v):\n%s\n%s", err, a.String(), b.String())
	}
	s := a.String()
	row := func(name string) string {
		for _, line := range strings.Split(s, "\n") {
			if strings.HasPrefix(line, "| 3 | "+name+" |") {
				return strings.TrimPrefix(line, "| 3 | "+name)
			}
		}
		t.Fatalf("no row %s:\n%s", name, s)
		return ""
	}
	if row("lowest") != row("festung-best") {
		t.Errorf("festung-best differs from lowest first:\n%s", s)
	}
	if row("lowest") == row("highest") || !strings.Contains(row("random"), "(baseline)") {
		t.Errorf("implausible rows:\n%s", s)
	}
	if !strings.Contains(s, "| players | all | 1+2 |") {
		t.Errorf("no offers table:\n%s", s)
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-players", "7"},
		{"-games", "-1"},
		{"-policies", "lowest,nonsense"},
		{"extra"},
	} {
		var out, errs bytes.Buffer
		if err := run(args, &out, &errs); err == nil {
			t.Errorf("%q accepted", args)
		}
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func selfplay(t *testing.T, args ...string) Result {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("run %v: %v\n%s", args, err, errOut.String())
	}
	var res Result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out.String())
	}
	return res
}

func TestSameSeedSameResultWhateverTheWorkers(t *testing.T) {
	base := []string{"-game", "festung", "-players", "3", "-bots", "random,greedy", "-games", "60", "-seed", "7"}
	one := selfplay(t, append(base, "-workers", "1")...)
	two := selfplay(t, append(base, "-workers", "2")...)
	ignore := cmp.Options{cmpopts.IgnoreFields(Result{}, "ElapsedSeconds", "GamesPerSecond", "Args.Workers"),
		cmpopts.IgnoreFields(Seat{}, "DecisionMs", "MedianMs")}
	if d := cmp.Diff(one, two, ignore); d != "" {
		t.Errorf("1 and 2 workers differ (-1 +2):\n%s", d)
	}
	wins := 0
	for _, s := range one.Seats {
		wins += s.Wins
	}
	if one.Games != 60 || wins == 0 || wins+one.Draws != 60 || one.MaxTurns < int(one.MeanTurns) || one.Seats[1].Bot != "greedy" {
		t.Errorf("implausible result: %+v", one)
	}
	if other := selfplay(t, "-game", "festung", "-players", "3", "-bots", "random,greedy", "-games", "60", "-seed", "8"); cmp.Equal(one.Seats, other.Seats) {
		t.Error("another seed gave the same results")
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess"},
		{"-game", "festung", "-players", "9"},
		{"-game", "toccateglio", "-players", "3"},
		{"-game", "verkehren", "-preset", "nope"},
		{"-bots", "oracle"},
		{"-rollouts", "0"},
		{"-depth", "0"},
		{"-nodes", "0"},
		{"-games", "0"},
	} {
		var out, errOut bytes.Buffer
		err := run(args, &out, &errOut)
		if err == nil || out.Len() != 0 {
			t.Errorf("run %v: err %v, output %q", args, err, out.String())
		}
		if err != nil && strings.TrimSpace(err.Error()) == "" {
			t.Errorf("run %v: empty error", args)
		}
	}
}

func TestDrawsAreNoWins(t *testing.T) {
	res := Result{Seats: make([]Seat, 2)}
	tally(&res, []outcome{
		{turns: 10, returns: []int{1, -1}},
		{turns: 30, returns: []int{0, 0}}, // drawn
		{turns: 20, returns: []int{-2, 2}},
		{turns: 40, returns: []int{0, 0}}, // drawn
	})
	want := Result{Draws: 2, MeanTurns: 25, MaxTurns: 40, Seats: []Seat{{Wins: 1, MeanReturn: -0.25}, {Wins: 1, MeanReturn: 0.25}}}
	if d := cmp.Diff(want, res); d != "" {
		t.Errorf("tally (-want +got):\n%s", d)
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/brettspiel/brettspiel/bot/neural"
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
		{"-bots", "net-grandmaster"},
		{"-net-time", "soon"},
		{"-bots", "net-advanced", "-weights", "no-such-file.bin"},
		{"-bots", "net-advanced", "-weights", "main_test.go"},
		{"-bots", "net-advanced", "-weights", ",main_test.go"},
		{"-game", "verkehren", "-bots", "net-advanced", "-weights", shippedToccateglio},
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

// TestNetBotsAndTheirTimes: the net's bots play by name, each seat's time
// per decision is reported, and -net-time bounds the deeper levels' (a
// decision may run on a little past it, to the end of the throw it is
// judging).
func TestNetBotsAndTheirTimes(t *testing.T) {
	res := selfplay(t, "-game", "toccateglio", "-bots", "net-strongest,net-beginner", "-games", "4", "-seed", "2", "-workers", "1", "-net-time", "250ms")
	if res.Seats[0].Bot != "net-strongest" || res.Args.NetTime != 250*time.Millisecond || res.Seats[0].Wins+res.Seats[1].Wins+res.Draws != 4 {
		t.Errorf("implausible result: %+v", res)
	}
	for _, s := range res.Seats {
		if s.DecisionMs <= 0 || s.MedianMs <= 0 || s.MedianMs > 1000 {
			t.Errorf("seat %s: decisions of %v ms, median %v ms", s.Bot, s.DecisionMs, s.MedianMs)
		}
	}
	// in a game without a net a net bot plays as greedy
	res = selfplay(t, "-game", "festung", "-bots", "net-advanced,random", "-games", "2", "-seed", "2")
	if res.Games != 2 {
		t.Errorf("festung with a net bot: %+v", res)
	}
}

// shippedToccateglio is the shipped Toccateglio net's file.
const shippedToccateglio = "../../bot/neural/weights/toccateglio.bin"

// TestWeightsPerSeat: a list of weights is cycled per seat, an empty item
// keeping the shipped net. An untrained net in one seat loses to the shipped
// one in the other, whichever seat; the shipped net named by its file
// plays as the shipped net does.
func TestWeightsPerSeat(t *testing.T) {
	tr, err := neural.NewTrainer("toccateglio", 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	data, err := tr.Eval.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	untrained := filepath.Join(t.TempDir(), "untrained.bin")
	if err := os.WriteFile(untrained, data, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-game", "toccateglio", "-bots", "net-advanced", "-games", "40", "-seed", "4"}
	for seat, weights := range []string{untrained + ",", "," + untrained} {
		res := selfplay(t, append(args, "-weights", weights)...)
		if res.Seats[seat].Weights != untrained || res.Seats[1-seat].Weights != "" {
			t.Errorf("-weights %s: seats' weights %q and %q", weights, res.Seats[0].Weights, res.Seats[1].Weights)
		}
		if res.Seats[seat].Wins*4 > res.Games {
			t.Errorf("-weights %s: the untrained net won %d of %d", weights, res.Seats[seat].Wins, res.Games)
		}
	}
	ignoreTimes := cmpopts.IgnoreFields(Seat{}, "Weights", "DecisionMs", "MedianMs")
	shipped := selfplay(t, args...)
	named := selfplay(t, append(args, "-weights", shippedToccateglio+",")...)
	if d := cmp.Diff(shipped.Seats, named.Seats, ignoreTimes); d != "" {
		t.Errorf("the shipped net by its file played otherwise (-shipped +named):\n%s", d)
	}
}

// TestFestungBest: the Festungsspiel's level plays by name.
func TestFestungBest(t *testing.T) {
	res := selfplay(t, "-game", "festung", "-players", "3", "-bots", "festung-best,random", "-games", "4", "-seed", "3", "-workers", "1")
	if res.Games != 4 || res.Seats[0].Bot != "festung-best" || res.Seats[2].Bot != "festung-best" {
		t.Errorf("implausible result: %+v", res)
	}
}

package neural

import (
	"bytes"
	"testing"
)

// trainTiny trains a tiny net for two rounds of two games.
func trainTiny(t *testing.T, game string, workers int, seed uint64) []byte {
	t.Helper()
	tr, err := NewTrainer(game, 6, seed)
	if err != nil {
		t.Fatal(err)
	}
	tr.Workers, tr.Batch = workers, 2
	for range 2 {
		if _, err := tr.Round(tr.Eval.Games()); err != nil {
			t.Fatal(err)
		}
	}
	if tr.Eval.Games() != 4 {
		t.Fatalf("%d games counted, want 4", tr.Eval.Games())
	}
	data, err := tr.Eval.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestTrainingIsReproducible(t *testing.T) {
	for _, game := range Games() {
		a := trainTiny(t, game, 1, 9)
		b := trainTiny(t, game, 2, 9)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: one worker and two give different weights", game)
		}
		c := trainTiny(t, game, 1, 10)
		if bytes.Equal(a, c) {
			t.Errorf("%s: seeds 9 and 10 give the same weights", game)
		}
		fresh, _ := NewTrainer(game, 6, 9)
		untrained, _ := fresh.Eval.MarshalBinary()
		if bytes.Equal(a[len(a)/2:], untrained[len(untrained)/2:]) {
			t.Errorf("%s: training changed no weight", game)
		}
	}
}

// TestResumeGoesOnExactly: training stopped after a round, saved, read
// back and resumed gives the weights of training straight through.
func TestResumeGoesOnExactly(t *testing.T) {
	straight := trainTiny(t, "verkehren", 2, 4)
	tr, err := NewTrainer("verkehren", 6, 4)
	if err != nil {
		t.Fatal(err)
	}
	tr.Workers, tr.Batch = 1, 2
	if _, err := tr.Round(0); err != nil {
		t.Fatal(err)
	}
	ckpt, _ := tr.Eval.MarshalBinary()
	e, err := Parse(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	re := ResumeTrainer(e, 4)
	re.Workers, re.Batch = 2, 2
	if _, err := re.Round(e.Games()); err != nil {
		t.Fatal(err)
	}
	resumed, _ := re.Eval.MarshalBinary()
	if !bytes.Equal(straight, resumed) {
		t.Error("resumed training differs from training straight through")
	}
}

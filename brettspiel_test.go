package brettspiel_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/kit"
)

func TestMoveEncoding(t *testing.T) {
	for _, p := range []brettspiel.Player{brettspiel.Chance, 0, 1, 5} {
		for _, payload := range []uint64{0, 1, 1<<56 - 1} {
			m := kit.NewMove(p, payload)
			if m.Actor() != p || m.Payload() != payload || m == brettspiel.NoMove {
				t.Errorf("NewMove(%v, %#x) = %v: actor %v payload %#x", p, payload, m, m.Actor(), m.Payload())
			}
		}
	}
	if brettspiel.NoMove.Actor() != brettspiel.Nobody || brettspiel.Move(^uint64(0)).Actor() != brettspiel.Nobody {
		t.Error("NoMove and garbage must belong to nobody")
	}
	if kit.NewMove(0, 1<<56|5).Payload() != 5 {
		t.Error("payload not masked to 56 bits")
	}
	// Moves of one actor sort by payload.
	if !(kit.NewMove(1, 2) < kit.NewMove(1, 3)) {
		t.Error("moves of one actor must sort by payload")
	}
}

func TestErrorWrapsSentinel(t *testing.T) {
	err := error(&brettspiel.Error{Op: "apply", Input: "1/6 1/4", Err: brettspiel.ErrIllegalMove, Reason: "the Hucke may not hold one stone"})
	if !errors.Is(err, brettspiel.ErrIllegalMove) || errors.Is(err, brettspiel.ErrGameOver) {
		t.Error("errors.Is does not see the sentinel")
	}
	want := `brettspiel: apply "1/6 1/4": illegal move: the Hucke may not hold one stone`
	if err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
}

func TestCheckMoveOrder(t *testing.T) {
	legal := []brettspiel.Move{kit.NewMove(0, 1), kit.NewMove(0, 4), kit.NewMove(0, 9)}
	cases := []struct {
		toMove brettspiel.Player
		m      brettspiel.Move
		want   error
	}{
		{0, kit.NewMove(0, 4), nil},
		{0, kit.NewMove(0, 9), nil},
		{0, kit.NewMove(0, 5), brettspiel.ErrIllegalMove},
		{0, kit.NewMove(0, 10), brettspiel.ErrIllegalMove},
		{0, kit.NewMove(1, 4), brettspiel.ErrNotYourTurn},
		{0, brettspiel.NoMove, brettspiel.ErrNotYourTurn},
		{brettspiel.Chance, kit.NewMove(0, 4), brettspiel.ErrChanceNode},
		{brettspiel.Terminal, kit.NewMove(0, 4), brettspiel.ErrGameOver},
	}
	for _, c := range cases {
		err := kit.CheckMove(c.toMove, c.m, legal, nil)
		if (c.want == nil) != (err == nil) || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("CheckMove(%v, %v) = %v, want %v", c.toMove, c.m, err, c.want)
		}
	}
}

func TestSampleChanceFollowsWeights(t *testing.T) {
	g, _ := race.New(race.Rules{})
	r := rand.New(rand.NewPCG(3, 4))
	count := map[brettspiel.Move]int{}
	for i := 0; i < 6000; i++ {
		m, err := brettspiel.SampleChance(g, r)
		if err != nil {
			t.Fatal(err)
		}
		count[m]++
	}
	if len(count) != 6 {
		t.Fatalf("%d outcomes drawn, want 6", len(count))
	}
	for m, n := range count {
		if n < 850 || n > 1150 { // 1000 ± ~5σ
			t.Errorf("outcome %v drawn %d times of 6000", m, n)
		}
	}
	_ = g.Apply(kit.NewMove(brettspiel.Chance, 3))
	if _, err := brettspiel.SampleChance(g, r); !errors.Is(err, brettspiel.ErrNotYourTurn) {
		t.Errorf("SampleChance at a player's node: %v", err)
	}
}

func TestPlayOutIsDeterministic(t *testing.T) {
	play := func(seed uint64) string {
		g, _ := race.New(race.Rules{Players: 3})
		var log strings.Builder
		policy := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
			m := brettspiel.RandomPolicy(g, legal, r)
			log.WriteString(g.MoveString(m) + " ")
			return m
		}
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(seed, 0)), policy, 0); err != nil {
			t.Fatal(err)
		}
		if g.ToMove() != brettspiel.Terminal {
			t.Fatal("PlayOut returned before the end")
		}
		return log.String()
	}
	if a, b := play(1), play(1); a != b {
		t.Errorf("same seed, different games:\n%s\n%s", a, b)
	}
	if play(1) == play(2) {
		t.Error("different seeds gave the same game")
	}
}

func TestPlayOutStepLimit(t *testing.T) {
	g, _ := race.New(race.Rules{Goal: 100})
	err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(1, 1)), brettspiel.RandomPolicy, 5)
	if !errors.Is(err, brettspiel.ErrStepLimit) {
		t.Errorf("PlayOut with 5 steps: %v", err)
	}
}

func TestEventString(t *testing.T) {
	e := brettspiel.Event{Kind: brettspiel.EventMark, Rule: "T-M2", Player: 0, Other: brettspiel.Nobody, Amount: 2, From: 3, To: 13, Number: 10}
	if got, want := e.String(), "player 0 mark 2: 3→13 by 10 (T-M2)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	p := brettspiel.Event{Kind: brettspiel.EventPay, Rule: "F-B3", Player: 1, Other: 2, Amount: 5, From: brettspiel.NoPlace, To: brettspiel.NoPlace}
	if got, want := p.String(), "player 1 pay 5 (player 2) (F-B3)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestFirstPlayer(t *testing.T) {
	var zero brettspiel.FirstPlayer
	if _, ok := zero.Seat(); ok || zero != brettspiel.DrawForStart {
		t.Error("the zero FirstPlayer must mean the draw")
	}
	for p := brettspiel.Player(0); p < brettspiel.MaxPlayers; p++ {
		if s, ok := brettspiel.Starts(p).Seat(); !ok || s != p {
			t.Errorf("Starts(%v).Seat() = %v, %v", p, s, ok)
		}
	}
	if got := brettspiel.Starts(1).String(); got != "player 1 begins" {
		t.Errorf("String() = %q", got)
	}
}

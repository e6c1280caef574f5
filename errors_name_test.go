package brettspiel_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

func TestErrorNameOfEverySentinel(t *testing.T) {
	for name, err := range map[string]error{
		"ErrIllegalMove": brettspiel.ErrIllegalMove, "ErrGameOver": brettspiel.ErrGameOver,
		"ErrNotYourTurn": brettspiel.ErrNotYourTurn, "ErrChanceNode": brettspiel.ErrChanceNode,
		"ErrBadNotation": brettspiel.ErrBadNotation, "ErrBadPosition": brettspiel.ErrBadPosition,
		"ErrBadOptions": brettspiel.ErrBadOptions, "ErrZeroGame": brettspiel.ErrZeroGame,
		"ErrStepLimit": brettspiel.ErrStepLimit,
	} {
		wrapped := fmt.Errorf("record line 3: %w", &brettspiel.Error{Op: "apply", Err: err})
		if got := brettspiel.ErrorName(wrapped); got != name {
			t.Errorf("ErrorName(%v) = %q, want %q", wrapped, got, name)
		}
		if !errors.Is(wrapped, err) {
			t.Errorf("%s is not found by errors.Is", name)
		}
	}
	if got := brettspiel.ErrorName(errors.New("other")); got != "" {
		t.Errorf("ErrorName of another error = %q", got)
	}
	if kit.NewSentinel("ErrX", "x") == kit.NewSentinel("ErrX", "x") {
		t.Error("two sentinels of one name are one error")
	}
}

func TestRefuseKeepsTheRulesAsData(t *testing.T) {
	e := kit.Refuse(brettspiel.RefuseBlocked, "point 7 holds a stone of the opponent", "T-D3")
	e.Op, e.Input = "apply", "3/7"
	if !errors.Is(e, brettspiel.ErrIllegalMove) || !slices.Equal(e.Rules, []string{"T-D3"}) {
		t.Errorf("Refuse: %v, rules %q", e, e.Rules)
	}
	if got, want := e.Error(), `brettspiel: apply "3/7": illegal move: point 7 holds a stone of the opponent (T-D3)`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	wrapped := fmt.Errorf("wrapped: %w", e)
	if got := brettspiel.RulesOf(wrapped); !slices.Equal(got, []string{"T-D3"}) {
		t.Errorf("RulesOf = %q", got)
	}
	if r := brettspiel.RefusalOf(wrapped); r == nil || r.Code != brettspiel.RefuseBlocked || r.At != -1 || r.Player != brettspiel.Nobody {
		t.Errorf("RefusalOf = %+v", r)
	}
	// the IDs are data: a message that names some is not read
	if brettspiel.RulesOf(nil) != nil || brettspiel.RulesOf(errors.New("(T-H1)")) != nil {
		t.Error("RulesOf reads rules out of a message")
	}
	plain := &brettspiel.Error{Op: "apply", Err: brettspiel.ErrIllegalMove, Reason: "no such point (T-H1)"}
	if brettspiel.RulesOf(plain) != nil || brettspiel.RefusalOf(plain) != nil {
		t.Error("rules or a refusal read out of a reason")
	}
	// a refusal without rules refuses by none
	if e := kit.Refuse(brettspiel.RefuseNoStone, "no own stone on point 4"); e.Rules != nil || strings.Contains(e.Error(), "(") {
		t.Errorf("a refusal by no rule: %v %q", e, e.Rules)
	}
	r := &brettspiel.Refusal{Steps: []brettspiel.Step{{From: 13, To: 15}}, Dice: []int{4, 1}, At: 0}
	c := r.Clone()
	c.Steps[0].To, c.Dice[0] = 16, 5
	if r.Steps[0].To != 15 || r.Dice[0] != 4 {
		t.Error("Clone shares its slices")
	}
	if st, ok := r.Step(); !ok || st.To != 15 {
		t.Errorf("Step() = %v, %v", st, ok)
	}
	if _, ok := (&brettspiel.Refusal{At: -1}).Step(); ok {
		t.Error("a refused play has a step")
	}
}

// Physical dice are entered the same way in every variant: two numbers in
// any order, or the large die and the two small ones in any order.
func TestThrowOfEntersPhysicalDice(t *testing.T) {
	tg, _ := toccateglio.New(toccateglio.Toccateglispiel())
	vg, _ := verkehren.New(verkehren.Options{})
	fg, _ := festung.New(festung.Options{Players: 3})
	for _, c := range []struct {
		g    brettspiel.Game
		dice []int
		want string
	}{
		{tg, []int{2, 6}, "6-2"}, {tg, []int{6, 2}, "6-2"}, {tg, []int{3, 3}, "3-3"},
		{vg, []int{1, 5}, "5-1"}, {vg, []int{5, 1}, "5-1"},
		{fg, []int{5, 6, 1}, "5/1-6"}, {fg, []int{5, 1, 6}, "5/1-6"},
	} {
		m, err := brettspiel.ThrowOf(c.g, c.dice)
		if err != nil || c.g.MoveString(m) != c.want {
			t.Errorf("ThrowOf(%v) = %s, %v; want %s", c.dice, c.g.MoveString(m), err, c.want)
		}
	}
	for _, c := range []struct {
		g    brettspiel.Game
		dice []int
	}{
		{tg, []int{7, 1}}, {tg, []int{1}}, {tg, nil}, {tg, []int{1, 2, 3}}, {vg, []int{0, 1}},
		{fg, []int{1, 6, 7}}, {fg, []int{5, 6}}, {fg, make([]int, 1<<20)},
	} {
		before := c.g.String()
		_, err := brettspiel.ThrowOf(c.g, c.dice)
		if !errors.Is(err, brettspiel.ErrBadNotation) || len(err.Error()) > 200 || c.g.String() != before {
			t.Errorf("ThrowOf(%.20v) = %v", c.dice, err)
		}
	}
	m, _ := brettspiel.ThrowOf(tg, []int{6, 2})
	played := tg.Clone()
	if err := played.Apply(m); err != nil {
		t.Fatal(err)
	}
	if _, err := brettspiel.ThrowOf(played, []int{6, 2}); played.ToMove() >= 0 && !errors.Is(err, brettspiel.ErrNotYourTurn) {
		t.Errorf("ThrowOf at a player's turn: %v", err)
	}
}

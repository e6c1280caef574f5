package brettspiel_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
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
	if brettspiel.NewSentinel("ErrX", "x") == brettspiel.NewSentinel("ErrX", "x") {
		t.Error("two sentinels of one name are one error")
	}
}

func TestRefuseKeepsTheRulesAsData(t *testing.T) {
	for reason, want := range map[string][]string{
		"a lone stone may not stop on the empty own Hucke on its way (T-H1)":         {"T-H1"},
		"step 1 (7→9): no number left (6, 5) moves a stone from 7 to 9 (V-D1, V-D2)": {"V-D1", "V-D2"},
		"player 1 has all his stones on point 24: the game is over (V-W3 c)":         {"V-W3"},
		"the moves of a doublet (D-4, T-M4b, D-4)":                                   {"D-4", "T-M4b"},
		"no number left (6, 5)": nil,
		"no rule at all":        nil,
		"a list that is no list of rules (T-H1, and more)": nil,
		"(x-1)": nil,
	} {
		e := brettspiel.Refuse("apply", "1/2", brettspiel.ErrIllegalMove, reason)
		if !slices.Equal(e.Rules, want) || e.Reason != reason {
			t.Errorf("Refuse(%q).Rules = %q, want %q", reason, e.Rules, want)
		}
		if got := brettspiel.RulesOf(fmt.Errorf("wrapped: %w", e)); !slices.Equal(got, want) {
			t.Errorf("RulesOf = %q, want %q", got, want)
		}
	}
	if brettspiel.RulesOf(nil) != nil || brettspiel.RulesOf(errors.New("(T-H1)")) != nil {
		t.Error("RulesOf reads rules out of a message")
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

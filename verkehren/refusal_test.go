package verkehren

import (
	"errors"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// thrown returns a game in which player 1 (who won the draw) is to play
// the throw given.
func thrown(t *testing.T, throw string) *Game {
	t.Helper()
	g := gametest.New(t, New, Options{})
	gametest.MustPlay(t, g, "1-1", "6-5", throw)
	return g
}

// With 4-1 thrown no number moves a stone from 13 to 15: the rule that
// refuses is V-D2 (the numbers of the throw are what is played), not V-D1,
// the rule of doublets — by step, by notation and by move.
func TestV_D2_MixedThrowRefusalNamesNoDoubletRule(t *testing.T) {
	g := thrown(t, "4-1")
	_, _, err := g.NextSteps([]brettspiel.Step{{From: 13, To: 15}})
	if got := brettspiel.RulesOf(err); !slices.Equal(got, []string{"V-D2"}) || !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Errorf("NextSteps(13→15) with 4-1: %v, rules %q, want V-D2 alone", err, got)
	}
	_, err = g.ParseMove("1/3") // player 1's track: 13→15 on the board
	if got := brettspiel.RulesOf(err); !slices.Equal(got, []string{"V-D2"}) {
		t.Errorf("ParseMove(1/3) with 4-1: %v, rules %q, want V-D2 alone", err, got)
	}
}

// The refusal of that step as data: the step in the board's points, the
// numbers left and the number the step needs.
func TestV_D2_MixedThrowRefusalData(t *testing.T) {
	g := thrown(t, "4-1")
	_, _, err := g.NextSteps([]brettspiel.Step{{From: 13, To: 15}})
	r := brettspiel.RefusalOf(err)
	want := brettspiel.Refusal{Code: brettspiel.RefuseNoNumber, Player: 1, Steps: []brettspiel.Step{{From: 13, To: 15}}, At: 0, Dice: []int{4, 1}, Need: 2}
	if r == nil || r.Code != want.Code || r.Player != want.Player || !slices.Equal(r.Steps, want.Steps) || r.At != 0 || !slices.Equal(r.Dice, want.Dice) || r.Need != 2 {
		t.Errorf("refusal %+v, want %+v", r, want)
	}
	_, err = g.ParseMove("1/3")
	r = brettspiel.RefusalOf(err)
	if r == nil || r.Code != want.Code || len(r.Steps) != 1 || r.Steps[0].From != 13 || r.Steps[0].To != 15 || r.Steps[0].TrackFrom != 1 || r.Need != 2 {
		t.Errorf("ParseMove refusal %+v: the step in the board's points, its track beside", r)
	}
	// a move given whole: the first step is refused
	bad := kit.NewMove(1, uint64(1)|uint64(3)<<5|uint64(2)<<10) // not a payload any play makes
	if err := g.Apply(bad); brettspiel.RefusalOf(err) == nil {
		t.Errorf("Apply of a play no rule allows: %v carries no refusal", err)
	}
}

// With a doublet the four numbers are the doublet rule's: V-D1 is named.
func TestV_D1_DoubletRefusalNamesDoubletRule(t *testing.T) {
	g := thrown(t, "3-3")
	_, _, err := g.NextSteps([]brettspiel.Step{{From: 13, To: 15}})
	if got := brettspiel.RulesOf(err); !slices.Equal(got, []string{"V-D1", "V-D2"}) {
		t.Errorf("NextSteps(13→15) with 3-3: %v, rules %q, want V-D1, V-D2", err, got)
	}
}

package festung

import (
	"slices"

	"github.com/brettspiel/brettspiel"
)

// Refusal codes of the Festungsspiel's decision (F-A2), the choice of the
// outer-works field to take from (see brettspiel.Refusal; Steps hold the
// field chosen, Dice the throw, the large die first, Need the large die).
const (
	// RefuseOneField: the decision is one field, no more.
	RefuseOneField brettspiel.RefusalCode = "one-field"
	// RefuseLargeDie: the step names another number than the large die.
	RefuseLargeDie brettspiel.RefusalCode = "large-die"
	// RefuseNotOffered: the field is no outer-works field numbered as the
	// large die.
	RefuseNotOffered brettspiel.RefusalCode = "not-offered"
	// RefuseNothingToTake: the fortress of the field offers no marker to
	// take to the thrower (F-A1: its works are closed to him, or empty);
	// Count is the number of fortresses open to him (1…4), so that a
	// frontend can tell a closed fortress from an empty one.
	RefuseNothingToTake brettspiel.RefusalCode = "nothing-to-take"
)

// tried completes the refusal r with what was tried: the thrower, the
// fields chosen and the throw.
func (g *Game) tried(r *brettspiel.Refusal, made []brettspiel.Step) {
	r.Player, r.Steps = g.turn, slices.Clone(made)
	if len(made) > 0 {
		r.At = len(made) - 1
		if len(made) > 1 {
			r.At = 1
		}
	}
	if t := g.throw; t.L != 0 {
		r.Dice, r.Need = []int{int(t.L), int(t.A), int(t.B)}, int(t.L)
	}
	if r.Code == RefuseNothingToTake && g.turn >= 0 && int(g.turn) < len(g.pasch) {
		r.Count = min(int(g.pasch[g.turn])+1, 4)
	}
}

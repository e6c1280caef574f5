package festung

import (
	"errors"
	"strconv"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/stepsearch"
	"github.com/brettspiel/brettspiel/kit"
)

var (
	_ brettspiel.Describer = (*Game)(nil)
	_ brettspiel.Stepper   = (*Game)(nil)
)

// Describe implements brettspiel.Describer: a throw as its three dice (the
// large die first, the small ones smaller first); a decision as the field the
// marker is taken from (its ID and name), with the throw that led to it and
// its one step, the field. Describe refuses a move that is not legal now,
// and every move of a zero Game (brettspiel.ErrZeroGame).
func (g *Game) Describe(m brettspiel.Move) (brettspiel.MoveInfo, error) {
	if !g.legal(m) {
		if g.zero() {
			return brettspiel.MoveInfo{}, zeroErr(kit.OpDescribe)
		}
		err := kit.CheckMove(g.ToMove(), m, nil, g.MoveString)
		var e *brettspiel.Error
		if errors.As(err, &e) {
			e.Op = kit.OpDescribe
		}
		return brettspiel.MoveInfo{}, err
	}
	info := brettspiel.MoveInfo{Move: m, Player: m.Actor(), Notation: g.MoveString(m)}
	if m.Actor() == brettspiel.Chance {
		t, _ := decodeThrow(m.Payload())
		info.Kind, info.Dice = brettspiel.MoveThrow, []int{int(t.L), int(t.A), int(t.B)}
		return info, nil
	}
	t := g.throw
	id := g.occupiedTwin(int(m.Payload()), int(t.L))
	info.Kind, info.Decision = brettspiel.MoveDecision, "field"
	info.Dice = []int{int(t.L), int(t.A), int(t.B)}
	info.Field, info.FieldName = int(id), id.String()
	info.Steps = []brettspiel.Step{fieldStep(id, t.L)}
	return info, nil
}

func fieldStep(id FieldID, l uint8) brettspiel.Step {
	return brettspiel.Step{Field: int(id), Die: int(l)}
}

// NextSteps implements brettspiel.Stepper for the one choice of the game,
// the field to take from when the large die leaves one (F-A2): with no step
// made it offers the occupied outer-works fields among which the thrower
// chooses (Field the FieldID, Die the large die); a step naming one of them,
// or its twin, completes the decision. Throws are no steps: at a chance node,
// and at the end, NextSteps returns an error (for a zero Game one wrapping
// brettspiel.ErrZeroGame).
func (g *Game) NextSteps(made []brettspiel.Step) ([]brettspiel.Step, brettspiel.Move, error) {
	fail := func(err error, reason string) ([]brettspiel.Step, brettspiel.Move, error) {
		return nil, brettspiel.NoMove, &brettspiel.Error{Op: kit.OpNextSteps, Input: stepsearch.Input(made), Err: err, Reason: reason}
	}
	refuse := func(e *brettspiel.Error) ([]brettspiel.Step, brettspiel.Move, error) {
		e.Op, e.Input = kit.OpNextSteps, stepsearch.Input(made)
		g.tried(e.Refusal, made)
		return nil, brettspiel.NoMove, e
	}
	switch {
	case g.zero():
		return fail(brettspiel.ErrZeroGame, "")
	case g.ToMove() == brettspiel.Terminal:
		return fail(brettspiel.ErrGameOver, "")
	case g.ToMove() == brettspiel.Chance:
		return fail(brettspiel.ErrChanceNode, "the dice are to be thrown")
	}
	var buf [4]brettspiel.Move
	legal := g.AppendLegalMoves(buf[:0])
	if len(made) == 0 {
		next := make([]brettspiel.Step, len(legal))
		for i, m := range legal {
			next[i] = fieldStep(g.occupiedTwin(int(m.Payload()), int(g.throw.L)), g.throw.L)
		}
		return next, brettspiel.NoMove, nil
	}
	if len(made) > 1 {
		return refuse(kit.Refuse(RefuseOneField, "the decision is one field", "F-A2"))
	}
	in := made[0]
	f, ok := FieldOf(FieldID(in.Field))
	switch {
	case in.Field < 0 || in.Field > 255 || !ok:
		return refuse(kit.Refuse(RefuseNotOffered, "no field has the ID "+strconv.Itoa(in.Field), "F-A2"))
	case in.Die != 0 && in.Die != int(g.throw.L):
		return refuse(kit.Refuse(RefuseLargeDie, "the large die shows "+strconv.Itoa(int(g.throw.L))+", not "+strconv.Itoa(in.Die), "F-A2"))
	case f.Kind != OuterWork || f.Number != int(g.throw.L):
		return refuse(kit.Refuse(RefuseNotOffered, f.Name+" is not an outer-works field numbered "+strconv.Itoa(int(g.throw.L))+", the large die; "+g.offer(), "F-A2"))
	}
	m := kit.NewMove(g.turn, uint64(f.Fortress))
	if !g.legal(m) {
		return refuse(kit.Refuse(RefuseNothingToTake, "no marker to take in the works of fortress "+strconv.Itoa(f.Fortress)+" open to the thrower; "+g.offer(), "F-A1", "F-A2"))
	}
	return nil, m, nil
}

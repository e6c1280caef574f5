// Package steptest holds the checks of brettspiel.Stepper and
// brettspiel.Describer that the tests of the three variants share.
package steptest

import (
	"encoding"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// Game is what the checks need of a game.
type Game interface {
	brettspiel.Game
	brettspiel.Stepper
	brettspiel.Describer
	encoding.TextMarshaler
}

// Notate writes the steps of one play in the variant's notation, in the order
// given, for ParseMove: the independent way to the same move.
type Notate func(g Game, steps []brettspiel.Step) string

func id(t testing.TB, g Game) string {
	t.Helper()
	b, err := g.MarshalText()
	if err != nil {
		t.Fatalf("ID: %v", err)
	}
	return string(b)
}

// Drive plays g to the end (or maxTurns moves) twice side by side: one copy
// by single steps alone, picked at random from NextSteps until a move is
// complete (or, where a move is complete and more steps may follow, ending
// there or going on at random), the other by ParseMove of the notation of the same steps; after
// every move both must stand on the same position ID. Decisions that are no
// steps (Toccateglio's go-on or afresh) are picked from LegalMoves for both.
// It returns how many plays were made by steps.
func Drive(t testing.TB, g Game, r *rand.Rand, notate Notate, maxTurns int) int {
	t.Helper()
	a := g
	b := g.Clone().(Game)
	plays := 0
	for turn := 0; turn < maxTurns && a.ToMove() != brettspiel.Terminal; turn++ {
		var m, mb brettspiel.Move
		if a.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(a, r)
			mb = m
		} else {
			var made []brettspiel.Step
			for {
				next, complete, err := a.NextSteps(made)
				if err != nil {
					legal := a.LegalMoves()
					info, derr := a.Describe(legal[0])
					if len(made) == 0 && derr == nil && info.Kind == brettspiel.MoveDecision && errors.Is(err, brettspiel.ErrIllegalMove) {
						m = legal[r.IntN(len(legal))]
						mb = m
						break
					}
					t.Fatalf("turn %d: NextSteps(%v) at %s: %v", turn, made, id(t, a), err)
				}
				if complete != brettspiel.NoMove && (len(next) == 0 || r.IntN(2) == 0) {
					m = complete
					break
				}
				if len(next) == 0 {
					t.Fatalf("turn %d: NextSteps(%v) at %s: no step and no move", turn, made, id(t, a))
				}
				made = append(made, next[r.IntN(len(next))])
			}
			if len(made) > 0 {
				plays++
				var err error
				mb, err = b.ParseMove(notate(b, made))
				if err != nil {
					t.Fatalf("turn %d: the steps %v as %q: %v", turn, made, notate(b, made), err)
				}
			} else if mb == brettspiel.NoMove {
				mb = m // the pass
			}
		}
		if err := a.Apply(m); err != nil {
			t.Fatalf("turn %d: Apply(%s) of the steps: %v", turn, a.MoveString(m), err)
		}
		if err := b.Apply(mb); err != nil {
			t.Fatalf("turn %d: Apply(%s) of the notation: %v", turn, b.MoveString(mb), err)
		}
		if ia, ib := id(t, a), id(t, b); ia != ib {
			t.Fatalf("turn %d: by steps %s, by notation %s", turn, ia, ib)
		}
	}
	return plays
}

// CheckDescribe checks every legal move of g: Describe accepts it, says its
// kind, and for a play gives steps that, replayed through NextSteps in their
// order, give back the move, each step among the steps offered; the same
// steps in a shuffled order either are refused with ErrIllegalMove or give
// back the move, and are refused only when mustAccept (if not nil) says the
// order is not legal. The steps in the notation give the move by ParseMove.
func CheckDescribe(t testing.TB, g Game, r *rand.Rand, notate Notate, mustAccept func(g Game, steps []brettspiel.Step) bool) {
	t.Helper()
	for _, m := range g.LegalMoves() {
		info, err := g.Describe(m)
		if err != nil {
			t.Fatalf("Describe(%s) at %s: %v", g.MoveString(m), id(t, g), err)
		}
		if info.Move != m || info.Player != m.Actor() || info.Notation != g.MoveString(m) {
			t.Fatalf("Describe(%s) at %s = %+v", g.MoveString(m), id(t, g), info)
		}
		if info.Kind == brettspiel.MovePlay && len(info.Steps) == 0 {
			t.Fatalf("Describe(%s) at %s: a play without steps", g.MoveString(m), id(t, g))
		}
		if len(info.Steps) == 0 {
			continue
		}
		if got, err := replay(g, info.Steps); err != nil || got != m {
			t.Fatalf("Describe(%s) at %s: steps %v replayed give %v, %v", g.MoveString(m), id(t, g), info.Steps, got, err)
		}
		if pm, err := g.ParseMove(notate(g, info.Steps)); err != nil || pm != m {
			t.Fatalf("Describe(%s) at %s: steps %v as %q parse to %v, %v", g.MoveString(m), id(t, g), info.Steps, notate(g, info.Steps), pm, err)
		}
		perm := slices.Clone(info.Steps)
		r.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		for i := range perm {
			perm[i].Die = 0 // as a frontend gives them: from and to only
		}
		got, err := replay(g, perm)
		switch {
		case err != nil && !errors.Is(err, brettspiel.ErrIllegalMove):
			t.Fatalf("Describe(%s) at %s: shuffled %v: %v", g.MoveString(m), id(t, g), perm, err)
		case err != nil && mustAccept != nil && mustAccept(g, perm):
			t.Fatalf("Describe(%s) at %s: shuffled %v refused: %v", g.MoveString(m), id(t, g), perm, err)
		case err == nil && got != m:
			t.Fatalf("Describe(%s) at %s: shuffled %v give %s", g.MoveString(m), id(t, g), perm, g.MoveString(got))
		}
	}
}

// replay feeds steps to NextSteps one by one, checking that each is offered,
// and returns the move they complete.
func replay(g Game, steps []brettspiel.Step) (brettspiel.Move, error) {
	for i := range steps {
		next, _, err := g.NextSteps(steps[:i])
		if err != nil {
			return brettspiel.NoMove, err
		}
		if !slices.ContainsFunc(next, func(s brettspiel.Step) bool { return s.Matches(steps[i]) }) {
			_, _, err := g.NextSteps(steps[:i+1])
			if err == nil {
				return brettspiel.NoMove, errors.New("a step not offered is accepted")
			}
			return brettspiel.NoMove, err
		}
	}
	_, c, err := g.NextSteps(steps)
	return c, err
}

// CheckNoise feeds NextSteps steps made up at random — points and fields in
// and out of range, any die — after a prefix of offered steps: it must
// never panic, must refuse with ErrIllegalMove and a reason whenever it
// refuses at a player's node, must only accept steps it offers, and must
// leave the state as it was.
func CheckNoise(t testing.TB, g Game, r *rand.Rand, fields bool) {
	t.Helper()
	before := id(t, g)
	var made []brettspiel.Step
	for range 6 {
		next, _, err := g.NextSteps(made)
		if err != nil {
			break
		}
		var s brettspiel.Step
		if len(next) > 0 && r.IntN(2) == 0 {
			s = next[r.IntN(len(next))]
		} else if fields {
			s = brettspiel.Step{Field: r.IntN(300) - 10, Die: r.IntN(8)}
		} else {
			s = brettspiel.Step{From: r.IntN(30) - 2, To: r.IntN(30) - 2, Die: r.IntN(8)}
		}
		offered := slices.ContainsFunc(next, func(x brettspiel.Step) bool { return x.Matches(s) })
		_, _, err = g.NextSteps(append(made, s))
		var e *brettspiel.Error
		switch {
		case offered && err != nil:
			t.Fatalf("at %s, after %v the offered step %v is refused: %v", before, made, s, err)
		case !offered && err == nil:
			t.Fatalf("at %s, after %v the step %v is accepted but was not offered", before, made, s)
		case err != nil && (!errors.Is(err, brettspiel.ErrIllegalMove) || !errors.As(err, &e) || e.Reason == ""):
			t.Fatalf("at %s, after %v the step %v: %v", before, made, s, err)
		}
		if err != nil {
			break
		}
		made = append(made, s)
	}
	if after := id(t, g); after != before {
		t.Fatalf("NextSteps changed the state: %s to %s", before, after)
	}
}

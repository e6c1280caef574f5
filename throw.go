package brettspiel

import (
	"slices"
	"strconv"
	"strings"
)

// ThrowOf returns the chance outcome of g that physical dice showing the
// numbers dice give: the uniform way to enter a throw by hand in every
// variant, whatever its notation. Two dice may be given in either order;
// the Festungsspiel's three are the large die first and the two small ones
// in either order, as [MoveInfo.Dice] lists them. g must be a [Describer]
// at a chance node.
//
// The error wraps [ErrGameOver] at the end, [ErrNotYourTurn] at a player's
// node, and [ErrBadNotation] for numbers that are no throw of the game
// (wrong count, a number outside 1…6); it quotes at most [MaxQuoted] bytes
// of its input.
func ThrowOf(g Game, dice []int) (Move, error) {
	input := diceString(dice)
	fail := func(err error, reason string) (Move, error) {
		return NoMove, &Error{Op: "throw", Input: input, Err: err, Reason: reason}
	}
	switch p := g.ToMove(); p {
	case Chance:
	case Terminal:
		return fail(ErrGameOver, "")
	default:
		return fail(ErrNotYourTurn, "no throw is due: "+p.String()+" is to move")
	}
	d, ok := g.(Describer)
	if !ok {
		return fail(ErrBadNotation, "the game does not describe its throws; give the throw in its notation")
	}
	want := 0
	for _, o := range g.ChanceOutcomes() {
		info, err := d.Describe(o.Move)
		if err != nil {
			continue
		}
		want = len(info.Dice)
		if sameThrow(info.Dice, dice) {
			return o.Move, nil
		}
	}
	return fail(ErrBadNotation, "no throw of these dice; give "+strconv.Itoa(want)+" numbers 1…6")
}

// diceString writes the numbers given, at most 8 of them, for a message.
func diceString(dice []int) string {
	parts := make([]string, 0, min(len(dice), 9))
	for i, n := range dice {
		if i == 8 {
			parts = append(parts, "… ("+strconv.Itoa(len(dice))+" numbers)")
			break
		}
		parts = append(parts, strconv.Itoa(n))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// sameThrow compares the dice of a throw with those entered: two dice in
// any order; three with the large die first and the small ones in any order.
func sameThrow(throw, entered []int) bool {
	if len(throw) != len(entered) || len(throw) == 0 {
		return false
	}
	first := 0
	if len(throw) == 3 {
		if throw[0] != entered[0] {
			return false
		}
		first = 1
	}
	a, b := slices.Clone(throw[first:]), slices.Clone(entered[first:])
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

package session

import (
	"context"
	"testing"
)

// AdvanceCount plays what Advance plays, from the same game, and counts
// the steps Advance returns; a game over or a person to move plays none.
func TestAdvanceCountPlaysAsAdvance(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren", "festung"} {
		newGame := func() *Game {
			g, err := New(Config{Variant: v, Seed: SeedOf(11), Seats: []string{"random", "random"}})
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		a, b := newGame(), newGame()
		for round := 0; ; round++ {
			steps, err := a.Advance(context.Background(), 40)
			if err != nil {
				t.Fatal(err)
			}
			n, err := b.AdvanceCount(context.Background(), 40)
			if err != nil {
				t.Fatal(err)
			}
			ra, _ := a.Record()
			rb, _ := b.Record()
			if n != len(steps) || ra != rb {
				t.Fatalf("%s, round %d: AdvanceCount played %d steps, Advance %d; the records differ: %v", v, round, n, len(steps), ra != rb)
			}
			if n == 0 {
				if a.Len() == 0 {
					t.Fatalf("%s: nothing played", v)
				}
				break
			}
		}
	}
}

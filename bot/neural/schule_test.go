package neural

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// TestT_W5g_NetPlaysAsWithoutTheSchule: a learned level plays a game with
// the Schule as the same game without it — the same throws give the same
// plays, its net judging the same positions — and at the Schule's
// decisions it plays the rule's move, never its net's.
func TestT_W5g_NetPlaysAsWithoutTheSchule(t *testing.T) {
	for _, level := range []Level{Advanced, Expert} {
		b := NewBot(level)
		b.Time = time.Hour // no cut by the clock: the same judgement in both games
		o := toccateglio.Toccateglispiel()
		o.FirstPlayer = brettspiel.Starts(0)
		off, _ := toccateglio.New(o)
		o.Schule = true
		on, _ := toccateglio.New(o)
		throws := rand.New(rand.NewPCG(5, 6))
		schule := 0
		for step := 0; step < 24 && off.ToMove() != brettspiel.Terminal; step++ {
			for {
				rule, ok := on.RuleMove()
				if !ok {
					break
				}
				if m := b.Choose(on, on.LegalMoves(), rand.New(rand.NewPCG(7, uint64(step)))); m != rule {
					t.Fatalf("%v chose %s at the Schule's decision, the rule's move is %s", level, on.MoveString(m), on.MoveString(rule))
				}
				if err := on.Apply(rule); err != nil {
					t.Fatal(err)
				}
				schule++
			}
			var m brettspiel.Move
			if off.ToMove() == brettspiel.Chance {
				legal := off.LegalMoves()
				m = legal[throws.IntN(len(legal))]
			} else {
				m = b.Choose(off, off.LegalMoves(), rand.New(rand.NewPCG(7, uint64(step))))
				if n := b.Choose(on, on.LegalMoves(), rand.New(rand.NewPCG(7, uint64(step)))); n != m {
					t.Fatalf("%v: step %d: %s without the Schule, %s with it\n%v", level, step, off.MoveString(m), on.MoveString(n), off)
				}
			}
			if err := off.Apply(m); err != nil {
				t.Fatal(err)
			}
			if err := on.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		if schule == 0 || off.Marks() != on.Marks() {
			t.Errorf("%v: %d decisions of the Schule; marks %v and %v", level, schule, off.Marks(), on.Marks())
		}
	}
}

package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// TestT_W5g_BotsDeclareWhatIsDueAndClaimWhole: with the Schule every level
// of this package plays the rule's move at the Schule's decisions — the
// declaration of what is due, the whole claim of an error, the pass of a
// right declaration — whatever it would make of the others.
func TestT_W5g_BotsDeclareWhatIsDueAndClaimWhole(t *testing.T) {
	o := toccateglio.Toccateglispiel()
	o.Schule, o.FirstPlayer = true, brettspiel.Starts(0)
	for _, name := range []string{"random", "greedy", "search", "expectimax"} {
		b, err := bot.Named(name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "search" {
			b = bot.Searcher{Rollouts: 8}
		}
		g, err := toccateglio.New(o)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 4))
		seen, errs := 0, 0
		for steps := 0; steps < 60 && g.ToMove() != brettspiel.Terminal; steps++ {
			legal := g.LegalMoves()
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m = legal[r.IntN(len(legal))]
			} else {
				m = b.Choose(g, legal, r)
				if rule, ok := g.RuleMove(); ok {
					seen++
					if h := bot.Hint(g, bot.Greedy{}, r); h != nil {
						t.Fatalf("a hint at the Schule's decision tells what is due: %v", h)
					}
					if m != rule {
						t.Fatalf("%s chose %s, the rule's move is %s\n%v", name, g.MoveString(m), g.MoveString(rule), g)
					}
					// Now and then a wrong declaration by the other
					// seat, for the bot to claim.
					if r.IntN(3) == 0 && g.MoveString(rule)[:4] == "mark" {
						m = legal[min(12, int(rule.Payload()&31)+2)]
						errs++
					}
				}
			}
			if err := g.Apply(m); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if seen == 0 || errs == 0 {
			t.Errorf("%s: %d decisions of the Schule, %d wrong declarations", name, seen, errs)
		}
	}
}

package toccateglio

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// TestNotationInAnyCase: moves, options and presets are read in any case;
// MoveString writes them as before.
func TestNotationInAnyCase(t *testing.T) {
	o, err := ParseOptions("Partien=3 HUCKE-FORCE=Never No-Satz=TRUE First-Player=DRAW multipliers=TD")
	if err != nil || o.Partien != 3 || o.HuckeForce != ForceNever || !o.NoSatz || o.Multipliers != MultipliersTD {
		t.Errorf("ParseOptions in capitals: %+v, %v", o, err)
	}
	for _, name := range []string{"TOCCADILLE", "tokkadille 1853, 16 STONES", "toccateglispiel"} {
		if _, ok := PresetNamed(name); !ok {
			t.Errorf("PresetNamed(%q) finds nothing", name)
		}
	}
	o = Toccadille()
	o.FirstPlayer = brettspiel.Starts(0)
	g, _ := New(o)
	play(t, g, "6-2")
	m, err := g.ParseMove("IN/2 In/6")
	if err != nil || g.MoveString(m) != "in/2 in/6" {
		t.Errorf("IN/2 In/6: %v, %v", g.MoveString(m), err)
	}
	// the winner's decision after the first Partie of two
	o = Toccateglispiel()
	o.Partien = 2
	g, _ = New(o)
	r := rand.New(rand.NewPCG(4, 4))
	for g.phase != phaseDecide {
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			m = brettspiel.RandomPolicy(g, g.LegalMoves(), r)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []string{"GO-ON", "Go On", "AFRESH"} {
		m, err := g.ParseMove(s)
		if err != nil || !strings.EqualFold(strings.ReplaceAll(s, " ", "-"), g.MoveString(m)) {
			t.Errorf("ParseMove(%q) = %v, %v", s, g.MoveString(m), err)
		}
	}
}

// Package jsonwtest checks, for the tests of the games, that a state's JSON
// written by hand (package jsonw) is byte for byte what encoding/json
// writes for the same view.
package jsonwtest

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// CompareViews plays g at random for at most steps steps and, in every
// position before each step, compares hand(v) with encoding/json's form of
// reflect(v) under all sixteen views. It returns the positions checked.
func CompareViews(t testing.TB, name string, g brettspiel.Game, steps int, r *rand.Rand,
	hand func(kit.JSONView) ([]byte, error), reflect func(kit.JSONView) any) int {
	t.Helper()
	checked := 0
	for step := 0; step < steps && g.ToMove() != brettspiel.Terminal; step++ {
		for k := range 16 {
			v := kit.JSONView{NoLegal: k&1 != 0, NoChance: k&2 != 0, NoStatic: k&4 != 0, NoEvents: k&8 != 0}
			got, err := hand(v)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(reflect(v))
			if string(got) != string(want) {
				t.Fatalf("%s step %d view %+v:\n got %s\nwant %s", name, step, v, got, want)
			}
		}
		playRandom(t, g, r)
		checked++
	}
	return checked
}

// playRandom plays a throw from r's dice or a legal move chosen at random,
// a concession only once in a while, so that games go on.
func playRandom(t testing.TB, g brettspiel.Game, r *rand.Rand) {
	t.Helper()
	var m brettspiel.Move
	if g.ToMove() == brettspiel.Chance {
		var err error
		if m, err = brettspiel.SampleChance(g, r); err != nil {
			t.Fatal(err)
		}
	} else {
		legal := g.LegalMoves()
		m = legal[r.IntN(len(legal))]
		if g.MoveString(m) == "concede" {
			m = legal[r.IntN(len(legal))]
		}
	}
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
}

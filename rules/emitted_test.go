package rules_test

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// emitted collects the rule IDs that games name, each with the first place it
// was seen, for the message when one has no text.
type emitted map[string]string

func (e emitted) add(id, where string) {
	if id == "" {
		return
	}
	if _, ok := e[id]; !ok {
		e[id] = where
	}
}

// missing returns, sorted, the collected IDs that have no rule.
func (e emitted) missing() []string {
	var out []string
	for id, where := range e {
		if _, ok := rules.Lookup(id); !ok {
			out = append(out, id+" (first in "+where+")")
		}
	}
	sort.Strings(out)
	return out
}

func (e emitted) ids() []string {
	var out []string
	for id := range e {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// play plays g to its end with policy, throws drawn from r, and collects the
// rule of every event of every step. It returns how many events named a rule.
func play(t *testing.T, name string, g brettspiel.Game, r *rand.Rand, policy brettspiel.Policy, seen emitted) int {
	t.Helper()
	named := 0
	collect := func() {
		for _, e := range g.Events() {
			if e.Rule != "" {
				named++
				seen.add(e.Rule, name+": "+e.String())
			}
		}
	}
	collect() // what building the game did, such as the stakes of the Festungsspiel
	var legal []brettspiel.Move
	for steps := 0; g.ToMove() != brettspiel.Terminal; steps++ {
		if steps > 200000 {
			t.Fatalf("%s: no end after %d steps", name, steps)
		}
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			var err error
			if m, err = brettspiel.SampleChance(g, r); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		} else {
			legal = g.AppendLegalMoves(legal[:0])
			m = policy(g, legal, r)
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		collect()
	}
	return named
}

// neverConcede plays at random but never gives a Verkehren game up while
// anything else can be played, so that games reach bearing off and the
// double games.
func neverConcede(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	v := g.(*verkehren.Game)
	keep := make([]brettspiel.Move, 0, len(legal))
	for _, m := range legal {
		if !v.Concedes(m) {
			keep = append(keep, m)
		}
	}
	if len(keep) == 0 {
		keep = legal
	}
	return keep[r.IntN(len(keep))]
}

// variant is one set of rules to play, under a name for the messages.
type variant struct {
	name  string
	build func() (brettspiel.Game, error)
}

func toccateglioVariants() []variant {
	var vs []variant
	for _, p := range toccateglio.Presets() {
		o := p.Options
		vs = append(vs, variant{p.Name, func() (brettspiel.Game, error) { return toccateglio.New(o) }})
		// A match of three Partien brings the decision to go on or start
		// afresh, which a single Partie never reaches.
		m := o
		m.Partien = 3
		vs = append(vs, variant{p.Name + ", 3 Partien", func() (brettspiel.Game, error) { return toccateglio.New(m) }})
	}
	own := toccateglio.Options{HigherDie: true, SingleDieHitsOnly: true, Partien: 2}
	vs = append(vs, variant{"higher die, single-die hits", func() (brettspiel.Game, error) { return toccateglio.New(own) }})
	return vs
}

func verkehrenVariants() []variant {
	var vs []variant
	for _, p := range verkehren.Presets() {
		o := p.Options
		vs = append(vs, variant{p.Name, func() (brettspiel.Game, error) { return verkehren.New(o) }})
	}
	for _, o := range []verkehren.Options{{HigherDie: true}, {Opening: verkehren.BandLimit, BandLimit: 6}} {
		vs = append(vs, variant{fmt.Sprintf("%+v", o), func() (brettspiel.Game, error) { return verkehren.New(o) }})
	}
	return vs
}

func festungVariants() []variant {
	var vs []variant
	for n := 2; n <= 6; n++ {
		vs = append(vs, variant{fmt.Sprintf("%d players", n), func() (brettspiel.Game, error) { return festung.New(festung.ForPlayers(n)) }})
	}
	return vs
}

// TestEmittedRulesHaveText plays seeded random games of every variant, preset
// and player count and looks up the rule of every event: each must have its
// text. Verkehren is played twice over, at random (which gives games up early)
// and never giving up; its endings' rules are looked up too.
func TestEmittedRulesHaveText(t *testing.T) {
	games := conformance.Games(40, 1000)
	if testing.Short() {
		games = 5
	}
	seen := emitted{}
	type family struct {
		name     string
		variants []variant
		policies map[string]brettspiel.Policy
	}
	families := []family{
		{"toccateglio", toccateglioVariants(), map[string]brettspiel.Policy{"random": brettspiel.RandomPolicy}},
		{"verkehren", verkehrenVariants(), map[string]brettspiel.Policy{"random": brettspiel.RandomPolicy, "never conceding": neverConcede}},
		{"festung", festungVariants(), map[string]brettspiel.Policy{"random": brettspiel.RandomPolicy}},
	}
	for fi, f := range families {
		before := len(seen)
		for vi, v := range f.variants {
			for pname, policy := range f.policies {
				named := 0
				for i := range games {
					g, err := v.build()
					if err != nil {
						t.Fatalf("%s %s: %v", f.name, v.name, err)
					}
					name := fmt.Sprintf("%s %s, %s game %d", f.name, v.name, pname, i)
					r := rand.New(rand.NewPCG(uint64(fi*1000+vi), uint64(i)))
					named += play(t, name, g, r, policy, seen)
					if vg, ok := g.(*verkehren.Game); ok {
						seen.add(vg.Ending().Rule(), name+": ending "+vg.Ending().String())
					}
				}
				// Every game scores, pays or ends by some rule; a walk
				// that saw none would check nothing.
				if named < games {
					t.Errorf("%s %s, %s: %d events named a rule in %d games", f.name, v.name, pname, named, games)
				}
			}
		}
		if len(seen) == before {
			t.Errorf("%s: the games named no rule not seen before", f.name)
		}
	}
	t.Logf("rules named by the events: %s", strings.Join(seen.ids(), " "))
	if m := seen.missing(); len(m) > 0 {
		t.Errorf("rules named by events without text in package rules:\n%s", strings.Join(m, "\n"))
	}
}

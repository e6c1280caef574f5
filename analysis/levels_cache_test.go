package analysis

import "testing"

// TestRolloutCacheFiles checks the published rollouts: every decision of
// the set has them, made with the options the judge uses, each a legal
// play of its position, the best first, the best among the candidates
// within reach at one ply.
func TestRolloutCacheFiles(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren"} {
		ds, gs, err := readDecisions(decisionFile(v), v)
		if err != nil {
			t.Fatal(err)
		}
		t.Setenv("BRETTSPIEL_ROLLOUT_FILE", "")
		cache, err := readRollouts(rolloutFile(v), rolloutHeader(rolloutDefaults(v)))
		if err != nil {
			t.Fatal(err)
		}
		if len(cache) != len(ds) {
			t.Fatalf("%s: rollouts of %d decisions, want %d", v, len(cache), len(ds))
		}
		for i, g := range gs {
			rs := cache[i]
			legal := map[string]bool{}
			for _, m := range realChoices(g) {
				legal[g.MoveString(m)] = true
			}
			if len(rs) == 0 {
				t.Fatalf("%s: decision %d has no rollouts", v, i)
			}
			for k, r := range rs {
				if !legal[r.Notation] {
					t.Fatalf("%s: decision %d: %q is no play of %s", v, i, r.Notation, ds[i].ID)
				}
				if k > 0 && r.Equity > rs[k-1].Equity {
					t.Fatalf("%s: decision %d: the rollouts are not sorted best first", v, i)
				}
			}
		}
	}
}

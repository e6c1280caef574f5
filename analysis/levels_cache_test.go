package analysis

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRolloutCacheFiles checks the published rollouts, the judge's and
// those of the second seed: every decision of the set has them, made with
// the options named, each a legal play of its position, the best first.
func TestRolloutCacheFiles(t *testing.T) {
	t.Setenv("BRETTSPIEL_ROLLOUT_FILE", "")
	t.Setenv("BRETTSPIEL_ROLLOUT_FROM", "")
	for _, v := range []string{"toccateglio", "verkehren", "toccateglio-seed44", "verkehren-seed44"} {
		v, seed44 := strings.CutSuffix(v, "-seed44")
		ds, gs, err := readDecisions(decisionFile(v), v)
		if err != nil {
			t.Fatal(err)
		}
		path, o := rolloutFile(v), rolloutDefaults(v)
		if seed44 {
			path, o.Seed = filepath.Join("testdata", "rollouts-"+v+"-seed44.txt"), 44
		}
		cache, err := readRollouts(path, rolloutHeader(o))
		if err != nil {
			t.Fatal(err)
		}
		if len(cache) != len(ds) {
			t.Fatalf("%s: rollouts of %d decisions, want %d", path, len(cache), len(ds))
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

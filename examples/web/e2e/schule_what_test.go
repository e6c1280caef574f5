package e2e

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/session"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// schuleWhatJS opens the texts of what may be marked and returns them: the
// rules' IDs and the text shown.
const schuleWhatJS = `(() => {
  document.querySelector('#decisions .schule-what').click();
  const box = document.querySelector('#decisions .schule-rules');
  return box ? JSON.stringify({ids: [...box.querySelectorAll('[data-rule]')].map((e) => e.dataset.rule), text: box.innerText}) : '';
})()`

// stepOf is the step of T-W1 of the library's open window of the Schule.
func stepOf(t *testing.T, g *toccateglio.Game) int {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Toccateglio struct {
			Schule struct {
				Step int `json:"step"`
			} `json:"schule"`
		} `json:"toccateglio"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v.Toccateglio.Schule.Step
}

// At a decision of the Schule, "What counts here?" shows the texts of the
// rules of what may be marked at the step (the hits' at step 2, the
// opponent's points' at step 4), as the rules package has them, in English
// and German; the same texts whether something is due or not: never the
// count. A Partie between two people is played by the fair moves until a
// declaration of hits with nothing due, one with something due and a step
// 4 have been looked at.
func TestSchuleWhatCountsHere(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		t.Run(lang, func(t *testing.T) {
			book, ok := rules.In(lang)
			if !ok {
				t.Fatal(lang)
			}
			ctx := page(t)
			const seed = 36 // the three windows within 20 steps
			open(t, ctx, url.Values{"variant": {"toccateglio"}, "preset": {"Toccateglispiel"}, "players": {"2"},
				"seed": {fmt.Sprint(seed)}, "opponent": {"hot-seat"}, "settings": {"schule=true"}, "lang": {lang}})
			g, err := catalog.NewWith("toccateglio", "Toccateglispiel", 2, "schule=true")
			if err != nil {
				t.Fatal(err)
			}
			lib := g.(*toccateglio.Game)
			choose := rand.New(rand.NewPCG(seed, 99))
			seen := map[string]string{} // "nothing", "due", "step 4": the text shown
			for steps := 0; len(seen) < 3; steps++ {
				if steps > 400 || lib.ToMove() == brettspiel.Terminal {
					t.Fatalf("after %d steps only %v looked at", steps, seen)
				}
				var m brettspiel.Move
				fair, window := lib.RuleMove()
				switch {
				case lib.ToMove() == brettspiel.Chance:
					m, err = brettspiel.SampleChance(lib, session.Rand(seed, steps, session.Dice))
					if err != nil {
						t.Fatal(err)
					}
					click(t, ctx, "#throw")
				case window:
					m = fair
					var due int
					_, derr := fmt.Sscanf(lib.MoveString(fair), "mark %d", &due)
					key := ""
					switch step := stepOf(t, lib); {
					case derr == nil && step == 2 && due == 0:
						key = "nothing"
					case derr == nil && step == 2:
						key = "due"
					case derr == nil && step == 4:
						key = "step 4"
					}
					if _, done := seen[key]; key != "" && !done {
						var got struct {
							IDs  []string `json:"ids"`
							Text string   `json:"text"`
						}
						if err := json.Unmarshal([]byte(eval[string](t, ctx, schuleWhatJS)), &got); err != nil {
							t.Fatalf("%s: no texts of what counts: %v", key, err)
						}
						want := []string{"T-M1", "T-M2", "T-M3"}
						if key == "step 4" {
							want = []string{"T-D7", "T-J2"}
						}
						if !slices.Equal(got.IDs, want) {
							t.Errorf("%s: the rules shown %v, want %v", key, got.IDs, want)
						}
						for _, id := range want {
							if r, _ := book.Lookup(id); !strings.Contains(got.Text, r.Text) {
								t.Errorf("%s: the text of %s is not shown as the rules package has it:\n%s", key, id, got.Text)
							}
						}
						seen[key] = got.Text
					}
					clickMove(t, ctx, lib, m)
				default:
					m = pick(lib, choose)
					clickMove(t, ctx, lib, m)
				}
				notation := lib.MoveString(m)
				if err := lib.Apply(m); err != nil {
					t.Fatal(err)
				}
				s := waitFor(t, ctx, fmt.Sprintf("step %d (%s)", steps+1, notation), func(s snapshot) bool {
					return (s.Length == fmt.Sprint(steps+1) && s.Busy == "0") || s.Error != ""
				})
				if s.Error != "" {
					t.Fatalf("step %d (%s): %s", steps+1, notation, s.Message)
				}
			}
			if seen["nothing"] != seen["due"] {
				t.Errorf("the texts with nothing due and with something due differ:\n%s\n---\n%s", seen["nothing"], seen["due"])
			}
		})
	}
}

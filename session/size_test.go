package session

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// The state a frontend gets at a throw, in the default view (the throws,
// the plan and the last step's events left out: the log says those),
// stays small at every throw of every game played by bots: at most 3 KB
// for the race games and 4 KB for the Festungsspiel for three; 5 KB for
// six. The largest step of 200 random games per variant counts
// (BRETTSPIEL_LONG=1; without it 3 games each, within the package's time
// under -race). The whole answer, with the log of the step, is logged
// beside.
func TestStateAtAThrowIsSmall(t *testing.T) {
	games := 3
	if os.Getenv("BRETTSPIEL_LONG") != "" {
		games = 200
	}
	for _, c := range []struct {
		variant string
		players int
		limit   int
	}{
		{"toccateglio", 2, 3 << 10}, {"verkehren", 2, 3 << 10}, {"festung", 3, 4 << 10}, {"festung", 6, 5 << 10},
	} {
		biggest, answer, steps, at := 0, 0, 0, ""
		for seed := range games {
			tab := NewTable(Options{})
			var s StateJSON
			call(t, tab, "newGame", map[string]any{"variant": c.variant, "players": c.players, "seed": seed, "seats": []string{"random", "random", "random", "random", "random", "random"}[:c.players]}, &s)
			var st struct{ Turn string }
			for {
				out := tab.Call("advance", []byte(fmt.Sprintf(`{"handle":%d,"limit":1}`, s.Handle)))
				if err := json.Unmarshal(out, &s); err != nil || s.Played != 1 {
					t.Fatalf("%s seed %d: %.300s", c.variant, seed, out)
				}
				steps++
				json.Unmarshal(s.State, &st)
				if st.Turn == "over" {
					break
				}
				if st.Turn == "chance" && len(s.State) > biggest {
					biggest, at = len(s.State), fmt.Sprintf("seed %d step %d", seed, s.Length)
				}
				if st.Turn == "chance" {
					answer = max(answer, len(out))
				}
			}
		}
		t.Logf("%s (%d): the largest state at a throw %d bytes (%s), answer %d; %d games, %d steps", c.variant, c.players, biggest, at, answer, games, steps)
		if biggest == 0 || biggest > c.limit {
			t.Errorf("%s (%d): a state at a throw of %d bytes (%s); want at most %d", c.variant, c.players, biggest, at, c.limit)
		}
	}
}

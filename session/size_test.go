package session

import (
	"encoding/json"
	"fmt"
	"testing"
)

// The state a frontend gets at a throw, in the default view (the throws
// and the plan left out), stays small at every throw of a game played by
// bots: at most 3 KB for the race games and 4 KB for the Festungsspiel for
// three, whose events (payments between the seats) make most of it; 5 KB
// for six. The whole answer, with the log since the last
// step, is logged beside.
func TestStateAtAThrowIsSmall(t *testing.T) {
	for _, c := range []struct {
		variant string
		players int
		limit   int
	}{
		{"toccateglio", 2, 3 << 10}, {"verkehren", 2, 3 << 10}, {"festung", 3, 4 << 10}, {"festung", 6, 5 << 10},
	} {
		tab := NewTable(Options{})
		var s StateJSON
		call(t, tab, "newGame", map[string]any{"variant": c.variant, "players": c.players, "seed": 3, "seats": []string{"random", "random", "random", "random", "random", "random"}[:c.players]}, &s)
		biggest, answer := 0, 0
		for i := 0; i < 300; i++ {
			var st struct{ Turn string }
			json.Unmarshal(s.State, &st)
			if st.Turn == "over" {
				break
			}
			out := tab.Call("advance", []byte(fmt.Sprintf(`{"handle":%d,"limit":1,"since":%d}`, s.Handle, s.Length)))
			if err := json.Unmarshal(out, &s); err != nil {
				t.Fatal(err)
			}
			json.Unmarshal(s.State, &st)
			if st.Turn == "chance" {
				biggest, answer = max(biggest, len(s.State)), max(answer, len(out))
			}
		}
		t.Logf("%s: the largest state at a throw %d bytes, answer %d", c.variant, biggest, answer)
		if biggest == 0 || biggest > c.limit {
			t.Errorf("%s: a state at a throw of %d bytes, an answer of %d; want at most %d", c.variant, biggest, answer, c.limit)
		}
	}
}

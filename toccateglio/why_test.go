package toccateglio

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// ParseMove says exactly what is wrong with a play, naming the rule.
func TestParseMoveSaysWhatIsWrong(t *testing.T) {
	start := own(ts, 1, nil)
	home := own(ts, 20, map[int]int{22: 2})
	for _, c := range []struct {
		name   string
		g      *Game
		in     string
		reason string
	}{
		{"wrong number", load(t, ts, start, start, [2]int{5, 4}, [2]int{}), "1/3", "1/3 moves 2; the throw 5-4 gives 5, 4 or 9"},
		{"same number twice", load(t, ts, start, start, [2]int{5, 4}, [2]int{}), "1/5 1/5", "1/5 and 1/5 need the same number twice; the throw is 5-4"},
		{"a step of neither die", load(t, ts, start, start, [2]int{5, 4}, [2]int{}), "1/6 1/4", "1/4 moves 3; the throw is 5-4"},
		{"no stone", load(t, ts, start, start, [2]int{5, 4}, [2]int{}), "2/7 1/5", "2/7: no stone of player 0 on point 2"},
		{"opponent's point", load(t, ts, own(ts, 1, map[int]int{3: 1}), opp(ts, 1, map[int]int{7: 2}), [2]int{4, 2}, [2]int{}), "3/7 1/3", "3/7: point 7 holds a stone of the opponent (T-D3)"},
		{"opponent's Hucke", load(t, ts, own(ts, 1, map[int]int{9: 2}), start, [2]int{4, 4}, [2]int{}), "9/13 9/13", "no stone may stay on the opponent's Hucke (T-D4)"},
		{"closed opponent's Hucke", load(t, al, own(al, 1, map[int]int{9: 2}), opp(al, 1, map[int]int{11: 2}), [2]int{4, 2}, [2]int{}), "9/13 13/15", "the opponent's Hucke may not be touched, not even on the way (T-D4)"},
		{"lone stone on the Hucke", load(t, ts, own(ts, 1, map[int]int{8: 1}), start, [2]int{4, 2}, [2]int{}), "8/12 1/3", "the own Hucke may not hold a single stone"},
		{"stop on the empty Hucke", load(t, ts, own(ts, 1, map[int]int{7: 1}), start, [2]int{5, 3}, [2]int{}), "7/12 12/15", "a lone stone may not stop on the empty own Hucke on its way (T-H1)"},
		{"blocked on the way", load(t, ts, own(ts, 1, map[int]int{3: 1}), opp(ts, 1, map[int]int{7: 2, 8: 2}), [2]int{5, 4}, [2]int{}), "3/12", "a stone moving both dice needs a point on the way to stop on (T-D2)"},
		{"hand first", load(t, td, own(td, 0, map[int]int{2: 1}), own(td, 0, nil), [2]int{3, 1}, [2]int{}), "2/5 in/1", "2/5: all stones in hand must be entered before a stone on the board moves (T-S4)"},
		{"no hand", load(t, td, own(td, 1, nil), own(td, 1, nil), [2]int{3, 1}, [2]int{}), "in/3 in/1", "in/3: no stone is left in hand"},
		{"bearing off too early", load(t, ts, own(ts, 20, map[int]int{18: 1}), start, [2]int{6, 5}, [2]int{}), "20/off 18/24", "stones are borne off only when all are in the last quarter (T-B1)"},
		{"higher number from the back only", load(t, ts, own(ts, 22, map[int]int{19: 1}), opp(ts, 23, nil), [2]int{6, 1}, [2]int{}), "22/off 19/20", "22/off: a higher number bears off only from the farthest occupied point (T-B1)"},
		{"exact number blocked", load(t, ts, home, start, [2]int{5, 3}, [2]int{}), "20/off 22/off", "no stone is borne off by its exact number while the opponent has a stone on his start point (T-B2)"},
		{"Force", load(t, ts, own(ts, 1, map[int]int{9: 1}), start, [2]int{6, 2}, [2]int{}), "9/15 1/3", "no single stone may be set into the opponent's second quarter (13–18) while he has his Force (T-D8)"},
		{"both numbers", load(t, ts, start, start, [2]int{5, 4}, [2]int{}), "1/5", "both numbers of 5-4 must be played when a play uses both (T-D6)"},
	} {
		_, err := c.g.ParseMove(c.in)
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrIllegalMove) || !strings.Contains(e.Error(), c.reason) {
			t.Errorf("%s: ParseMove(%q) = %v, want %q\n%v\nlegal %v", c.name, c.in, err, c.reason, c.g, plays(c.g))
		}
	}
	// With the higher-die option, one number playable.
	o := ts
	o.HigherDie = true
	g := load(t, o, own(o, 1, map[int]int{24: 0}), opp(o, 1, map[int]int{6: 2, 7: 2}), [2]int{6, 4}, [2]int{})
	if _, err := g.ParseMove("1/5"); err == nil || !strings.Contains(err.Error(), "(T-D6)") {
		t.Errorf("higher die: %v, legal %v", err, plays(g))
	}
}

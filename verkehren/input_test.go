package verkehren

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

func TestOptionsValidate(t *testing.T) {
	for _, o := range []Options{VK(), VKBandLimit(), Cotton(), Fiske(), {Opening: BandLimit}, {Opening: BandLimit, BandLimit: 15}, {HigherDie: true, FirstPlayer: brettspiel.Starts(1), TurnCap: 7}} {
		if err := o.Validate(); err != nil {
			t.Errorf("%v: %v", o, err)
		}
		if _, err := New(o); err != nil {
			t.Errorf("New(%v): %v", o, err)
		}
	}
	for _, o := range []Options{{Bands: 3}, {Opening: 2}, {BandLimit: 6}, {Opening: BandLimit, BandLimit: 4}, {Opening: BandLimit, BandLimit: 16}, {TurnCap: -1}, {FirstPlayer: brettspiel.Starts(2)}, {FirstPlayer: -1}} {
		if _, err := New(o); !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("New(%+v) = %v, want ErrBadOptions", o, err)
		}
	}
}

func TestFromPositionRejects(t *testing.T) {
	base := func() Position {
		return Position{Stones: [2][26]int{{1: 15}, {1: 15}}}
	}
	if _, err := FromPosition(VK(), base()); err != nil {
		t.Fatalf("the start: %v", err)
	}
	cases := []struct {
		name string
		opts Options
		edit func(p *Position)
		want string
	}{
		{"14 stones", VK(), func(p *Position) { p.Stones[0][1] = 14 }, "not 15"},
		{"negative", VK(), func(p *Position) { p.Stones[0][1] = 16; p.Stones[0][2] = -1 }, "stones on"},
		{"shared point", VK(), func(p *Position) { p.Stones[0][1] = 14; p.Stones[0][13] = 1 }, "both players"},
		{"Band on 5", VK(), func(p *Position) { p.Stones[0][1] = 13; p.Stones[0][5] = 2 }, "V-B1"},
		{"Band on 12 under Cotton", Cotton(), func(p *Position) { p.Stones[0][1] = 13; p.Stones[0][12] = 2 }, "V-B1"},
		{"six Bände under band limit 5", VKBandLimit(), func(p *Position) {
			p.Stones[0] = [26]int{1: 3, 14: 2, 15: 2, 16: 2, 17: 2, 18: 2, 19: 2}
		}, "V-O1"},
		{"all borne off", VK(), func(p *Position) { p.Stones[0] = [26]int{25: 15} }, "V-W1"},
		{"all on 24", VK(), func(p *Position) { p.Stones[0] = [26]int{24: 15} }, "V-W3"},
		{"bad dice", VK(), func(p *Position) { p.Dice = [2]int{7, 1} }, "dice"},
		{"one die", VK(), func(p *Position) { p.Dice = [2]int{3, 0} }, "dice"},
		{"bad turn", VK(), func(p *Position) { p.Turn = 2 }, "turn"},
		{"turns past the cap", Options{TurnCap: 10}, func(p *Position) { p.Turns = 10 }, "turns"},
		{"double game over", VK(), func(p *Position) {
			p.Stones = [2][26]int{{13: 1, 20: 2, 12: 12}, {0: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 13: 8}}
		}, "double"},
	}
	for _, c := range cases {
		p := base()
		c.edit(&p)
		_, err := FromPosition(c.opts, p)
		if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrBadPosition mentioning %q", c.name, err, c.want)
		}
	}
	if _, err := FromPosition(Options{Bands: 9}, base()); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("bad options: %v", err)
	}
	// Fiske: a Band on 2–11 can stand after the stone on 12 was hit
	p := base()
	p.Stones[0] = [26]int{0: 1, 1: 12, 5: 2}
	if _, err := FromPosition(Fiske(), p); err != nil {
		t.Errorf("Fiske: %v", err)
	}
}

func TestPositionRoundTrip(t *testing.T) {
	g := at(t, VK(), 5, 3, map[int]int{0: 1, 1: 3, 13: 11}, map[int]int{o(3): 1, 22: 14})
	h, err := FromPosition(VK(), g.Position())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Position(), h.Position()) || !reflect.DeepEqual(plays(g), plays(h)) {
		t.Errorf("round trip differs")
	}
}

func TestBadInputLeavesStateUnchanged(t *testing.T) {
	g := at(t, VK(), 5, 3, map[int]int{0: 1, 1: 3, 13: 11}, map[int]int{o(3): 1, 22: 14})
	before := g.clone()
	for _, c := range []struct {
		m    brettspiel.Move
		want error
	}{
		{brettspiel.NoMove, brettspiel.ErrNotYourTurn},
		{kit.NewMove(1, 0), brettspiel.ErrNotYourTurn},
		{kit.NewMove(brettspiel.Chance, 9), brettspiel.ErrNotYourTurn},
		{kit.NewMove(0, 0), brettspiel.ErrIllegalMove},
		{kit.NewMove(0, concedePayload), brettspiel.ErrIllegalMove},
		{kit.NewMove(0, 1<<56-1), brettspiel.ErrIllegalMove},
		{kit.NewMove(0, stepField(13, 16, 3)<<stepShift(0)), brettspiel.ErrIllegalMove},
	} {
		if err := g.Apply(c.m); !errors.Is(err, c.want) {
			t.Errorf("Apply(%v) = %v, want %v", c.m, err, c.want)
		}
		if !reflect.DeepEqual(before, g) {
			t.Fatalf("Apply(%v) changed the state", c.m)
		}
	}
	for _, s := range []string{"", "x", "bar/", "/3", "1/25", "25/off", "13/12", "0/3", "bar/7", "1/2 1/2 1/2 1/2 1/2", "13/off/2", "+1/3", "01/3", "6-5"} {
		if _, err := g.ParseMove(s); !errors.Is(err, brettspiel.ErrBadNotation) && !errors.Is(err, brettspiel.ErrIllegalMove) {
			t.Errorf("ParseMove(%q) = %v", s, err)
		}
	}
	refused(t, g, "13/16 bar/5", brettspiel.ErrIllegalMove, "move 1", "V-E1")
	refused(t, g, "bar/4 4/7", brettspiel.ErrIllegalMove, "bar to 4")
	refused(t, g, "bar/5* 13/16", brettspiel.ErrIllegalMove, "no opponent stone is hit on point 5")
	// the '*' may be left out
	if m, err := g.ParseMove("bar/3 3/8"); err != nil || g.MoveString(m) != "bar/3* 3/8" {
		t.Errorf("bar/3 3/8 = %v, %v", g.MoveString(m), err)
	}
	if !reflect.DeepEqual(before, g) {
		t.Fatal("ParseMove changed the state")
	}
	// chance node: only throws
	c := at(t, VK(), 0, 0, map[int]int{1: 15}, map[int]int{1: 15})
	if _, err := c.ParseMove("13/18"); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("a play at a throw: %v", err)
	}
	if _, err := c.ParseMove("7-1"); !errors.Is(err, brettspiel.ErrBadNotation) {
		t.Errorf("7-1: %v", err)
	}
	if m, err := c.ParseMove("3-5"); err != nil || c.MoveString(m) != "5-3" {
		t.Errorf("3-5 parses as %v %v", c.MoveString(m), err)
	}
}

func TestTurnCap(t *testing.T) {
	g, _ := New(Options{FirstPlayer: brettspiel.Starts(0), TurnCap: 2})
	throwDice(t, g, "6-6")
	play(t, g, "1/7") // 7/13 is closed, a second stone on 7 would be a Band
	throwDice(t, g, "6-6")
	play(t, g, "1/7")
	if g.ToMove() != brettspiel.Terminal || g.Ending() != TurnCapped || !reflect.DeepEqual(g.Returns(), []int{0, 0}) {
		t.Fatalf("after the cap: %v %v %v", g.ToMove(), g.Ending(), g.Returns())
	}
	if e := eventsOf(g, brettspiel.EventEnd); len(e) != 1 || e[0].Note != "turn cap" {
		t.Errorf("end event %v", g.Events())
	}
	if err := g.Apply(kit.NewMove(brettspiel.Chance, 9)); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("after the end: %v", err)
	}
	if _, err := g.ParseMove("1-1"); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("parse after the end: %v", err)
	}
}

func TestStringShowsState(t *testing.T) {
	g := at(t, VK(), 6, 6, map[int]int{0: 2, 13: 13}, map[int]int{o(1): 2, o(2): 2, o(3): 2, o(4): 2, o(5): 2, 22: 5})
	s := g.String()
	for _, w := range []string{"player 0 is Junker", "player 0 to play 6-6", "waiting 2"} {
		if !strings.Contains(s, w) {
			t.Errorf("String lacks %q:\n%s", w, s)
		}
	}
}

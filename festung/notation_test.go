package festung

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/kit"
)

func TestParseMoveErrors(t *testing.T) {
	g := newGame(t, 3)
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"", brettspiel.ErrBadNotation},
		{"5/1-7", brettspiel.ErrBadNotation},
		{"0/1-1", brettspiel.ErrBadNotation},
		{"5-1-6", brettspiel.ErrBadNotation},
		{" 5/1-6", brettspiel.ErrBadNotation},
		{"W9.I", brettspiel.ErrBadNotation},
		{"L11", brettspiel.ErrBadNotation}, // a field, but not one to take from
		{"W1.V", brettspiel.ErrChanceNode},
	} {
		_, err := g.ParseMove(tc.in)
		var e *brettspiel.Error
		if !errors.Is(err, tc.want) || !errors.As(err, &e) || e.Input != tc.in {
			t.Errorf("ParseMove(%q) = %v, want %v", tc.in, err, tc.want)
		}
	}
	a, err1 := g.ParseMove("5/6-1")
	b, err2 := g.ParseMove("5/1-6")
	if err1 != nil || err2 != nil || a != b || g.MoveString(a) != "5/1-6" {
		t.Errorf("5/6-1 and 5/1-6: %v %v %v %v", a, b, err1, err2)
	}
	if _, err := ParseThrow("6/5-x"); !errors.Is(err, brettspiel.ErrBadNotation) {
		t.Errorf("ParseThrow: %v", err)
	}
}

// Ascending move values are the order of the notation, throws and decisions.
func TestMoveOrderIsNotationOrder(t *testing.T) {
	g := newGame(t, 2)
	legal := g.LegalMoves()
	names := make([]string, len(legal))
	total := 0
	for i, m := range legal {
		names[i] = g.MoveString(m)
		total += g.ChanceOutcomes()[i].Weight
	}
	if !slices.IsSorted(names) || len(legal) != 126 || total != 216 {
		t.Errorf("%d throws, weights %d, sorted %v", len(legal), total, slices.IsSorted(names))
	}
	// Every ordered throw of dice.Ordered3 is one of the outcomes, and the
	// outcome's weight counts the ordered throws it stands for.
	count := map[brettspiel.Move]int{}
	for _, th := range dice.Ordered3() {
		count[ThrowMove(th)]++
	}
	for _, o := range g.ChanceOutcomes() {
		if count[o.Move] != o.Weight {
			t.Errorf("%s: weight %d, ordered throws %d", g.MoveString(o.Move), o.Weight, count[o.Move])
		}
	}
}

func TestApplyRefusesBadMoves(t *testing.T) {
	g := edit(t, newGame(t, 2), 1, func(p *Position) { p.Pasches[0] = 1 })
	before := g.clone()
	for _, m := range []brettspiel.Move{brettspiel.NoMove, brettspiel.Move(^uint64(0)), kit.NewMove(0, 1), kit.NewMove(brettspiel.Chance, 0x777), kit.NewMove(brettspiel.Chance, 0x165)} {
		err := g.Apply(m)
		if err == nil || !reflect.DeepEqual(g, before) {
			t.Errorf("Apply(%v) = %v, state changed: %v", m, err, !reflect.DeepEqual(g, before))
		}
	}
	if err := g.Apply(kit.NewMove(0, 1)); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("a decision at a chance node: %v", err)
	}
	play(t, g, "2/3-4") // a decision node
	before = g.clone()
	for m, want := range map[brettspiel.Move]error{
		kit.NewMove(1, 1):                        brettspiel.ErrNotYourTurn,
		kit.NewMove(0, 3):                        brettspiel.ErrIllegalMove,
		kit.NewMove(0, 0):                        brettspiel.ErrIllegalMove,
		ThrowMove(dice.Throw3{L: 1, A: 1, B: 1}): brettspiel.ErrNotYourTurn,
		kit.NewMove(0, 1<<40|1):                  brettspiel.ErrIllegalMove,
		kit.NewMove(brettspiel.Nobody, 1):        brettspiel.ErrNotYourTurn,
		kit.NewMove(brettspiel.Terminal, 1):      brettspiel.ErrNotYourTurn,
	} {
		if err := g.Apply(m); !errors.Is(err, want) || !reflect.DeepEqual(g, before) {
			t.Errorf("Apply(%v) = %v, want %v", m, err, want)
		}
	}
}

func TestFromPositionRefuses(t *testing.T) {
	g := newGame(t, 3)
	for name, f := range map[string]func(p *Position){
		"balances":   func(p *Position) { p.Balances = p.Balances[:2] },
		"pasches":    func(p *Position) { p.Pasches = append(p.Pasches, 0) },
		"bought":     func(p *Position) { p.Bought = []int{0} },
		"thrower":    func(p *Position) { p.Thrower = 3 },
		"chance":     func(p *Position) { p.Thrower = brettspiel.Chance },
		"throws":     func(p *Position) { p.Throws = -1 },
		"cap":        func(p *Position) { p.Throws = DefaultTurnCap },
		"no field":   func(p *Position) { p.Markers[0] = NoField },
		"pasch 5":    func(p *Position) { p.Pasches[1] = 5 },
		"pasch -1":   func(p *Position) { p.Pasches[1] = -1 },
		"conserved":  func(p *Position) { p.Balances[0]++ },
		"too low":    func(p *Position) { p.Balances[0] -= 20; p.Balances[1] += 20; p.Bought = []int{0, 0, 0} },
		"huge":       func(p *Position) { p.Balances[0] = maxBalance + 1; p.Balances[1] = -(maxBalance + 1) },
		"bad throw":  func(p *Position) { p.Throw = dice.Throw3{L: 7, A: 1, B: 1} },
		"no choice":  func(p *Position) { p.Throw = dice.Throw3{L: 2, A: 3, B: 4} },
		"six choice": func(p *Position) { p.Pasches[0] = 2; p.Throw = dice.Throw3{L: 6, A: 3, B: 4} },
		"closed":     func(p *Position) { p.Pasches[0] = 1; off(p, ow(3, 2, 1)); p.Balances[0]++ },
	} {
		p := g.Position()
		f(&p)
		if _, err := FromPosition(g.Options(), p); !errors.Is(err, brettspiel.ErrBadPosition) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Fortress 3 opened by seat 2's two Pasches: its works may be empty.
	p := g.Position()
	p.Pasches[2] = 2
	off(&p, ow(3, 2, 1))
	p.Balances[0]++
	if _, err := FromPosition(g.Options(), p); err != nil {
		t.Errorf("fortress 3 open: %v", err)
	}
	// Five players: the empty field stays empty.
	g5 := newGame(t, 5)
	p = g5.Position()
	on(&p, DefaultEmptyField)
	p.Balances[0]--
	if _, err := FromPosition(g5.Options(), p); !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Errorf("five players, W4.VI filled: %v", err)
	}
	if _, err := FromPosition(Options{Players: 8}, g.Position()); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("bad options: %v", err)
	}
	// A pending decision loads.
	p = g.Position()
	p.Pasches[0] = 1
	p.Throw = dice.Throw3{L: 2, A: 3, B: 4}
	h, err := FromPosition(g.Options(), p)
	if err != nil || h.ToMove() != 0 || len(h.LegalMoves()) != 2 {
		t.Errorf("decision position: %v", err)
	}
	if s := h.String(); !strings.Contains(s, "seat 0 threw 2/3-4 and decides: take from W1.II or W2.II") {
		t.Errorf("String:\n%s", s)
	}
}

func TestString(t *testing.T) {
	g := newGame(t, 5)
	s := g.String()
	for _, want := range []string{
		"Festungsspiel, 5 players, stock 25, 0 throws made",
		"  fortress 4    x  x   x  x  x  .",
		"fortress lines  1: 3. 7. 11. 15.",
		"batteries      9. 10. 11. 12.",
		"   0       18       0        0  -",
		"seat 0 to throw",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("String lacks %q:\n%s", want, s)
		}
	}
}

func FuzzApply(f *testing.F) {
	f.Add(uint64(0x4000000000000123), false)
	f.Add(uint64(0x0300000000000001), true)
	f.Fuzz(func(t *testing.T, m uint64, decision bool) {
		g := newGame(t, 2)
		if decision {
			g = edit(t, g, 1, func(p *Position) { p.Pasches[0] = 1; p.Throw = dice.Throw3{L: 2, A: 3, B: 4} })
		}
		before := g.clone()
		legal := slices.Contains(g.LegalMoves(), brettspiel.Move(m))
		_ = g.MoveString(brettspiel.Move(m))
		err := g.Apply(brettspiel.Move(m))
		if (err == nil) != legal {
			t.Fatalf("Apply(%#x) = %v, legal %v", m, err, legal)
		}
		if err != nil && !reflect.DeepEqual(g, before) {
			t.Fatalf("Apply(%#x) failed but changed the state", m)
		}
	})
}

func FuzzFromPosition(f *testing.F) {
	f.Add([]byte{1, 2, 3}, 3, 13, 0, 2)
	f.Fuzz(func(t *testing.T, fields []byte, players, bal, pasch, l int) {
		pos := Position{Thrower: 0}
		for _, b := range fields {
			pos.Markers = append(pos.Markers, FieldID(b))
		}
		n := max(2, min(6, players))
		for p := range n {
			pos.Balances = append(pos.Balances, bal+p)
			pos.Pasches = append(pos.Pasches, pasch)
		}
		if l != 0 {
			pos.Throw = dice.Throw3{L: uint8(l), A: 3, B: 4}
		}
		g, err := FromPosition(Options{Players: players}, pos)
		if err != nil {
			return
		}
		if err := conserved(g); err != nil {
			t.Fatalf("accepted a position that breaks conservation: %v", err)
		}
		_ = g.String()
		_ = g.LegalMoves()
	})
}

// ParseMove's errors say what is wrong and what is on offer.
func TestParseMoveReasons(t *testing.T) {
	g := edit(t, newGame(t, 2), 1, func(p *Position) { p.Pasches[0] = 1; p.Throw = dice.Throw3{L: 2, A: 3, B: 4} })
	fresh := newGame(t, 2)
	for _, tc := range []struct {
		g        *Game
		in       string
		sentinel error
		reason   string
	}{
		{g, "W3.II", brettspiel.ErrIllegalMove, "no marker to take in the works of fortress 3; take from W1.II or W2.II"},
		{g, "W1.III", brettspiel.ErrIllegalMove, "the large die shows 2; take from W1.II or W2.II"},
		{g, "5/1-6", brettspiel.ErrNotYourTurn, "a decision is due: take from W1.II or W2.II"},
		{g, "take W1.II", brettspiel.ErrBadNotation, "want a throw such as 5/1-6 (large die/small dice), or at a decision the outer-works field to take from, such as W2.V"},
		{fresh, "W1.II", brettspiel.ErrChanceNode, "a throw is due"},
		{fresh, "7/1-1", brettspiel.ErrBadNotation, "want a throw such as 5/1-6"},
	} {
		_, err := tc.g.ParseMove(tc.in)
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, tc.sentinel) || e.Input != tc.in || !strings.Contains(e.Reason, tc.reason) {
			t.Errorf("ParseMove(%q) = %v; want %q saying %q", tc.in, err, tc.sentinel, tc.reason)
		}
	}
}

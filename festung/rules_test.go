package festung

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// --- The plan ---

func TestF_P1_OuterWorks(t *testing.T) {
	count := map[[2]int]int{} // (fortress, number) → fields
	total := 0
	for _, f := range Plan() {
		if f.Kind != OuterWork {
			continue
		}
		total++
		count[[2]int{f.Fortress, f.Number}]++
		if !f.Markers || f.ID > NumOuterWorks {
			t.Errorf("%v: outer works hold markers and have IDs 1…36", f.Name)
		}
		if f.ID != OuterWorkID(f.Fortress, f.Number, f.Twin) {
			t.Errorf("%v: OuterWorkID(%d,%d,%d) = %v", f.Name, f.Fortress, f.Number, f.Twin, OuterWorkID(f.Fortress, f.Number, f.Twin))
		}
	}
	if total != 36 {
		t.Fatalf("%d outer works, want 36", total)
	}
	for fort, per := range map[int]int{1: 2, 2: 1, 3: 2, 4: 1} {
		for n := 1; n <= 6; n++ {
			if count[[2]int{fort, n}] != per {
				t.Errorf("fortress %d has %d fields numbered %d, want %d", fort, count[[2]int{fort, n}], n, per)
			}
		}
	}
	if f, ok := FieldByName("W3.IV'"); !ok || f.Fortress != 3 || f.Number != 4 || f.Twin != 1 {
		t.Errorf("FieldByName(W3.IV') = %+v, %v", f, ok)
	}
	if OuterWorkID(2, 1, 1) != NoField || OuterWorkID(5, 1, 0) != NoField || OuterWorkID(1, 7, 0) != NoField {
		t.Error("OuterWorkID gives a field that does not exist")
	}
}

func TestF_P2_FiveFortresses(t *testing.T) {
	for k := 1; k <= 5; k++ {
		f, ok := FieldOf(FortressID(k))
		if !ok || f.Kind != Fortress || f.Number != k || f.Markers || f.Name != "F"+string(rune('0'+k)) {
			t.Errorf("fortress %d: %+v", k, f)
		}
	}
	if FortressID(6) != NoField || FortressID(0) != NoField {
		t.Error("FortressID accepts a sixth or a zeroth fortress")
	}
	n := 0
	for _, f := range Plan() {
		if f.Kind == Fortress {
			n++
		}
	}
	if n != 5 {
		t.Errorf("%d fortresses", n)
	}
}

func TestF_P3_FortressLines(t *testing.T) {
	want := map[int][4]int{1: {3, 7, 11, 15}, 2: {4, 8, 12, 16}, 3: {5, 9, 13, 17}, 4: {6, 10, 14, 18}}
	seen := map[int]bool{}
	for k, nums := range want {
		for i, id := range LineFields(k) {
			f, _ := FieldOf(id)
			if f.Kind != LineField || f.Number != nums[i] || f.Line != k || f.Fortress != k || !f.Markers {
				t.Errorf("line %d field %d: %+v", k, i, f)
			}
			seen[f.Number] = true
		}
	}
	if len(seen) != 16 {
		t.Errorf("lines cover %d numbers, want the 16 of 3…18", len(seen))
	}
	if LineFieldID(2) != NoField || LineFieldID(19) != NoField {
		t.Error("LineFieldID outside 3…18")
	}
}

func TestF_P4_PaschFields(t *testing.T) {
	for k := 1; k <= 4; k++ {
		f, _ := FieldOf(PaschFieldID(k))
		if f.Kind != PaschField || f.Number != k || f.Line != k || f.Markers {
			t.Errorf("Pasch field %d: %+v", k, f)
		}
	}
	if PaschFieldID(5) != NoField {
		t.Error("a fifth Pasch field")
	}
}

func TestF_P5_Schanzen(t *testing.T) {
	for n := 1; n <= 12; n++ {
		f, _ := FieldOf(SchanzeID(n))
		if f.Kind != Schanze || f.Number != n || !f.Markers || f.Name != "S."+roman(n) {
			t.Errorf("Schanze %d: %+v", n, f)
		}
	}
	if SchanzeID(13) != NoField || SchanzeID(0) != NoField {
		t.Error("a thirteenth Schanze")
	}
}

func TestF_P6_BatteriesAndTriangles(t *testing.T) {
	want := map[int][3]int{9: {1, 2, 3}, 10: {4, 5, 6}, 11: {7, 8, 9}, 12: {10, 11, 12}}
	for b, sch := range want {
		f, _ := FieldOf(BatteryID(b))
		if f.Kind != Battery || f.Number != b || !f.Markers {
			t.Errorf("battery %d: %+v", b, f)
		}
		nb := f.Neighbours()
		for i, id := range Triangle(b) {
			s, _ := FieldOf(id)
			if s.Kind != Schanze || s.Number != sch[i] || nb[i] != id {
				t.Errorf("battery %d triangle %d: %+v (neighbours %v)", b, i, s, nb)
			}
			if back := s.Neighbours(); len(back) != 1 || back[0] != f.ID {
				t.Errorf("Schanze %d's neighbours %v, want battery %d", s.Number, back, b)
			}
		}
	}
	// Example 2 of the booklet: battery 10 with Schanzen IV, V, VI.
	if got := Triangle(10); got != [3]FieldID{SchanzeID(4), SchanzeID(5), SchanzeID(6)} {
		t.Errorf("Triangle(10) = %v", got)
	}
}

func TestF_P7_OneMarkerOrNone(t *testing.T) {
	g := newGame(t, 2)
	p := g.Position()
	p.Markers = append(p.Markers, p.Markers[0])
	p.Balances[0]--
	if _, err := FromPosition(g.Options(), p); !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), "F-P7") {
		t.Errorf("a field listed twice: %v", err)
	}
	p = g.Position()
	p.Markers = append(p.Markers, FortressID(1))
	p.Balances[0]--
	if _, err := FromPosition(g.Options(), p); !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Errorf("a marker on a fortress: %v", err)
	}
	// A take empties a field, a placement fills an empty one: the same Schanze
	// toggles.
	play(t, g, "1/3-4")
	if !g.Marker(SchanzeID(7)) {
		t.Fatal("S.VII not filled")
	}
	want(t, play(t, g, "1/3-4")[2:3], "1 takes S.VII F-B1")
	if g.Marker(SchanzeID(7)) {
		t.Fatal("S.VII not emptied")
	}
}

// --- Setup ---

func TestF_S1_EqualStakes(t *testing.T) {
	for n, stake := range map[int]int{2: 18, 3: 12, 4: 9, 5: 7, 6: 6} {
		g := newGame(t, n)
		if Stake(n) != stake {
			t.Errorf("Stake(%d) = %d", n, Stake(n))
		}
		placed := make([]int, n)
		last := brettspiel.Player(0)
		for _, e := range g.Events() {
			if e.Kind != brettspiel.EventPlace || e.Rule != "F-S1" || e.Player < last {
				t.Fatalf("%d players: setup event %v (players place in turn order)", n, e)
			}
			last = e.Player
			placed[e.Player]++
		}
		for p := range n {
			if placed[p] != stake || g.Balance(brettspiel.Player(p)) != 25-stake || g.Returns()[p] != -stake {
				t.Errorf("%d players: seat %d placed %d, balance %d, want %d and %d", n, p, placed[p], g.Balance(brettspiel.Player(p)), stake, 25-stake)
			}
		}
		if got := g.MarkersOnPlan(); got != n*stake {
			t.Errorf("%d players: %d markers on the plan", n, got)
		}
		for id := FieldID(1); id <= NumOuterWorks; id++ {
			if g.Marker(id) != (n != 5 || id != DefaultEmptyField) {
				t.Errorf("%d players: outer work %v marker %v", n, id, g.Marker(id))
			}
		}
	}
	g, err := New(Options{Players: 5, EmptyField: ow(1, 3, 1)})
	if err != nil || g.Marker(ow(1, 3, 1)) || !g.Marker(DefaultEmptyField) {
		t.Errorf("5 players, empty W1.III': %v\n%v", err, g)
	}
	for _, o := range []Options{{Players: 3, EmptyField: 36}, {Players: 5, EmptyField: 37}, {Players: 7}, {Players: 1}, {Stock: -1}, {TurnCap: -2}} {
		if _, err := New(o); !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("New(%+v) = %v, want ErrBadOptions", o, err)
		}
	}
	// A stock below the stake: the rest is bought at once.
	g, _ = New(Options{Players: 2, Stock: 10})
	if g.Balance(0) != -8 || g.Bought(0) != 8 || g.Returns()[0] != -18 {
		t.Errorf("stock 10: balance %d bought %d", g.Balance(0), g.Bought(0))
	}
}

// --- A: the large die ---

func TestF_A1_OpenOuterWorks(t *testing.T) {
	// With k Pasches the large die 6 takes every open VI: 2, 3, 5, 6 fields.
	for k, n := range []int{2, 3, 5, 6} {
		g := edit(t, newGame(t, 2), 1, func(p *Position) { p.Pasches[0] = k })
		if g.OpenFortresses(0) != min(k+1, 4) {
			t.Errorf("%d Pasches: %d open fortresses", k, g.OpenFortresses(0))
		}
		fl := play(t, g, "6/1-2")
		takes := 0
		for _, s := range fl {
			if strings.Contains(s, "takes W") && strings.HasSuffix(s, "F-A3") {
				takes++
			}
		}
		if takes != n {
			t.Errorf("%d Pasches: 6 took %d VI fields, want %d\n%v", k, takes, n, fl)
		}
	}
	// Only for him: seat 1 without a Pasch may not use fortress 2 when seat 0
	// has conquered it.
	g := edit(t, newGame(t, 2), 1, func(p *Position) {
		p.Pasches[0] = 1
		p.Thrower = 1
		off(p, ow(1, 5, 0), ow(1, 5, 1))
	})
	want(t, play(t, g, "5/1-6")[1:2], "1 places W1.V F-A2")
	// Booklet example 1, in parentheses: having conquered fortress 1, the
	// thrower finds V in the 18 fields.
	g = edit(t, newGame(t, 3), 1, func(p *Position) {
		p.Pasches[0] = 1
		off(p, ow(1, 5, 0), ow(1, 5, 1))
	})
	want(t, play(t, g, "5/1-6")[1:2], "0 takes W2.V F-A2")
}

func TestF_A2_TakeOneOrPlaceOnFortress1(t *testing.T) {
	// The first occupied twin gives the marker.
	g := newGame(t, 2)
	want(t, play(t, g, "2/3-4")[1:2], "0 takes W1.II F-A2")
	want(t, play(t, g, "2/3-4")[1:2], "1 takes W1.II' F-A2")
	// Both empty: a marker is placed on fortress 1, even for a player with
	// three Pasches whose other works numbered II are empty too.
	g = edit(t, g, 1, func(p *Position) {
		p.Pasches[0] = 3
		off(p, ow(2, 2, 0), ow(3, 2, 0), ow(3, 2, 1), ow(4, 2, 0))
	})
	want(t, play(t, g, "2/3-4")[1:2], "0 places W1.II F-A2")

	// A real choice: seat 0 with one Pasch, II in fortresses 1 and 2.
	g = edit(t, newGame(t, 2), 1, func(p *Position) { p.Pasches[0] = 1 })
	want(t, play(t, g, "2/3-4"), "0 throws 2/3-4")
	if g.ToMove() != 0 {
		t.Fatalf("no decision node:\n%v", g)
	}
	legal := g.LegalMoves()
	if names := []string{g.MoveString(legal[0]), g.MoveString(legal[1])}; len(legal) != 2 || names[0] != "W1.II" || names[1] != "W2.II" {
		t.Fatalf("legal %v", legal)
	}
	if _, err := g.ParseMove("W3.II"); !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Errorf("W3.II (not open): %v", err)
	}
	if _, err := g.ParseMove("W2.III"); !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Errorf("W2.III (wrong number): %v", err)
	}
	if _, err := g.ParseMove("1/1-1"); !errors.Is(err, brettspiel.ErrNotYourTurn) {
		t.Errorf("a throw at a decision: %v", err)
	}
	if m, err := g.ParseMove("W1.II'"); err != nil || m != legal[0] {
		t.Errorf("the twin's name: %v %v", m, err)
	}
	want(t, play(t, g, "W2.II"),
		"0 decides W2.II F-A2",
		"0 takes W2.II F-A2",
		"0 places S.VII F-B1",
		"0 places L9 F-C1")
	if g.Marker(ow(2, 2, 0)) || !g.Marker(ow(1, 2, 0)) || !g.Marker(ow(1, 2, 1)) || g.ToMove() != brettspiel.Chance || g.Turn() != 1 {
		t.Errorf("after the decision:\n%v", g)
	}
	// A forced choice is no decision: only fortress 2 still has a II.
	g = edit(t, newGame(t, 2), 1, func(p *Position) {
		p.Pasches[0] = 1
		off(p, ow(1, 2, 0), ow(1, 2, 1))
	})
	want(t, play(t, g, "2/3-4")[:2], "0 throws 2/3-4", "0 takes W2.II F-A2")
}

func TestF_A3_SixTakesAllOpenSixes(t *testing.T) {
	g := edit(t, newGame(t, 2), 1, func(p *Position) {
		p.Pasches[0] = 2
		off(p, ow(1, 6, 1), ow(3, 6, 0))
	})
	want(t, play(t, g, "6/1-2")[1:4], "0 takes W1.VI F-A3", "0 takes W2.VI F-A3", "0 takes W3.VI' F-A3")
	if !g.Marker(ow(4, 6, 0)) {
		t.Error("fortress 4 is not open with two Pasches")
	}
	// None occupied: one placed on fortress 1.
	g = edit(t, newGame(t, 2), 1, func(p *Position) {
		p.Pasches[0] = 3
		off(p, ow(1, 6, 0), ow(1, 6, 1), ow(2, 6, 0), ow(3, 6, 0), ow(3, 6, 1), ow(4, 6, 0))
	})
	want(t, play(t, g, "6/1-2")[1:2], "0 places W1.VI F-A3")
}

// --- B: the small dice ---

func TestF_B1_SchanzeOfTheSum(t *testing.T) {
	g := newGame(t, 2)
	want(t, play(t, g, "3/2-6")[2:3], "0 places S.VIII F-B1")
	want(t, play(t, g, "3/5-3")[2:3], "1 takes S.VIII F-B1")
	if b := balances(g); b[0] != 7+1-1-1 || b[1] != 7+1+1+1 {
		// seat 0: took W1.III, placed S.VIII, placed L11; seat 1: took W1.III', took S.VIII, took L11.
		t.Errorf("balances %v", b)
	}
}

func TestF_B2_SchanzeIOnce(t *testing.T) {
	g := newGame(t, 2)
	want(t, play(t, g, "2/1-1")[2:4], "0 places S.II F-B1", "0 places S.I F-B2")
	want(t, play(t, g, "2/5-1")[2:4], "1 places S.VI F-B1", "1 takes S.I F-B2")
	want(t, play(t, g, "2/1-4")[2:4], "0 places S.V F-B1", "0 places S.I F-B2")
	fl := play(t, g, "2/2-3")
	for _, s := range fl {
		if strings.Contains(s, "F-B2") {
			t.Errorf("no 1 shown but %q", s)
		}
	}
}

func TestF_B3_SmallPasch(t *testing.T) {
	g := newGame(t, 4)
	fl := play(t, g, "2/3-3")
	want(t, fl[3:6], "1 pays 3 to 0 F-B3", "2 pays 3 to 0 F-B3", "3 pays 3 to 0 F-B3")
	if b := balances(g); b[0] != 16+1-1+9-1 || b[1] != 13 || b[2] != 13 || b[3] != 13 {
		t.Errorf("balances %v", b)
	}
}

func TestF_B4_Batteries(t *testing.T) {
	// Battery occupied: it and its occupied Schanzen are taken.
	g := edit(t, newGame(t, 2), 1, func(p *Position) { on(p, BatteryID(9), SchanzeID(1), SchanzeID(3)) })
	want(t, play(t, g, "2/4-5")[2:],
		"0 places S.IX F-B1",
		"0 takes B9 F-B4", "0 takes S.I F-B4", "0 takes S.III F-B4",
		"0 places L11 F-C1")
	// Battery occupied, Schanzen empty: only the battery.
	g = edit(t, newGame(t, 2), 1, func(p *Position) { on(p, BatteryID(11)) })
	want(t, play(t, g, "2/5-6")[2:5], "0 places S.XI F-B1", "0 takes B11 F-B4", "0 places L13 F-C1")
	// Battery empty, a Schanze occupied: place on it, take the Schanze.
	g = edit(t, newGame(t, 2), 1, func(p *Position) { on(p, SchanzeID(8)) })
	want(t, play(t, g, "2/5-6")[2:6], "0 places S.XI F-B1", "0 places B11 F-B4", "0 takes S.VIII F-B4", "0 places L13 F-C1")
	// All empty: place on it, 1 from every other player.
	g = newGame(t, 3)
	want(t, play(t, g, "2/4-6")[2:7], "0 places S.X F-B1", "0 places B10 F-B4", "1 pays 1 to 0 F-B4", "2 pays 1 to 0 F-B4", "0 places L12 F-C1")
	// 6-6: B1 places on XII, B3 pays 6, B4 places on battery 12 and takes XII
	// back, so no premium of 1.
	g = newGame(t, 2)
	want(t, play(t, g, "2/6-6")[2:],
		"0 places S.XII F-B1",
		"1 pays 6 to 0 F-B3",
		"0 places B12 F-B4", "0 takes S.XII F-B4",
		"0 places L14 F-C1")
	// Below 9 no battery.
	for _, s := range play(t, g, "2/4-4") {
		if strings.Contains(s, "F-B4") {
			t.Errorf("4-4: %q", s)
		}
	}
}

// --- C: all three dice ---

func TestF_C1_LineFieldOfTheTotal(t *testing.T) {
	g := newGame(t, 2)
	want(t, play(t, g, "1/2-4")[3:], "0 places L7 F-C1")
	want(t, play(t, g, "2/2-3")[3:], "1 takes L7 F-C1")
	want(t, play(t, g, "6/6-5")[3:], "0 places S.XI F-B1", "0 places B11 F-B4", "1 pays 1 to 0 F-B4", "0 places L17 F-C1")
}

func TestF_C2_Pasch(t *testing.T) {
	// Second Pasch: squares from fortress and Pasch field 1 to 2, line 2 (4, 8,
	// 12, 16) taken where it holds markers, 2 from every other player.
	g := edit(t, newGame(t, 3), 2, func(p *Position) {
		p.Pasches[0] = 1
		on(p, LineFieldID(8), LineFieldID(16))
		off(p, ow(1, 2, 0), ow(1, 2, 1)) // so that A takes from fortress 2 without a choice
	})
	want(t, play(t, g, "2/2-2"),
		"0 throws 2/2-2",
		"0 takes W2.II F-A2",
		"0 places S.IV F-B1",
		"1 pays 2 to 0 F-B3", "2 pays 2 to 0 F-B3",
		"0 places L6 F-C1",
		"0 square F1→F2 F-C2", "0 square P1→P2 F-C2",
		"0 takes L8 F-C2", "0 takes L16 F-C2",
		"1 pays 2 to 0 F-C2", "2 pays 2 to 0 F-C2")
	if g.Pasches(0) != 2 || g.OpenFortresses(0) != 3 {
		t.Errorf("Pasches %d open %d", g.Pasches(0), g.OpenFortresses(0))
	}
	// Third Pasch, line 3 empty: C1 places on 9 first, and C2 takes it at once.
	g = edit(t, newGame(t, 2), 1, func(p *Position) { p.Pasches[0] = 2; onlyFortress1(p, 3) })
	fl := play(t, g, "3/3-3")
	want(t, fl[len(fl)-5:], "0 places L9 F-C1", "0 square F2→F3 F-C2", "0 square P2→P3 F-C2", "0 takes L9 F-C2", "1 pays 3 to 0 F-C2")
	// Fourth Pasch, C1 takes the only marker of line 4: C2 fills all four.
	g = edit(t, newGame(t, 2), 1, func(p *Position) {
		p.Pasches[0] = 3
		on(p, LineFieldID(14))
		onlyFortress1(p, 4)
	})
	fl = play(t, g, "4/4-4")
	want(t, fl[len(fl)-5:], "0 places L12 F-C1", "0 square F3→F4 F-C2", "0 square P3→P4 F-C2",
		"0 takes L14 F-C2", "1 pays 4 to 0 F-C2")
	g = edit(t, newGame(t, 2), 1, func(p *Position) {
		p.Pasches[0] = 3
		on(p, LineFieldID(14))
		onlyFortress1(p, 4)
	})
	fl = play(t, g, "4/5-5")
	want(t, fl[len(fl)-1:], "0 takes L14 F-C1")
	g = edit(t, newGame(t, 2), 1, func(p *Position) {
		p.Pasches[0] = 3
		on(p, LineFieldID(6))
		onlyFortress1(p, 2)
	})
	fl = play(t, g, "2/2-2")
	want(t, fl[len(fl)-8:],
		"0 takes L6 F-C1",
		"0 square F3→F4 F-C2", "0 square P3→P4 F-C2",
		"0 places L6 F-C2", "0 places L10 F-C2", "0 places L14 F-C2", "0 places L18 F-C2",
		"1 pays 4 to 0 F-C2")
}

func TestF_C3_FifthPaschEndsTheGame(t *testing.T) {
	g := edit(t, newGame(t, 3), 2, func(p *Position) {
		p.Pasches[0] = 4
		p.Pasches[1] = 2
		keep := []FieldID{ow(1, 2, 1), ow(2, 2, 0), ow(4, 1, 0)}
		p.Markers = slices.DeleteFunc(p.Markers, func(x FieldID) bool { return !slices.Contains(keep, x) })
		on(p, BatteryID(12), LineFieldID(6))
	})
	// Fortresses 1 and 2 both hold a II, but the fifth Pasch clears the plan:
	// no decision.
	want(t, play(t, g, "2/2-2"),
		"0 throws 2/2-2",
		"0 takes W1.II' F-A2",
		"0 places S.IV F-B1",
		"1 pays 2 to 0 F-B3", "2 pays 2 to 0 F-B3",
		"0 takes L6 F-C1",
		"0 square F4→F5 F-C3",
		"0 takes W2.II F-C3", "0 takes W4.I F-C3", "0 takes S.IV F-C3", "0 takes B12 F-C3",
		"1 pays 6 to 0 F-C3", "2 pays 6 to 0 F-C3",
		"end 0 fifth Pasch F-C3")
	if g.ToMove() != brettspiel.Terminal || g.MarkersOnPlan() != 0 || g.Pasches(0) != 5 {
		t.Errorf("after the fifth Pasch:\n%v", g)
	}
	if w, ok := g.Winner(); !ok || w != 0 {
		t.Errorf("Winner() = %v, %v", w, ok)
	}
	if err := g.Apply(ThrowMove(g.throw)); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("Apply after the end: %v", err)
	}
	if _, err := g.ParseMove("1/2-3"); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("ParseMove after the end: %v", err)
	}
}

func TestF_C4_BiggestPaschCountsTwice(t *testing.T) {
	// From no Pasch: lines 1 and 2 each on their own — line 1 empty is filled,
	// line 2 holding a marker is taken; premiums 1 and 2.
	g := edit(t, rich(t), 1, func(p *Position) { on(p, LineFieldID(12)) })
	want(t, play(t, g, "6/6-6"),
		"0 throws 6/6-6",
		"0 takes W1.VI F-A3", "0 takes W1.VI' F-A3",
		"0 places S.XII F-B1",
		"1 pays 6 to 0 F-B3",
		"0 places B12 F-B4", "0 takes S.XII F-B4",
		"0 places L18 F-C1",
		"0 square -→F1 F-C4", "0 square -→P1 F-C4",
		"0 places L3 F-C4", "0 places L7 F-C4", "0 places L11 F-C4", "0 places L15 F-C4",
		"1 pays 1 to 0 F-C4",
		"0 square F1→F2 F-C4", "0 square P1→P2 F-C4",
		"0 takes L12 F-C4",
		"1 pays 2 to 0 F-C4")
	if g.Pasches(0) != 2 {
		t.Errorf("Pasches %d, want 2", g.Pasches(0))
	}
	// Both lines empty: eight fields filled (FS's note).
	g = rich(t)
	places := 0
	for _, s := range play(t, g, "6/6-6") {
		if strings.HasSuffix(s, "F-C4") && strings.Contains(s, "places L") {
			places++
		}
	}
	if places != 8 {
		t.Errorf("both lines empty: %d placed, want 8", places)
	}
	// Three Pasches: the fourth (line 4, which C1 just filled at 18) and the
	// fifth.
	g = edit(t, rich(t), 1, func(p *Position) { p.Pasches[0] = 3 })
	fl := play(t, g, "6/6-6")
	i := slices.Index(fl, "0 places L18 F-C1")
	if i < 0 {
		t.Fatalf("no C1: %v", fl)
	}
	want(t, fl[i+1:i+5], "0 square F3→F4 F-C4", "0 square P3→P4 F-C4", "0 takes L18 F-C4", "1 pays 4 to 0 F-C4")
	want(t, fl[i+5:i+6], "0 square F4→F5 F-C3")
	want(t, fl[len(fl)-2:], "1 pays 6 to 0 F-C3", "end 0 fifth Pasch F-C3")
	// Four Pasches: only the fifth.
	g = edit(t, rich(t), 1, func(p *Position) { p.Pasches[0] = 4 })
	fl = play(t, g, "6/6-6")
	i = slices.Index(fl, "0 places L18 F-C1")
	want(t, fl[i+1:i+2], "0 square F4→F5 F-C3")
	if g.Pasches(0) != 5 || g.ToMove() != brettspiel.Terminal {
		t.Errorf("Pasches %d", g.Pasches(0))
	}
}

func TestF_C5_SmallestPaschExtra(t *testing.T) {
	g := rich(t)
	fl := play(t, g, "1/1-1")
	want(t, fl[len(fl)-1:], "1 pays 1 to 0 F-C5")
	// Also on a fifth Pasch, before the end.
	g = edit(t, rich(t), 1, func(p *Position) { p.Pasches[0] = 4 })
	fl = play(t, g, "1/1-1")
	want(t, fl[len(fl)-3:], "1 pays 6 to 0 F-C3", "1 pays 1 to 0 F-C5", "end 0 fifth Pasch F-C3")
	// 2-2-2 has no extra.
	g = rich(t)
	for _, s := range play(t, g, "2/2-2") {
		if strings.Contains(s, "F-C5") {
			t.Errorf("2-2-2: %q", s)
		}
	}
}

func TestF_C6_SquaresStack(t *testing.T) {
	// Seat 1 already sits on fortress 2; seat 0's second Pasch is paid as if
	// the fortress were free, and both sit there.
	premium := func(p1 int) []string {
		g := edit(t, newGame(t, 3), 2, func(p *Position) {
			p.Pasches[0] = 1
			p.Pasches[1] = p1
			onlyFortress1(p, 2)
		})
		var out []string
		for _, s := range play(t, g, "2/2-2") {
			if strings.HasSuffix(s, "F-C2") && strings.Contains(s, "pays") {
				out = append(out, s)
			}
		}
		if p1 == 2 && (g.Pasches(0) != 2 || g.Pasches(1) != 2 || !strings.Contains(g.String(), "F2\n   2")) {
			t.Errorf("both should sit on fortress 2:\n%v", g)
		}
		return out
	}
	want(t, premium(2), "1 pays 2 to 0 F-C2", "2 pays 2 to 0 F-C2")
	want(t, premium(0), premium(2)...)
}

// --- The booklet's worked examples ---

// e1Start is the fixed start of F-E1: three players right after setup, nobody
// has a Pasch, seat thrower to throw.
func e1Start(t *testing.T, thrower brettspiel.Player, f func(p *Position)) *Game {
	return edit(t, newGame(t, 3), (thrower+1)%3, func(p *Position) {
		p.Thrower = thrower
		if f != nil {
			f(p)
		}
	})
}

func TestF_E1_Example1(t *testing.T) {
	// "5, 1, 6": large die 5, small 1 and 6. Reading 1: the fields it names are
	// as after setup (outer works full, the rest empty).
	g := e1Start(t, 0, nil)
	want(t, play(t, g, "5/1-6"),
		"0 throws 5/1-6",
		"0 takes W1.V F-A2",
		"0 places S.VII F-B1",
		"0 places S.I F-B2",
		"0 places L12 F-C1")
	if b := balances(g); !slices.Equal(b, []int{11, 13, 13}) {
		t.Errorf("balances %v", b)
	}
	// Reading 2: the V fields empty, Schanzen VII, I and field 12 occupied.
	g = e1Start(t, 0, func(p *Position) {
		off(p, ow(1, 5, 0), ow(1, 5, 1))
		on(p, SchanzeID(7), SchanzeID(1), LineFieldID(12))
	})
	before := g.Balance(0)
	want(t, play(t, g, "5/1-6"),
		"0 throws 5/1-6",
		"0 places W1.V F-A2",
		"0 takes S.VII F-B1",
		"0 takes S.I F-B2",
		"0 takes L12 F-C1")
	if g.Balance(0) != before+2 {
		t.Errorf("balance %d, want %d", g.Balance(0), before+2)
	}
}

func TestF_E1_Example2(t *testing.T) {
	// "6, 8, 5" (OCR), read as large die 6, small 5-5, thrown by another.
	// Reading 1: as after setup.
	g := e1Start(t, 1, nil)
	want(t, play(t, g, "6/5-5"),
		"1 throws 6/5-5",
		"1 takes W1.VI F-A3", "1 takes W1.VI' F-A3",
		"1 places S.X F-B1",
		"2 pays 5 to 1 F-B3", "0 pays 5 to 1 F-B3",
		"1 places B10 F-B4",
		"2 pays 1 to 1 F-B4", "0 pays 1 to 1 F-B4",
		"1 places L16 F-C1")
	if b := balances(g); !slices.Equal(b, []int{7, 24, 7}) {
		t.Errorf("balances %v", b)
	}
	// Reading 2: the VI fields empty; Schanze X, battery 10 with IV, V, VI and
	// field 16 occupied.
	g = e1Start(t, 1, func(p *Position) {
		off(p, ow(1, 6, 0), ow(1, 6, 1))
		on(p, SchanzeID(10), BatteryID(10), SchanzeID(4), SchanzeID(5), SchanzeID(6), LineFieldID(16))
	})
	want(t, play(t, g, "6/5-5"),
		"1 throws 6/5-5",
		"1 places W1.VI F-A3",
		"1 takes S.X F-B1",
		"2 pays 5 to 1 F-B3", "0 pays 5 to 1 F-B3",
		"1 takes B10 F-B4", "1 takes S.IV F-B4", "1 takes S.V F-B4", "1 takes S.VI F-B4",
		"1 takes L16 F-C1")
	// The booklet's third case: the Schanzen empty, "so bezieht er blos die
	// Batterie".
	g = e1Start(t, 1, func(p *Position) { on(p, BatteryID(10)) })
	want(t, play(t, g, "6/5-5")[6:8], "1 takes B10 F-B4", "1 places L16 F-C1")
}

func TestF_E1_Example3(t *testing.T) {
	// "1, 1, 1" thrown by a third, his first Pasch. Reading 1: as after setup.
	g := e1Start(t, 2, nil)
	want(t, play(t, g, "1/1-1"),
		"2 throws 1/1-1",
		"2 takes W1.I F-A2",
		"2 places S.II F-B1",
		"2 places S.I F-B2",
		"0 pays 1 to 2 F-B3", "1 pays 1 to 2 F-B3",
		"2 places L3 F-C1",
		"2 square -→F1 F-C2", "2 square -→P1 F-C2",
		"2 takes L3 F-C2",
		"0 pays 1 to 2 F-C2", "1 pays 1 to 2 F-C2",
		"0 pays 1 to 2 F-C5", "1 pays 1 to 2 F-C5")
	if b := balances(g); !slices.Equal(b, []int{10, 10, 18}) || g.Pasches(2) != 1 {
		t.Errorf("balances %v, Pasches %d", b, g.Pasches(2))
	}
	// Reading 2: the I fields empty, Schanzen II and I and field 3 occupied, the
	// rest of line 1 empty: C1 takes 3, so C2 fills the four fields.
	g = e1Start(t, 2, func(p *Position) {
		off(p, ow(1, 1, 0), ow(1, 1, 1))
		on(p, SchanzeID(2), SchanzeID(1), LineFieldID(3))
	})
	want(t, play(t, g, "1/1-1"),
		"2 throws 1/1-1",
		"2 places W1.I F-A2",
		"2 takes S.II F-B1",
		"2 takes S.I F-B2",
		"0 pays 1 to 2 F-B3", "1 pays 1 to 2 F-B3",
		"2 takes L3 F-C1",
		"2 square -→F1 F-C2", "2 square -→P1 F-C2",
		"2 places L3 F-C2", "2 places L7 F-C2", "2 places L11 F-C2", "2 places L15 F-C2",
		"0 pays 1 to 2 F-C2", "1 pays 1 to 2 F-C2",
		"0 pays 1 to 2 F-C5", "1 pays 1 to 2 F-C5")
	// The line as the booklet names it, 3, 7, 11, 15, all occupied: C1 takes
	// 3, C2 the other three.
	line1 := LineFields(1)
	g = e1Start(t, 2, func(p *Position) { on(p, line1[:]...) })
	fl := play(t, g, "1/1-1")
	want(t, fl[6:12], "2 takes L3 F-C1", "2 square -→F1 F-C2", "2 square -→P1 F-C2", "2 takes L7 F-C2", "2 takes L11 F-C2", "2 takes L15 F-C2")
}

// --- Around the rules ---

func TestTurnCap(t *testing.T) {
	g, _ := New(Options{Players: 2, TurnCap: 3})
	play(t, g, "2/3-4")
	play(t, g, "2/3-4")
	fl := play(t, g, "2/3-5")
	want(t, fl[len(fl)-1:], "end -3 turn cap")
	if g.ToMove() != brettspiel.Terminal || !g.Capped() || g.Turns() != 3 {
		t.Errorf("after the cap:\n%v", g)
	}
	if r := g.Returns(); r[0]+r[1] != -g.MarkersOnPlan() {
		t.Errorf("returns %v with %d on the plan", r, g.MarkersOnPlan())
	}
}

func TestBuying(t *testing.T) {
	g := edit(t, newGame(t, 2), 0, func(p *Position) {
		p.Balances[1] -= 7 // seat 1 has 0 markers
		p.Balances[0] += 7
	})
	want(t, play(t, g, "2/3-3")[3:5], "1 pays 3 to 0 F-B3", "1 buys 3")
	if g.Bought(1) != 3 || g.Balance(1) != -3 {
		t.Errorf("bought %d balance %d", g.Bought(1), g.Balance(1))
	}
	// Back above zero and down again, not below −3: nothing more is bought.
	g = edit(t, g, 0, func(p *Position) {
		p.Balances[1] += 5
		p.Balances[0] -= 5
		p.Thrower = 0
	})
	if g.Bought(1) != 3 || g.Balance(1) != 2 {
		t.Fatalf("bought %d balance %d after reload", g.Bought(1), g.Balance(1))
	}
	fl := play(t, g, "2/3-3")
	want(t, fl[3:], "1 pays 3 to 0 F-B3", "0 takes L8 F-C1")
	if g.Bought(1) != 3 || g.Balance(1) != -1 {
		t.Errorf("bought %d balance %d", g.Bought(1), g.Balance(1))
	}
}

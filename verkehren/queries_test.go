package verkehren

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/brettspiel/brettspiel/kit"
)

// TestZeroGameRefuses calls every method of the brettspiel.Game surface on a
// zero Game: each refuses with ErrZeroGame or reports nothing to do, the
// module's random playout stops at once, and the game stays zero.
func TestZeroGameRefuses(t *testing.T) {
	g := &Game{}
	isZero := func(x brettspiel.Game) bool {
		c, ok := x.(*Game)
		return ok && c.zero() && reflect.DeepEqual(*c, Game{})
	}
	moves := []brettspiel.Move{throwMove(mustThrow(6, 5)), kit.NewMove(0, concedePayload), brettspiel.NoMove}
	gametest.ZeroGameRefuses(t, g, moves, []string{"6-5", "1/7 1/6", "concede", "pass", ""}, isZero)
	if g.CanConcede(0) || g.CanConcede(1) {
		t.Error("a zero Game may concede")
	}
	if x := g.Evaluate(0); x != 0 {
		t.Errorf("Evaluate = %v", x)
	}
	if !isZero(g) {
		t.Errorf("the calls changed the zero Game: %#v", *g)
	}
}

// TestZeroGameLoads: decoding into a zero Game is how a game is loaded.
func TestZeroGameLoads(t *testing.T) {
	want, _ := New(VK())
	throwDice(t, want, "5-2")
	throwDice(t, want, "6-2")
	throwDice(t, want, "3-1")
	gametest.LoadsIntoZero(t, want, func() *Game { return new(Game) })
}

func mustThrow(a, b int) dice.Throw { return dice.Throw{A: uint8(a), B: uint8(b)} }

func TestVariantName(t *testing.T) {
	g, _ := New(VK())
	if Variant != "verkehren" || !strings.HasPrefix(g.ID(), Variant+":") || NewRecord(VK()).Game != Variant {
		t.Errorf("Variant %q, ID %q", Variant, g.ID())
	}
}

// TestPresetsAreValues: the presets are built anew by every call, so that no
// caller changes them for the others.
func TestPresetsAreValues(t *testing.T) {
	ps := Presets()
	ps[0].Options.Bands, ps[0].Name = BandsFiske, "changed"
	ps = append(ps[:1], ps[2:]...)
	again := Presets()
	if again[0].Name != "VK" || again[0].Options != VK() || len(again) != 4 {
		t.Errorf("changing one call's presets changed the next: %+v", again)
	}
	for i, f := range []func() Options{VK, VKBandLimit, Cotton, Fiske} {
		if again[i].Options != f() {
			t.Errorf("preset %s has %v, its function %v", again[i].Name, again[i].Options, f())
		}
	}
	if VK() != (Options{}) || VKBandLimit() != (Options{Opening: BandLimit, BandLimit: 5}) {
		t.Errorf("VK() = %v, VKBandLimit() = %v", VK(), VKBandLimit())
	}
}

func TestPresetNamedAnyCase(t *testing.T) {
	for _, c := range []struct {
		name, want string
	}{
		{"VK", "VK"}, {"vk", "VK"}, {"vk-band-limit-5", "VK band limit 5"}, {"Vk Band Limit 5", "VK band limit 5"}, {"COTTON", "Cotton"}, {"fiske", "Fiske"},
	} {
		p, ok := PresetNamed(c.name)
		if !ok || p.Name != c.want {
			t.Errorf("PresetNamed(%q) = %q, %v; want %q", c.name, p.Name, ok, c.want)
		}
	}
	for _, name := range []string{"", "Ludii", "VK band limit 6", "VKBandLimit"} {
		if p, ok := PresetNamed(name); ok {
			t.Errorf("PresetNamed(%q) = %q", name, p.Name)
		}
	}
	// a record may name its preset in any case
	rec := NewRecord(Cotton())
	rec.Preset = "cOTTON"
	if o, err := RecordOptions(rec); err != nil || o != Cotton() {
		t.Errorf("RecordOptions(preset cOTTON) = %v, %v", o, err)
	}
}

// TestV_W2_ParseMoveAnyCase: the notation is read in any case, and written
// as before.
func TestV_W2_ParseMoveAnyCase(t *testing.T) {
	g := at(t, VK(), 6, 5, map[int]int{1: 14, 0: 1}, map[int]int{1: 15})
	for _, s := range []string{"concede", "Concede", "CONCEDE", " cOnCeDe "} {
		m, err := g.ParseMove(s)
		if err != nil || g.MoveString(m) != "concede" {
			t.Errorf("ParseMove(%q) = %v, %v", s, g.MoveString(m), err)
		}
	}
	want, err := g.ParseMove("bar/5 1/7")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"BAR/5 1/7", "Bar/5 1/7", "bAr/5 1/7"} {
		if m, err := g.ParseMove(s); err != nil || m != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", s, g.MoveString(m), err, g.MoveString(want))
		}
	}
	if g.MoveString(want) != "bar/5 1/7" {
		t.Errorf("MoveString = %q", g.MoveString(want))
	}
	if _, err := g.ParseMove("BAR/5 1/8"); !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Errorf("an illegal move in upper case: %v", err)
	}
	off := at(t, VK(), 6, 5, map[int]int{19: 1, 20: 1}, map[int]int{1: 15})
	if m, err := off.ParseMove("19/OFF 20/Off"); err != nil || off.MoveString(m) != "19/off 20/off" {
		t.Errorf("ParseMove(19/OFF 20/Off) = %q, %v", off.MoveString(m), err)
	}
	pass := at(t, VK(), 6, 6, map[int]int{0: 1, 13: 14}, map[int]int{o(6): 2, 22: 13})
	if m, err := pass.ParseMove("PASS"); err != nil || pass.MoveString(m) != "pass" {
		t.Errorf("ParseMove(PASS) = %q, %v", pass.MoveString(m), err)
	}
}

func TestParseOptionsAnyCase(t *testing.T) {
	for in, want := range map[string]Options{
		"BANDS=Cotton":                               Cotton(),
		"Opening=BAND-LIMIT Band-Limit=5":            VKBandLimit(),
		"bands=FISKE Higher-Die=TRUE First=1":        {Bands: BandsFiske, HigherDie: true, FirstPlayer: brettspiel.Starts(1)},
		"first=Draw TURN-CAP=300 bands=vk":           {TurnCap: 300},
		"opening=Five-Blots bands=Cotton first=DRAW": Cotton(),
	} {
		got, err := ParseOptions(in)
		if err != nil || got != want {
			t.Errorf("ParseOptions(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseOptions("BANDS=cotton bands=fiske"); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("a key twice in two cases: %v", err)
	}
	if s := Cotton().String(); s != "bands=cotton opening=five-blots" {
		t.Errorf("String = %q", s)
	}
}

// TestV_D1_Dice: Dice gives the throw being played as numbers, a doublet as
// two equal ones, and nil when no throw is being played.
func TestV_D1_Dice(t *testing.T) {
	g, _ := New(Options{FirstPlayer: brettspiel.Starts(1)})
	if g.Dice() != nil || g.Turn() != 1 {
		t.Fatalf("before the throw: Dice %v, Turn %v", g.Dice(), g.Turn())
	}
	throwDice(t, g, "3-3")
	if !slices.Equal(g.Dice(), []int{3, 3}) || g.Turn() != 1 {
		t.Errorf("Dice %v, Turn %v; want [3 3], player 1", g.Dice(), g.Turn())
	}
	d := g.Dice()
	d[0] = 6
	if !slices.Equal(g.Dice(), []int{3, 3}) {
		t.Error("writing into Dice() changed the game")
	}
	h, _ := New(VK())
	throwDice(t, h, "2-1")
	if h.Dice() != nil || h.Turn() != brettspiel.Nobody {
		t.Errorf("in the draw for the start: Dice %v, Turn %v", h.Dice(), h.Turn())
	}
	throwDice(t, h, "5-4")
	throwDice(t, h, "5-2")
	if !slices.Equal(h.Dice(), []int{5, 2}) || h.Turn() != 1 {
		t.Errorf("Dice %v, Turn %v; want [5 2], player 1", h.Dice(), h.Turn())
	}
}

// TestV_W2_WinnerAndCapped: Winner names the winner once there is one;
// Capped tells the turn cap's end from the others.
func TestV_W2_WinnerAndCapped(t *testing.T) {
	g, _ := New(Options{FirstPlayer: brettspiel.Starts(0)})
	throwDice(t, g, "6-5")
	if w, ok := g.Winner(); ok || w != brettspiel.Nobody {
		t.Errorf("during the game: Winner %v, %v", w, ok)
	}
	play(t, g, "Concede")
	if w, ok := g.Winner(); !ok || w != 1 || g.Capped() || g.Turn() != brettspiel.Nobody || g.Dice() != nil {
		t.Errorf("after conceding: Winner %v, %v; Capped %v, Turn %v, Dice %v", w, ok, g.Capped(), g.Turn(), g.Dice())
	}
	c, _ := New(Options{FirstPlayer: brettspiel.Starts(0), TurnCap: 1})
	throwDice(t, c, "6-5")
	play(t, c, "1/7 1/6")
	if w, ok := c.Winner(); ok || !c.Capped() || c.Ending() != TurnCapped {
		t.Errorf("after the turn cap: Winner %v, %v; Capped %v, ending %v", w, ok, c.Capped(), c.Ending())
	}
	d := drawnGame(t, VK())
	if w, ok := d.Winner(); ok || d.Capped() {
		t.Errorf("after V-W4: Winner %v, %v; Capped %v", w, ok, d.Capped())
	}
}

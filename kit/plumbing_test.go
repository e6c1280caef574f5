package kit_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

func TestChanceSamplesAsTheWalkDoes(t *testing.T) {
	outs := []brettspiel.Outcome{
		{Move: kit.NewMove(brettspiel.Chance, 1), Weight: 1},
		{Move: kit.NewMove(brettspiel.Chance, 2), Weight: 3},
		{Move: kit.NewMove(brettspiel.Chance, 3), Weight: 2},
	}
	c := kit.NewChance(outs)
	if c.Len() != 3 || c.Outcome(1) != outs[1] {
		t.Fatalf("Len %d, Outcome(1) %v", c.Len(), c.Outcome(1))
	}
	got := c.Outcomes()
	got[0].Weight = 99
	if c.Outcome(0).Weight != 1 {
		t.Fatal("Outcomes handed out the table itself")
	}
	for seed := range uint64(200) {
		r1, r2 := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
		// the walk of brettspiel.SampleChance over the same outcomes
		x, want := r2.IntN(6), brettspiel.NoMove
		for _, o := range outs {
			if x < o.Weight {
				want = o.Move
				break
			}
			x -= o.Weight
		}
		if m := c.Sample(r1); m != want {
			t.Fatalf("seed %d: Sample %v, the walk %v", seed, m, want)
		}
	}
}

func TestDrawCheckRefusesTheTieAfterTheCap(t *testing.T) {
	check := kit.DrawCheck(func() bool { return true })
	for i := range 2*brettspiel.MaxTiedDraws + 1 {
		if err := check(); err != nil {
			t.Fatalf("step %d of the draw refused: %v", i, err)
		}
	}
	err := check()
	if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "ties more than 32 times") {
		t.Fatalf("the tie after the cap: %v", err)
	}
	inDraw := false
	check = kit.DrawCheck(func() bool { return inDraw })
	for i := range 10 * brettspiel.MaxTiedDraws {
		inDraw = i%10 != 0 // a draw that ends now and then starts the count afresh
		if err := check(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
}

func TestSameEventsNamesTheFirstDifference(t *testing.T) {
	a := brettspiel.Event{Kind: brettspiel.EventThrow, Player: 0, Other: brettspiel.Nobody, From: brettspiel.NoPlace, To: brettspiel.NoPlace, Dice: []int{3, 4}}
	b := a
	b.Dice = []int{4, 3}
	for _, c := range []struct {
		want, got []brettspiel.Event
		says      string
	}{
		{[]brettspiel.Event{a}, []brettspiel.Event{a}, ""},
		{[]brettspiel.Event{a, a}, []brettspiel.Event{a}, "events[1] is"},
		{[]brettspiel.Event{a}, []brettspiel.Event{a, b}, "the events end after 1"},
		{[]brettspiel.Event{b}, []brettspiel.Event{a}, "events[0] is"},
	} {
		got := kit.SameEvents(c.want, c.got, "the throw")
		if c.says == "" && got != "" || !strings.HasPrefix(got, c.says) {
			t.Errorf("SameEvents(%v, %v) = %q, want %q…", c.want, c.got, got, c.says)
		}
	}
}

type box struct{ n int }

func TestUnmarshalFramesLeaveTheGameUnchangedOnError(t *testing.T) {
	dst := box{n: 7}
	bad := errors.New("no")
	if err := kit.UnmarshalID(&dst, []byte("x"), func(string) (*box, error) { return nil, bad }); err != bad || dst.n != 7 {
		t.Fatalf("UnmarshalID: %v, %v", err, dst)
	}
	if err := kit.UnmarshalID(&dst, []byte("x"), func(string) (*box, error) { return &box{n: 1}, nil }); err != nil || dst.n != 1 {
		t.Fatalf("UnmarshalID: %v, %v", err, dst)
	}
	type doc struct {
		N int `json:"n"`
	}
	build := func(d *doc) (*box, error) { return &box{n: d.N}, nil }
	if err := kit.UnmarshalState([]byte(`{"n":2,"x":1}`), &dst, build); !errors.Is(err, brettspiel.ErrBadNotation) || dst.n != 1 {
		t.Fatalf("UnmarshalState of an unknown key: %v, %v", err, dst)
	}
	if err := kit.UnmarshalState([]byte(`{"n":2}`), &dst, build); err != nil || dst.n != 2 {
		t.Fatalf("UnmarshalState: %v, %v", err, dst)
	}
}

func TestNewMoveRoundTrips(t *testing.T) {
	for _, a := range []brettspiel.Player{brettspiel.Chance, 0, 1, 5} {
		for _, p := range []uint64{0, 1, 1<<56 - 1, 1<<60 | 5} {
			m := kit.NewMove(a, p)
			if m.Actor() != a || m.Payload() != p&(1<<56-1) {
				t.Fatalf("NewMove(%v, %#x): actor %v payload %#x", a, p, m.Actor(), m.Payload())
			}
		}
	}
}

func TestPresetsAndRecordPreset(t *testing.T) {
	presets := []kit.Preset[int]{{Name: "Tokkadille 1853, 16 stones", Options: 16}, {Name: "Cotton", Options: 2}}
	if p, ok := kit.PresetNamed(presets, "tokkadille-1853-16-stones"); !ok || p.Options != 16 {
		t.Fatalf("PresetNamed: %v %v", p, ok)
	}
	if _, ok := kit.PresetNamed(presets, ""); ok {
		t.Fatal("the empty name named a preset")
	}
	for _, c := range []struct {
		rec  brettspiel.Record
		want int
		err  string
	}{
		{brettspiel.Record{Game: "g"}, 0, ""},
		{brettspiel.Record{Game: "g", Preset: "COTTON"}, 2, ""},
		{brettspiel.Record{Game: "h"}, 0, `a record of "h", not of g`},
		{brettspiel.Record{Game: "g", Preset: "x"}, 0, `unknown preset "x"; the presets are Tokkadille 1853, 16 stones; Cotton`},
	} {
		o, err := kit.RecordPreset(&c.rec, "g", presets)
		if c.err == "" && (err != nil || o != c.want) || c.err != "" && (!errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%+v: %v, %v", c.rec, o, err)
		}
	}
}

func TestLowerAllAndLowerKeys(t *testing.T) {
	in := []string{"a=b", "Turn-Cap=5", "empty-field=W4.VI"}
	if got := kit.LowerAll(in); strings.Join(got, " ") != "a=b turn-cap=5 empty-field=w4.vi" || in[1] != "Turn-Cap=5" {
		t.Fatalf("LowerAll: %v (input now %v)", got, in)
	}
	if got := kit.LowerAll(in[:1]); &got[0] != &in[0] {
		t.Fatal("LowerAll copied terms that were lower case")
	}
	if got := kit.LowerKeys(in); strings.Join(got, " ") != "a=b turn-cap=5 empty-field=W4.VI" {
		t.Fatalf("LowerKeys: %v", got)
	}
}

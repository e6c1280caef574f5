package kit_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

func TestReasonOf(t *testing.T) {
	inner := &brettspiel.Error{Op: kit.OpApply, Err: brettspiel.ErrIllegalMove, Reason: "no such play"}
	for _, c := range []struct {
		err  error
		want string
	}{
		{inner, "no such play"},
		{fmt.Errorf("outer: %w", inner), "no such play"},
		{errors.New("plain"), "plain"},
	} {
		if got := kit.ReasonOf(c.err); got != c.want {
			t.Errorf("ReasonOf(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

// sameTens: an int option has a preset's rules when it is in the same ten.
func sameTens(o, p int) bool { return o/10 == p/10 }

func diffInts(o, base int) []string {
	if o == base {
		return nil
	}
	return []string{"n=" + strconv.Itoa(o)}
}

func TestPresetOfAndNewRecord(t *testing.T) {
	presets := []kit.Preset[int]{{Name: "Ten", Options: 10}, {Name: "Twenty", Options: 20}, {Name: "Twenty too", Options: 25}}
	if p, ok := kit.PresetOf(presets, 27, sameTens); !ok || p.Name != "Twenty" {
		t.Fatalf("PresetOf(27) = %v, %v; want the first match, Twenty", p, ok)
	}
	if _, ok := kit.PresetOf(presets, 5, sameTens); ok {
		t.Fatal("PresetOf(5) found a preset")
	}
	for _, c := range []struct {
		opts   int
		preset string
		kv     []string
	}{
		{10, "Ten", nil},
		{13, "Ten", []string{"n=13"}},
		{5, "", []string{"n=5"}},
		{0, "", nil},
	} {
		rec := kit.NewRecord("g", c.opts, presets, sameTens, diffInts)
		if rec.Game != "g" || rec.Preset != c.preset || !slices.Equal(rec.Options, c.kv) {
			t.Errorf("NewRecord(%d) = %+v; want preset %q, options %q", c.opts, rec, c.preset, c.kv)
		}
	}
}

func TestRecordStart(t *testing.T) {
	bad := errors.New("bad record")
	var built []int
	start := kit.RecordStart(func(rec *brettspiel.Record) (int, error) {
		if rec.Preset == "bad" {
			return 0, bad
		}
		return len(rec.Options), nil
	}, func(n int) (brettspiel.Game, error) {
		built = append(built, n)
		return nil, nil
	})
	if _, err := start(&brettspiel.Record{Options: []string{"a=1", "b=2"}}); err != nil || !slices.Equal(built, []int{2}) {
		t.Fatalf("start: %v, built %v", err, built)
	}
	if _, err := start(&brettspiel.Record{Preset: "bad"}); err != bad || len(built) != 1 {
		t.Fatalf("start of a bad record: %v, built %v", err, built)
	}
}

func TestReplayed(t *testing.T) {
	a := brettspiel.Event{Kind: brettspiel.EventThrow, Player: brettspiel.Chance}
	b := brettspiel.Event{Kind: brettspiel.EventPass, Player: 1}
	evs := []brettspiel.Event{a, b}
	if got := kit.Replayed(evs, evs, "the pass", true); got != "" {
		t.Fatalf("agreeing replay: %q", got)
	}
	if got, want := kit.Replayed(evs, evs, "the pass", false), "the pass gives these events, but it leads to another state"; got != want {
		t.Fatalf("other state: %q, want %q", got, want)
	}
	if got, want := kit.Replayed(evs, evs[:1], "the pass", false), kit.SameEvents(evs, evs[:1], "the pass"); got != want || got == "" {
		t.Fatalf("other events: %q, want %q", got, want)
	}
}

func TestChanceAt(t *testing.T) {
	outs := []brettspiel.Outcome{{Move: kit.NewMove(brettspiel.Chance, 1), Weight: 1}, {Move: kit.NewMove(brettspiel.Chance, 2), Weight: 3}}
	c := kit.NewChance(outs)
	if got := c.OutcomesAt(brettspiel.Chance); !slices.Equal(got, outs) {
		t.Fatalf("OutcomesAt(Chance) = %v", got)
	}
	if got := c.OutcomesAt(0); got != nil {
		t.Fatalf("OutcomesAt(0) = %v, want nil", got)
	}
	// SampleAt draws as Sample does from the same source, at a chance
	// node only: 1 of 4 draws is the first outcome, 3 the second.
	r1, r2 := rand.New(rand.NewPCG(1, 2)), rand.New(rand.NewPCG(1, 2))
	seen := map[brettspiel.Move]int{}
	for range 400 {
		m := c.SampleAt(brettspiel.Chance, r1)
		if want := c.Sample(r2); m != want {
			t.Fatalf("SampleAt = %v, Sample from the same source = %v", m, want)
		}
		seen[m]++
	}
	if seen[outs[0].Move] < 60 || seen[outs[1].Move] < 240 || len(seen) != 2 {
		t.Fatalf("400 draws by weights 1 and 3 gave %v", seen)
	}
	if got := c.SampleAt(0, r1); got != brettspiel.NoMove {
		t.Fatalf("SampleAt(0) = %v, want NoMove", got)
	}
}

package session

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/kit"
	"pgregory.net/rapid"
)

// fakeTime is a clock that tests move by hand.
type fakeTime struct{ t time.Time }

func newFakeTime() *fakeTime             { return &fakeTime{time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }
func (f *fakeTime) now() time.Time       { return f.t }
func (f *fakeTime) pass(d time.Duration) { f.t = f.t.Add(d) }

// randomGame makes a game of a random preset with random seats, claims,
// dice, language and clocks, and plays, undoes, redoes and takes back at
// random.
func randomGame(t *rapid.T, clk *fakeTime) *Game {
	vs := catalog.Variants()
	v := vs[rapid.IntRange(0, len(vs)-1).Draw(t, "variant")]
	p := v.Presets[rapid.IntRange(0, len(v.Presets)-1).Draw(t, "preset")]
	players := rapid.IntRange(v.MinPlayers, min(v.MaxPlayers, 4)).Draw(t, "players")
	seats := make([]string, players)
	for i := range seats {
		seats[i] = rapid.SampledFrom([]string{"person", "person", "random", "greedy"}).Draw(t, "seat")
	}
	c := Config{Variant: v.Name, Preset: p.Name, Players: players, Seed: SeedOf(uint64(rapid.Uint64().Draw(t, "seed"))), Seats: seats,
		Dice: rapid.SampledFrom([]string{DiceSeeded, DiceManual}).Draw(t, "dice"), Lang: rapid.SampledFrom([]string{"en", "de"}).Draw(t, "lang"),
		Owned: rapid.Bool().Draw(t, "owned"), Now: clk.now}
	if rapid.Bool().Draw(t, "clock") {
		c.Clock = &TimeControl{DelayMillis: rapid.Int64Range(0, 20000).Draw(t, "delay"), ReserveMillis: rapid.Int64Range(1, 600000).Draw(t, "reserve")}
	}
	g, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	if g.Owned() {
		for i := range seats {
			if seats[i] == "person" && rapid.Bool().Draw(t, "claim") {
				if _, err := g.Claim(i); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	steps := rapid.IntRange(0, 120).Draw(t, "steps")
	for i := 0; i < steps && g.Position().ToMove() != brettspiel.Terminal; i++ {
		clk.pass(time.Duration(rapid.IntRange(0, 3000).Draw(t, "ms")) * time.Millisecond)
		switch rapid.IntRange(0, 9).Draw(t, "action") {
		case 0:
			g.Undo()
		case 1:
			g.Redo()
		case 2:
			g.TakebackLast()
		default:
			pos := g.Position()
			if pos.ToMove() == brettspiel.Chance {
				if _, err := g.Throw(); err != nil && !errors.Is(err, brettspiel.ErrGameOver) {
					t.Fatal(err)
				}
				continue
			}
			legal := pos.LegalMoves()
			m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
			if _, err := g.Play(m); err != nil && !errors.Is(err, brettspiel.ErrGameOver) {
				t.Fatal(err)
			}
		}
	}
	return g
}

// sameGame fails the test where two games differ in anything a snapshot
// keeps.
func sameGame(t *rapid.T, a, b *Game) {
	if !reflect.DeepEqual(a.Info(), b.Info()) {
		t.Fatalf("info %+v, restored %+v", a.Info(), b.Info())
	}
	if a.Lang() != b.Lang() {
		t.Fatalf("lang %v, restored %v", a.Lang(), b.Lang())
	}
	if !reflect.DeepEqual(a.Log(0), b.Log(0)) {
		t.Fatalf("the logs differ: %d and %d steps", a.Len(), b.Len())
	}
	a.mu.Lock()
	b.mu.Lock()
	defer a.mu.Unlock()
	defer b.mu.Unlock()
	if a.h.RedoLen() != b.h.RedoLen() || a.watch.rev != b.watch.rev || a.cur.ID() != b.cur.ID() {
		t.Fatalf("redo %d, rev %d, %s; restored redo %d, rev %d, %s", a.h.RedoLen(), a.watch.rev, a.cur.ID(), b.h.RedoLen(), b.watch.rev, b.cur.ID())
	}
	if (a.own == nil) != (b.own == nil) || a.own != nil && (!reflect.DeepEqual(a.own.hashes, b.own.hashes) || !reflect.DeepEqual(a.takebackJSON(), b.takebackJSON())) {
		t.Fatalf("owners %+v, restored %+v", a.own, b.own)
	}
	if !reflect.DeepEqual(a.clockJSON(), b.clockJSON()) {
		t.Fatalf("clock %+v, restored %+v", a.clockJSON(), b.clockJSON())
	}
}

// Snapshot → Restore gives the same game, over random games of every
// preset: its history and the steps to redo, its seats and their secrets,
// its seed (the next seeded throw and the next bot's move are the same),
// its language, revision and clocks; and the restored game's snapshot is
// the snapshot it came from.
func TestSnapshotRestoresTheGame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		clk := newFakeTime()
		g := randomGame(t, clk)
		snap, _, err := g.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		r, err := restore(snap, clk.now)
		if err != nil {
			t.Fatalf("%v\n%s", err, snap)
		}
		again, _, _ := r.Snapshot()
		if !bytes.Equal(snap, again) {
			t.Fatalf("the restored game's snapshot differs:\n%s\n%s", snap, again)
		}
		sameGame(t, g, r)
		// the steps to redo come back in order
		for g.Redo() == nil {
			if err := r.Redo(); err != nil {
				t.Fatalf("redo: %v", err)
			}
		}
		if r.Redo() == nil {
			t.Fatal("the restored game redoes more")
		}
		// the next step from the seed is the same
		for range 3 {
			pos := g.Position()
			if pos.ToMove() == brettspiel.Terminal {
				break
			}
			var sa, sb Step
			var ea, eb error
			if pos.ToMove() == brettspiel.Chance {
				sa, ea = g.Throw()
				sb, eb = r.Throw()
			} else {
				sa, ea = g.BotMove(context.Background(), "random")
				sb, eb = r.BotMove(context.Background(), "random")
			}
			sa.Millis, sb.Millis = 0, 0
			if !reflect.DeepEqual(sa, sb) || (ea == nil) != (eb == nil) {
				t.Fatalf("next step %+v %v, restored %+v %v", sa, ea, sb, eb)
			}
		}
		sameGame(t, g, r)
	})
}

// A game loaded from a position ID comes back from its snapshot as well:
// its record starts at that position.
func TestSnapshotOfAGameFromAnID(t *testing.T) {
	g, err := New(Config{Variant: "verkehren", Seed: SeedOf(9), Seats: []string{"random", "random"}})
	if err != nil {
		t.Fatal(err)
	}
	g.Advance(context.Background(), 30)
	id, _ := g.PositionID()
	l, err := LoadID(id, Config{Seed: SeedOf(4), Dice: DiceManual, Lang: "de"})
	if err != nil {
		t.Fatal(err)
	}
	l.ThrowDice([]int{3, 5})
	snap, _, err := l.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Restore(snap)
	if err != nil {
		t.Fatalf("%v\n%s", err, snap)
	}
	if !reflect.DeepEqual(l.Info(), r.Info()) || !reflect.DeepEqual(l.Log(0), r.Log(0)) || r.Lang() != l.Lang() {
		t.Errorf("restored %+v, was %+v", r.Info(), l.Info())
	}
	a, _ := l.PositionID()
	b, _ := r.PositionID()
	if a != b {
		t.Errorf("position %s, restored %s", b, a)
	}
}

// A bad or foreign snapshot is refused with ErrBadSnapshot.
func TestRestoreRefusesBadSnapshots(t *testing.T) {
	g, err := New(Config{Variant: "toccateglio", Seed: SeedOf(4), Owned: true, Seats: []string{"person", "random"}, Clock: &TimeControl{DelayMillis: 1000, ReserveMillis: 60000}})
	if err != nil {
		t.Fatal(err)
	}
	g.Claim(0)
	g.Advance(context.Background(), 5)
	snap, _, _ := g.Snapshot()
	text := string(snap)
	record, _ := g.Record()
	head := strings.SplitN(text, "\n", 3)[1]
	for name, bad := range map[string]string{
		"empty":           "",
		"a record":        record,
		"another format":  strings.Replace(text, "brettspiel-snapshot", "chess-snapshot", 1),
		"version 4":       strings.Replace(text, "brettspiel-snapshot 3", "brettspiel-snapshot 4", 1),
		"version 03":      strings.Replace(text, "brettspiel-snapshot 3", "brettspiel-snapshot 03", 1),
		"version +3":      strings.Replace(text, "brettspiel-snapshot 3", "brettspiel-snapshot +3", 1),
		"no record":       strings.SplitN(text, "\n", 2)[0] + "\n" + head,
		"unknown key":     strings.Replace(text, `"seed"`, `"seeds"`, 1),
		"key twice":       strings.Replace(text, `"seed":`, `"lang":"en","seed":`, 1),
		"length too long": strings.Replace(text, `"length":`, `"length":9`, 1),
		"bad hash":        strings.Replace(text, `"hashes":["`, `"hashes":["zz`, 1),
		"seats":           strings.Replace(text, `"seats":["person","random"]`, `"seats":["person"]`, 1),
		"bot":             strings.Replace(text, `"random"`, `"no-such-bot"`, 1),
		"bad record":      strings.Replace(text, "game: toccateglio", "game: chess", 1),
		"json":            strings.Replace(text, `{"seed"`, `["seed"`, 1),
		"clock":           strings.Replace(text, `"reserveMillis":[`, `"reserveMillis":[-5,`, 1),
	} {
		if bad == text {
			t.Fatalf("%s: the test changed nothing", name)
		}
		if _, err := Restore([]byte(bad)); !errors.Is(err, ErrBadSnapshot) {
			t.Errorf("%s: %v, want ErrBadSnapshot", name, err)
		}
	}
	if _, err := Restore(snap); err != nil {
		t.Errorf("the snapshot itself: %v", err)
	}
}

// A table lists its games, brings one back under its old handle and gives
// new games handles above it; a handle in use or below 1 is refused.
func TestTableRestoresUnderTheOldHandle(t *testing.T) {
	tab := NewTable(Options{MaxGames: 3})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren", "seed": 3}, &s)
	call(t, tab, "newGame", map[string]any{"variant": "festung", "players": 3}, &s)
	call(t, tab, "throw", map[string]any{"handle": 2}, &s)
	if fmt.Sprint(tab.Handles()) != "[1 2]" {
		t.Fatalf("handles %v", tab.Handles())
	}
	g, _ := tab.Game(2)
	snap, _, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	before := snapshotOf(t, tab, 2)
	tab.Close(2)
	if _, err := tab.Restore(1, snap); !errors.Is(err, ErrHandleInUse) {
		t.Errorf("restore under a handle in use: %v", err)
	}
	if _, err := tab.Restore(0, snap); !errors.Is(err, ErrBadCall) {
		t.Errorf("restore under handle 0: %v", err)
	}
	if _, err := tab.Restore(2, []byte("nonsense")); !errors.Is(err, ErrBadSnapshot) {
		t.Errorf("restore of nonsense: %v", err)
	}
	if _, err := tab.Restore(7, snap); err != nil {
		t.Fatal(err)
	}
	if after := strings.Replace(snapshotOf(t, tab, 7), `"handle":7`, `"handle":2`, 1); after != before {
		t.Errorf("restored state\n%s\nwas\n%s", after, before)
	}
	call(t, tab, "newGame", map[string]any{"variant": "verkehren"}, &s)
	if s.Handle != 8 {
		t.Errorf("a new game after handle 7 has handle %d", s.Handle)
	}
	if _, err := tab.Restore(9, snap); !errors.Is(err, ErrTableFull) {
		t.Errorf("restore to a full table: %v", err)
	}
}

// A game restored to a table takes as many watchers as the table's calls
// let a game take, not the default.
func TestTableRestoreKeepsItsBoundOfWatchers(t *testing.T) {
	tab := NewTable(Options{MaxWatchers: 1})
	g, err := New(Config{Variant: "verkehren", Seed: SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	r, err := tab.Restore(1, snapshotOrFail(t, g))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Watch(0); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Watch(0); !errors.Is(err, ErrTooManyWatchers) {
		t.Errorf("a second watcher of a table of MaxWatchers 1: %v", err)
	}
}

// Games in which nobody acts for longer than IdleTimeout are closed by
// Sweep, and by a full table before it refuses a new game; their watchers
// are told.
func TestIdleGamesAreSwept(t *testing.T) {
	clk := newFakeTime()
	tab := NewTable(Options{MaxGames: 2, IdleTimeout: time.Minute, Now: clk.now})
	var s StateJSON
	call(t, tab, "newGame", map[string]any{"variant": "verkehren"}, &s)
	clk.pass(40 * time.Second)
	call(t, tab, "newGame", map[string]any{"variant": "toccateglio"}, &s)
	call(t, tab, "throw", map[string]any{"handle": 1}, nil)
	g1, _ := tab.Game(1)
	w, _ := g1.Watch(0)
	clk.pass(30 * time.Second)
	if got := tab.Sweep(); len(got) != 0 {
		t.Fatalf("swept %v after 30 s since game 1 was played", got)
	}
	clk.pass(31 * time.Second)
	call(t, tab, "throw", map[string]any{"handle": 2}, nil)
	if got := tab.Sweep(); fmt.Sprint(got) != "[1]" {
		t.Fatalf("swept %v, want [1]", got)
	}
	var err error
	for n := 0; err == nil && n < 10; n++ {
		_, err = w.Next(nil)
	}
	if !errors.Is(err, ErrGameClosed) {
		t.Errorf("watcher of a swept game: %v", err)
	}
	call(t, tab, "newGame", map[string]any{"variant": "festung"}, &s)
	if e := fail(t, tab, "newGame", `{"variant":"festung"}`); e.Name != "ErrTableFull" {
		t.Errorf("a full table of games in use: %s", e.Name)
	}
	clk.pass(2 * time.Minute)
	call(t, tab, "newGame", map[string]any{"variant": "festung"}, &s) // a full table sweeps first
	if fmt.Sprint(tab.Handles()) != fmt.Sprint([]int{s.Handle}) {
		t.Errorf("handles %v after the sweep of a full table", tab.Handles())
	}
	if NewTable(Options{}).Sweep() != nil {
		t.Error("a table without IdleTimeout swept")
	}
}

// BenchmarkSnapshot… measure the snapshot of a game at a throw early on and
// at the end of a long one (Toccateglio: a match of 100 Partien; Verkehren
// and the Festungsspiel for three: a game), its size, and its restore.
func benchSnapshot(b *testing.B, c Config, steps int) {
	c.Seats = []string{"random", "random", "random"}[:max(c.Players, 2)]
	var g *Game
	var err error
	if c.Preset == "match" {
		c.Preset = ""
		g, err = New(Config{Variant: "toccateglio"})
		text, _ := g.Record()
		text = strings.Replace(text, "\n\n", "\noption: partien=100\n\n", 1)
		g, err = LoadRecord(text, c)
	} else {
		g, err = New(c)
	}
	if err != nil {
		b.Fatal(err)
	}
	if _, err := g.Advance(context.Background(), steps); err != nil {
		b.Fatal(err)
	}
	for g.Position().ToMove() != brettspiel.Chance && g.Position().ToMove() != brettspiel.Terminal {
		g.Advance(context.Background(), 1)
	}
	snap, _, err := g.Snapshot()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("snapshot", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			g.Snapshot()
		}
		b.ReportMetric(float64(len(snap)), "bytes")
		b.ReportMetric(float64(g.Len()), "steps")
	})
	b.Run("restore", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := Restore(snap); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkSnapshotToccateglioThrow(b *testing.B) {
	benchSnapshot(b, Config{Variant: "toccateglio"}, 20)
}
func BenchmarkSnapshotToccateglioMatchEnd(b *testing.B) {
	benchSnapshot(b, Config{Variant: "toccateglio", Preset: "match"}, MaxAdvance)
}
func BenchmarkSnapshotVerkehrenThrow(b *testing.B) {
	benchSnapshot(b, Config{Variant: "verkehren"}, 20)
}
func BenchmarkSnapshotVerkehrenEnd(b *testing.B) {
	benchSnapshot(b, Config{Variant: "verkehren"}, MaxAdvance)
}
func BenchmarkSnapshotFestung3Throw(b *testing.B) {
	benchSnapshot(b, Config{Variant: "festung", Players: 3}, 20)
}
func BenchmarkSnapshotFestung3End(b *testing.B) {
	benchSnapshot(b, Config{Variant: "festung", Players: 3}, MaxAdvance)
}

// snapshotOrFail is g's snapshot.
func snapshotOrFail(tb testing.TB, g *Game) []byte {
	tb.Helper()
	snap, _, err := g.Snapshot()
	if err != nil {
		tb.Fatal(err)
	}
	return snap
}

// editHead returns snap with its head as edit changes it.
func editHead(tb testing.TB, snap []byte, edit func(h *snapshotHead)) []byte {
	tb.Helper()
	first, rest, _ := bytes.Cut(snap, []byte("\n"))
	line, text, _ := bytes.Cut(rest, []byte("\n"))
	var h snapshotHead
	if err := kit.DecodeStrict(line, &h); err != nil {
		tb.Fatal(err)
	}
	edit(&h)
	js, err := json.Marshal(h)
	if err != nil {
		tb.Fatal(err)
	}
	return slices.Concat(first, []byte("\n"), js, []byte("\n"), text)
}

// restoreCase is a snapshot that no game can have written, and the words
// its refusal gives.
type restoreCase struct {
	name string
	snap []byte
	want string
}

func checkRefused(t *testing.T, clk *fakeTime, cases []restoreCase) {
	t.Helper()
	for _, c := range cases {
		_, err := restore(c.snap, clk.now)
		if !errors.Is(err, ErrBadSnapshot) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrBadSnapshot saying %q", c.name, err, c.want)
		}
	}
}

// A snapshot's revision is 0…maxRev: one at the end of an int would
// overflow at the game's next change.
func TestRestoreBoundsTheRevision(t *testing.T) {
	clk := newFakeTime()
	g, err := New(Config{Variant: "verkehren", Seed: SeedOf(3), Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	g.Throw()
	snap := snapshotOrFail(t, g)
	ed := func(edit func(h *snapshotHead)) []byte { return editHead(t, snap, edit) }
	checkRefused(t, clk, []restoreCase{
		{"rev at the end of an int", ed(func(h *snapshotHead) { h.Rev = math.MaxInt }), "revision"},
		{"rev above the bound", ed(func(h *snapshotHead) { h.Rev = maxRev + 1 }), "revision"},
		{"rev below 0", ed(func(h *snapshotHead) { h.Rev = -1 }), "revision"},
	})
}

// A game restored at the highest revision a snapshot may hold goes on
// changing, and Since follows it.
func TestRestoredAtTheHighestRevision(t *testing.T) {
	g, err := New(Config{Variant: "verkehren", Seed: SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	snap := editHead(t, snapshotOrFail(t, g), func(h *snapshotHead) { h.Rev = maxRev })
	r, err := Restore(snap)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Throw(); err != nil {
		t.Fatal(err)
	}
	d, err := r.Since(maxRev)
	if err != nil || d.Rev != maxRev+1 || len(d.Log) != 1 {
		t.Errorf("since the highest revision: %+v, %v", d, err)
	}
}

// Table.Restore takes the handles 1…MaxHandle and no other.
func TestTableRestoreBoundsHandles(t *testing.T) {
	g, err := New(Config{Variant: "verkehren", Seed: SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	snap := snapshotOrFail(t, g)
	tab := NewTable(Options{})
	for _, h := range []int{MaxHandle + 1, math.MaxInt, math.MinInt, 0} {
		if _, err := tab.Restore(h, snap); !errors.Is(err, ErrBadCall) {
			t.Errorf("restore under handle %d: %v, want ErrBadCall", h, err)
		}
	}
	if _, err := tab.Restore(MaxHandle, snap); err != nil {
		t.Fatal(err)
	}
	// no new game gets a handle past it: TestTableGivesNoHandlePastMaxHandle
}

// redoLen is the number of g's steps to redo.
func redoLen(g *Game) int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.h.RedoLen()
}

// dropLastStep returns snap without the last step of its record, as a
// snapshot torn there reads.
func dropLastStep(tb testing.TB, snap []byte) []byte {
	tb.Helper()
	text := strings.TrimRight(string(snap), "\n")
	i := strings.LastIndex(text, " ; ")
	if i < 0 || strings.Contains(text[i:], "\n") {
		tb.Fatalf("no last step to drop in\n%s", snap)
	}
	return []byte(text[:i] + "\n")
}

// asVersion1 returns a snapshot as version 1 wrote it: no count of the
// steps to redo, no salt of secret dice and no names.
func asVersion1(tb testing.TB, snap []byte) []byte {
	tb.Helper()
	v1 := editHead(tb, asVersion2(tb, snap), func(h *snapshotHead) { h.Redo, h.Salt, h.Revealed = nil, "", false })
	return bytes.Replace(v1, []byte(snapshotMagic+" 2\n"), []byte(snapshotMagic+" 1\n"), 1)
}

// asVersion2 returns a snapshot as version 2 wrote it: no names and no
// game that follows.
func asVersion2(tb testing.TB, snap []byte) []byte {
	tb.Helper()
	v2 := editHead(tb, snap, func(h *snapshotHead) { h.Names, h.Next = nil, "" })
	return bytes.Replace(v2, []byte(snapshotMagic+" 3\n"), []byte(snapshotMagic+" 2\n"), 1)
}

// A snapshot counts its steps to redo: a record torn among them, or a count
// that is not theirs, is refused. One of version 1, which has no count, is
// still read, without that check: a record torn among its steps to redo
// gives fewer. A head of version 1 with the count of version 2 is refused.
func TestRestoreCountsTheStepsToRedo(t *testing.T) {
	clk := newFakeTime()
	g, err := New(Config{Variant: "toccateglio", Seed: SeedOf(8), Seats: []string{"random", "random"}, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	g.Advance(context.Background(), 12)
	g.Undo()
	g.Undo()
	snap := snapshotOrFail(t, g)
	ed := func(edit func(h *snapshotHead)) []byte { return editHead(t, snap, edit) }
	checkRefused(t, clk, []restoreCase{
		{"torn among the steps to redo", dropLastStep(t, snap), "torn"},
		{"more steps to redo than the record's", ed(func(h *snapshotHead) { *h.Redo++ }), "torn"},
		{"fewer steps to redo than the record's", ed(func(h *snapshotHead) { *h.Redo-- }), "torn"},
		{"no count of the steps to redo", ed(func(h *snapshotHead) { h.Redo = nil }), "no count"},
	})
	v1 := asVersion1(t, snap)
	r, err := restore(v1, clk.now)
	if err != nil {
		t.Fatalf("%v\n%s", err, v1)
	}
	if again := snapshotOrFail(t, r); !bytes.Equal(again, snap) {
		t.Errorf("version 1 restored gives\n%s\nnot\n%s", again, snap)
	}
	torn, err := restore(asVersion1(t, dropLastStep(t, snap)), clk.now)
	if err != nil {
		t.Fatal(err)
	}
	if torn.Len() != g.Len() || redoLen(torn) != 1 {
		t.Errorf("version 1 torn among the steps to redo: length %d, %d to redo", torn.Len(), redoLen(torn))
	}
	withCount := bytes.Replace(snap, []byte(snapshotMagic+" 3\n"), []byte(snapshotMagic+" 1\n"), 1)
	checkRefused(t, clk, []restoreCase{
		{"version 1 with a count of the steps to redo", withCount, "version 1"},
		{"version 1 with a revision above the bound", editHead(t, v1, func(h *snapshotHead) { h.Rev = maxRev + 1 }), "revision"},
	})
}

// askedGame is an owned game with clocks (delay 500 ms, reserve 30 s) at
// seats as given, the seats of claims claimed, played until a claimed seat
// is to move after another has decided; then the move of the seat to move
// is played and undone (a step to redo, his clock running) and the other
// seat asks a takeback. It returns the game, the secrets per seat, the
// seat to move and the seat that asked.
func askedGame(tb testing.TB, clk *fakeTime, variant string, seats []string, claims ...int) (g *Game, secrets []string, mover, asker int) {
	tb.Helper()
	g, err := New(Config{Variant: variant, Players: len(seats), Seed: SeedOf(11), Seats: seats, Owned: true,
		Clock: &TimeControl{DelayMillis: 500, ReserveMillis: 30000}, Now: clk.now})
	if err != nil {
		tb.Fatal(err)
	}
	secrets = make([]string, len(seats))
	for _, i := range claims {
		if secrets[i], err = g.Claim(i); err != nil {
			tb.Fatal(err)
		}
	}
	// decided is the first claimed seat other than p that has decided, −1
	// for none
	decided := func(p int) int {
		g.mu.Lock()
		defer g.mu.Unlock()
		for _, i := range claims {
			if i != p && g.lastDecision(i) > 0 {
				return i
			}
		}
		return -1
	}
	for range 2000 {
		clk.pass(1300 * time.Millisecond)
		pos := g.Position()
		switch p := pos.ToMove(); {
		case p == brettspiel.Chance:
			_, err = g.Throw()
		case p < 0:
			tb.Fatalf("%s: the game ended before a claimed seat was to move after another decided", variant)
		case seats[p] != Person:
			_, err = g.BotMove(context.Background(), seats[p])
		case secrets[p] != "" && decided(int(p)) >= 0:
			if _, err := g.Play(pos.LegalMoves()[0]); err != nil {
				tb.Fatal(err)
			}
			clk.pass(700 * time.Millisecond)
			if err := g.Undo(); err != nil {
				tb.Fatal(err)
			}
			mover, asker = int(p), decided(int(p))
			g.mu.Lock()
			err = g.askTakeback("takeback", &secrets[asker], nil)
			g.mu.Unlock()
			if err != nil || takebackOf(g) == nil {
				tb.Fatalf("%s: no takeback asked: %v", variant, err)
			}
			return g, secrets, mover, asker
		default:
			_, err = g.Play(pos.LegalMoves()[0])
		}
		if err != nil {
			tb.Fatal(err)
		}
	}
	tb.Fatalf("%s: no claimed seat to move after another decided", variant)
	return
}

// takebackOf is the takeback asked in g, nil for none.
func takebackOf(g *Game) *TakebackJSON {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.takebackJSON()
}

// grantedGame is a Festungsspiel of six: three seats claimed, one
// person's seat not claimed and two bots (4 and 5), with a takeback asked
// and granted by one seat. It returns the game, the seat that asked and
// the claimed seats besides.
func grantedGame(tb testing.TB, clk *fakeTime) (g *Game, asker int, others []int) {
	tb.Helper()
	seats := []string{Person, Person, Person, Person, "random", "greedy"}
	g, secrets, _, asker := askedGame(tb, clk, "festung", seats, 0, 1, 2)
	for _, i := range []int{0, 1, 2} {
		if i != asker {
			others = append(others, i)
		}
	}
	g.mu.Lock()
	err := g.answerTakeback("answerTakeback", &secrets[others[0]], true)
	g.mu.Unlock()
	if a := takebackOf(g); err != nil || a == nil || !reflect.DeepEqual(a.Granted, others[:1]) {
		tb.Fatalf("takeback %+v after a grant: %v", a, err)
	}
	return g, asker, others
}

// A snapshot whose head says what no game can be is refused, each part of
// the head on its own: of two claimed seats, with a step to redo and a
// takeback asked.
func TestRestoreRefusesWhatCannotBe(t *testing.T) {
	clk := newFakeTime()
	g, _, mover, asker := askedGame(t, clk, "toccateglio", []string{Person, Person}, 0, 1)
	snap := snapshotOrFail(t, g)
	if _, err := restore(snap, clk.now); err != nil {
		t.Fatalf("the snapshot itself: %v\n%s", err, snap)
	}
	if redoLen(g) != 1 {
		t.Fatal("no step to redo")
	}
	ed := func(edit func(h *snapshotHead)) []byte { return editHead(t, snap, edit) }
	checkRefused(t, clk, []restoreCase{
		{"rev 0 with a step to redo", ed(func(h *snapshotHead) { h.Rev = 0 }), "revision 0"},
		{"one secret on two seats", ed(func(h *snapshotHead) { h.Hashes[1] = h.Hashes[0] }), "same secret"},
		{"a hash in capitals", ed(func(h *snapshotHead) { h.Hashes[0] = strings.ToUpper(h.Hashes[0]) }), "lowercase"},
		{"a hash too short", ed(func(h *snapshotHead) { h.Hashes[0] = h.Hashes[0][2:] }), "SHA-256"},
		{"length below 0", ed(func(h *snapshotHead) { h.Length = -1 }), "length"},
		{"a language written otherwise", ed(func(h *snapshotHead) { h.Lang = "EN" }), "language"},
		{"no language", ed(func(h *snapshotHead) { h.Lang = "" }), "language"},
		{"dice written otherwise", ed(func(h *snapshotHead) { h.Dice = "Seeded" }), "dice"},
		{"no dice", ed(func(h *snapshotHead) { h.Dice = "" }), "dice"},
		{"a seat written otherwise", ed(func(h *snapshotHead) { h.Seats[0] = "Person" }), "seat 0"},
		{"a seat unnamed", ed(func(h *snapshotHead) { h.Seats[1] = "" }), "seat 1"},
		{"a takeback granted by the seat that asked", ed(func(h *snapshotHead) { h.Takeback.Granted = []int{asker} }), "granted by seat"},
		{"a takeback granted by every other seat", ed(func(h *snapshotHead) { h.Takeback.Granted = []int{mover} }), "every other"},
		{"a takeback asked by a seat not claimed", ed(func(h *snapshotHead) { h.Hashes[asker] = "" }), "not claimed"},
		{"a takeback asked with no other seat claimed", ed(func(h *snapshotHead) { h.Hashes[mover] = "" }), "no other seat"},
		{"a takeback of other steps", ed(func(h *snapshotHead) { h.Takeback.Steps++ }), "takeback of"},
		{"a takeback of no steps", ed(func(h *snapshotHead) { h.Takeback.Steps = 0 }), "takeback of"},
	})
}

// The same among the seats of a Festungsspiel of six: claimed, a person's
// not claimed, bots.
func TestRestoreRefusesWhatCannotBeAmongMany(t *testing.T) {
	clk := newFakeTime()
	g, _, others := grantedGame(t, clk)
	snap := snapshotOrFail(t, g)
	if _, err := restore(snap, clk.now); err != nil {
		t.Fatalf("the snapshot itself: %v\n%s", err, snap)
	}
	granter := others[0]
	ed := func(edit func(h *snapshotHead)) []byte { return editHead(t, snap, edit) }
	checkRefused(t, clk, []restoreCase{
		{"a hash on a bot's seat", ed(func(h *snapshotHead) { h.Hashes[4] = strings.Repeat("ab", 32) }), "person's seat"},
		{"a takeback granted by a seat not claimed", ed(func(h *snapshotHead) { h.Takeback.Granted = []int{granter, 3} }), "granted by seat 3"},
		{"a takeback granted by a bot", ed(func(h *snapshotHead) { h.Takeback.Granted = []int{granter, 5} }), "granted by seat 5"},
		{"a takeback granted by seat 6 of six", ed(func(h *snapshotHead) { h.Takeback.Granted = []int{granter, 6} }), "granted by seat 6"},
		{"a takeback granted by seat −1", ed(func(h *snapshotHead) { h.Takeback.Granted = []int{-1} }), "granted by seat -1"},
		{"a takeback granted twice", ed(func(h *snapshotHead) { h.Takeback.Granted = []int{granter, granter} }), "granted by seat"},
		{"a takeback granted out of order", ed(func(h *snapshotHead) { h.Takeback.Granted = []int{others[1], others[0]} }), "granted by seat"},
		{"a takeback granted by every other seat", ed(func(h *snapshotHead) { h.Takeback.Granted = others }), "every other"},
	})
}

// outGame is a Toccateglio game of a person against a bot whose person
// ran out of time.
func outGame(tb testing.TB, clk *fakeTime) *Game {
	tb.Helper()
	g, err := New(Config{Variant: "toccateglio", Seed: SeedOf(5), Seats: []string{Person, "random"},
		Clock: &TimeControl{DelayMillis: 0, ReserveMillis: 1000}, Now: clk.now})
	if err != nil {
		tb.Fatal(err)
	}
	g.Advance(context.Background(), 20)
	clk.pass(2 * time.Second)
	if g.TimeUp() != 0 {
		tb.Fatal("seat 0 did not run out of time")
	}
	return g
}

// Clocks that could not have run so are refused: of two claimed seats
// with the clock of the seat to move running and a takeback asked, of a
// Festungsspiel of six with two bots, and of a game whose seat ran out.
func TestRestoreRefusesClocksThatCannotBe(t *testing.T) {
	clk := newFakeTime()
	g, _, mover, _ := askedGame(t, clk, "toccateglio", []string{Person, Person}, 0, 1)
	snap := snapshotOrFail(t, g)
	ed := func(edit func(h *snapshotHead)) []byte { return editHead(t, snap, edit) }
	ranOut := func(h *snapshotHead) {
		h.Clock.Out, h.Clock.ReserveMillis[mover], h.Clock.Running, h.Clock.ElapsedMillis, h.Clock.Winner = mover, 0, -1, 0, 1-mover
	}
	// a clock run out is read where nothing else is wrong
	if _, err := restore(ed(func(h *snapshotHead) { ranOut(h); h.Takeback = nil }), clk.now); err != nil {
		t.Fatalf("a seat run out of time: %v", err)
	}
	many, _, _ := grantedGame(t, clk)
	manySnap := snapshotOrFail(t, many)
	edMany := func(edit func(h *snapshotHead)) []byte { return editHead(t, manySnap, edit) }
	out := snapshotOrFail(t, outGame(t, clk))
	if _, err := restore(out, clk.now); err != nil {
		t.Fatalf("the snapshot of a game ended on time: %v\n%s", err, out)
	}
	checkRefused(t, clk, []restoreCase{
		{"a takeback in a game ended on time", ed(ranOut), "ended on time"},
		{"a clock running after the game ended on time", ed(func(h *snapshotHead) { ranOut(h); h.Takeback = nil; h.Clock.Running = mover }), "runs in a game ended"},
		{"time run where no clock runs", ed(func(h *snapshotHead) { ranOut(h); h.Takeback = nil; h.Clock.ElapsedMillis = 5 }), "no clock runs"},
		{"run out with a reserve left", ed(func(h *snapshotHead) { ranOut(h); h.Takeback = nil; h.Clock.ReserveMillis[mover] = 5 }), "reserve left"},
		{"a winner on time that is not", ed(func(h *snapshotHead) { ranOut(h); h.Takeback = nil; h.Clock.Winner = mover }), "wins on time"},
		{"a winner on time where nobody ran out", ed(func(h *snapshotHead) { h.Clock.Winner = 0 }), "wins on time"},
		{"a clock that ran for millennia", ed(func(h *snapshotHead) { h.Clock.ElapsedMillis = math.MaxInt64 }), "has run"},
		{"a bot run out of time", edMany(func(h *snapshotHead) {
			h.Takeback, h.Clock.Out, h.Clock.ReserveMillis[4], h.Clock.Running, h.Clock.ElapsedMillis = nil, 4, 0, -1, 0
		}), "a bot's"},
		{"bots' reserves that differ", edMany(func(h *snapshotHead) { h.Clock.ReserveMillis[5]-- }), "bots' seats"},
		{"a person's reserve above a bot's", edMany(func(h *snapshotHead) { h.Clock.ReserveMillis[3] = h.Clock.ReserveMillis[4] + 1 }), "more than"},
		{"out at revision 0", editHead(t, out, func(h *snapshotHead) { h.Rev = 0 }), "revision 0"},
	})
}

// A table that restored a game under the highest handle gives no handle
// above it: a new game is refused, never given a handle past MaxHandle.
func TestTableGivesNoHandlePastMaxHandle(t *testing.T) {
	tab := NewTable(Options{})
	g, _ := New(Config{Variant: "verkehren", Seed: SeedOf(1)})
	snap, _, _ := g.Snapshot()
	if _, err := tab.Restore(MaxHandle, snap); err != nil {
		t.Fatal(err)
	}
	if e := fail(t, tab, "newGame", `{"variant":"verkehren"}`); e.Name != "ErrTableFull" {
		t.Errorf("a new game after handle %d: %s", MaxHandle, e.Name)
	}
	if got := tab.Handles(); len(got) != 1 || got[0] != MaxHandle {
		t.Errorf("handles %v", got)
	}
}

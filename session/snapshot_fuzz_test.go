package session

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// restoreSeeds are real snapshots of every kind: of each variant an owned
// game with claims, clocks, a step to redo, a takeback asked (granted by
// one seat in the Festungsspiel of six), a seat named and the game that
// follows named; a game whose
// seat ran out of time; games of one screen with bots, manual dice,
// German, a record from a position ID; and some of them as versions 1 and
// 2 wrote them.
func restoreSeeds(tb testing.TB) [][]byte {
	clk := newFakeTime()
	var seeds [][]byte
	for _, variant := range []string{"toccateglio", "verkehren"} {
		g, secrets, _, _ := askedGame(tb, clk, variant, []string{Person, Person}, 0, 1)
		if err := g.Name(1, "Zoë 🎲", secrets[1]); err != nil {
			tb.Fatal(err)
		}
		if err := g.SetNext("next-" + variant); err != nil {
			tb.Fatal(err)
		}
		snap := snapshotOrFail(tb, g)
		seeds = append(seeds, snap, asVersion2(tb, snap), asVersion1(tb, snap))
	}
	g, _, _ := grantedGame(tb, clk)
	snap := snapshotOrFail(tb, g)
	seeds = append(seeds, snap, asVersion1(tb, snap))
	seeds = append(seeds, snapshotOrFail(tb, outGame(tb, clk)))
	for _, c := range []Config{
		{Variant: "toccateglio", Seed: SeedOf(1), Seats: []string{"random", "random"}},
		{Variant: "verkehren", Seed: SeedOf(2), Owned: true, Clock: &TimeControl{DelayMillis: 500, ReserveMillis: 9000}, Now: clk.now},
		{Variant: "festung", Players: 3, Seed: SeedOf(3), Dice: DiceManual, Lang: "de", Seats: []string{Person, "greedy", "random"}},
	} {
		g, err := New(c)
		if err != nil {
			tb.Fatal(err)
		}
		if g.Owned() {
			g.Claim(1)
		}
		if c.Dice == DiceManual {
			g.ThrowDice([]int{2, 5})
		} else {
			g.Throw()
		}
		g.Advance(context.Background(), 12)
		g.Undo()
		snap := snapshotOrFail(tb, g)
		seeds = append(seeds, snap, asVersion1(tb, snap))
	}
	g, err := New(Config{Variant: "verkehren", Seed: SeedOf(9), Seats: []string{"random", "random"}})
	if err != nil {
		tb.Fatal(err)
	}
	g.Advance(context.Background(), 30)
	id, _ := g.PositionID()
	l, err := LoadID(id, Config{Seed: SeedOf(4), Dice: DiceManual, Lang: "de"})
	if err != nil {
		tb.Fatal(err)
	}
	l.ThrowDice([]int{3, 5})
	seeds = append(seeds, snapshotOrFail(tb, l))
	return seeds
}

// headOf is the head of a snapshot.
func headOf(t *testing.T, snap []byte) *snapshotHead {
	t.Helper()
	_, rest, _ := bytes.Cut(snap, []byte("\n"))
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	var head snapshotHead
	if err := kit.DecodeStrict(line, &head); err != nil {
		t.Fatalf("head: %v", err)
	}
	return &head
}

// The seeds are snapshots that Restore reads.
func TestRestoreSeeds(t *testing.T) {
	for i, s := range restoreSeeds(t) {
		if _, err := restore(s, newFakeTime().now); err != nil {
			t.Errorf("seed %d: %v\n%s", i, err, s)
		}
	}
}

// Restore reads any bytes without panicking and refuses with
// ErrBadSnapshot; what it reads has a revision of 0…maxRev and a length
// and steps to redo of 0 or more, together at most MaxRecordSteps; its
// snapshot (at a fixed time, so that the clocks read alike) says them and
// the rest of the head as read, and is a fixed point: restored again, it
// gives the same bytes.
func FuzzRestore(f *testing.F) {
	for _, s := range restoreSeeds(f) {
		f.Add(s)
	}
	f.Add([]byte(snapshotMagic + " 3\n{}\n"))
	f.Add([]byte(snapshotMagic + " 2\n{}\n"))
	f.Add([]byte(snapshotMagic + " 1\n{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		now := newFakeTime().now
		g, err := restore(data, now)
		if err != nil {
			if !errors.Is(err, ErrBadSnapshot) {
				t.Fatalf("refused with %v, not ErrBadSnapshot", err)
			}
			return
		}
		g.mu.Lock()
		rev, n, redo := g.watch.rev, g.h.Len(), g.h.RedoLen()
		g.mu.Unlock()
		if rev < 0 || rev > maxRev || n < 0 || redo < 0 || n+redo > brettspiel.MaxRecordSteps {
			t.Fatalf("restored revision %d, length %d, %d to redo", rev, n, redo)
		}
		snap, _, err := g.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		head := headOf(t, snap)
		if head.Rev != rev || head.Length != n || head.Redo == nil || *head.Redo != redo {
			t.Fatalf("revision %d, length %d, %d to redo written as %d, %d, %v", rev, n, redo, head.Rev, head.Length, head.Redo)
		}
		// the head read is the head written, but for what version 1 and
		// no grants may leave out
		read := headOf(t, data)
		if read.Redo == nil {
			read.Redo = &redo
		}
		if read.Takeback != nil && read.Takeback.Granted == nil {
			read.Takeback.Granted = []int{}
		}
		if read.Owned && read.Salt == "" { // version 1: a fresh salt
			read.Salt = head.Salt
		}
		if !reflect.DeepEqual(read, head) {
			t.Fatalf("head\n%s\nwritten again as\n%s", bytes.SplitN(data, []byte("\n"), 3)[1], bytes.SplitN(snap, []byte("\n"), 3)[1])
		}
		r, err := restore(snap, now)
		if err != nil {
			t.Fatalf("its own snapshot refused: %v\n%s", err, snap)
		}
		if again, _, _ := r.Snapshot(); !bytes.Equal(again, snap) {
			t.Fatalf("snapshot\n%s\nwritten again as\n%s", snap, again)
		}
	})
}

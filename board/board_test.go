package board

import (
	"strings"
	"testing"
)

func TestB_1_QuartersOfSix(t *testing.T) {
	for q := 1; q <= 4; q++ {
		first, last := QuarterPoints(q)
		if last-first+1 != 6 {
			t.Fatalf("quarter %d has %d points", q, last-first+1)
		}
		for p := first; p <= last; p++ {
			if Quarter(p) != q {
				t.Errorf("Quarter(%d) = %d, want %d", p, Quarter(p), q)
			}
		}
	}
	if Quarter(0) != 0 || Quarter(25) != 0 {
		t.Error("positions off the board have no quarter")
	}
	if Points != 24 {
		t.Errorf("Points = %d", Points)
	}
}

func TestB_2_TrackPositions(t *testing.T) {
	b := New(Opposite)
	b.Sides[0][Waiting] = 15
	if !b.Move(0, Waiting, 3) || !b.Move(0, 3, 24) || !b.Move(0, 24, BorneOff) {
		t.Fatal("moves along the track refused")
	}
	s := &b.Sides[0]
	if s.Total() != 15 || s.OnBoard() != 0 || s[BorneOff] != 1 || s[Waiting] != 14 {
		t.Errorf("after entering and bearing off: total %d, on board %d, off %d, waiting %d",
			s.Total(), s.OnBoard(), s[BorneOff], s[Waiting])
	}
	if b.Move(0, 7, 8) || b.Move(0, Waiting, 26) || b.Move(0, -1, 3) {
		t.Error("Move accepted a missing stone or a position outside 0…25")
	}
	if s.Total() != 15 {
		t.Error("refused moves changed the board")
	}
	b.Move(0, Waiting, 5)
	b.Move(0, Waiting, 9)
	if s.Farthest() != 5 || s.CountIn(1, 6) != 1 || s.CountIn(-3, 30) != 2 {
		t.Errorf("Farthest %d, CountIn(1,6) %d", s.Farthest(), s.CountIn(1, 6))
	}
}

func TestB_3_OppositeGeometry(t *testing.T) {
	g := Opposite
	for i := 1; i <= 24; i++ {
		if g.OtherTrack(i) != 25-i || g.OtherTrack(g.OtherTrack(i)) != i {
			t.Errorf("opposite: A's %d is B's %d, want %d", i, g.OtherTrack(i), 25-i)
		}
		if g.ToAbsolute(1, i) != 25-i || g.FromAbsolute(1, g.ToAbsolute(1, i)) != i || g.ToAbsolute(0, i) != i {
			t.Errorf("absolute conversion of %d wrong", i)
		}
	}
	// Toccateglio: A's Hucke (12) is B's 13, B's Hucke is A's 13.
	if g.OtherTrack(12) != 13 {
		t.Error("the Hucke of one player must be the other's point 13")
	}
	b := New(Opposite)
	b.Sides[1][24] = 2 // B's start point is A's point 1
	if b.OpponentCount(0, 1) != 2 || b.AbsoluteCounts()[1] != -2 {
		t.Error("B's point 24 should stand on A's point 1")
	}
}

func TestB_3_SameDirectionGeometry(t *testing.T) {
	g := SameDirection
	for i := 1; i <= 24; i++ {
		want := (i+12-1)%24 + 1
		if g.OtherTrack(i) != want || g.OtherTrack(g.OtherTrack(i)) != i {
			t.Errorf("same direction: A's %d is B's %d, want %d", i, g.OtherTrack(i), want)
		}
	}
	// Verkehren: A's point 1 is B's 13 and B's point 1 is A's 13.
	if g.OtherTrack(1) != 13 || g.OtherTrack(13) != 1 || g.OtherTrack(24) != 12 {
		t.Error("house and Hucke in the wrong place")
	}
	for _, p := range []int{0, 25} {
		if g.OtherTrack(p) != p || Opposite.OtherTrack(p) != p {
			t.Errorf("position %d is on no point and must not convert", p)
		}
	}
	b := New(SameDirection)
	b.Sides[0][1] = 15
	b.Sides[1][1] = 15
	abs := b.AbsoluteCounts()
	if abs[1] != 15 || abs[13] != -15 || len(b.Shared()) != 0 {
		t.Errorf("starting position drawn wrong: 1=%d 13=%d", abs[1], abs[13])
	}
	b.Sides[1][13] = 1
	if got := b.Shared(); len(got) != 1 || got[0] != 1 {
		t.Errorf("Shared = %v, want [1]", got)
	}
	if !strings.Contains(b.String(), "15X") {
		t.Errorf("drawing misses the house:\n%s", b.String())
	}
}

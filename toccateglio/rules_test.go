package toccateglio

import (
	"errors"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/dice"
)

var (
	ts = Toccateglispiel()
	al = Tokkadille1853(15)
	td = Toccadille()
)

func TestT_S1_Setup(t *testing.T) {
	for _, c := range []struct {
		o            Options
		point, count int
	}{{ts, 1, 15}, {al, 1, 15}, {Tokkadille1853(16), 1, 16}, {td, 0, 15}} {
		g, err := New(c.o)
		if err != nil {
			t.Fatal(err)
		}
		for p := brettspiel.Player(0); p < 2; p++ {
			s := g.Stones(p)
			if int(s[c.point]) != c.count || s.Total() != c.count {
				t.Errorf("%+v: player %d has %d on %d of %d stones, want %d", c.o, p, s[c.point], c.point, s.Total(), c.count)
			}
		}
	}
	for _, n := range []int{-1, 14, 17} {
		if _, err := New(Options{Stones: n}); !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("Stones %d: err %v, want ErrBadOptions", n, err)
		}
	}
}

func TestT_S2_CountingFromTheNextPoint(t *testing.T) {
	// TS: 4 and 5 set two stones on the 4th and 5th point after the heap, or
	// one stone nine points on.
	g := load(t, ts, own(ts, 1, nil), own(ts, 1, nil), [2]int{5, 4}, [2]int{})
	wantPlays(t, g, "1/5 1/6", "1/5 5/10")
	if m, err := g.ParseMove("1/10"); err != nil || g.MoveString(m) != "1/5 5/10" {
		t.Errorf("ParseMove(1/10) = %v, %v", g.MoveString(m), err)
	}
}

func TestT_S2_StartMustUseTwoStonesWithSixSixAndSixFive(t *testing.T) {
	// TS: at the start 6-6 and 6-5 must be played with two stones: one stone
	// would land alone on the own Hucke or on the opponent's.
	g := load(t, ts, own(ts, 1, nil), own(ts, 1, nil), [2]int{6, 6}, [2]int{})
	wantPlays(t, g, "1/7 1/7")
	g = load(t, ts, own(ts, 1, nil), own(ts, 1, nil), [2]int{6, 5}, [2]int{})
	wantPlays(t, g, "1/6 1/7")
}

func TestT_S3_HigherTotalBeginsAndThrowsAnew(t *testing.T) {
	g, _ := New(ts)
	play(t, g, "2-1")
	evs := play(t, g, "6-5")
	if g.ToMove() != brettspiel.Chance || g.turn != 1 {
		t.Fatalf("after 3 against 11: to move %v, turn %v", g.ToMove(), g.turn)
	}
	if evs[len(evs)-1].Kind != EventBegin || evs[len(evs)-1].Player != 1 {
		t.Errorf("events %v", evs)
	}
	evs = play(t, g, "3-1")
	if evs[0].Player != 1 || g.ToMove() != 1 {
		t.Errorf("player 1 should throw and play: %v, to move %v", evs, g.ToMove())
	}
}

func TestT_S3_EqualTotalsRepeat(t *testing.T) {
	g, _ := New(ts)
	play(t, g, "4-1")
	play(t, g, "3-2")
	if g.phase != phaseDraw0 || g.ToMove() != brettspiel.Chance {
		t.Fatalf("equal totals must repeat the draw, phase %v", g.phase)
	}
}

func TestT_S3_LowerBeginsWithThatThrow(t *testing.T) {
	g, _ := New(al)
	play(t, g, "2-1")
	play(t, g, "6-5")
	if g.ToMove() != 0 || !slices.Equal(g.Dice(), []int{2, 1}) {
		t.Fatalf("AL: the lower total (player 0, 2-1) plays that throw: to move %v, dice %v", g.ToMove(), g.Dice())
	}
	g, _ = New(al)
	play(t, g, "6-6")
	play(t, g, "4-3")
	if g.ToMove() != 1 || !slices.Equal(g.Dice(), []int{4, 3}) {
		t.Fatalf("AL: player 1 plays 4-3: to move %v, dice %v", g.ToMove(), g.Dice())
	}
}

func TestT_S3_FirstPlayerSkipsTheDraw(t *testing.T) {
	o := ts
	o.FirstPlayer = brettspiel.Starts(1)
	g, _ := New(o)
	evs := play(t, g, "5-3")
	if evs[0].Kind != brettspiel.EventThrow || evs[0].Player != 1 || g.ToMove() != 1 {
		t.Errorf("FirstPlayer player 1: %v, to move %v", evs, g.ToMove())
	}
	o.FirstPlayer = brettspiel.Starts(2)
	if _, err := New(o); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("seat 2: %v", err)
	}
}

func TestT_S4_StonesEnterFromTheHand(t *testing.T) {
	g := load(t, td, own(td, 0, nil), own(td, 0, nil), [2]int{5, 3}, [2]int{})
	wantPlays(t, g, "in/3 in/5")
	// Nothing on the board moves while stones are in hand.
	g = load(t, td, own(td, 0, map[int]int{2: 3}), own(td, 0, nil), [2]int{5, 3}, [2]int{})
	wantPlays(t, g, "in/3 in/5")
	// The last stone entering frees the other die for any stone, that one too.
	g = load(t, td, own(td, 2, map[int]int{0: 1}), own(td, 0, nil), [2]int{5, 3}, [2]int{})
	wantPlays(t, g, "in/3 2/7", "in/3 3/8", "in/5 2/5") // in/5 5/8 is in/3 3/8
	// A die that cannot enter is unplayable; the other may not move a stone on the board.
	g = load(t, td, own(td, 0, map[int]int{2: 3}), opp(td, 10, map[int]int{5: 2}), [2]int{5, 3}, [2]int{})
	wantPlays(t, g, "in/3")
}

func TestT_S4_EnteringIsNotAllowedInOtherPresets(t *testing.T) {
	if _, err := FromPosition(ts, Position{Stones: [2]board.Side{own(ts, 0, nil), own(ts, 1, nil)}}); !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Errorf("stones in hand under TS: %v", err)
	}
}

func TestT_D1_DoubletPlayedOnce(t *testing.T) {
	g := load(t, ts, own(ts, 1, nil), own(ts, 1, nil), [2]int{3, 3}, [2]int{})
	wantPlays(t, g, "1/4 1/4", "1/4 4/7")
}

func TestT_D1_ToccadilleThrowsAgainAfterDoublet(t *testing.T) {
	for _, c := range []struct {
		o    Options
		next brettspiel.Player
	}{{td, 0}, {ts, 1}} {
		g := load(t, c.o, own(c.o, 1, map[int]int{0: 0}), own(c.o, 1, nil), [2]int{3, 3}, [2]int{})
		play(t, g, "1/4 1/4")
		if g.ToMove() != brettspiel.Chance || g.turn != c.next {
			t.Errorf("after a doublet: thrower %v, want %v", g.turn, c.next)
		}
		play(t, g, "2-1")
		if g.ToMove() != c.next {
			t.Errorf("to move %v, want %v", g.ToMove(), c.next)
		}
	}
}

func TestT_D2_CombinedMoveNeedsAnOpenIntermediatePoint(t *testing.T) {
	// 5-4 from point 1: the 5 lands on 6, the 4 on 5.
	g := load(t, ts, own(ts, 1, nil), opp(ts, 1, map[int]int{5: 2}), [2]int{5, 4}, [2]int{})
	wantPlays(t, g, "1/6 6/10")
	g = load(t, ts, own(ts, 1, nil), opp(ts, 1, map[int]int{5: 2, 6: 2}), [2]int{5, 4}, [2]int{})
	wantPlays(t, g, "pass")
}

func TestT_D3_NoLandingOnOpponentStonesAndHitsStay(t *testing.T) {
	g := load(t, ts, own(ts, 1, nil), opp(ts, 1, map[int]int{5: 1}), [2]int{}, [2]int{})
	evs := play(t, g, "4-2")
	if n := sumMarks(evs, 0, "T-M1"); n != 1 {
		t.Errorf("hit marks %d, want 1\n%s", n, eventsString(evs))
	}
	if g.sides[1][20] != 1 {
		t.Errorf("the hit stone must stay on its point")
	}
	for _, p := range plays(g) {
		if slices.Contains([]string{"1/5 1/3", "1/3 1/5", "1/5 5/7"}, p) {
			t.Errorf("play %q lands on the opponent's stone", p)
		}
	}
	wantPlays(t, g, "1/3 3/7")
}

func TestT_D4_OpponentsHucke(t *testing.T) {
	o := ts
	o.SinglesInForce = true
	// Stones on 10; 14 is blocked: 10/13 13/17 borrows the pass on the empty
	// opponent's Hucke in TS, never in AL.
	g := load(t, o, own(o, 1, map[int]int{10: 2}), opp(o, 1, map[int]int{14: 2, 3: 2}), [2]int{4, 3}, [2]int{})
	if !hasPlay(g, "10/13 13/17") {
		t.Errorf("TS: 10/13 13/17 should be legal: %v", plays(g))
	}
	for _, p := range plays(g) {
		if len(p) >= 5 && (p[len(p)-3:] == "/13" || slices.Contains([]string{"10/13", "1/13"}, p)) {
			t.Errorf("a stone stays on the opponent's Hucke: %q", p)
		}
	}
	g = load(t, al, own(al, 1, map[int]int{10: 2}), opp(al, 1, map[int]int{14: 2, 3: 2}), [2]int{4, 3}, [2]int{})
	if hasPlay(g, "10/13 13/17") {
		t.Errorf("AL: the opponent's Hucke may not be touched: %v", plays(g))
	}
}

func TestT_D5_BandsAnywhere(t *testing.T) {
	g := load(t, ts, own(ts, 1, map[int]int{5: 1, 7: 1}), own(ts, 1, nil), [2]int{2, 2}, [2]int{})
	if !hasPlay(g, "1/3 1/3") || !hasPlay(g, "5/7 7/9") {
		t.Errorf("plays %v", plays(g))
	}
}

func TestT_D6_BothNumbersWhenPossibleElseEither(t *testing.T) {
	// Only the stone on 10 can move; 21 is blocked, so 10 cannot use both.
	s1 := opp(ts, 1, map[int]int{6: 2, 7: 2, 21: 2})
	g := load(t, ts, own(ts, 1, map[int]int{10: 1}), s1, [2]int{6, 5}, [2]int{})
	wantPlays(t, g, "10/15", "10/16")
	o := ts
	o.HigherDie = true
	g = load(t, o, own(o, 1, map[int]int{10: 1}), s1, [2]int{6, 5}, [2]int{})
	wantPlays(t, g, "10/16")
	// With 21 open both numbers must be played.
	g = load(t, ts, own(ts, 1, map[int]int{10: 1}), opp(ts, 1, map[int]int{6: 2, 7: 2}), [2]int{6, 5}, [2]int{})
	wantPlays(t, g, "10/15 15/21")
}

func TestT_D7_UnplayableNumbersMarkForTheOpponent(t *testing.T) {
	s1 := opp(ts, 1, map[int]int{6: 2, 7: 2, 21: 2})
	g := load(t, ts, own(ts, 1, map[int]int{10: 1}), s1, [2]int{6, 5}, [2]int{})
	evs := play(t, g, "10/16")
	if n := sumMarks(evs, 1, "T-D7"); n != 1 || g.marks[1] != 1 {
		t.Errorf("one number unplayable: %d marks\n%s", n, eventsString(evs))
	}
	for _, e := range evs {
		if e.Rule == "T-D7" && e.Kind == brettspiel.EventMark && e.Number != 5 {
			t.Errorf("the unplayable number is 5: %v", e)
		}
	}
	s1 = opp(ts, 1, map[int]int{6: 2, 7: 2, 15: 2, 16: 2})
	g = load(t, ts, own(ts, 1, map[int]int{10: 1}), s1, [2]int{6, 5}, [2]int{})
	evs = play(t, g, "pass")
	if n := sumMarks(evs, 1, "T-D7"); n != 2 {
		t.Errorf("whole throw unplayable: %d marks, want 2", n)
	}
	// A doublet's unplayable number is worth 1 each, too.
	g = load(t, ts, own(ts, 1, map[int]int{10: 1}), opp(ts, 1, map[int]int{4: 2, 14: 2}), [2]int{3, 3}, [2]int{})
	evs = play(t, g, "pass")
	if n := sumMarks(evs, 1, "T-D7"); n != 2 {
		t.Errorf("doublet unplayable: %d marks, want 2\n%s", n, eventsString(evs))
	}
	// A number left over after the last stone is borne off is not unplayable.
	g = load(t, al, own(al, 25, map[int]int{23: 1}), opp(al, 1, nil), [2]int{6, 5}, [2]int{})
	evs = play(t, g, "23/off")
	if n := sumMarks(evs, 1, ""); n != 0 {
		t.Errorf("left over after the Marsch: %d marks\n%s", n, eventsString(evs))
	}
}

func TestT_D8_NoSingleStoneIntoTheForce(t *testing.T) {
	// The opponent has all 15 stones on his 1–12: he has his Force.
	s1 := opp(ts, 1, nil)
	g := load(t, ts, own(ts, 1, map[int]int{11: 2}), s1, [2]int{4, 4}, [2]int{})
	if !hasPlay(g, "11/15 11/15") {
		t.Errorf("two stones at once into the second quarter are allowed: %v", plays(g))
	}
	if hasPlay(g, "1/5 11/15") {
		t.Errorf("TS: no lone stone on 15 while he has his Force: %v", plays(g))
	}
	if !hasPlay(g, "11/15 15/19") {
		t.Errorf("TS: passing through 15 leaves no stone there: %v", plays(g))
	}
	g = load(t, al, own(al, 1, map[int]int{11: 2}), opp(al, 1, nil), [2]int{4, 4}, [2]int{})
	if !hasPlay(g, "1/5 11/15") {
		t.Errorf("AL: a single stone may go in: %v", plays(g))
	}
	// Without the Force (only 11 of his stones on his 1–12) TS allows it.
	g = load(t, ts, own(ts, 1, map[int]int{11: 2}), opp(ts, 1, map[int]int{2: 4}), [2]int{4, 4}, [2]int{})
	if !hasPlay(g, "1/5 11/15") {
		t.Errorf("TS without the Force: %v", plays(g))
	}
}

func TestT_H1_HuckeTakenByTwoStonesAtOnce(t *testing.T) {
	o := ts
	o.SinglesInForce = true
	g := load(t, o, own(o, 1, map[int]int{6: 1, 7: 1}), opp(o, 1, map[int]int{5: 2, 11: 2, 10: 2}), [2]int{6, 5}, [2]int{})
	if !hasPlay(g, "6/12 7/12") {
		t.Errorf("two stones take the Hucke: %v", plays(g))
	}
	for _, p := range plays(g) {
		g2 := g.Clone().(*Game)
		play(t, g2, p)
		if g2.sides[0][ownHucke] == 1 {
			t.Errorf("%q leaves one stone on the Hucke", p)
		}
	}
	// A lone stone may not stop on the empty Hucke on its way: 7/12 12/15
	// (10 is blocked, so 7/10 10/15 is no other route).
	g = load(t, o, own(o, 1, map[int]int{7: 1}), opp(o, 1, map[int]int{10: 2, 4: 2, 6: 2}), [2]int{5, 3}, [2]int{})
	if hasPlay(g, "7/12 12/15") {
		t.Errorf("lone stone through the empty Hucke: %v", plays(g))
	}
	// Once held, more stones join one at a time.
	g = load(t, o, own(o, 1, map[int]int{7: 1, 12: 2}), opp(o, 1, map[int]int{10: 2, 4: 2, 6: 2}), [2]int{5, 3}, [2]int{})
	if !hasPlay(g, "7/12 12/15") {
		t.Errorf("joining the held Hucke: %v", plays(g))
	}
}

func TestT_H2_LastTwoLeaveTogether(t *testing.T) {
	o := ts
	o.SinglesInForce = true
	// Only the Hucke stones can move (1+d is blocked for every d used).
	s1 := opp(o, 1, map[int]int{3: 2, 4: 2, 16: 2})
	g := load(t, o, own(o, 1, map[int]int{12: 2}), s1, [2]int{3, 2}, [2]int{})
	wantPlays(t, g, "12/14 12/15")
	g = load(t, o, own(o, 1, map[int]int{12: 3}), s1, [2]int{3, 2}, [2]int{})
	wantPlays(t, g, "12/14 14/17")
}

func TestT_H3_TakingTheHuckeByForce(t *testing.T) {
	// TS: 6-5 would bring the stones on 7 and 8 onto the opponent's Hucke;
	// they take the own Hucke with 5 and 4 instead.
	g := load(t, ts, own(ts, 1, map[int]int{7: 1, 8: 1}), opp(ts, 1, nil), [2]int{6, 5}, [2]int{})
	evs := []brettspiel.Event(nil)
	if !hasPlay(g, "7/12 8/12") {
		t.Fatalf("TS force with 6-5: %v", plays(g))
	}
	evs = play(t, g.Clone().(*Game), "7/12 8/12")
	if sumMarks(evs, 0, "") != 0 || evs[0].Rule != "T-H3" {
		t.Errorf("force play events:\n%s", eventsString(evs))
	}
	// Quatuor-Daus from 9 and 11: Tres-Aß.
	g = load(t, ts, own(ts, 1, map[int]int{9: 1, 11: 1}), opp(ts, 1, nil), [2]int{4, 2}, [2]int{})
	if !hasPlay(g, "9/12 11/12") {
		t.Errorf("TS force with 4-2: %v", plays(g))
	}
	// Not when two other stones can take the Hucke normally (on 6 and 7).
	g = load(t, ts, own(ts, 1, map[int]int{6: 1, 7: 1, 8: 1}), opp(ts, 1, nil), [2]int{6, 5}, [2]int{})
	if hasPlay(g, "7/12 8/12") || !hasPlay(g, "6/12 7/12") {
		t.Errorf("normal take available: %v", plays(g))
	}
	// Not when the opponent holds his Hucke.
	g = load(t, ts, own(ts, 1, map[int]int{7: 1, 8: 1}), opp(ts, 1, map[int]int{13: 2}), [2]int{6, 5}, [2]int{})
	if hasPlay(g, "7/12 8/12") {
		t.Errorf("opponent's Hucke held: %v", plays(g))
	}
	// A doublet: two stones from 13-d.
	g = load(t, ts, own(ts, 1, map[int]int{10: 2}), opp(ts, 1, nil), [2]int{3, 3}, [2]int{})
	if !hasPlay(g, "10/12 10/12") {
		t.Errorf("force with 3-3: %v", plays(g))
	}
	// TS: not while holding the own Hucke; AL: only while holding it.
	g = load(t, ts, own(ts, 1, map[int]int{7: 1, 8: 1, 12: 2}), opp(ts, 1, nil), [2]int{6, 5}, [2]int{})
	if hasPlay(g, "7/12 8/12") {
		t.Errorf("TS force with the Hucke held: %v", plays(g))
	}
	g = load(t, al, own(al, 1, map[int]int{7: 1, 8: 1}), opp(al, 1, nil), [2]int{6, 5}, [2]int{})
	if hasPlay(g, "7/12 8/12") {
		t.Errorf("AL force without the Hucke: %v", plays(g))
	}
	g = load(t, al, own(al, 1, map[int]int{7: 1, 8: 1, 12: 2}), opp(al, 1, nil), [2]int{}, [2]int{})
	evs = play(t, g, "6-5")
	if n := sumMarks(evs, 0, "T-M3"); n != 2 {
		t.Errorf("AL: the Hucke hit and the force in one throw: T-M3 %d\n%s", n, eventsString(evs))
	}
	if !hasPlay(g, "7/12 8/12") {
		t.Errorf("AL force with the Hucke held: %v", plays(g))
	}
}

func TestT_H3_ForceIsNeverCompulsory(t *testing.T) {
	// Nothing else can be played: the pass stays legal beside the force.
	s1 := opp(ts, 1, map[int]int{4: 2, 6: 2, 11: 2, 15: 2, 16: 2, 18: 2})
	g := load(t, ts, own(ts, 1, map[int]int{8: 1, 10: 1}), s1, [2]int{5, 3}, [2]int{})
	wantPlays(t, g, "pass", "8/12 10/12")
}

func TestT_M1_HitBySingleDie(t *testing.T) {
	g := load(t, ts, own(ts, 22, map[int]int{5: 3}), opp(ts, 1, map[int]int{8: 1}), [2]int{}, [2]int{})
	evs := play(t, g, "3-1")
	if n := sumMarks(evs, 0, "T-M1"); n != 1 {
		t.Errorf("3 stones on one point hit once per route: %d\n%s", n, eventsString(evs))
	}
}

func TestT_M1_HitByCombinedRoute(t *testing.T) {
	for _, c := range []struct {
		block map[int]int
		want  int
	}{{nil, 1}, {map[int]int{7: 2}, 1}, {map[int]int{9: 2}, 1}, {map[int]int{7: 2, 9: 2}, 0}} {
		m := map[int]int{11: 1}
		for p, n := range c.block {
			m[p] = n
		}
		g := load(t, ts, own(ts, 22, map[int]int{5: 1}), opp(ts, 1, m), [2]int{}, [2]int{})
		evs := play(t, g, "4-2")
		if n := sumMarks(evs, 0, "T-M1"); n != c.want {
			t.Errorf("blocked %v: %d hits, want %d\n%s", c.block, n, c.want, eventsString(evs))
		}
	}
}

func TestT_M1_EmptyHuckeIsNoStopOnTheWay(t *testing.T) {
	// 9 → 16 by 4-3 passes 12 (the empty own Hucke) or 13 (the opponent's).
	for _, c := range []struct {
		o     Options
		hucke int
		want  int
	}{{al, 0, 0}, {ts, 0, 1}, {al, 2, 2}} {
		g := load(t, c.o, own(c.o, 22, map[int]int{9: 1, 12: c.hucke}), opp(c.o, 1, map[int]int{16: 1}), [2]int{}, [2]int{})
		evs := play(t, g, "4-3")
		if n := sumMarks(evs, 0, "T-M1"); n != c.want {
			t.Errorf("Hucke %d: %d hits, want %d\n%s", c.hucke, n, c.want, eventsString(evs))
		}
	}
}

func TestT_M1_HuckeStonesAreSources(t *testing.T) {
	g := load(t, ts, own(ts, 22, map[int]int{12: 2}), opp(ts, 1, map[int]int{15: 1}), [2]int{}, [2]int{})
	evs := play(t, g, "3-1")
	if n := sumMarks(evs, 0, "T-M1"); n != 1 {
		t.Errorf("%d\n%s", n, eventsString(evs))
	}
}

func TestT_M2_DoubletHitsMarkTwo(t *testing.T) {
	// A band on 5 hits 8 by 3; the stone on 2 hits it by 6 through the band.
	g := load(t, ts, own(ts, 22, map[int]int{5: 2, 2: 1}), opp(ts, 1, map[int]int{8: 1}), [2]int{}, [2]int{})
	evs := play(t, g, "3-3")
	if n := sumMarks(evs, 0, "T-M2"); n != 4 || g.marks[0] != 4 {
		t.Errorf("%d\n%s", n, eventsString(evs))
	}
	var got []string
	for _, e := range evs {
		if e.Kind == brettspiel.EventMark {
			got = append(got, e.String())
		}
	}
	want := []string{
		"player 0 mark 2 (player 1): 2→8 by 6, hit (T-M2)",
		"player 0 mark 2 (player 1): 5→8 by 3, hit (T-M2)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("events\n got %q\nwant %q", got, want)
	}
}

func TestT_M3_HittingTheOpponentsHucke(t *testing.T) {
	for _, c := range []struct {
		name  string
		m     map[int]int
		oppM  map[int]int
		throw string
		want  int
	}{
		{"6-5 from 7 and 8", map[int]int{12: 2, 7: 1, 8: 1}, nil, "6-5", 2},
		{"3-3 from 10", map[int]int{12: 2, 10: 2}, nil, "3-3", 4},
		{"own Hucke not held", map[int]int{7: 1, 8: 1}, nil, "6-5", 0},
		{"opponent holds his", map[int]int{12: 2, 7: 1, 8: 1}, map[int]int{13: 2}, "6-5", 0},
		{"1-1 with 3 on the Hucke", map[int]int{12: 3}, nil, "1-1", 0},
		{"1-1 with 4 on the Hucke", map[int]int{12: 4}, nil, "1-1", 4},
		{"2-1 with 2 on the Hucke", map[int]int{12: 2, 11: 1}, nil, "2-1", 0},
		{"2-1 with 3 on the Hucke", map[int]int{12: 3, 11: 1}, nil, "2-1", 2},
	} {
		g := load(t, ts, own(ts, 22, c.m), opp(ts, 1, c.oppM), [2]int{}, [2]int{})
		evs := play(t, g, c.throw)
		if n := sumMarks(evs, 0, "T-M3"); n != c.want {
			t.Errorf("%s: %d, want %d\n%s", c.name, n, c.want, eventsString(evs))
		}
	}
}

// m4 builds AL's example with x = 10: own stones on 4 and 10, opponent blots
// on 15 and 21; with more, an own stone on 9 and a blot on 20.
func m4(t *testing.T, o Options, more bool) *Game {
	m := map[int]int{4: 1, 10: 1}
	b := map[int]int{15: 1, 21: 1}
	if more {
		m[9], b[20] = 1, 1
	}
	return load(t, o, own(o, 1, m), opp(o, 1, b), [2]int{}, [2]int{})
}

func TestT_M4_AlvenslebenExample(t *testing.T) {
	g := m4(t, al, false)
	evs := play(t, g, "6-5")
	if n := sumMarks(evs, 0, "T-M1"); n != 3 {
		t.Errorf("x, x+5, x+11, x−6: %d, want 3\n%s", n, eventsString(evs))
	}
	g = m4(t, al, true)
	evs = play(t, g, "6-5")
	if n := sumMarks(evs, 0, "T-M1"); n != 5 {
		t.Errorf("with x−1 and x+10: %d, want 5\n%s", n, eventsString(evs))
	}
}

func TestT_M4b_SingleDieHitsOnly(t *testing.T) {
	o := al
	o.SingleDieHitsOnly = true
	g := m4(t, o, true)
	evs := play(t, g, "6-5")
	if n := sumMarks(evs, 0, "T-M1"); n != 2 {
		t.Errorf("Ludii's reading: %d, want 2 (10→15 by 5, 9→15 by 6)\n%s", n, eventsString(evs))
	}
}

func TestT_M5_ShotsAddTen(t *testing.T) {
	for n := 1; n <= 9; n++ { // 2+10 is the own Hucke, 2+11 never a target
		count := 0
		for _, th := range dice.Ordered2() {
			g := load(t, ts, own(ts, 23, map[int]int{2: 1}), opp(ts, 1, map[int]int{2 + n: 1}), [2]int{int(th.A), int(th.B)}, [2]int{})
			g.dice = [2]uint8{max(th.A, th.B), min(th.A, th.B)}
			if g.hitMarks(0, false) > 0 {
				count++
			}
		}
		if want := dice.Shots(n, dice.DoubletsOnce, 0); count != want || (n <= 6 && count != 10+n) {
			t.Errorf("distance %d: %d throws hit, dice.Shots says %d", n, count, want)
		}
	}
}

func TestT_J1_ClosedQuarterMarksEveryThrow(t *testing.T) {
	// Q1 closed, three stones on 16; the play 16/19 keeps it.
	g := load(t, ts, own(ts, 16, map[int]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}), opp(ts, 1, nil), [2]int{2, 1}, [2]int{})
	evs := play(t, g, "16/19")
	if n := sumMarks(evs, 0, "T-J1"); n != 2 {
		t.Errorf("kept: %d\n%s", n, eventsString(evs))
	}
	// The throw that closes it marks 2.
	g = load(t, ts, own(ts, 16, map[int]int{1: 4, 2: 2, 3: 2, 4: 2, 5: 1, 6: 1}), opp(ts, 1, map[int]int{15: 2}), [2]int{4, 5}, [2]int{})
	evs = play(t, g, "1/5 1/6")
	if n := sumMarks(evs, 0, "T-J1"); n != 2 {
		t.Errorf("closing: %d\n%s", n, eventsString(evs))
	}
}

func TestT_J2_OpeningAKeepableJanCostsTwo(t *testing.T) {
	g := load(t, ts, own(ts, 16, map[int]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}), opp(ts, 1, nil), [2]int{2, 1}, [2]int{})
	evs := play(t, g, "1/2 1/3")
	if n := sumMarks(evs, 1, "T-J2"); n != 2 || sumMarks(evs, 0, "T-J1") != 0 {
		t.Errorf("opened although keepable:\n%s", eventsString(evs))
	}
	// Extra stones on 24 cannot move: every play opens Q1, nothing is marked.
	g = load(t, ts, own(ts, 24, map[int]int{1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}), opp(ts, 2, nil), [2]int{2, 1}, [2]int{})
	evs = play(t, g, "1/2 1/3")
	if n := sumMarks(evs, 1, "T-J2"); n != 0 {
		t.Errorf("no play keeps it: %d\n%s", n, eventsString(evs))
	}
}

func TestT_J3_KeptByAnUnplayableNumber(t *testing.T) {
	s0 := own(ts, 24, map[int]int{7: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2})
	s1 := opp(ts, 6, map[int]int{14: 2, 15: 2, 16: 2, 17: 2, 18: 2})
	g := load(t, ts, s0, s1, [2]int{6, 6}, [2]int{})
	wantPlays(t, g, "pass")
	evs := play(t, g, "pass")
	if sumMarks(evs, 1, "T-D7") != 2 || sumMarks(evs, 0, "T-J3") != 2 {
		t.Errorf("kept closed by 6-6 unplayable:\n%s", eventsString(evs))
	}
}

func TestT_B1_BearingOff(t *testing.T) {
	// Bearing off begins as soon as the last stone outside has come home.
	g := load(t, al, own(al, 21, map[int]int{16: 1}), opp(al, 1, nil), [2]int{5, 4}, [2]int{})
	for _, p := range plays(g) {
		if p == "21/off" || p == "21/off 21/off" {
			t.Errorf("bearing off with a stone outside: %q", p)
		}
	}
	if !hasPlay(g, "16/20 20/off") {
		t.Errorf("plays %v", plays(g))
	}
	// A higher number bears off only from the farthest point.
	g = load(t, al, own(al, 25, map[int]int{20: 1, 22: 1}), opp(al, 6, nil), [2]int{6, 4}, [2]int{})
	wantPlays(t, g, "20/24 22/off", "20/off 22/off")
}

func TestT_B2_NoExactBearingOffWhileHeStandsOnHisStart(t *testing.T) {
	// TS: he has his band on his first point, I have a band on my 20
	// (the 5th point); with 6-5 only the 6 bears off, the 5 marks for him.
	g := load(t, ts, own(ts, 25, map[int]int{20: 2}), opp(ts, 1, map[int]int{5: 13}), [2]int{6, 5}, [2]int{})
	wantPlays(t, g, "20/off")
	evs := play(t, g, "20/off")
	if n := sumMarks(evs, 1, "T-D7"); n != 1 {
		t.Errorf("%d\n%s", n, eventsString(evs))
	}
	g = load(t, al, own(al, 25, map[int]int{20: 2}), opp(al, 1, map[int]int{5: 13}), [2]int{6, 5}, [2]int{})
	wantPlays(t, g, "20/off 20/off")
}

// TestT_B2_BlockedExactNumberBesideHisLoneStone pins the contract's
// reading of TS's clause on an uncovered stone (decided 2026-12-07): it
// restates the hit rule, so a blocked exact number gives the opponent his
// point (T-D7) and the thrower nothing. My stones on 19 and 23, his lone
// stone on his first point (my 24) and his band on my 21; 4-2: the 4
// plays 19/23, the 2 bears off nothing exactly (T-B2) and finds no other
// use (21 is his), and no route of the throw reaches his lone stone.
func TestT_B2_BlockedExactNumberBesideHisLoneStone(t *testing.T) {
	g := load(t, ts, own(ts, 25, map[int]int{19: 1, 23: 1}), opp(ts, 12, map[int]int{24: 1, 21: 2}), [2]int{4, 2}, [2]int{})
	wantPlays(t, g, "19/23")
	evs := play(t, g, "19/23")
	if n := sumMarks(evs, 1, "T-D7"); n != 1 {
		t.Errorf("he marks %d for the blocked 2, want 1\n%s", n, eventsString(evs))
	}
	if n := sumMarks(evs, 0, ""); n != 0 {
		t.Errorf("the thrower marks %d, want nothing\n%s", n, eventsString(evs))
	}
	if n := sumMarks(evs, 1, ""); n != 1 {
		t.Errorf("he marks %d in all, want 1\n%s", n, eventsString(evs))
	}
}

func TestT_B3_MarschAndSatz(t *testing.T) {
	// TS: the Marsch won with a doublet wins the Partie outright (Satz).
	g := load(t, ts, own(ts, 25, map[int]int{23: 1}), opp(ts, 6, nil), [2]int{2, 2}, [2]int{3, 0})
	evs := play(t, g, "23/off")
	if sumMarks(evs, 0, "T-B3") != 2 || g.ToMove() != brettspiel.Terminal || g.Strokes() != [2]int{4, 0} {
		t.Errorf("Satz: to move %v, strokes %v\n%s", g.ToMove(), g.Strokes(), eventsString(evs))
	}
	// Without a doublet, or without the Satz rule, the Marsch marks 2 only.
	for _, o := range []Options{ts, al} {
		dice := [2]int{3, 2}
		if o == al {
			dice = [2]int{2, 2}
		}
		g = load(t, o, own(o, 25, map[int]int{23: 1}), opp(o, 6, nil), dice, [2]int{3, 0})
		evs = play(t, g, "23/off")
		if sumMarks(evs, 0, "T-B3") != 2 || g.marks[0] != 5 || g.ToMove() != brettspiel.Chance {
			t.Errorf("Marsch: marks %v, to move %v\n%s", g.Marks(), g.ToMove(), eventsString(evs))
		}
	}
}

func TestT_B4_NewMarschFromTheSetup(t *testing.T) {
	for _, o := range []Options{ts, td} {
		g := load(t, o, own(o, 25, map[int]int{23: 1}), opp(o, 6, nil), [2]int{3, 2}, [2]int{0, 7})
		evs := play(t, g, "23/off")
		fresh, _ := New(o)
		if g.sides != fresh.sides || g.Marks() != [2]int{2, 7} || g.ToMove() != brettspiel.Chance || g.turn != 0 {
			t.Errorf("after the Marsch: %v\n%s", g, eventsString(evs))
		}
		if evs[len(evs)-1].Kind != EventSetup || evs[len(evs)-1].Rule != "T-B4" {
			t.Errorf("events:\n%s", eventsString(evs))
		}
	}
}

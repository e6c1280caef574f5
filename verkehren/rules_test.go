package verkehren

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
)

// B-3 as Verkehren uses it: A's point 1 is B's point 13 and B's 1 is A's 13.
func TestV_S1_Setup(t *testing.T) {
	g, err := New(VK())
	if err != nil {
		t.Fatal(err)
	}
	for p := brettspiel.Player(0); p < 2; p++ {
		if g.Count(p, 1) != 15 {
			t.Errorf("%v has %d stones on his point 1, want 15", p, g.Count(p, 1))
		}
	}
	if o(1) != 13 || o(13) != 1 || o(12) != 24 || o(24) != 12 {
		t.Errorf("track conversion: o(1)=%d o(13)=%d o(12)=%d o(24)=%d", o(1), o(13), o(12), o(24))
	}
	// both houses: player 0's house is absolute 1, player 1's absolute 13
	abs := g.b.AbsoluteCounts()
	if abs[1] != 15 || abs[13] != -15 {
		t.Errorf("absolute counts: point 1 %d, point 13 %d", abs[1], abs[13])
	}
}

func TestV_S1_DrawForTheStart(t *testing.T) {
	g, _ := New(VK())
	if g.ToMove() != brettspiel.Chance || g.Turn() != brettspiel.Nobody {
		t.Fatalf("a new game starts with the draw: ToMove %v, Turn %v", g.ToMove(), g.Turn())
	}
	throwDice(t, g, "4-2") // player 0: 6
	throwDice(t, g, "3-3") // player 1: 6 — equal: again
	if g.Turn() != brettspiel.Nobody || g.ToMove() != brettspiel.Chance {
		t.Fatalf("equal totals must repeat the draw; Turn %v", g.Turn())
	}
	throwDice(t, g, "5-6") // player 0: 11
	throwDice(t, g, "2-1") // player 1: 3
	if g.Turn() != 0 || g.ToMove() != brettspiel.Chance {
		t.Fatalf("the higher total (player 0) begins and throws anew; Turn %v ToMove %v", g.Turn(), g.ToMove())
	}
	throwDice(t, g, "2-1")
	if g.ToMove() != 0 {
		t.Fatalf("player 0 plays his new throw; ToMove %v", g.ToMove())
	}

	h, _ := New(VK())
	throwDice(t, h, "1-1")
	throwDice(t, h, "6-6")
	if h.Turn() != 1 {
		t.Errorf("player 1 threw higher and begins; Turn %v", h.Turn())
	}

	f, _ := New(Options{FirstPlayer: brettspiel.Starts(1)})
	if f.Turn() != 1 || f.ToMove() != brettspiel.Chance {
		t.Errorf("FirstPlayer: seat 1 throws first; Turn %v", f.Turn())
	}
	throwDice(t, f, "6-5")
	if f.ToMove() != 1 {
		t.Errorf("FirstPlayer: seat 1 plays; ToMove %v", f.ToMove())
	}
}

func stepsOf(pay uint64) int {
	n := 0
	for i := 0; i < maxSteps; i++ {
		if _, _, _, ok := stepAt(pay, i); ok {
			n++
		}
	}
	return n
}

func TestV_D1_DoubletsPlayedFourTimes(t *testing.T) {
	g, _ := New(Options{FirstPlayer: brettspiel.Starts(0)})
	throwDice(t, g, "2-2")
	for _, m := range g.LegalMoves() {
		if p := m.Payload(); p != concedePayload && stepsOf(p) != 4 {
			t.Errorf("2-2 from the start: %s plays %d numbers, want 4", g.MoveString(m), stepsOf(p))
		}
	}
	play(t, g, "1/3 3/5 5/7 7/9")
	if g.Count(0, 9) != 1 || g.Count(0, 1) != 14 {
		t.Errorf("after 1/3 3/5 5/7 7/9: %v", sideMap(&g.b.Sides[0]))
	}
	// a mixed throw is played once each
	h, _ := New(Options{FirstPlayer: brettspiel.Starts(0)})
	throwDice(t, h, "5-3")
	for _, m := range h.LegalMoves() {
		if p := m.Payload(); p != concedePayload && stepsOf(p) != 2 {
			t.Errorf("5-3: %s plays %d numbers, want 2", h.MoveString(m), stepsOf(p))
		}
	}
}

// VK I: a stone set on the seventh point, then two sixes cannot be played: the
// own blot closes 7 (V-B1) and the opponent's house closes 13 (V-B2).
func TestVK_SixSixCannotBePlayed(t *testing.T) {
	g := at(t, VK(), 6, 6, map[int]int{1: 14, 7: 1}, map[int]int{1: 15})
	if got := plays(g); !reflect.DeepEqual(got, []string{"pass", "concede"}) {
		t.Errorf("6-6 with a stone on 7: plays %q, want only the pass (and conceding)", got)
	}
}

func TestV_D2_AsManyNumbersAsPossible(t *testing.T) {
	// one stone on 13; 18 and 19 open, 24 closed: either number alone
	me := map[int]int{13: 1}
	opp := map[int]int{o(24): 2, o(8): 13}
	g := at(t, VK(), 6, 5, me, opp)
	if got := plays(g); !reflect.DeepEqual(got, []string{"13/18", "13/19", "concede"}) {
		t.Errorf("only one number playable: %q, want either 13/18 or 13/19", got)
	}
	h := at(t, Options{HigherDie: true}, 6, 5, me, opp)
	if got := plays(h); !reflect.DeepEqual(got, []string{"13/19", "concede"}) {
		t.Errorf("higher-die option: %q, want 13/19 only", got)
	}
	refused(t, h, "13/18", brettspiel.ErrIllegalMove, "higher")
	// both numbers playable: every play uses both
	k := at(t, VK(), 6, 5, map[int]int{13: 1, 14: 1}, opp)
	for _, m := range k.LegalMoves() {
		if p := m.Payload(); p != concedePayload && stepsOf(p) != 2 {
			t.Errorf("both playable, but %s plays %d", k.MoveString(m), stepsOf(p))
		}
	}
	refused(t, k, "13/19", brettspiel.ErrIllegalMove, "V-D2")
}

func TestV_B1_NoBandOnOpponentSide(t *testing.T) {
	// VK: stones on 3 and 4; 2-1: 4/6 then 3/4 is legal, 3/4 first is not
	me := map[int]int{1: 10, 3: 1, 4: 1, 13: 3}
	opp := map[int]int{22: 1}
	g := at(t, VK(), 2, 1, me, opp)
	// 4/6 3/4 gives the same position as 3/5 5/6, which represents it
	if m, err := g.ParseMove("4/6 3/4"); err != nil || g.MoveString(m) != "3/5 5/6" {
		t.Errorf("4/6 3/4 must be legal (as 3/5 5/6): %v %v", g.MoveString(m), err)
	}
	refused(t, g, "3/4 4/6", brettspiel.ErrIllegalMove, "V-B1", "point 4")
	// a stone may not touch down on an own blot in a combined move: 1/3 3/4
	// touches 3, 1/2 2/4 lands on 4
	refused(t, g, "1/3 3/4", brettspiel.ErrIllegalMove, "V-B1")
	for _, r := range results(g) {
		for p := 2; p <= 11; p++ {
			if r[p] > 1 {
				t.Errorf("a play makes a Band on %d: %v", p, r)
			}
		}
	}
	// house and Hucke hold any number
	h := at(t, VK(), 6, 5, map[int]int{1: 10, 6: 1, 7: 1, 12: 2, 13: 1}, opp)
	if !hasPlay(h, "6/12 7/12") {
		t.Errorf("the Hucke holds any number under VK: %q", plays(h))
	}
	// Cotton: no Band on 12 either
	c := at(t, Cotton(), 6, 5, map[int]int{1: 10, 6: 1, 7: 1, 12: 1, 13: 2}, opp)
	for _, s := range plays(c) {
		if r := results(c); len(r) == 0 {
			t.Fatal("no plays")
		}
		_ = s
	}
	for _, r := range results(c) {
		if r[12] > 1 {
			t.Errorf("Cotton: a Band on the Hucke: %v", r)
		}
	}
	if cv := at(t, VK(), 6, 5, map[int]int{1: 10, 6: 1, 7: 1, 12: 1, 13: 2}, opp); !hasPlay(cv, "6/12 7/12") {
		t.Errorf("VK: 6/12 7/12 makes a Band on the Hucke legally: %q", plays(cv))
	}
	// Fiske: no Band on 2–11 until a stone has reached 12
	fm := map[int]int{1: 11, 3: 1, 5: 1, 7: 1, 9: 1}
	f := at(t, Fiske(), 2, 1, fm, opp)
	refused(t, f, "3/5 1/2", brettspiel.ErrIllegalMove, "until a stone has reached 12")
	fm2 := map[int]int{1: 10, 3: 1, 5: 1, 7: 1, 9: 1, 12: 1}
	f2 := at(t, Fiske(), 2, 1, fm2, opp)
	if !hasPlay(f2, "1/2 3/5") && !hasPlay(f2, "3/5 1/2") {
		t.Errorf("Fiske: with a stone on 12, Bands on 2–11 are allowed: %q", plays(f2))
	}
	if v := at(t, VK(), 2, 1, fm2, opp); hasPlay(v, "1/2 3/5") || hasPlay(v, "3/5 1/2") {
		t.Errorf("VK: no Band on 5 even with a stone on 12")
	}
}

func TestV_B2_ClosedPointsAndTheOpponentsHouse(t *testing.T) {
	// VK II: 1-1 cannot carry stones from the Hucke onto the opponent's house
	me := map[int]int{1: 10, 12: 2, 3: 1, 5: 1, 7: 1}
	opp := map[int]int{1: 2, 21: 13}
	g := at(t, VK(), 1, 1, me, opp)
	for _, m := range g.LegalMoves() {
		for i := 0; i < maxSteps; i++ {
			if from, _, _, ok := stepAt(m.Payload(), i); ok && from == hucke {
				t.Errorf("1-1 moves a stone from the Hucke onto the opponent's house: %s", g.MoveString(m))
			}
		}
	}
	refused(t, g, "12/13 12/13 3/4 5/6", brettspiel.ErrIllegalMove, "V-B2", "point 13")
	// a point with two opponent stones is closed anywhere
	h := at(t, VK(), 4, 4, map[int]int{1: 14, 9: 1}, map[int]int{o(13): 2, o(5): 2, 22: 11})
	for _, s := range plays(h) {
		if s != "pass" && s != "concede" {
			t.Errorf("4-4 with 5 and 13 closed: %q should be impossible", s)
		}
	}
	// the opponent's house with one stone left is a blot (fine point)
	k := at(t, VK(), 1, 1, map[int]int{1: 12, 12: 3}, map[int]int{1: 1, 22: 14})
	if !hasPlay(k, "12/13* 12/13 12/13 13/14") && !hasPlay(k, "12/13* 12/13 13/14 13/14") {
		found := false
		for _, s := range plays(k) {
			if len(s) > 6 && s[:7] == "12/13* " {
				found = true
			}
		}
		if !found {
			t.Errorf("one opponent stone in his house is hit like a blot: %q", plays(k))
		}
	}
}

func TestV_O1_FiveBlots(t *testing.T) {
	opp := map[int]int{22: 1}
	// house 11: four stones have left; no Band anywhere outside the house
	g := at(t, VK(), 5, 2, map[int]int{1: 11, 3: 1, 5: 1, 7: 1, 12: 1}, opp)
	refused(t, g, "7/12 1/3", brettspiel.ErrIllegalMove, "V-O1")
	for _, r := range results(g) {
		for p := 2; p <= 24; p++ {
			if r[p] > 1 {
				t.Errorf("five blots: a Band on %d with 11 in the house: %v", p, r)
			}
		}
	}
	// house 10: five have left (the waiting and borne-off ones count too)
	h := at(t, VK(), 5, 1, map[int]int{1: 10, 3: 1, 5: 1, 7: 1, 12: 1, 13: 1}, opp)
	if !hasPlay(h, "7/12 13/14") {
		t.Errorf("five blots: a Band on 12 with 10 in the house: %q", plays(h))
	}
	// the stones that have left are counted before each single move: a stone
	// that leaves the house with the first number counts for the second
	k := at(t, VK(), 6, 5, map[int]int{1: 11, 3: 1, 5: 1, 9: 1, 12: 1}, opp)
	if m, err := k.ParseMove("1/7 7/12"); err != nil || k.MoveString(m) != "1/6 6/12" {
		t.Errorf("1/7 7/12 (house 10 when the Band is made) must be legal: %v %v", k.MoveString(m), err)
	}
	// with Fiske's reading (Bands on 2–11 allowed once a stone reached 12)
	// the house count alone forbids them
	k2 := at(t, Fiske(), 6, 2, map[int]int{1: 11, 3: 1, 5: 1, 7: 1, 12: 1}, opp)
	refused(t, k2, "1/7 12/14", brettspiel.ErrIllegalMove, "V-O1")
	refused(t, k2, "3/5 1/7", brettspiel.ErrIllegalMove, "V-O1")
	for _, r := range results(k2) {
		for p := 2; p <= 24; p++ {
			if r[p] > 1 {
				t.Errorf("five blots: a Band on %d: %v", p, r)
			}
		}
	}
}

func TestV_O1_BandLimit(t *testing.T) {
	opp := map[int]int{22: 1}
	me := map[int]int{1: 3, 13: 2, 14: 2, 15: 2, 16: 2, 17: 2, 18: 1, 20: 1}
	g := at(t, VKBandLimit(), 2, 1, me, opp)
	refused(t, g, "18/20 20/21", brettspiel.ErrIllegalMove, "more than 5 Bände", "V-O1")
	for _, r := range results(g) {
		n := 0
		for p := 2; p <= 24; p++ {
			if r[p] > 1 {
				n++
			}
		}
		if n > 5 {
			t.Errorf("band limit 5: %d Bände after a play: %v", n, r)
		}
	}
	// moving a stone from a two-stone Band onto a blot keeps the number
	if !hasPlay(g, "16/18 17/18") && !hasPlay(g, "17/18 16/18") && !hasPlay(g, "16/18 18/19") {
		ok := false
		for _, r := range results(g) {
			if r[18] == 2 && r[16] == 1 {
				ok = true
			}
		}
		if !ok {
			t.Errorf("breaking a Band to make one must be legal: %q", plays(g))
		}
	}
	// band limit 6 allows the sixth
	h := at(t, Options{Opening: BandLimit, BandLimit: 6}, 2, 1, me, opp)
	if !hasPlay(h, "18/20 20/21") && !hasPlay(h, "1/2 18/20") {
		t.Errorf("band limit 6: a sixth Band is legal: %q", plays(h))
	}
	// no five-blots rule under the band limit: a Band from a full house
	k := at(t, VKBandLimit(), 6, 6, map[int]int{1: 15}, map[int]int{1: 15})
	if !hasPlay(k, "1/7 7/13 7/13 1/7") && len(results(k)) == 0 {
		t.Errorf("band limit: no plays from the start with 6-6")
	}
}

func TestV_H1_HitSendsOffTheBoard(t *testing.T) {
	g := at(t, VK(), 3, 1, map[int]int{1: 13, 13: 1, 14: 1}, map[int]int{o(16): 1, 22: 14})
	play(t, g, "13/16* 1/2")
	if g.b.Sides[1][bar] != 1 || g.b.Sides[1][o(16)] != 0 || g.Count(0, 16) != 1 {
		t.Errorf("after the hit: opponent bar %d, on 16 %d", g.b.Sides[1][bar], g.b.Sides[1][o(16)])
	}
	hits := eventsOf(g, brettspiel.EventHit)
	if len(hits) != 1 || hits[0].Rule != "V-H1" || hits[0].To != 16 || hits[0].Other != 1 || hits[0].Number != 3 {
		t.Errorf("hit events: %v", hits)
	}
}

func TestV_E1_EnterFirst(t *testing.T) {
	g := at(t, VK(), 4, 2, map[int]int{0: 1, 1: 10, 13: 2, 15: 2}, map[int]int{22: 1})
	for _, m := range g.LegalMoves() {
		if from, _, _, ok := stepAt(m.Payload(), 0); ok && from != bar {
			t.Errorf("a play moves a stone before entering: %s", g.MoveString(m))
		}
	}
	refused(t, g, "13/17 bar/2", brettspiel.ErrIllegalMove, "V-E1")
	// the die d enters on point d; then the other number moves any stone
	if !hasPlay(g, "bar/2 13/17") || !hasPlay(g, "bar/4 1/3") || !hasPlay(g, "bar/2 2/6") {
		t.Errorf("entering then moving: %q", plays(g))
	}
	play(t, g, "bar/2 2/6")
	if e := eventsOf(g, brettspiel.EventEnter); len(e) != 1 || e[0].To != 2 || e[0].Rule != "V-E1" {
		t.Errorf("enter events %v", e)
	}
}

func TestV_E2_ClosedEntryPoints(t *testing.T) {
	// VK IV: one opponent stone on my house: a 1 cannot enter, a 2 can
	g := at(t, VK(), 2, 1, map[int]int{0: 1, 15: 3, 13: 11}, map[int]int{o(1): 1, 22: 14})
	for _, s := range plays(g) {
		if len(s) >= 5 && s[:5] == "bar/1" {
			t.Errorf("entered on the house while an opponent stone stands on it: %s", s)
		}
	}
	if !hasPlay(g, "bar/2 2/3") && !hasPlay(g, "bar/2 13/14") {
		t.Errorf("the 2 enters: %q", plays(g))
	}
	refused(t, g, "bar/1 13/15", brettspiel.ErrIllegalMove, "V-E2")
	// two opponent stones close a point; an own stone closes 2–6
	h := at(t, VK(), 3, 2, map[int]int{0: 1, 1: 3, 2: 1, 13: 10}, map[int]int{o(3): 2, 22: 13})
	if got := plays(h); !reflect.DeepEqual(got, []string{"pass"}) {
		t.Errorf("entry points 2 (own blot) and 3 (opponent Band) closed: %q", got)
	}
	if h.OpenEntries(0) != 4 || h.Junker(0) {
		t.Errorf("open entries %d, junker %v", h.OpenEntries(0), h.Junker(0))
	}
}

func TestV_E3_CompulsoryHitWhileEntering(t *testing.T) {
	me := map[int]int{0: 1, 1: 3, 13: 11}
	opp := map[int]int{o(3): 1, 22: 14}
	g := at(t, VK(), 5, 3, me, opp)
	for _, s := range plays(g) {
		if s != "concede" && s[:6] != "bar/3*" {
			t.Errorf("entering must hit when it can, even to one's harm: %s", s)
		}
	}
	refused(t, g, "bar/5 13/16", brettspiel.ErrIllegalMove, "V-E3")
	play(t, g, "bar/3* 3/8")
	if e := eventsOf(g, brettspiel.EventHit); len(e) != 1 || e[0].Rule != "V-E3" {
		t.Errorf("hit event while entering: %v", e)
	}
	// two stones to enter, two blots: both entries hit
	k := at(t, VK(), 5, 3, map[int]int{0: 2, 1: 3, 13: 10}, map[int]int{o(3): 1, o(5): 1, 22: 13})
	if got := plays(k); !reflect.DeepEqual(got, []string{"bar/3* bar/5*"}) {
		t.Errorf("two entries, two hits: %q", got)
	}
	// hits by stones already on the board are not compulsory
	n := at(t, VK(), 5, 3, map[int]int{1: 3, 13: 12}, map[int]int{o(16): 1, 22: 14})
	if !hasPlay(n, "13/18 18/21") && !hasPlay(n, "13/18 13/16*") {
		t.Errorf("plays: %q", plays(n))
	}
	if !slices.ContainsFunc(plays(n), func(s string) bool { return s == "1/4 1/6" || s == "1/6 13/16*" || s == "1/4 13/18" }) {
		t.Errorf("a play without a hit must be allowed when not entering: %q", plays(n))
	}
}

func TestV_J1_Junker(t *testing.T) {
	// VK III: three Bände on my entry points 2–4, my own blots on 5 and 6,
	// the house held by an opponent stone: two stones off the board, no open
	// point
	me := map[int]int{0: 2, 5: 1, 6: 1, 13: 11}
	opp := map[int]int{o(1): 1, o(2): 2, o(3): 2, o(4): 2, 22: 8}
	g := at(t, VK(), 0, 0, me, opp)
	if !g.Junker(0) || g.OpenEntries(0) != 0 {
		t.Fatalf("junker %v, open %d", g.Junker(0), g.OpenEntries(0))
	}
	// with one stone off the board and one open point he is no Junker
	me2 := map[int]int{0: 2, 13: 13}
	opp2 := map[int]int{o(1): 2, o(2): 2, o(3): 2, o(4): 2, o(5): 2, 22: 5}
	h := at(t, VK(), 6, 6, me2, opp2)
	if !h.Junker(0) {
		t.Fatalf("two off the board, one open point: Junker")
	}
	// the 6 is open, yet nothing may enter (VK IV)
	if got := plays(h); !reflect.DeepEqual(got, []string{"pass"}) {
		t.Errorf("a Junker plays nothing: %q", got)
	}
	k := at(t, VK(), 0, 0, me2, opp2)
	throwDice(t, k, "6-6")
	if e := eventsOf(k, EventJunker); len(e) != 1 || e[0].Amount != 2 || e[0].Number != 1 || e[0].Rule != "V-J1" {
		t.Errorf("junker event at the throw: %v", k.Events())
	}
	play(t, k, "pass")
	if e := eventsOf(k, brettspiel.EventPass); len(e) != 1 || e[0].Rule != "V-J1" {
		t.Errorf("pass event: %v", k.Events())
	}
	// one off the board, one open point: enters
	me3 := map[int]int{0: 1, 13: 14}
	n := at(t, VK(), 6, 6, me3, opp2)
	if n.Junker(0) || !hasPlay(n, "bar/6 6/12 12/18 18/24") {
		t.Errorf("one off, one open: %v %q", n.Junker(0), plays(n))
	}
}

func TestV_W1_SingleGame(t *testing.T) {
	g := at(t, VK(), 6, 5, map[int]int{23: 1, 24: 1}, map[int]int{22: 15})
	play(t, g, "23/off 24/off")
	if g.ToMove() != brettspiel.Terminal || g.Ending() != SingleGame || winnerOf(g) != 0 {
		t.Fatalf("ending %v, winner %v", g.Ending(), winnerOf(g))
	}
	if r := g.Returns(); !reflect.DeepEqual(r, []int{1, -1}) {
		t.Errorf("returns %v", r)
	}
	if e := eventsOf(g, brettspiel.EventEnd); len(e) != 1 || e[0].Rule != "V-W1" || e[0].Amount != 1 {
		t.Errorf("end event %v", e)
	}
	if n := len(eventsOf(g, brettspiel.EventBearOff)); n != 2 {
		t.Errorf("%d bear-off events", n)
	}
}

func TestV_W2_Conceding(t *testing.T) {
	g := at(t, VK(), 3, 1, map[int]int{1: 10, 3: 1, 5: 1, 13: 1, 15: 1, 17: 1}, map[int]int{22: 1})
	if !g.CanConcede(0) || !hasPlay(g, "concede") {
		t.Fatalf("no Band on 13–24: conceding is a legal move: %q", plays(g))
	}
	legal := g.LegalMoves()
	if legal[len(legal)-1].Payload() != concedePayload {
		t.Errorf("concede must sort last")
	}
	for i, m := range legal {
		if got, want := g.Concedes(m), i == len(legal)-1; got != want {
			t.Errorf("Concedes(%s) = %v, want %v", g.MoveString(m), got, want)
		}
	}
	play(t, g, "concede")
	if g.Ending() != Conceded || winnerOf(g) != 1 || !reflect.DeepEqual(g.Returns(), []int{-1, 1}) {
		t.Errorf("after conceding: %v, winner %v, %v", g.Ending(), winnerOf(g), g.Returns())
	}
	if e := eventsOf(g, EventConcede); len(e) != 1 || e[0].Rule != "V-W2" {
		t.Errorf("concede events %v", g.Events())
	}
	// a Band on his own side: he must play it out
	h := at(t, VK(), 3, 1, map[int]int{1: 10, 3: 1, 5: 1, 13: 2, 17: 1}, map[int]int{22: 1})
	if h.CanConcede(0) || hasPlay(h, "concede") {
		t.Errorf("a Band on 13: conceding is not allowed")
	}
	refused(t, h, "concede", brettspiel.ErrIllegalMove, "V-W2")
	// conceding is offered also when nothing can be played
	k := at(t, VK(), 6, 6, map[int]int{1: 14, 7: 1}, map[int]int{1: 15})
	if got := plays(k); !reflect.DeepEqual(got, []string{"pass", "concede"}) {
		t.Errorf("pass and concede: %q", got)
	}
}

func TestV_W3a_DoubleByJunker(t *testing.T) {
	// player 1 has own blots on his 2–6 (my 14–18), a blot on his 9 (my 21);
	// my single stone on his house (my 13) closes it to him. I hit the blot on
	// 21: he is Junker, and no Band of mine stands on his points 1–6: he has
	// lost double (V-W3 a).
	opp := map[int]int{2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 9: 1, 14: 9}
	me := map[int]int{13: 1, 20: 2, 22: 2, 23: 2, 12: 8}
	g := at(t, VK(), 2, 1, me, opp)
	if g.Junker(1) {
		t.Fatalf("player 1 is Junker already")
	}
	play(t, g, "20/21* 22/24")
	if g.Ending() != DoubleJunker || winnerOf(g) != 0 || !reflect.DeepEqual(g.Returns(), []int{2, -2}) {
		t.Fatalf("ending %v winner %v returns %v\n%s", g.Ending(), winnerOf(g), g.Returns(), g)
	}
	if e := eventsOf(g, brettspiel.EventEnd); len(e) != 1 || e[0].Rule != "V-W3" || e[0].Amount != 2 {
		t.Errorf("end events %v", e)
	}
	// the same with my Band on his house: he is Junker, but not lost (VK:
	// "mit allen seinen Bänden aus des Cajus Einwurf-Ort fortgerückt")
	h := at(t, VK(), 2, 1, map[int]int{13: 2, 20: 2, 22: 2, 23: 2, 12: 7}, opp)
	play(t, h, "20/21* 22/24")
	if h.Ending() != NotEnded || !h.Junker(1) {
		t.Errorf("with my Band on his point 1 he is Junker but not lost: %v %v", h.Ending(), h.Junker(1))
	}
	// and he passes his turn as a Junker
	throwDice(t, h, "6-5")
	if got := plays(h); !reflect.DeepEqual(got, []string{"pass"}) {
		t.Errorf("Junker's plays %q", got)
	}
}

func TestV_W3b_DoubleBySixOffTheBoard(t *testing.T) {
	// five off the board, my Bände on his 2 and 3: one more hit makes six
	opp := map[int]int{0: 5, 7: 1, 13: 9}
	me := map[int]int{14: 2, 15: 2, 13: 9, 16: 2}
	g := at(t, VK(), 3, 1, me, opp)
	if g.Ending() != NotEnded {
		t.Fatal("over already")
	}
	play(t, g, "16/19* 13/14")
	if g.Ending() != DoubleSixOff || winnerOf(g) != 0 || !reflect.DeepEqual(g.Returns(), []int{2, -2}) {
		t.Fatalf("six off the board and Junker: ending %v winner %v\n%s", g.Ending(), winnerOf(g), g)
	}
	// six off the board with all six entry points open is no Junker and no loss
	vk := VK()
	if d := vk.doubleLoss(&board.Side{0: 6, 13: 9}, &board.Side{22: 15}); d != NotEnded {
		t.Errorf("six off, all open: %v", d)
	}
}

func TestV_W3c_DoubleByAllOnPoint24(t *testing.T) {
	g := at(t, VK(), 2, 1, map[int]int{22: 1, 23: 1, 24: 13}, map[int]int{1: 15})
	play(t, g, "22/24 23/24")
	if g.Ending() != DoublePoint24 || winnerOf(g) != 0 || !reflect.DeepEqual(g.Returns(), []int{2, -2}) {
		t.Fatalf("all fifteen on 24: %v %v", g.Ending(), winnerOf(g))
	}
	if e := eventsOf(g, brettspiel.EventEnd); len(e) != 1 || e[0].Rule != "V-W3" || e[0].Note != DoublePoint24.String() {
		t.Errorf("end events %v", e)
	}
	// with a stone borne off before it does not count
	h := at(t, VK(), 2, 1, map[int]int{22: 1, 23: 1, 24: 12}, map[int]int{1: 15})
	play(t, h, "22/24 23/24")
	if h.Ending() != NotEnded {
		t.Errorf("a stone was borne off before: %v", h.Ending())
	}
	// the throw must fit exactly (VK: "weder einen mehr, noch weniger"): with
	// 1-1 the numbers left over must bear off
	k := at(t, VK(), 1, 1, map[int]int{23: 2, 24: 13}, map[int]int{1: 15})
	for _, r := range results(k) {
		if r[24] == 15 {
			t.Errorf("1-1 brought all fifteen to 24: %v", r)
		}
	}
}

func TestV_W3_JudgedForBothPlayers(t *testing.T) {
	// a position in which a double game has arisen cannot be loaded: the game
	// ended after the turn that made it
	_, err := FromPosition(VK(), Position{Stones: [2][26]int{
		{13: 1, 20: 2, 12: 12},
		{0: 2, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 13: 8},
	}})
	if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), "double") {
		t.Errorf("a position in which a double game has arisen loads: %v", err)
	}
}

func TestV_F1_BearingOff(t *testing.T) {
	// not all stones home: no bearing off
	g := at(t, VK(), 6, 5, map[int]int{18: 1, 20: 1, 24: 1}, map[int]int{1: 15})
	for _, s := range plays(g) {
		if s == "24/off 18/23" || s == "20/off 18/24" {
			t.Errorf("bore off with a stone on 18: %s", s)
		}
	}
	refused(t, g, "24/off 18/23", brettspiel.ErrIllegalMove, "V-F1")
	// bearing off may begin in the middle of a throw
	if !hasPlay(g, "18/24 20/off") && !hasPlay(g, "18/23 24/off") {
		t.Errorf("bearing off after the first number brought the last stone home: %q", plays(g))
	}
	// a stone off the board stops it
	h := at(t, VK(), 6, 5, map[int]int{0: 1, 20: 2}, map[int]int{1: 15})
	for _, s := range plays(h) {
		if s == "bar/6 20/off" {
			t.Errorf("bore off while a stone is still to enter")
		}
	}
}

// vkBearOff runs VK's bearing-off examples (section VII) as rules/rules.md writes
// them: positions with all other stones borne off.
func TestVK_BearingOffExamples(t *testing.T) {
	opp := map[int]int{1: 15}
	type pos = map[int]int
	cases := []struct {
		name   string
		me     pos
		d1, d2 int
		want   []pos // every resulting position of the legal plays, in any order; nil: check only with
		with   []pos // resulting positions that must be among them
	}{
		{"bands on 19 and 20, 6-5: one off from each", pos{19: 2, 20: 2}, 6, 5, nil, []pos{{19: 1, 20: 1}}},
		{"bands on 19 and 20, 6-6: all four", pos{19: 2, 20: 2}, 6, 6, []pos{{}}, nil},
		{"four on 24 with stones behind, 1-1: the four go off", pos{19: 1, 20: 1, 21: 2, 22: 3, 23: 4, 24: 4}, 1, 1, nil, []pos{{19: 1, 20: 1, 21: 2, 22: 3, 23: 4}}},
		{"four on 23 alone, 2-2: all four", pos{23: 4}, 2, 2, []pos{{}}, nil},
		{"four on 23 alone, 3-3: all four", pos{23: 4}, 3, 3, []pos{{}}, nil},
		{"four on 23 alone, 4-4: all four", pos{23: 4}, 4, 4, []pos{{}}, nil},
		{"four on 23 alone, 6-6: all four", pos{23: 4}, 6, 6, []pos{{}}, nil},
		{"four on 23 alone, 1-1: all four to 24", pos{23: 4}, 1, 1, nil, []pos{{24: 4}}},
		{"four on 19, 6-6: all four", pos{19: 4}, 6, 6, []pos{{}}, nil},
		{"a band on 19 alone, 6-5: one off, the other to 24", pos{19: 2}, 6, 5, []pos{{24: 1}}, nil},
		{"a band on 19 and a stone on 20, 6-5: the 5 bears the 20 off", pos{19: 2, 20: 1}, 6, 5, nil, []pos{{19: 1}}},
		{"three on 19, two on 20, 6-6: four off, a blot on 20", pos{19: 3, 20: 2}, 6, 6, []pos{{20: 1}}, nil},
		{"21:3 22:2 23:2 24:2, 6-5: two from 21", pos{21: 3, 22: 2, 23: 2, 24: 2}, 6, 5, []pos{{21: 1, 22: 2, 23: 2, 24: 2}}, nil},
		{"21:3 22:2 23:2 24:2, 6-6: three from 21, one from 22", pos{21: 3, 22: 2, 23: 2, 24: 2}, 6, 6, []pos{{22: 1, 23: 2, 24: 2}}, nil},
		{"21:3 22:2 23:2 24:2, 5-5: three from 21, one from 22", pos{21: 3, 22: 2, 23: 2, 24: 2}, 5, 5, []pos{{22: 1, 23: 2, 24: 2}}, nil},
		{"bands on 23 and 24, 2-2: all four", pos{23: 2, 24: 2}, 2, 2, []pos{{}}, nil},
		{"bands on 23 and 24, 5-5: all four", pos{23: 2, 24: 2}, 5, 5, []pos{{}}, nil},
		{"bands on 23 and 24, 2-1: one from each, or one to 24 and one off", pos{23: 2, 24: 2}, 2, 1, []pos{{23: 1, 24: 1}, {24: 3}}, nil},
		{"band on 21 and on 24, 6-1: one from each, or one off and the other moved (VK)", pos{21: 2, 24: 2}, 6, 1, []pos{{21: 1, 24: 1}, {22: 1, 24: 2}}, nil},
		{"band on 21 and on 24, 6-6: all four (VK)", pos{21: 2, 24: 2}, 6, 6, []pos{{}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := at(t, VK(), c.d1, c.d2, c.me, opp)
			got := results(g)
			if c.want != nil && !samePositions(got, c.want) {
				t.Errorf("results %v, want %v (plays %q)", got, c.want, plays(g))
			}
			for _, w := range c.with {
				if !slices.ContainsFunc(got, func(r map[int]int) bool { return reflect.DeepEqual(r, w) }) {
					t.Errorf("results %v lack %v (plays %q)", got, w, plays(g))
				}
			}
		})
	}
}

func samePositions(a, b []map[int]int) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.ContainsFunc(b, func(y map[int]int) bool { return reflect.DeepEqual(x, y) }) {
			return false
		}
	}
	return true
}

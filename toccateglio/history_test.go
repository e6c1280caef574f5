package toccateglio

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// wantIDRefused fails t unless ParseID refuses id with ErrBadPosition and a
// reason that says reason.
func wantIDRefused(t *testing.T, id, reason string) {
	t.Helper()
	g, err := ParseID(id)
	var e *brettspiel.Error
	if g != nil || !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(e.Reason, reason) {
		t.Errorf("ParseID(%s) = %v; want ErrBadPosition saying %q", id, err, reason)
	}
}

// playUntil plays a seeded random match under o until done says stop, and
// returns the game there.
func playUntil(t *testing.T, o Options, seed uint64, done func(g *Game) bool) *Game {
	t.Helper()
	g := gametest.New(t, New, o)
	r := rand.New(rand.NewPCG(seed, 14))
	for !done(g) {
		if g.ToMove() == brettspiel.Terminal {
			t.Fatalf("the match ended before the state looked for")
		}
		gametest.ApplyStep(t, g, r, brettspiel.RandomPolicy)
	}
	return g
}

// The winner of a Partie had at most 11 marks before the step that won it,
// and no step of a turn (T-W1) adds more than maxMarksAtOnce: 127 marks, as
// in the hardening report's ID, cannot arise; 11 + 52 is the most.
func TestT_W1_MarksOfTheWinner(t *testing.T) {
	wantIDRefused(t, "toccateglio:1:AAAAAAGIJwUAAAAAAAAAAAABfwQAAAIPAg_UjQ", "won the Partie with 127 marks")

	g := playUntil(t, Options{}, 1, func(g *Game) bool { return g.ToMove() == brettspiel.Terminal })
	w := g.turn
	if g.marks[w] < 12 && g.marks[1-w] > 11 {
		t.Fatalf("no winner at the end: marks %v", g.marks)
	}
	g.marks[w] = 11 + maxMarksAtOnce
	if _, err := ParseID(g.ID()); err != nil {
		t.Errorf("the winner at %d marks: %v", g.marks[w], err)
	}
	g.marks[w]++
	wantIDRefused(t, g.ID(), "no step adds more than 52")
}

// Hit marks in random matches of every preset never exceed maxMarksAtOnce
// (T-M1, T-M2, T-M3), and the hit marks of one throw are what the events of
// the throw report.
func TestT_M2_HitMarksWithinTheBound(t *testing.T) {
	most := 0
	for i, p := range Presets() {
		g, err := New(p.Options)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 5))
		for games := 0; games < 20; {
			if g.ToMove() == brettspiel.Terminal {
				if g, err = New(p.Options); err != nil {
					t.Fatal(err)
				}
				games++
				continue
			}
			if g.phase == phaseMove {
				most = max(most, g.hitMarks(int(g.turn), false))
			}
			if err := g.Apply(gametest.Step(g, r, brettspiel.RandomPolicy)); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("the most hit marks of one throw in these matches: %d", most)
	if most > maxMarksAtOnce || most == 0 {
		t.Errorf("the most hit marks of a throw: %d; the bound is %d", most, maxMarksAtOnce)
	}
}

// T-W4: a match's Partien end in turns — at most two in each play, one more
// by a throw not yet played, none before the first play. Two Partien
// finished after 0 turns, as in the hardening report, are refused.
func TestT_W4_PartienAgainstTurns(t *testing.T) {
	g := playUntil(t, Options{Partien: 3}, 2, func(g *Game) bool { return g.partien == 2 })
	if _, err := ParseID(g.ID()); err != nil {
		t.Fatal(err)
	}
	turns := g.turns
	g.turns = 0
	wantIDRefused(t, g.ID(), "2 Partien finished after 0 turns; that many turns finish at most 0")
	g.turns = 1
	g.setup() // what one turn can reach: the stones are back in the setup after the Partie
	if _, err := ParseID(g.ID()); err != nil {
		t.Errorf("2 Partien after 1 turn (a win by the hit marks, then one by the play): %v", err)
	}
	if turns < 1 {
		t.Errorf("2 Partien played in %d turns", turns)
	}
	for turns, most := range []int32{0, 3, 5, 7} {
		if got := maxPartien(int32(turns)); got != most {
			t.Errorf("maxPartien(%d) = %d, want %d", turns, got, most)
		}
		if n := minTurns(int(most)); n > turns {
			t.Errorf("minTurns(%d) = %d, more than %d", most, n, turns)
		}
	}
}

// A position built by FromPosition with Partien finished counts the fewest
// turns they take, so that its ID loads again.
func TestT_W4_ConstructedMatchSavesAndLoads(t *testing.T) {
	fresh, err := New(Options{Partien: 9})
	if err != nil {
		t.Fatal(err)
	}
	for partien := range 8 {
		g, err := FromPosition(Options{Partien: 9}, Position{Stones: fresh.sides, Partien: partien, Strokes: [2]int{partien, 0}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseID(g.ID()); err != nil {
			t.Errorf("%d Partien: %v", partien, err)
		}
	}
	if _, err := FromPosition(Options{Partien: 9, TurnCap: 2}, Position{Stones: fresh.sides, Partien: 4, Strokes: [2]int{4, 0}}); !errors.Is(err, brettspiel.ErrBadPosition) {
		t.Errorf("4 Partien under a turn cap of 2: %v", err)
	}
}

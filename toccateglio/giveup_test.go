package toccateglio

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// giveUpAt builds a game of o in which player 0 is to play 6-5 with the
// marks given, and player 1 has 3 marks.
func giveUpAt(t *testing.T, o Options, marks0 int) *Game {
	t.Helper()
	s0 := own(o, 1, map[int]int{2: 2, 3: 2})
	s1 := own(o, 1, map[int]int{4: 2})
	return load(t, o, s0, s1, [2]int{6, 5}, [2]int{marks0, 3})
}

// TestT_W6_GiveUpEachMultiplierBand gives the Partie up from every band of
// both multiplier tables (T-W2): the other player wins it with the
// multiplier of the giver's marks, his own marks raised to 12, and decides
// how the match goes on (T-W3); in a match of one Partie it is over (T-W4).
func TestT_W6_GiveUpEachMultiplierBand(t *testing.T) {
	bands := []struct {
		table Multipliers
		marks []int
		mult  []int
	}{
		{MultipliersTS, []int{0, 1, 2, 3, 6, 7, 11}, []int{4, 3, 3, 2, 2, 1, 1}},
		{MultipliersTD, []int{0, 1, 3, 4, 6, 7, 11}, []int{4, 3, 3, 2, 2, 1, 1}},
	}
	for _, b := range bands {
		for i, m := range b.marks {
			for _, partien := range []int{1, 2} {
				name := fmt.Sprintf("table %d, %d marks, %d Partien", b.table, m, partien)
				o := Toccateglispiel()
				o.Multipliers, o.Partien = b.table, partien
				g := giveUpAt(t, o, m)
				mv, agreed, err := g.GiveUpMove(0)
				if err != nil || agreed {
					t.Fatalf("%s: GiveUpMove(0) = %v, %v", name, agreed, err)
				}
				if slices.Contains(g.LegalMoves(), mv) {
					t.Fatalf("%s: the give-up is among the legal moves", name)
				}
				if err := g.Apply(mv); err != nil {
					t.Fatalf("%s: Apply(give up): %v", name, err)
				}
				evs := g.Events()
				if len(evs) < 3 || evs[0].Kind != EventGiveUp || evs[0].Rule != "T-W6" || evs[0].Player != 0 || evs[0].Other != 1 {
					t.Fatalf("%s: events\n%s", name, eventsString(evs))
				}
				if got := sumMarks(evs, 1, "T-W6"); got != 12-3 {
					t.Errorf("%s: the winner is marked %d, want %d (to 12)", name, got, 12-3)
				}
				end := evs[2]
				if end.Kind != brettspiel.EventEnd || end.Rule != "T-W2" || end.Player != 1 || end.Amount != b.mult[i] || end.Number != m {
					t.Errorf("%s: end event %v, want player 1 ×%d by %d marks", name, end, b.mult[i], m)
				}
				if s := g.Strokes(); s != [2]int{0, b.mult[i]} {
					t.Errorf("%s: strokes %v, want [0 %d]", name, s, b.mult[i])
				}
				if partien == 1 {
					if g.ToMove() != brettspiel.Terminal || !slices.Equal(g.Returns(), []int{-b.mult[i], b.mult[i]}) {
						t.Errorf("%s: to move %v, returns %v; want the match over, ±%d", name, g.ToMove(), g.Returns(), b.mult[i])
					}
					continue
				}
				if g.ToMove() != 1 || !slices.Equal(plays(g), []string{"afresh", "go-on"}) {
					t.Fatalf("%s: after the give-up %v is to move with %q, want the winner's choice", name, g.ToMove(), plays(g))
				}
				play(t, g, "go-on")
				if g.Marks() != [2]int{0, 0} || g.ToMove() != brettspiel.Chance || g.Position().Turn != 1 {
					t.Errorf("%s: after go-on marks %v, %v to move, thrower %d; want 0–0 and the winner to throw", name, g.Marks(), g.ToMove(), g.Position().Turn)
				}
			}
		}
	}
}

// TestT_W6_GiveUpRefused: a player gives up only at his own play: not at a
// throw, not at the other's play, not at the winner's choice, not after
// the match, not while the Schule's declarations are open. A refused
// give-up changes nothing.
func TestT_W6_GiveUpRefused(t *testing.T) {
	o := Toccateglispiel()
	o.Partien = 2
	g := giveUpAt(t, o, 5)
	if _, _, err := g.GiveUpMove(1); !errors.Is(err, brettspiel.ErrNotYourTurn) {
		t.Errorf("the other seat: %v, want ErrNotYourTurn", err)
	}
	before := g.ID()
	if err := g.Apply(brettspiel.Move(0)); err == nil {
		t.Fatal("a bogus move was applied")
	}
	theirs := g.Clone().(*Game)
	theirs.turn = 1
	if err := g.Apply(mustGiveUp(t, theirs, 1)); !errors.Is(err, brettspiel.ErrNotYourTurn) || g.ID() != before {
		t.Errorf("Apply of the other seat's give-up: %v (state changed: %v)", err, g.ID() != before)
	}
	if _, err := g.ParseMove("give up"); err != nil {
		t.Errorf("ParseMove(give up) at the own play: %v", err)
	}
	play(t, g, "give up")
	if _, _, err := g.GiveUpMove(1); !errorsIsRefusal(err, RefuseNoGiveUp) {
		t.Errorf("at the winner's choice: %v, want %s", err, RefuseNoGiveUp)
	}
	if _, err := g.ParseMove("give up"); !errorsIsRefusal(err, RefuseNoGiveUp) {
		t.Errorf("ParseMove at the winner's choice: %v", err)
	}
	play(t, g, "afresh")
	r := rand.New(rand.NewPCG(1, 2))
	for g.ToMove() == brettspiel.Chance {
		if _, _, err := g.GiveUpMove(0); !errors.Is(err, brettspiel.ErrChanceNode) {
			t.Errorf("at a throw: %v, want ErrChanceNode", err)
		}
		legal := g.LegalMoves()
		if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	play(t, g, "give up")
	if g.ToMove() != brettspiel.Terminal {
		t.Fatalf("two Partien given up, the match goes on: %v", g)
	}
	if _, _, err := g.GiveUpMove(0); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("after the match: %v, want ErrGameOver", err)
	}

	s := Toccateglispiel()
	s.Schule = true
	sg := giveUpAt(t, s, 0)
	sg.openWindow(2) // the hit marks of the throw are declared first
	if _, _, err := sg.GiveUpMove(0); !errorsIsRefusal(err, RefuseNoGiveUp) {
		t.Errorf("while the Schule's declaration is due: %v, want %s", err, RefuseNoGiveUp)
	}
}

func mustGiveUp(t *testing.T, g *Game, p brettspiel.Player) brettspiel.Move {
	t.Helper()
	m, _, err := g.GiveUpMove(p)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func errorsIsRefusal(err error, code brettspiel.RefusalCode) bool {
	var e *brettspiel.Error
	return errors.As(err, &e) && e.Refusal != nil && e.Refusal.Code == code && slices.Contains(e.Rules, "T-W6")
}

// TestT_W6_GiveUpInWholeGames gives up at random plays of random matches in
// every preset: the give-up is never a legal move, the state it leaves
// passes the position ID and JSON (with its events) both ways, and the
// record of the match, give-ups included, replays to the same state.
func TestT_W6_GiveUpInWholeGames(t *testing.T) {
	total := 0
	defer func() {
		if total < 50 {
			t.Errorf("%d Partien given up in all: too few to test", total)
		}
	}()
	for vi, v := range variants() {
		o := v.o
		o.Partien = 3
		for seed := range uint64(8) {
			r := rand.New(rand.NewPCG(seed, uint64(vi)))
			g, err := New(o)
			if err != nil {
				t.Fatal(err)
			}
			start := g.Clone()
			rec := NewRecord(o)
			gaveUp := 0
			for steps := 0; g.ToMove() != brettspiel.Terminal && steps < 5000; steps++ {
				legal := g.LegalMoves()
				m := legal[r.IntN(len(legal))]
				if p := g.ToMove(); p >= 0 {
					gm, _, err := g.GiveUpMove(p)
					if slices.Contains(legal, gm) {
						t.Fatalf("%s: the give-up is a legal move", v.name)
					}
					if err == nil && r.IntN(30) == 0 {
						m = gm
						gaveUp++
					}
				}
				if err := rec.Append(g, m); err != nil {
					t.Fatalf("%s: %v", v.name, err)
				}
				if m.Payload() != giveUpPayload {
					continue
				}
				total++
				for _, trip := range []struct {
					name string
					do   func(brettspiel.Game) (brettspiel.Game, error)
				}{{"ID", idRoundTrip}, {"JSON", jsonRoundTrip}} {
					back, err := trip.do(g)
					if err != nil {
						t.Fatalf("%s: %s after a give-up: %v\n%v", v.name, trip.name, err, g)
					}
					if back.ID() != g.ID() {
						t.Fatalf("%s: %s after a give-up gives another state", v.name, trip.name)
					}
				}
			}
			var buf bytes.Buffer
			if _, err := rec.WriteTo(&buf, start); err != nil {
				t.Fatal(err)
			}
			back, err := ReadRecord(&buf)
			if err != nil {
				t.Fatalf("%s: the record with %d give-ups: %v\n%s", v.name, gaveUp, err, buf.String())
			}
			if back.ID() != g.ID() {
				t.Errorf("%s: the record replays to another state", v.name)
			}
		}
	}
}

package neural

import (
	"math"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
)

// afterMove returns a copy of g with m played.
func afterMove(t *testing.T, g brettspiel.Game, m brettspiel.Move) brettspiel.Game {
	t.Helper()
	s := g.Clone()
	if err := s.Apply(m); err != nil {
		t.Fatal(err)
	}
	return s
}

// refOverThrows is the mean over the throws at s of Equity as p sees the
// position after each (at a player's decision: the mover's best play at one
// ply), written plainly with Clone and the exported Equity.
func refOverThrows(t *testing.T, e *Evaluator, s brettspiel.Game, p brettspiel.Player) float64 {
	if s.ToMove() != brettspiel.Chance {
		return e.Equity(s, p)
	}
	sum, total := 0.0, 0
	for _, o := range s.ChanceOutcomes() {
		sum += float64(o.Weight) * e.Equity(afterMove(t, s, o.Move), p)
		total += o.Weight
	}
	return sum / float64(total)
}

// refAfter3 is after3 written plainly: after m, for each throw the
// mover's best play by one ply, and the position it gives judged over the
// throws that follow.
func refAfter3(t *testing.T, e *Evaluator, g brettspiel.Game, m brettspiel.Move, p brettspiel.Player) float64 {
	s := afterMove(t, g, m)
	if s.ToMove() != brettspiel.Chance {
		return e.Equity(s, p)
	}
	sum, total := 0.0, 0
	for _, o := range s.ChanceOutcomes() {
		u := afterMove(t, s, o.Move)
		x := e.Equity(u, p)
		if q := u.ToMove(); q == 0 || q == 1 {
			var best brettspiel.Game
			bv := math.Inf(-1)
			for _, a := range playon.Moves(u, u.LegalMoves(), nil) {
				v := afterMove(t, u, a)
				if ev := e.Equity(v, q); best == nil || ev > bv {
					best, bv = v, ev
				}
			}
			x = refOverThrows(t, e, best, p)
		}
		sum += float64(o.Weight) * x
		total += o.Weight
	}
	return sum / float64(total)
}

// TestThreePliesAsWrittenPlainly: the judge's three-ply value of a play,
// with its scratch games and incremental sums, is the plain computation's.
func TestThreePliesAsWrittenPlainly(t *testing.T) {
	for _, game := range Games() {
		e, err := Load(game)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range positions(t, game, 3) {
			p := g.ToMove()
			moves := playon.Moves(g, g.LegalMoves(), nil)
			for _, m := range moves[:min(2, len(moves))] {
				got, ok := newJudge(e).after3(g, m, p, time.Time{})
				want := refAfter3(t, e, g, m, p)
				if !ok || math.Abs(got-want) > 1e-4 {
					t.Errorf("%s %v: three plies %v (ok %v), plainly %v", game, m, got, ok, want)
				}
				got2, _ := newJudge(e).after2(g, m, p, time.Time{})
				if want2 := refOverThrows(t, e, afterMove(t, g, m), p); math.Abs(got2-want2) > 1e-4 {
					t.Errorf("%s %v: two plies %v, plainly %v", game, m, got2, want2)
				}
			}
		}
	}
}

// TestStrongestJudgesThreePliesDeep: given the time, the strongest level
// ranks its first plays three plies deep, the expert two.
func TestStrongestJudgesThreePliesDeep(t *testing.T) {
	g := positions(t, "toccateglio", 4)[3]
	rs := Bot{Level: Strongest, Time: time.Minute}.Rank(g, g.LegalMoves(), nil)
	if len(rs) < 3 || rs[0].Plies != 3 || rs[1].Plies != 3 {
		t.Fatalf("strongest ranked %+v", rs)
	}
	rs = Bot{Level: Expert, Time: time.Minute}.Rank(g, g.LegalMoves(), nil)
	if len(rs) < 2 || rs[0].Plies != 2 {
		t.Fatalf("expert ranked %+v", rs)
	}
}

package neural

import (
	"math"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
)

// after returns p's value of playing m in g, judged by the net once the
// move is made (the throw that follows is not looked at). The position g
// must be the judge's base (setBase) for the incremental evaluation.
func (j *judge) after(g brettspiel.Game, m brettspiel.Move, p brettspiel.Player, slot int) float64 {
	s := j.scratchAt(slot, g)
	if !s.copyFrom(g) || playon.Apply(s.game, m) != nil {
		return math.Inf(-1)
	}
	return j.value(s.game, p, 2)
}

// rank1 sets vals[i] to the mover's value of moves[i] at one ply: the net
// over the position after each.
func (j *judge) rank1(g brettspiel.Game, moves []brettspiel.Move, vals []float64, slot int) {
	p := g.ToMove()
	j.setBase(g)
	for i, m := range moves {
		vals[i] = j.after(g, m, p, slot)
	}
	j.setBase(nil)
}

// best1 returns the best play at g (a player's node) by rank1 and its
// value for the player to move, judged with the scratch games from slot on;
// found is false (and the value −∞) when g has none.
func (j *judge) best1(g brettspiel.Game, slot int) (best brettspiel.Move, v float64, found bool) {
	p := g.ToMove()
	j.scratchAt(slot, g) // makes room in j.legal
	legal := g.AppendLegalMoves(j.legal[slot][:0])
	j.legal[slot] = legal
	moves := playon.Moves(g, legal, j.buf[:0])
	j.buf = moves[:0]
	v = math.Inf(-1)
	j.setBase(g)
	for _, m := range moves {
		if x := j.after(g, m, p, slot+1); !found || x > v {
			best, v, found = m, x, true
		}
	}
	j.setBase(nil)
	return best, v, found
}

// after2 returns p's value of playing m in g at two plies: the position
// after m, averaged over the throws that follow, each answered by its best
// play at one ply. ok is false when the deadline passed before the average
// was complete.
func (j *judge) after2(g brettspiel.Game, m brettspiel.Move, p brettspiel.Player, deadline time.Time) (v float64, ok bool) {
	sc := j.scratchAt(0, g)
	if !sc.copyFrom(g) || playon.Apply(sc.game, m) != nil {
		return math.Inf(-1), true
	}
	return j.overThrows(sc.game, p, 1, deadline)
}

// overThrows returns p's value of s at two plies when s is at a throw:
// the mean over the throws of the best play of each at one ply, judged
// with the scratch games from slot on. Elsewhere it is p's value of s. ok
// is false when the deadline passed first.
func (j *judge) overThrows(s brettspiel.Game, p brettspiel.Player, slot int, deadline time.Time) (v float64, ok bool) {
	t, isTurner := s.(turner)
	if s.ToMove() != brettspiel.Chance || !isTurner || t.Turn() == brettspiel.Nobody {
		return j.value(s, p, 2), true
	}
	sum, total := 0.0, 0
	for _, o := range s.ChanceOutcomes() {
		if !deadline.IsZero() && time.Now().After(deadline) {
			return 0, false
		}
		uc := j.scratchAt(slot, s)
		if !uc.copyFrom(s) || playon.Apply(uc.game, o.Move) != nil {
			continue
		}
		u := uc.game
		var x float64
		switch q := u.ToMove(); {
		case q == 0 || q == 1:
			_, x, _ = j.best1(u, slot+1)
			if q != p {
				x = -x
			}
		default:
			x = j.value(u, p, 2)
		}
		sum += float64(o.Weight) * x
		total += o.Weight
	}
	if total == 0 {
		return j.value(s, p, 2), true
	}
	return sum / float64(total), true
}

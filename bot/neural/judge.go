package neural

import (
	"math"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// turner is the accessor both race games have: whose turn it is (Nobody in
// the draw for the start and at the end).
type turner interface {
	Turn() brettspiel.Player
}

// scratch is a game into which positions are copied to try moves on them
// without allocating (the games' CopyFrom). game is the game itself, to
// be passed on; copyFrom makes it a copy of g, false when g is of another
// type.
type scratch struct {
	game     brettspiel.Game
	copyFrom func(g brettspiel.Game) bool
}

// newScratch returns a scratch game of g's type; its game is nil when g is
// of no game this package knows.
func newScratch(g brettspiel.Game) *scratch {
	switch g.(type) {
	case *verkehren.Game:
		s := new(verkehren.Game)
		return &scratch{game: s, copyFrom: func(g brettspiel.Game) bool {
			src, ok := g.(*verkehren.Game)
			if ok {
				s.CopyFrom(src)
			}
			return ok
		}}
	case *toccateglio.Game:
		s := new(toccateglio.Game)
		return &scratch{game: s, copyFrom: func(g brettspiel.Game) bool {
			src, ok := g.(*toccateglio.Game)
			if ok {
				s.CopyFrom(src)
			}
			return ok
		}}
	}
	return &scratch{copyFrom: func(brettspiel.Game) bool { return false }}
}

// judge holds one goroutine's buffers for judging positions with an
// evaluator's net. It is not safe for concurrent use; each decision makes
// its own.
type judge struct {
	e   *Evaluator
	x   []float32 // the inputs being judged
	out []float32
	h   []float32
	// base[p] are the inputs and hidden sums of the position before the
	// moves being tried, as p sees it: a successor is judged from them by
	// the rows of the inputs that the move changed.
	base      [2][]float32
	baseH     [2][]float32
	hasB      [2]bool
	baseGame  brettspiel.Game // the position base was read from; nil: none
	evals     int             // positions judged by the net
	scr       []*scratch
	legal     [][]brettspiel.Move
	buf       []brettspiel.Move
	vals      []float64     // the values of a bot's plays at one ply (Bot.rank)
	sides     [2]board.Side // the stones of the position being encoded
	baseSides [2]board.Side // the stones of the base position
	globals   []float32     // a side's inputs after its points
}

// getJudge returns a judge by e's net: one that a call before put back, or
// a new one. A judge got is put back (putJudge) once nothing uses it.
func (e *Evaluator) getJudge() *judge {
	if j, ok := e.judges.Get().(*judge); ok {
		return j
	}
	return newJudge(e)
}

// putJudge keeps j for a later getJudge.
func (e *Evaluator) putJudge(j *judge) {
	j.setBase(nil)
	e.judges.Put(j)
}

func newJudge(e *Evaluator) *judge {
	n := e.net
	// one array for every buffer: a judge is two allocations (the race
	// detector's sync.Pool drops a quarter of those put back, and a
	// decision's allocations are counted)
	buf := make([]float32, 3*n.In+n.Out+3*n.Hidden+e.v.side)
	take := func(k int) []float32 {
		b := buf[:k:k]
		buf = buf[k:]
		return b
	}
	j := &judge{e: e, x: take(n.In), out: take(n.Out), h: take(n.Hidden), globals: take(e.v.side)}
	for p := range 2 {
		j.base[p] = take(n.In)
		j.baseH[p] = take(n.Hidden)
	}
	return j
}

// valueScratch is the first scratch game that value uses; the ones below
// are the rankers'.
const valueScratch = 4

// scratchAt returns the scratch game for depth d, made like g.
func (j *judge) scratchAt(d int, g brettspiel.Game) *scratch {
	for len(j.scr) <= d {
		j.scr = append(j.scr, nil)
		j.legal = append(j.legal, nil)
	}
	if j.scr[d] == nil {
		j.scr[d] = newScratch(g)
	}
	return j.scr[d]
}

// encode fills j.x with g's inputs as p sees them.
func (j *judge) encode(g brettspiel.Game, p brettspiel.Player) {
	clear(j.x)
	j.e.v.encodeIn(g, p, j.x, &j.sides)
}

// setBase records g as the position from which the next successors are
// judged incrementally.
func (j *judge) setBase(g brettspiel.Game) {
	j.hasB = [2]bool{}
	j.baseGame = g
}

// netOutputs sets j.out to the net's outputs for the position g at a throw
// of p, as p sees it.
func (j *judge) netOutputs(g brettspiel.Game, p brettspiel.Player) {
	n := j.e.net
	j.evals++
	if j.baseGame != nil {
		if !j.hasB[p] {
			clear(j.base[p])
			j.e.v.encodeIn(j.baseGame, p, j.base[p], &j.baseSides)
			n.hiddenFrom(j.base[p], j.baseH[p])
			j.hasB[p] = true
		}
		copy(j.h, j.baseH[p])
		j.addBaseDelta(g, p)
	} else {
		j.encode(g, p)
		n.hiddenFrom(j.x, j.h)
	}
	n.outputs(j.h, nil, j.out)
}

// addBaseDelta adds to the hidden sums j.h the rows of the inputs in which
// g, as p sees it, differs from the base position (j.base[p], whose stones
// are j.baseSides): the units of the points whose stones changed, and the
// sides' inputs after their points. The rows are added in the order of
// the inputs, by the differences Net.addDelta takes, so the sums are the
// same to the last bit as those of the whole encoding compared with the
// base's; only the points that did not change are not encoded again.
func (j *judge) addBaseDelta(g brettspiel.Game, p brettspiel.Player) {
	v, n := j.e.v, j.e.net
	if !v.sides(g, &j.sides) {
		return
	}
	x0, H := j.base[p], n.Hidden
	var u [4]float32
	for k, q := range [2]brettspiel.Player{p, 1 - p} {
		off := k * v.side
		s, b := &j.sides[q], &j.baseSides[q]
		for i := 1; i <= 24; i++ {
			if s[i] == b[i] {
				continue
			}
			u = [4]float32{}
			unary(u[:], count(s[i]))
			for t, x := range u {
				at := off + 4*(i-1) + t
				if d := x - x0[at]; d != 0 {
					addScaledRow(j.h, n.W1[at*H:at*H+H], d)
				}
			}
		}
		y := j.globals[:v.side]
		clear(y[96:])
		v.globals(g, q, s, &j.sides[1-q], y)
		for i := 96; i < v.side; i++ {
			at := off + i
			if d := y[i] - x0[at]; d != 0 {
				addScaledRow(j.h, n.W1[at*H:at*H+H], d)
			}
		}
	}
}

// value returns p's expected return in g: exact at the end; the settled
// part plus the net's judgement at a throw (the bear-off tables' in a race
// they cover, see race); at a player's decision other
// than a throw's play (Toccateglio's winner choosing how to go on) the best
// of his choices, looked at depth levels deep; the settled part alone in the
// draw for the start, which is even.
func (j *judge) value(g brettspiel.Game, p brettspiel.Player, depth int) float64 {
	v := j.e.v
	q := g.ToMove()
	switch {
	case q == brettspiel.Terminal:
		r := g.Returns()
		if p < 0 || int(p) >= len(r) {
			return 0
		}
		return float64(r[p])
	case q == brettspiel.Chance:
		t, ok := g.(turner)
		if !ok {
			return 0
		}
		thrower := t.Turn()
		if thrower != 0 && thrower != 1 {
			return v.banked(g, p)
		}
		eq, kind := j.race(g, thrower)
		if kind == NotRace {
			j.netOutputs(g, thrower)
			eq = v.equity(j.out)
		}
		if thrower != p {
			eq = -eq
		}
		return v.banked(g, p) + eq
	}
	if depth <= 0 {
		return v.banked(g, p)
	}
	// a player's decision: the best of it for him
	s := j.scratchAt(valueScratch+depth, g)
	legal := g.AppendLegalMoves(j.legal[valueScratch+depth][:0])
	j.legal[valueScratch+depth] = legal
	best := math.Inf(-1)
	saved := j.baseGame
	j.baseGame = nil
	for _, m := range legal {
		if !s.copyFrom(g) || playon.Apply(s.game, m) != nil {
			continue
		}
		x := j.value(s.game, q, depth-1)
		best = max(best, x)
	}
	j.baseGame = saved
	if math.IsInf(best, 0) {
		return v.banked(g, p)
	}
	if q != p {
		return -best
	}
	return best
}

// Equity returns p's expected return in g (in the unit of Returns) as the
// net judges it: exact at the end; at a throw what is settled plus the
// net's judgement; at a player's decision the best of it by one ply. A game
// of another kind, or a p who is no seat, gets 0.
func (e *Evaluator) Equity(g brettspiel.Game, p brettspiel.Player) float64 {
	switch g.(type) {
	case *verkehren.Game, *toccateglio.Game:
	default:
		return 0
	}
	if p != 0 && p != 1 {
		return 0
	}
	j := e.getJudge()
	v := j.value(g, p, 2)
	e.putJudge(j)
	return v
}

// Judge judges positions by an evaluator's net as [Evaluator.Equity] does,
// and finds the play the [Advanced] level makes, with buffers of its own
// that it reuses: once it has judged a position of each kind it allocates
// nothing (but the slice a game's Returns makes where a play ends the
// game), which is what search and rollout code wants. A Judge is for one
// goroutine; make one for each (NewJudge). It judges the games of its
// evaluator only.
type Judge struct {
	j *judge
}

// NewJudge returns a judge by e's net.
func (e *Evaluator) NewJudge() *Judge { return &Judge{j: newJudge(e)} }

// fits says whether g is a game of the judge's evaluator.
func (j *Judge) fits(g brettspiel.Game) bool {
	switch g.(type) {
	case *verkehren.Game, *toccateglio.Game:
		return g.Variant() == j.j.e.v.name
	}
	return false
}

// Equity returns p's expected return in g as [Evaluator.Equity] does; 0 for
// a game of another kind than the evaluator's, or a p who is no seat.
func (j *Judge) Equity(g brettspiel.Game, p brettspiel.Player) float64 {
	if p != 0 && p != 1 || !j.fits(g) {
		return 0
	}
	return j.j.value(g, p, 2)
}

// Best returns the play that the [Advanced] level chooses at g, a seat's
// decision — the best by the net at one ply among the moves that do not
// concede (all when each does; the rule's move alone at a decision the
// rules settle) — and its value for the player to move, in the unit of
// Returns. ok is false at a chance node, at the end, and for a game of
// another kind than the evaluator's.
func (j *Judge) Best(g brettspiel.Game) (m brettspiel.Move, value float64, ok bool) {
	if q := g.ToMove(); q != 0 && q != 1 || !j.fits(g) {
		return brettspiel.NoMove, 0, false
	}
	return j.j.best1(g, 0)
}

// Race returns p's expected return in g, in the unit of Returns, when g is
// a pure race at a throw that the bear-off tables judge (package
// bot/bearoff), and how they judge it; NotRace (and 0) when g is not at a
// throw, not such a race, of another kind than the evaluator's, or p is no
// seat. Equity and the bots judge such races the same way.
func (j *Judge) Race(g brettspiel.Game, p brettspiel.Player) (float64, RaceJudgement) {
	if p != 0 && p != 1 || !j.fits(g) || g.ToMove() != brettspiel.Chance {
		return 0, NotRace
	}
	t, ok := g.(turner)
	if !ok {
		return 0, NotRace
	}
	thrower := t.Turn()
	if thrower != 0 && thrower != 1 {
		return 0, NotRace
	}
	eq, kind := j.j.race(g, thrower)
	if kind == NotRace {
		return 0, NotRace
	}
	if thrower != p {
		eq = -eq
	}
	return j.j.e.v.banked(g, p) + eq, kind
}

// RaceJudgement says how the evaluator judges the plays of g, a position
// at a throw or at a seat's play of one: by the bear-off tables when g is
// a pure race they cover (every position a play of it leaves is judged the
// same way or better), else NotRace.
func (e *Evaluator) RaceJudgement(g brettspiel.Game) RaceJudgement {
	switch g.(type) {
	case *verkehren.Game, *toccateglio.Game:
		if g.Variant() != e.v.name {
			return NotRace
		}
	default:
		return NotRace
	}
	t, ok := g.(turner)
	if !ok {
		return NotRace
	}
	p := t.Turn()
	if p != 0 && p != 1 || g.ToMove() == brettspiel.Terminal {
		return NotRace
	}
	j := e.getJudge()
	_, kind := j.race(g, p)
	e.putJudge(j)
	return kind
}

package neural

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// Trainer trains an evaluator by TD(λ) self-play: the net plays both sides
// at one ply (the best play by its own judgement, never conceding), and
// after each game every position at a throw is moved toward its λ-return —
// the judgements of the positions at the following throws, weighted by λ
// per throw, and the game's result at the end.
//
// Games are played in rounds of Batch games, all with the weights as they
// were at the round's start, by Workers goroutines; the updates are then
// made in the order of the games. Game i is played with the dice of the
// source PCG(Seed, i). So the same Seed, Batch, rates and starting weights
// give the same weights whatever the number of workers, and training
// resumed from a checkpoint taken after a round goes on exactly as if it
// had not stopped.
//
// A Toccateglio episode is one Partie (a match of one Partie, Options'
// default): its result, a win worth 1 to 4 strokes, is what the outputs
// predict. A Verkehren episode is one game.
type Trainer struct {
	Eval    *Evaluator // the net being trained, in place
	Seed    uint64     // the dice of game i come from PCG(Seed, i)
	Workers int        // goroutines playing; 0: 1
	Batch   int        // games a round; 0: 32
	Alpha   float32    // the learning rate; 0: 0.02
	Lambda  float32    // λ, 0…1 (0: TD(0)); NewTrainer and ResumeTrainer set 0.7
	Turns   int        // the positions at a throw that the last round trained on
}

// NewTrainer returns a trainer for game ("verkehren" or "toccateglio") with
// a fresh net of hidden units (0: the game's default) whose weights are
// drawn from seed.
func NewTrainer(game string, hidden int, seed uint64) (*Trainer, error) {
	v, ok := variantNamed(game)
	if !ok {
		return nil, &brettspiel.Error{Op: "new trainer", Input: game, Err: ErrWrongWeights,
			Reason: fmt.Sprintf("no encoding for this game; there are %v", Games())}
	}
	if hidden <= 0 {
		hidden = v.hidden
	}
	if hidden > maxHidden {
		return nil, &brettspiel.Error{Op: "new trainer", Err: ErrBadWeights,
			Reason: fmt.Sprintf("%d hidden units, more than %d", hidden, maxHidden)}
	}
	r := rand.New(rand.NewPCG(seed, 0x6e6574))
	e := &Evaluator{v: v, net: newNet(v.in, hidden, v.out, r)}
	return &Trainer{Eval: e, Seed: seed, Lambda: 0.7}, nil
}

// sample is one position of a game with its target.
type sample struct {
	idx    []uint16 // the inputs that are not zero
	val    []float32
	target [maxOut]float32
}

// Round plays the games first…first+Batch−1 and updates the weights; it
// returns the games' results for player 0 (their Returns).
func (t *Trainer) Round(first uint64) ([]int, error) {
	batch := t.Batch
	if batch <= 0 {
		batch = 32
	}
	workers := max(t.Workers, 1)
	games := make([][]sample, batch)
	results := make([]int, batch)
	errs := make([]error, batch)
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(workers, batch) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j := newJudge(t.Eval)
			for i := range next {
				games[i], results[i], errs[i] = t.play(j, t.Seed, first+uint64(i))
			}
		}()
	}
	for i := range batch {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	alpha := t.Alpha
	if alpha <= 0 {
		alpha = 0.02
	}
	n := t.Eval.net
	x := make([]float32, n.In)
	t.Turns = 0
	for _, ss := range games {
		t.Turns += len(ss)
		for _, s := range ss {
			for k, i := range s.idx {
				x[i] = s.val[k]
			}
			n.train(x, s.target[:n.Out], alpha)
			for _, i := range s.idx {
				x[i] = 0
			}
		}
	}
	t.Eval.games = first + uint64(batch)
	return results, nil
}

// newEpisode starts a game of the evaluator's variant under its default
// rules, the draw deciding who begins.
func newEpisode(v *variant) (brettspiel.Game, error) {
	switch v {
	case verkehrenVariant:
		return verkehren.New(verkehren.Options{})
	case toccateglioVariant:
		return toccateglio.New(toccateglio.Options{})
	}
	return nil, errors.New("no game for " + v.name)
}

// play plays game number i by self-play and returns its positions at the
// throws with their λ-returns.
func (t *Trainer) play(j *judge, seed, i uint64) ([]sample, int, error) {
	v := t.Eval.v
	r := rand.New(rand.NewPCG(seed, i))
	g, err := newEpisode(v)
	if err != nil {
		return nil, 0, err
	}
	var ss []sample
	var owner []brettspiel.Player // whose view each sample is
	var judged [][maxOut]float32  // the net's outputs at each, for player 0
	var legal, buf []brettspiel.Move
	var vals []float64
	for g.ToMove() != brettspiel.Terminal {
		q := g.ToMove()
		if q == brettspiel.Chance {
			if p := g.(turner).Turn(); p == 0 || p == 1 {
				j.encode(g, p)
				var s sample
				for k, x := range j.x {
					if x != 0 {
						s.idx = append(s.idx, uint16(k))
						s.val = append(s.val, x)
					}
				}
				j.e.net.forward(j.x, j.out)
				var o [maxOut]float32
				copy(o[:], j.out)
				if p != 0 {
					v.swap(o[:v.out])
				}
				ss, owner, judged = append(ss, s), append(owner, p), append(judged, o)
			}
			m, err := brettspiel.SampleChance(g, r)
			if err != nil {
				return nil, 0, err
			}
			if err := g.Apply(m); err != nil {
				return nil, 0, err
			}
			continue
		}
		legal = g.AppendLegalMoves(legal[:0])
		moves := playon.Moves(g, legal, buf[:0])
		buf = moves[:0]
		m := moves[0]
		if len(moves) > 1 {
			vals = append(vals[:0], make([]float64, len(moves))...)
			j.rank1(g, moves, vals, 0)
			for k := range moves {
				if vals[k] > vals[0] {
					vals[0], m = vals[k], moves[k]
				}
			}
		}
		if err := g.Apply(m); err != nil {
			return nil, 0, err
		}
	}
	// the λ-returns, for player 0, from the end back
	var z [maxOut]float32
	v.outcome(g, 0, z[:v.out])
	lam := t.Lambda
	for k := len(ss) - 1; k >= 0; k-- {
		tgt := z
		if owner[k] != 0 {
			v.swap(tgt[:v.out])
		}
		ss[k].target = tgt
		// the return of the position before: (1−λ)·this judgement + λ·this return
		for o := range v.out {
			z[o] = (1-lam)*judged[k][o] + lam*z[o]
		}
	}
	return ss, g.Returns()[0], nil
}

// ResumeTrainer returns a trainer that goes on training a copy of e (read
// from a checkpoint) from its game count.
func ResumeTrainer(e *Evaluator, seed uint64) *Trainer {
	c := &Evaluator{v: e.v, net: e.net.clone(), games: e.games}
	return &Trainer{Eval: c, Seed: seed, Lambda: 0.7}
}

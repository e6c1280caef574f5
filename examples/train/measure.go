package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/catalog"
)

// heldOutSeed keeps the measured positions apart from the training games,
// whose dice come from PCG(seed, game).
const heldOutSeed = 0x6865_6c64_6f75_74

// measure compares the net's equity and the game's own Evaluate with the
// mean return of rollouts (both sides played by the net at one ply) on
// a.measure positions at a throw, taken from games of the net against
// itself with dice of another seed than training's: every 7th throw of
// each game, until there are enough. It prints the mean absolute error of
// each, with its standard error, and the rollouts' own standard error.
func measure(e *neural.Evaluator, a args, stdout, stderr io.Writer) error {
	net := neural.Bot{Level: neural.Advanced, Eval: e}
	policy := func(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		return net.Choose(g, legal, r)
	}
	var ps []brettspiel.Game
	for i := uint64(0); len(ps) < a.measure; i++ {
		g, err := catalog.New(a.game, "", 2)
		if err != nil {
			return err
		}
		r := rand.New(rand.NewPCG(heldOutSeed^a.seed, i))
		throws := 0
		for g.ToMove() != brettspiel.Terminal && len(ps) < a.measure {
			if g.ToMove() == brettspiel.Chance {
				if t, ok := g.(interface{ Turn() brettspiel.Player }); ok && t.Turn() >= 0 {
					if throws%7 == 3 {
						ps = append(ps, g.Clone())
					}
					throws++
				}
				m, err := brettspiel.SampleChance(g, r)
				if err != nil {
					return err
				}
				if err := g.Apply(m); err != nil {
					return err
				}
				continue
			}
			legal := g.LegalMoves()
			if err := g.Apply(policy(g, legal, r)); err != nil {
				return err
			}
		}
	}
	type errs struct{ net, eval, sd float64 }
	res := make([]errs, len(ps))
	var next, done atomic.Int64
	var wg sync.WaitGroup
	var progress sync.Mutex // the workers share stderr
	for range a.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(ps) {
					return
				}
				g := ps[i]
				p := g.(interface{ Turn() brettspiel.Player }).Turn()
				var sum, sq float64
				for k := range a.rollouts {
					c := g.Clone()
					r := rand.New(rand.NewPCG(heldOutSeed^a.seed^0xff, uint64(i*a.rollouts+k)))
					if err := brettspiel.PlayOut(c, r, policy, 0); err != nil {
						continue
					}
					x := float64(c.Returns()[p])
					sum += x
					sq += x * x
				}
				n := float64(a.rollouts)
				mean := sum / n
				res[i] = errs{
					net:  math.Abs(e.Equity(g, p) - mean),
					eval: math.Abs(bot.Evaluate(g, p) - mean),
					sd:   math.Sqrt(max(sq/n-mean*mean, 0) / n),
				}
				progress.Lock()
				fmt.Fprintf(stderr, "\r%d/%d positions", done.Add(1), len(ps))
				progress.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Fprintln(stderr)
	meanSE := func(f func(errs) float64) (float64, float64) {
		var s, q float64
		for _, r := range res {
			s += f(r)
			q += f(r) * f(r)
		}
		n := float64(len(res))
		m := s / n
		return m, math.Sqrt(max(q/n-m*m, 0) / n)
	}
	nm, ns := meanSE(func(r errs) float64 { return r.net })
	em, es := meanSE(func(r errs) float64 { return r.eval })
	sd, _ := meanSE(func(r errs) float64 { return r.sd })
	fmt.Fprintf(stdout, "%s, %d held-out positions, %d rollouts each (net at one ply; mean standard error of a rollout mean %.3f):\n",
		a.game, len(ps), a.rollouts, sd)
	fmt.Fprintf(stdout, "  net equity: MAE %.3f ± %.3f\n  Evaluate:   MAE %.3f ± %.3f\n", nm, ns, em, es)
	return nil
}

package main

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/festung"
)

// A policy chooses a decision of the Festungsspiel from the legal list.
type policy func(g *festung.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move

// fortress returns the fortress a legal decision takes from.
func fortress(g *festung.Game, m brettspiel.Move) int {
	info, err := g.Describe(m)
	if err != nil {
		panic(err) // the policies choose from the legal list
	}
	f, _ := festung.FieldOf(festung.FieldID(info.Field))
	return f.Fortress
}

// byFortress returns the decision whose fortress better prefers most.
func byFortress(better func(a, b int) bool) policy {
	return func(g *festung.Game, legal []brettspiel.Move, _ *rand.Rand) brettspiel.Move {
		best := legal[0]
		for _, m := range legal[1:] {
			if better(fortress(g, m), fortress(g, best)) {
				best = m
			}
		}
		return best
	}
}

func randomPolicy(_ *festung.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
	return legal[r.IntN(len(legal))]
}

// policyNamed returns a policy by name: random, lowest, highest, or a level
// of bot's registry.
func policyNamed(name string) (policy, error) {
	switch name {
	case "random":
		return randomPolicy, nil
	case "lowest":
		return byFortress(func(a, b int) bool { return a < b }), nil
	case "highest":
		return byFortress(func(a, b int) bool { return a > b }), nil
	}
	b, err := bot.Named(name)
	if err != nil {
		return nil, fmt.Errorf("policy %q: want random, lowest, highest or a bot level: %w", name, err)
	}
	return func(g *festung.Game, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		return b.Choose(g, legal, r)
	}, nil
}

// offers counts decision nodes by the set of fortresses offered (bit f).
type offers [32]int

// playGame plays game i of a run through the rules: the throws from
// PCG(seed, 16i), seat q's decisions by pols[q] from PCG(seed, 16i+1+q), so
// that the dice do not depend on the decisions. It returns the returns and
// counts the decision nodes into seen (if not nil).
func playGame(n int, seed uint64, i int, pols []policy, seen *offers) []int {
	g, err := festung.New(festung.ForPlayers(n))
	if err != nil {
		panic(err)
	}
	dice := rand.New(rand.NewPCG(seed, uint64(i)*16))
	var rs [brettspiel.MaxPlayers]*rand.Rand
	for q := range n {
		rs[q] = rand.New(rand.NewPCG(seed, uint64(i)*16+1+uint64(q)))
	}
	var buf [4]brettspiel.Move
	for {
		var m brettspiel.Move
		switch p := g.ToMove(); p {
		case brettspiel.Terminal:
			return g.Returns()
		case brettspiel.Chance:
			m = g.SampleChance(dice)
		default:
			legal := g.AppendLegalMoves(buf[:0])
			if seen != nil {
				mask := 0
				for _, d := range legal {
					mask |= 1 << fortress(g, d)
				}
				seen[mask]++
			}
			m = pols[p](g, legal, rs[p])
		}
		if err := g.Apply(m); err != nil {
			panic(err)
		}
	}
}

// pairedResult is one policy's paired comparison with random play.
type pairedResult struct {
	Name         string
	Mean, SE     float64 // the tested seat's return
	Diff, DiffSE float64 // its return minus the same seat's return with random decisions, same dice
}

// paired plays games of n players: in game i seat i mod n is tested, every
// other seat decides at random. Each policy plays the seat on the same dice
// as the random baseline, which is reported first.
func paired(n, games int, seed uint64, names []string, seen *offers) ([]pairedResult, error) {
	pols := make([]policy, len(names))
	for k, name := range names {
		var err error
		if pols[k], err = policyNamed(name); err != nil {
			return nil, err
		}
	}
	base := make([]policy, n)
	for q := range base {
		base[q] = randomPolicy
	}
	type acc struct{ s, ss, d, dd float64 }
	accs := make([]acc, 1+len(names))
	add := func(a *acc, ret, diff float64) {
		a.s += ret
		a.ss += ret * ret
		a.d += diff
		a.dd += diff * diff
	}
	for i := range games {
		seat := i % n
		r0 := float64(playGame(n, seed, i, base, seen)[seat])
		add(&accs[0], r0, 0)
		for k, p := range pols {
			ps := append([]policy(nil), base...)
			ps[seat] = p
			r := float64(playGame(n, seed, i, ps, nil)[seat])
			add(&accs[1+k], r, r-r0)
		}
	}
	out := make([]pairedResult, len(accs))
	for k, a := range accs {
		name := "random"
		if k > 0 {
			name = names[k-1]
		}
		mean, se := meanSE(a.s, a.ss, games)
		diff, dse := meanSE(a.d, a.dd, games)
		out[k] = pairedResult{Name: name, Mean: mean, SE: se, Diff: diff, DiffSE: dse}
	}
	return out, nil
}

// meanSE is the mean and its standard error from a sum and a sum of squares.
func meanSE(s, ss float64, n int) (float64, float64) {
	mean := s / float64(n)
	if n < 2 {
		return mean, 0
	}
	v := (ss - s*mean) / float64(n-1)
	return mean, math.Sqrt(max(v, 0) / float64(n))
}

// offerName writes a set of fortresses as "1+2".
func offerName(mask int) string {
	s := ""
	for m := mask; m != 0; m &= m - 1 {
		if s != "" {
			s += "+"
		}
		s += fmt.Sprint(bits.TrailingZeros(uint(m)))
	}
	return s
}

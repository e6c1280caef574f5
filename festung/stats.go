package festung

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
)

// Exact is what follows exactly from the dice: the length of a game and who
// throws the fifth Pasch depend on the throws alone, not on the markers or on
// the players' decisions.
type Exact struct {
	Players int
	// Throws is the expected number of throws in a game (without a turn cap).
	Throws float64
	// Win is each seat's probability of throwing the fifth Pasch.
	Win []float64
}

// Pasch probabilities per throw (of 216): 1-1-1…5-5-5 add one Pasch, 6-6-6 two
// (F-C2, F-C4).
const (
	pOne = 5.0 / 216
	pTwo = 1.0 / 216
)

// ExactOdds computes [Exact] for n players (2…6) by a Markov chain over the
// players' Pasch counts (0…4 each) and whose throw it is: each throw adds one
// Pasch to the thrower with probability 5/216, two with 1/216 (6-6-6), and
// nothing otherwise; the game ends at five. Counts only grow, so the chain is
// solved count vector by count vector, from the highest; for one vector the n
// states (whose throw) form a cycle that is solved in closed form.
func ExactOdds(n int) (Exact, error) {
	if n < 2 || n > brettspiel.MaxPlayers {
		return Exact{}, &brettspiel.Error{Op: "exact odds", Input: fmt.Sprint(n), Err: brettspiel.ErrBadOptions, Reason: "2…6 players"}
	}
	// A value is a vector: [0] expected remaining throws, [1+j] probability
	// that seat j throws the fifth Pasch.
	type vec [1 + brettspiel.MaxPlayers]float64
	pow5 := make([]int, n+1)
	pow5[0] = 1
	for i := 1; i <= n; i++ {
		pow5[i] = pow5[i-1] * 5
	}
	states := pow5[n]
	val := make([]vec, states*n) // val[code*n+i]: counts code, seat i to throw
	q := 1 - pOne - pTwo
	qn := math.Pow(q, float64(n))
	r := make([]vec, n)
	for code := states - 1; code >= 0; code-- {
		// r[i]: the value of seat i's throw apart from the no-Pasch branch.
		for i := range n {
			c := code / pow5[i] % 5
			var v vec
			v[0] = 1
			for _, step := range [...]struct {
				k int
				p float64
			}{{1, pOne}, {2, pTwo}} {
				if c+step.k >= 5 {
					v[1+i] += step.p
					continue
				}
				next := &val[(code+step.k*pow5[i])*n+(i+1)%n]
				for j := range v {
					v[j] += step.p * next[j]
				}
			}
			r[i] = v
		}
		// E_i = r_i + q·E_{i+1}: E_0 = Σ q^j r_j / (1 − q^n), then backwards.
		var e0 vec
		f := 1.0
		for i := range n {
			for j := range e0 {
				e0[j] += f * r[i][j]
			}
			f *= q
		}
		for j := range e0 {
			e0[j] /= 1 - qn
		}
		val[code*n] = e0
		next := e0
		for i := n - 1; i >= 1; i-- {
			var v vec
			for j := range v {
				v[j] = r[i][j] + q*next[j]
			}
			val[code*n+i] = v
			next = v
		}
	}
	start := val[0]
	ex := Exact{Players: n, Throws: start[0], Win: make([]float64, n)}
	for j := range n {
		ex.Win[j] = start[1+j]
	}
	return ex, nil
}

// Summary describes a sample of integers.
type Summary struct {
	N        int
	Mean, SD float64 // SD is the sample standard deviation
	Min, Max int
	// Quantiles are the 10th, 25th, 50th, 75th and 90th percentiles.
	Quantiles [5]int
}

// StdErr is the standard error of the mean.
func (s Summary) StdErr() float64 {
	if s.N == 0 {
		return 0
	}
	return s.SD / math.Sqrt(float64(s.N))
}

func summarize(xs []int) Summary {
	s := Summary{N: len(xs)}
	if len(xs) == 0 {
		return s
	}
	sorted := slices.Clone(xs)
	slices.Sort(sorted)
	s.Min, s.Max = sorted[0], sorted[len(sorted)-1]
	for i, p := range [...]float64{0.10, 0.25, 0.50, 0.75, 0.90} {
		s.Quantiles[i] = sorted[int(p*float64(len(sorted)-1)+0.5)]
	}
	sum := 0.0
	for _, x := range xs {
		sum += float64(x)
	}
	s.Mean = sum / float64(len(xs))
	if len(xs) > 1 {
		ss := 0.0
		for _, x := range xs {
			d := float64(x) - s.Mean
			ss += d * d
		}
		s.SD = math.Sqrt(ss / float64(len(xs)-1))
	}
	return s
}

// Stats are the results of seeded random games.
type Stats struct {
	Options Options // normalized
	Games   int
	Seed    uint64
	// Throws per game.
	Throws Summary
	// Returns per seat: balance minus starting stock at the end.
	Returns []Summary
	// Bought per seat: markers bought in a game.
	Bought []Summary
	// Wins counts, per seat, the games in which he threw the fifth Pasch.
	Wins []int
	// WinnerGain is the return of the player who threw the fifth Pasch.
	WinnerGain Summary
	// WinnerRichest counts the games in which the winner also ended with the
	// largest balance (alone or shared).
	WinnerRichest int
	// Capped counts the games ended by the turn cap.
	Capped int
}

// Statistics plays games random games under opts and summarizes them: game
// i throws from PCG(seed, i), and each decision (which fortress to take
// from) is chosen uniformly at random from the same source. The games run on up to
// GOMAXPROCS goroutines; the result depends only on opts, games and seed.
// progress, if not nil, is called now and then with the number of games done
// (from one goroutine at a time).
func Statistics(opts Options, games int, seed uint64, progress func(done int)) (Stats, error) {
	o, err := opts.normalized()
	if err != nil {
		return Stats{}, err
	}
	if games < 1 {
		return Stats{}, &brettspiel.Error{Op: "simulate", Input: fmt.Sprint(games), Err: brettspiel.ErrBadOptions, Reason: "at least one game"}
	}
	n := o.Players
	throws := make([]int, games)
	returns := make([]int, games*n)
	bought := make([]int, games*n)
	winners := make([]brettspiel.Player, games)
	start, err := New(o)
	if err != nil {
		return Stats{}, err
	}
	var (
		mu   sync.Mutex
		done int
		wg   sync.WaitGroup
	)
	workers := min(runtime.GOMAXPROCS(0), games)
	const chunk = 64
	var nextChunk int
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf [8]brettspiel.Move
			for {
				mu.Lock()
				lo := nextChunk
				nextChunk += chunk
				mu.Unlock()
				if lo >= games {
					return
				}
				hi := min(lo+chunk, games)
				for i := lo; i < hi; i++ {
					g := start.clone()
					playRandom(g, rand.New(rand.NewPCG(seed, uint64(i))), buf[:0])
					throws[i] = g.throws
					winners[i] = g.winner
					for p := range n {
						returns[i*n+p] = g.balance[p] - o.Stock
						bought[i*n+p] = g.bought[p]
					}
				}
				mu.Lock()
				done += hi - lo
				if progress != nil {
					progress(done)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()

	st := Stats{Options: o, Games: games, Seed: seed, Throws: summarize(throws), Wins: make([]int, n)}
	col := make([]int, games)
	for p := range n {
		for i := range games {
			col[i] = returns[i*n+p]
		}
		st.Returns = append(st.Returns, summarize(col))
		for i := range games {
			col[i] = bought[i*n+p]
		}
		st.Bought = append(st.Bought, summarize(col))
	}
	var gains []int
	for i, w := range winners {
		if w == brettspiel.Nobody {
			st.Capped++
			continue
		}
		st.Wins[w]++
		gain := returns[i*n+int(w)]
		gains = append(gains, gain)
		if gain == slices.Max(returns[i*n:(i+1)*n]) {
			st.WinnerRichest++
		}
	}
	st.WinnerGain = summarize(gains)
	return st, nil
}

// playRandom plays g to its end: throws drawn from r die by die, decisions
// uniformly at random. Apart from the events' growth it does not allocate.
func playRandom(g *Game, r *rand.Rand, buf []brettspiel.Move) {
	for {
		switch g.ToMove() {
		case brettspiel.Terminal:
			return
		case brettspiel.Chance:
			t := dice.Throw3{L: uint8(r.IntN(6) + 1), A: uint8(r.IntN(6) + 1), B: uint8(r.IntN(6) + 1)}
			if err := g.Apply(ThrowMove(t)); err != nil {
				panic(err) // a valid throw is always legal at a chance node
			}
		default:
			legal := g.AppendLegalMoves(buf[:0])
			if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
				panic(err)
			}
		}
	}
}

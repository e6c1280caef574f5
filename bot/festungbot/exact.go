package festungbot

import (
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/outerworks"
)

// The exact value of a choice. A decision (F-A2) changes only which outer
// works numbered L, the large die, hold markers; everything else follows
// from the dice. So the choices of one decision differ only in what the
// thrower gains from the outer works numbered L for the rest of the game.
// That part is a Markov chain over the seats' Pasch counts (0…4), the seat
// to throw and the occupancy of the six fields numbered L (fortress 1: two,
// 2: one, 3: two, 4: one); of the 216 throws 35 show L without a Pasch, one
// is L-L-L, four are the other Pasches of one step, one is 6-6-6 (two steps),
// and the fifth Pasch gives its thrower every marker left. The chain is
// solved for every seat taking from the lowest fortress on offer — Bot's
// rule, the best response to itself — once per seat count, for seat 0; the
// others' values follow by turning the seats round.

// chain holds seat 0's values of one seat count.
type chain struct {
	n    int
	pow5 []int
	// val[((code*12+block)*n+t)*3+c1] is the markers of one number seat 0
	// is expected to gain from that state on (those he takes, less those he
	// puts down, and what is left if he throws the fifth Pasch); code holds
	// the Pasch counts in base 5, t is the seat to throw, c1 fortress 1's
	// markers.
	val []float64
}

// chains are the solved chains by seat count (2…6).
var chains [7]struct {
	once sync.Once
	c    *chain
}

// chainFor returns the solved chain of n seats, solving it on first use:
// from a millisecond for two seats to about a second for six.
func chainFor(n int) *chain {
	ch := &chains[n]
	ch.once.Do(func() { ch.c = solve(n) })
	return ch.c
}

func (c *chain) idx(code int, o outerworks.Occ, t int) int {
	return ((code*12+o.Block())*c.n+t)*3 + o[1]
}

func solve(n int) *chain {
	c := &chain{n: n, pow5: make([]int, n+1)}
	c.pow5[0] = 1
	for i := 1; i <= n; i++ {
		c.pow5[i] = c.pow5[i-1] * 5
	}
	codes := c.pow5[n]
	c.val = make([]float64, codes*12*3*n)
	m := 3 * n
	a, b, x := make([]float64, m*m), make([]float64, m), make([]float64, m)
	pv := make([]int, n)
	for code := codes - 1; code >= 0; code-- {
		for i := range pv {
			pv[i] = code / c.pow5[i] % 5
		}
		for blk := 0; blk < 12; blk++ {
			clear(a)
			clear(b)
			base := (code*12 + blk) * m
			for t := 0; t < n; t++ {
				for c1 := 0; c1 <= 2; c1++ {
					row := t*3 + c1
					a[row*m+row] += outerworks.Throws
					c.successors(code, pv, t, outerworks.OccOf(blk, c1), func(w, r float64, to int) {
						b[row] += w * r
						switch {
						case to < 0:
						case to >= base && to < base+m:
							a[row*m+to-base] -= w
						default:
							b[row] += w * c.val[to]
						}
					})
				}
			}
			outerworks.Solve(a, b, x, m) // diagonally dominant: never singular
			copy(c.val[base:base+m], x)
		}
	}
	return c
}

// successors calls emit for every successor of the state (code, t, o) with
// its weight of 216, seat 0's reward on the way and the successor's index
// (−1 at the end of the game).
func (c *chain) successors(code int, pv []int, t int, o outerworks.Occ, emit func(w, r float64, to int)) {
	next := (t + 1) % c.n
	mine := 0.0
	if t == 0 {
		mine = 1
	}
	all := float64(o.Total())
	emit(outerworks.None, 0, c.idx(code, o, next))
	// the A step on this number, into the Pasch counts code2
	astep := func(w float64, code2 int) {
		o2 := o
		if f := o.Lowest(min(pv[t]+1, 4)); f == 0 {
			o2[1]++
			emit(w, -mine, c.idx(code2, o2, next))
		} else {
			o2[f]--
			emit(w, mine, c.idx(code2, o2, next))
		}
	}
	astep(outerworks.L, code)
	// L-L-L: the A step with the fortresses open before the Pasch; a fifth
	// Pasch gives the thrower every marker of the number, whatever A did
	if pv[t]+1 >= 5 {
		emit(outerworks.LPasch, mine*all, -1)
	} else {
		astep(outerworks.LPasch, code+c.pow5[t])
	}
	for _, p := range [...]struct {
		w     float64
		steps int
	}{{outerworks.OtherOne, 1}, {outerworks.OtherTwo, 2}} {
		if pv[t]+p.steps >= 5 {
			emit(p.w, mine*all, -1)
		} else {
			emit(p.w, 0, c.idx(code+p.steps*c.pow5[t], o, next))
		}
	}
}

// ChoiceValues returns, for each move of legal at a decision of g (a
// Festungsspiel's throw that leaves the thrower a choice, F-A2), the
// markers the thrower is expected to gain from the outer works numbered as
// the large die from that choice to the end of the game — the marker taken
// now included — when every seat takes from the lowest fortress on offer
// from then on. The rest of the game does not depend on the choice, so the
// differences between the values are exactly what one choice costs against
// another in expected markers. ok is false when g is no Festungsspiel at
// such a decision, or a move of legal is no choice of it.
func ChoiceValues(g brettspiel.Game, legal []brettspiel.Move) (values []float64, ok bool) {
	fg, isF := g.(*festung.Game)
	if !isF || fg.ToMove() < 0 || len(legal) == 0 {
		return nil, false
	}
	d := fg.Dice()
	if len(d) != 3 || d[0] < 1 || d[0] > 5 {
		return nil, false
	}
	L, n, t := d[0], fg.NumPlayers(), int(fg.Turn())
	var o outerworks.Occ
	for f := 1; f <= 4; f++ {
		for twin := 0; twin < 2; twin++ {
			if id := festung.OuterWorkID(f, L, twin); id != festung.NoField && fg.Marker(id) {
				o[f]++
			}
		}
	}
	// the Pasch counts turned round so that the thrower is seat 0; the
	// throw's own Pasch counts after the decision
	c := chainFor(n)
	code, mine := 0, 0
	for i := 0; i < n; i++ {
		k := min(fg.Pasches(brettspiel.Player((t+i)%n)), 4)
		if i == 0 {
			mine = k
		}
		code += k * c.pow5[i]
	}
	pasch := d[1] == L && d[2] == L
	values = make([]float64, len(legal))
	for i, m := range legal {
		f := fortressOf(fg, m)
		if f == 0 || o[f] == 0 {
			return nil, false
		}
		switch {
		case pasch && mine+1 >= 5:
			// the fifth Pasch: every marker of the number is the thrower's
			values[i] = float64(o.Total())
		default:
			o2 := o
			o2[f]--
			code2 := code
			if pasch {
				code2++
			}
			values[i] = 1 + c.val[c.idx(code2, o2, 1%n)]
		}
	}
	return values, true
}

// Rank implements bot.Ranker: at a decision of the Festungsspiel the
// choices by ChoiceValues, best first (the lowest fortress first among
// equals), each Value the markers it is expected to gain from the outer works
// numbered as the large die; elsewhere as the fallback ranks (bot.Greedy
// when the fallback ranks nothing).
func (b Bot) Rank(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []bot.Ranked {
	if vals, ok := ChoiceValues(g, legal); ok {
		out := make([]bot.Ranked, len(legal))
		for i, m := range legal {
			out[i] = bot.Ranked{Move: m, Value: vals[i]}
		}
		fg := g.(*festung.Game)
		slices.SortStableFunc(out, func(x, y bot.Ranked) int {
			if x.Value > y.Value+1e-12 {
				return -1
			}
			if y.Value > x.Value+1e-12 {
				return 1
			}
			return fortressOf(fg, x.Move) - fortressOf(fg, y.Move)
		})
		return out
	}
	if rk, ok := b.Fallback.(bot.Ranker); ok {
		return rk.Rank(g, legal, r)
	}
	return bot.Greedy{}.Rank(g, legal, r)
}

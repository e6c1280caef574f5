package bearoff

import (
	"sync"
)

// Odds are the chances of a race for the side on roll: the probability
// that he bears off all his stones first, and the parts of the game's end
// that hang on a doublet (Toccateglispiel's Satz, T-B3).
type Odds struct {
	// Win is the probability that the side on roll bears off first.
	Win float64
	// WinDoublet is the part of Win in which his last throw is a doublet.
	WinDoublet float64
	// LoseDoublet is the part of 1−Win in which the other side's last
	// throw is a doublet.
	LoseDoublet float64
}

// Tables are the bear-off tables of one kind of Rules, built on first use
// and shared by every caller; a Tables is safe for concurrent use.
type Tables struct {
	rules   Rules
	oneOnce sync.Once
	one     *oneSided
	twoOnce sync.Once
	two     *twoSided
}

var (
	// known holds the tables of the games' three kinds of rules, made
	// empty at start and never changed, so that the judges of many
	// goroutines find them without a lock; other rules go by tables.
	known = map[Rules]*Tables{
		Toccateglio: {rules: Toccateglio},
		Toccadille:  {rules: Toccadille},
		Verkehren:   {rules: Verkehren},
	}
	tablesMu sync.Mutex
	tables   = map[Rules]*Tables{}
)

// For returns the tables of r. It builds nothing: each table is built the
// first time it is asked for (the two-sided table about half a second of
// CPU, the one-sided one about as much) and kept for the life of the
// program.
func For(r Rules) (*Tables, error) {
	if t, ok := known[r]; ok {
		return t, nil
	}
	if err := r.validate(); err != nil {
		return nil, err
	}
	tablesMu.Lock()
	defer tablesMu.Unlock()
	t := tables[r]
	if t == nil {
		t = &Tables{rules: r}
		tables[r] = t
	}
	return t, nil
}

// Rules returns the rules the tables are for.
func (t *Tables) Rules() Rules { return t.rules }

func (t *Tables) exact() *twoSided {
	t.twoOnce.Do(func() { t.two = buildTwoSided(t.rules) })
	return t.two
}

func (t *Tables) oneSided() *oneSided {
	t.oneOnce.Do(func() { t.one = buildOneSided(t.rules) })
	return t.one
}

// Covered says whether the two-sided table values a race of these
// positions exactly: each side has 1 to ExactStones stones.
func Covered(onRoll, other Position) bool {
	a, b := onRoll.Stones(), other.Stones()
	return a >= 1 && a <= ExactStones && b >= 1 && b <= ExactStones
}

// Exact returns the odds of the race for the side on roll with onRoll
// against other, both sides playing every throw to bear off first most
// often, from the two-sided table; ok is false when the race is not
// Covered.
func (t *Tables) Exact(onRoll, other Position) (o Odds, ok bool) {
	if !Covered(onRoll, other) {
		return Odds{}, false
	}
	ts := t.exact()
	e := onRoll.index()*ts.n + other.index()
	return Odds{Win: ts.win[e], WinDoublet: ts.winD[e], LoseDoublet: ts.losD[e]}, true
}

// Estimate returns the odds of the race for the side on roll with onRoll
// against other, from the one-sided tables: each side's number of turns
// taken as independent of the other's, each played to need the fewest
// turns on average. It is exact when one side's play cannot change the
// other's chances — as in a race where no throw leaves a choice that
// matters — and close otherwise; ok is false when a side has no stones or
// more than MaxStones.
func (t *Tables) Estimate(onRoll, other Position) (o Odds, ok bool) {
	if !onRoll.valid() || !other.valid() || onRoll.Stones() == 0 || other.Stones() == 0 {
		return Odds{}, false
	}
	ts := t.oneSided()
	x, y := onRoll.index(), other.index()
	// a side's P(done in exactly turn k) is dist[off+k−first] for k in
	// first…first+n−1, and 0 elsewhere
	ao, af, ae := int(ts.off[x]), int(ts.first[x]), int(ts.first[x])+int(ts.n[x])
	bo, bf, be := int(ts.off[y]), int(ts.first[y]), int(ts.first[y])+int(ts.n[y])
	// the side on roll wins when he is done in turn k and the other is not
	// done in his first k−1 turns
	bDone, j := 0.0, bf
	for k := af; k < ae; k++ {
		for ; j <= k-1 && j < be; j++ {
			bDone += float64(ts.dist[bo+j-bf])
		}
		o.Win += float64(ts.dist[ao+k-af]) * (1 - bDone)
		o.WinDoublet += float64(ts.lastD[ao+k-af]) * (1 - bDone)
	}
	// the other wins when he is done in turn k and the side on roll is
	// not done in his first k turns
	aDone, i := 0.0, af
	for k := bf; k < be; k++ {
		for ; i <= k && i < ae; i++ {
			aDone += float64(ts.dist[ao+i-af])
		}
		o.LoseDoublet += float64(ts.lastD[bo+k-bf]) * (1 - aDone)
	}
	o.Win = min(max(o.Win, 0), 1)
	return o, true
}

// Turns returns the distribution of the number of turns p needs to bear
// off all its stones, each throw played to make it least on average:
// Turns(p)[k] is the probability of exactly k turns. A turn is all the
// throws a side makes before the other's (under AgainAfterDoublet, a
// doublet and the throws after it). Turns is nil for a p of more than
// MaxStones stones.
func (t *Tables) Turns(p Position) []float64 {
	if !p.valid() {
		return nil
	}
	d, _ := t.oneSided().turns(p.index())
	return d
}

// MeanTurns returns the expected number of turns p needs to bear off,
// each throw played to make it least; −1 for a p of more than MaxStones
// stones.
func (t *Tables) MeanTurns(p Position) float64 {
	if !p.valid() {
		return -1
	}
	return t.oneSided().mean[p.index()]
}

// Results returns the distinct positions a throw of hi and lo (each 1…6)
// can leave from p, under the tables' rules; nil for dice out of range or
// a p of more than MaxStones stones.
func (t *Tables) Results(p Position, hi, lo int) []Position {
	if hi < lo {
		hi, lo = lo, hi
	}
	if lo < 1 || hi > 6 || !p.valid() {
		return nil
	}
	w := 2.0
	if hi == lo {
		w = 1
	}
	return t.rules.results(p, throw{hi, lo, w}, nil)
}

package analysis

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/bearoff"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// middleGame returns a position of a game of variant played by the net at
// one ply from the seed, after about steps steps, at a throw of a seat.
func middleGame(t testing.TB, variant string, seed uint64, steps int) brettspiel.Game {
	t.Helper()
	g := playSteps(t, variant, named(t, "net-advanced"), seed, 0, steps).Game()
	for g.ToMove() != brettspiel.Chance || g.(interface{ Turn() brettspiel.Player }).Turn() < 0 {
		if g.ToMove() == brettspiel.Terminal {
			t.Fatalf("%s seed %d: the game is over after %d steps", variant, seed, steps)
		}
		legal := g.LegalMoves()
		if err := g.Apply(named(t, "net-advanced").Choose(g, legal, nil)); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// bearOff returns a Verkehren position near the end: player 0 to throw
// with stones on his points a and b (0 for none), player 1 with stones on
// c and d; the rest borne off.
func bearOff(t testing.TB, a, b, c, d int) brettspiel.Game {
	t.Helper()
	var pos verkehren.Position
	for p, pts := range [2][2]int{{a, b}, {c, d}} {
		pos.Stones[p][25] = 15
		for _, x := range pts {
			if x > 0 {
				pos.Stones[p][x]++
				pos.Stones[p][25]--
			}
		}
	}
	pos.Turns = 100
	g, err := verkehren.FromPosition(verkehren.Options{}, pos)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// exact returns seat's expected return at g with b playing both sides
// from no source (its choices fixed): the mean over every throw by its
// weight, to the end, with the positions met remembered by their IDs.
func exact(t *testing.T, g brettspiel.Game, seat brettspiel.Player, b bot.Bot, memo map[string]float64) float64 {
	t.Helper()
	switch q := g.ToMove(); {
	case q == brettspiel.Terminal:
		return float64(g.Returns()[seat])
	case q >= 0:
		c := g.Clone()
		if err := c.Apply(b.Choose(g, g.LegalMoves(), nil)); err != nil {
			t.Fatal(err)
		}
		return exact(t, c, seat, b, memo)
	}
	if v, ok := memo[g.ID()]; ok {
		return v
	}
	sum, total := 0.0, 0
	for _, o := range g.ChanceOutcomes() {
		c := g.Clone()
		if err := c.Apply(o.Move); err != nil {
			t.Fatal(err)
		}
		sum += float64(o.Weight) * exact(t, c, seat, b, memo)
		total += o.Weight
	}
	memo[g.ID()] = sum / float64(total)
	return sum / float64(total)
}

func rollout(t testing.TB, g brettspiel.Game, o RolloutOptions) RolloutResult {
	t.Helper()
	r, err := Rollout(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A rollout of a fixed seed gives the same result every time, on one core
// or on two, and another seed another.
func TestRolloutRepeats(t *testing.T) {
	g := middleGame(t, "verkehren", 2, 60)
	o := RolloutOptions{Games: 36, Seed: 7, Truncate: true, Turns: 6, VarianceReduction: true}
	if raceDetector {
		o.Games, o.Turns = 12, 2
	}
	a := rollout(t, g, o)
	b := rollout(t, g, o)
	prev := runtime.GOMAXPROCS(1)
	one := rollout(t, g, o)
	runtime.GOMAXPROCS(2)
	two := rollout(t, g, o)
	runtime.GOMAXPROCS(prev)
	if a != b || a != one || a != two {
		t.Fatalf("the same options gave %+v, %+v, on one core %+v, on two %+v", a, b, one, two)
	}
	if a.Games != o.Games || a.StdErr <= 0 || a.Seat != int(g.(*verkehren.Game).Turn()) || a.Unit != "points" {
		t.Fatalf("result %+v", a)
	}
	o.Seed = 8
	if c := rollout(t, g, o); c.Equity == a.Equity {
		t.Fatalf("seeds 7 and 8 gave the same equity %v", a.Equity)
	}
}

// A position the dice decide within two throws: player 0 bears off his
// two stones with one throw or loses to player 1's single stone. With 36
// games (or 1,296) the first throw (the first two) are stratified, every
// throw thrown as often as its weight says, so the rollout's mean is the
// exact value to rounding; 100 games are not stratified and agree within
// their standard error.
func TestRolloutStratifiedIsExact(t *testing.T) {
	g := bearOff(t, 19, 20, 24, 0)
	want := exact(t, g, 0, named(t, "net-advanced"), map[string]float64{})
	if want <= -1 || want >= 1 {
		t.Fatalf("exact value %v: the position decides nothing", want)
	}
	for _, n := range []int{36, 1296} {
		r := rollout(t, g, RolloutOptions{Games: n, Seed: 1, playSolved: true})
		if r.Seat != 0 || math.Abs(r.Equity-want) > 1e-12 {
			t.Errorf("%d games: %+v, exactly %v", n, r, want)
		}
	}
	r := rollout(t, g, RolloutOptions{Games: 100, Seed: 1, playSolved: true})
	if math.Abs(r.Equity-want) > 3*r.StdErr || r.Equity == want {
		t.Errorf("100 games: %+v, exactly %v", r, want)
	}
}

// A bear-off race of a few turns, its exact value computed over every
// throw with the rules and the net's play: the rollout agrees within three
// standard errors, with and without variance reduction, and the variance
// reduction lowers the error.
func TestRolloutAgreesWithExact(t *testing.T) {
	g := bearOff(t, 19, 21, 20, 22)
	want := exact(t, g, 0, named(t, "net-advanced"), map[string]float64{})
	n := 1296
	if raceDetector {
		n = 324
	}
	plain := rollout(t, g, RolloutOptions{Games: n, Seed: 3, playSolved: true})
	vr := rollout(t, g, RolloutOptions{Games: n, Seed: 3, VarianceReduction: true, playSolved: true})
	for _, r := range []RolloutResult{plain, vr} {
		// the luck is judged exactly here, so the reduced rollout is the
		// exact value to rounding
		if math.Abs(r.Equity-want) > 3*r.StdErr+1e-12 {
			t.Errorf("%+v, exactly %v", r, want)
		}
	}
	if vr.StdErr >= plain.StdErr {
		t.Errorf("variance reduction: standard error %v, plain %v", vr.StdErr, plain.StdErr)
	}
	t.Logf("exact %.4f; plain %.4f ± %.4f; reduced %.4f ± %.4f", want, plain.Equity, plain.StdErr, vr.Equity, vr.StdErr)
}

// In the middle of a game the variance reduction lowers the standard error
// and keeps the mean within the plain rollout's errors, in both games.
func TestRolloutVarianceReduction(t *testing.T) {
	for _, c := range []struct {
		variant string
		seed    uint64
		steps   int
	}{{"verkehren", 5, 80}, {"toccateglio", 5, 40}} {
		g := middleGame(t, c.variant, c.seed, c.steps)
		o := RolloutOptions{Games: 72, Seed: 11, Truncate: true, Turns: 8}
		if raceDetector {
			o.Games, o.Turns = 36, 3
		}
		plain := rollout(t, g, o)
		o.VarianceReduction = true
		vr := rollout(t, g, o)
		if vr.StdErr >= plain.StdErr*0.8 || math.Abs(vr.Equity-plain.Equity) > 3*plain.StdErr {
			t.Errorf("%s: reduced %+v, plain %+v", c.variant, vr, plain)
		}
		t.Logf("%s: plain %.4f ± %.4f; reduced %.4f ± %.4f", c.variant, plain.Equity, plain.StdErr, vr.Equity, vr.StdErr)
	}
}

// The luck a rollout subtracts is the luck the analysis reports: at every
// throw of a game, for the seat who throws, and its opposite for the other.
func TestRolloutLuckIsTheReports(t *testing.T) {
	for _, v := range []string{"verkehren", "toccateglio"} {
		steps := 80
		if raceDetector {
			steps = 40
		}
		h := playSteps(t, v, named(t, "net-advanced"), 9, 0, steps)
		rep, err := Game(h)
		if err != nil {
			t.Fatal(err)
		}
		ro, err := newRoller(h.Start(), RolloutOptions{VarianceReduction: true})
		if err != nil {
			t.Fatal(err)
		}
		w := ro.newWorker()
		checked := 0
		for _, s := range rep.Steps {
			if s.Throw == nil || s.Throw.Mover < 0 {
				continue
			}
			g, _ := h.Before(s.Index)
			e, _ := h.Entry(s.Index)
			for _, seat := range []brettspiel.Player{0, 1} {
				want := s.Throw.Luck
				if int(seat) != s.Throw.Mover {
					want = -want
				}
				// the same up to the rounding of the net's float32 sums: the
				// analysis judges a lone play afresh, the rollout every play
				// from the position before it
				if got := w.luck(g, e.Move, seat); math.Abs(got-want) > 1e-6 {
					t.Fatalf("%s step %d (%s), seat %d: luck %v, the report's %v", v, s.Index, s.Notation, seat, got, want)
				}
			}
			checked++
		}
		if checked < 10 {
			t.Errorf("%s: %d throws checked", v, checked)
		}
	}
}

// Truncated after no turn, a rollout is the net's estimate of the position
// itself, at a throw and at a decision, with no error.
func TestRolloutTruncatedAtOnce(t *testing.T) {
	e, err := neural.Load("verkehren")
	if err != nil {
		t.Fatal(err)
	}
	g := middleGame(t, "verkehren", 4, 50)
	d := g.Clone()
	m, _ := brettspiel.SampleChance(d, rand.New(rand.NewPCG(1, 2)))
	if err := d.Apply(m); err != nil {
		t.Fatal(err)
	}
	for _, pos := range []brettspiel.Game{g, d} {
		r := rollout(t, pos, RolloutOptions{Games: 50, Truncate: true, VarianceReduction: true})
		want := e.Equity(pos, brettspiel.Player(r.Seat))
		if math.Abs(r.Equity-want) > 1e-12 || r.StdErr > 1e-12 || r.Games != 50 {
			t.Errorf("%v: %+v, the net says %v", pos.ToMove(), r, want)
		}
	}
}

// A rollout stops when its context is done and returns the context's
// error: at once when it is done on entry, promptly when it is cancelled
// while the games run.
func TestRolloutCancelled(t *testing.T) {
	g := middleGame(t, "verkehren", 2, 60)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Rollout(ctx, g, RolloutOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled on entry: %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Rollout(ctx, g, RolloutOptions{VarianceReduction: true})
	if took := time.Since(start); !errors.Is(err, context.DeadlineExceeded) || took > 2*time.Second {
		t.Fatalf("cancelled after 50 ms: %v after %v", err, took)
	}
	d := g.Clone()
	m, _ := brettspiel.SampleChance(d, rand.New(rand.NewPCG(1, 2)))
	if err := d.Apply(m); err != nil {
		t.Fatal(err)
	}
	if _, err := RolloutMoves(ctx, d, RolloutOptions{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("moves: %v", err)
	}
}

// The moves of a decision are each rolled out with the same seeds as the
// position after it would be (for the seat who chose), the best by the
// rollout first; Candidates keeps the best of one ply.
func TestRolloutMoves(t *testing.T) {
	g := middleGame(t, "verkehren", 6, 70)
	m, _ := brettspiel.SampleChance(g, rand.New(rand.NewPCG(1, 2)))
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	legal := g.LegalMoves()
	if len(legal) < 4 {
		t.Fatalf("%d legal moves at %s", len(legal), g.ID())
	}
	p := g.ToMove()
	o := RolloutOptions{Games: 36, Seed: 5, Truncate: true, Turns: 4, Candidates: 3}
	moves, err := RolloutMoves(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 3 {
		t.Fatalf("%d moves rolled out, want 3", len(moves))
	}
	e, _ := neural.Load("verkehren")
	onePly := make(map[brettspiel.Move]float64)
	for _, m := range legal {
		c := g.Clone()
		if err := c.Apply(m); err != nil {
			t.Fatal(err)
		}
		onePly[m] = e.Equity(c, p)
	}
	worst := math.Inf(1)
	for i, mr := range moves {
		if i > 0 && mr.Equity > moves[i-1].Equity {
			t.Errorf("move %d (%s, %v) ranked below a worse one", i, mr.Notation, mr.Equity)
		}
		if mr.Notation != g.MoveString(mr.Move) || mr.Seat != int(p) || mr.OnePly != onePly[mr.Move] {
			t.Errorf("move %d: %+v; one ply %v", i, mr, onePly[mr.Move])
		}
		worst = min(worst, mr.OnePly)
		c := g.Clone()
		if err := c.Apply(mr.Move); err != nil {
			t.Fatal(err)
		}
		after := rollout(t, c, RolloutOptions{Games: 36, Seed: 5, Truncate: true, Turns: 4})
		if after.Seat == int(p) && after.Equity != mr.Equity || after.Seat != int(p) && -after.Equity != mr.Equity || after.StdErr != mr.StdErr {
			t.Errorf("%s: %+v; the position after it %+v", mr.Notation, mr.RolloutResult, after)
		}
	}
	for m, v := range onePly {
		if v > worst && !containsMove(moves, m) {
			t.Errorf("%s (one ply %v) left out, a worse one kept", g.MoveString(m), v)
		}
	}
	o.Candidates, o.Games, o.Turns = 0, 2, 1
	all, err := RolloutMoves(context.Background(), g, o)
	if err != nil || len(all) != len(legal) {
		t.Fatalf("every move: %d of %d, %v", len(all), len(legal), err)
	}
}

func containsMove(ms []MoveRollout, m brettspiel.Move) bool {
	for _, x := range ms {
		if x.Move == m {
			return true
		}
	}
	return false
}

// The default level is played by the judge's own best play, which is the
// registry's net-advanced: a rollout by the bot itself gives the same.
func TestRolloutFastPathIsTheBot(t *testing.T) {
	g := middleGame(t, "toccateglio", 3, 30)
	o := RolloutOptions{Games: 12, Seed: 2, Truncate: true, Turns: 10, VarianceReduction: true}
	if raceDetector {
		o.Turns = 4
	}
	fast := rollout(t, g, o)
	ro, err := newRoller(g, o)
	if err != nil {
		t.Fatal(err)
	}
	if !ro.fast {
		t.Fatal("the default level is not played by the judge")
	}
	ro.fast = false
	slow, err := ro.run(context.Background(), []task{{start: g, seat: brettspiel.Player(fast.Seat)}})
	if err != nil {
		t.Fatal(err)
	}
	if slow[0] != fast {
		t.Fatalf("by the judge %+v, by the bot %+v", fast, slow[0])
	}
}

// Other levels roll out too; the options are checked; the Festungsspiel
// keeps its exact judge and is not rolled out; a finished game is refused.
func TestRolloutOptions(t *testing.T) {
	g := middleGame(t, "toccateglio", 1, 30)
	for _, name := range []string{"greedy", "net-beginner", "random"} {
		r := rollout(t, g, RolloutOptions{Games: 4, Bot: name, Truncate: true, Turns: 3})
		if r.Games != 4 {
			t.Errorf("%s: %+v", name, r)
		}
	}
	bad := []RolloutOptions{{Games: -1}, {Truncate: true, Turns: -1}, {Candidates: -2}}
	for _, o := range bad {
		if _, err := Rollout(context.Background(), g, o); !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("%+v: %v", o, err)
		}
	}
	if _, err := Rollout(context.Background(), g, RolloutOptions{Bot: "gnubg"}); !errors.Is(err, bot.ErrUnknownBot) {
		t.Errorf("unknown bot: %v", err)
	}
	if _, err := Rollout(context.Background(), nil, RolloutOptions{}); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("no game: %v", err)
	}
	f, err := catalog.New("festung", "", 3)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Rollout(context.Background(), f, RolloutOptions{})
	if !errors.Is(err, ErrExactJudge) || !strings.Contains(err.Error(), "exact") {
		t.Errorf("festung: %v", err)
	}
	if _, err := RolloutMoves(context.Background(), f, RolloutOptions{}); !errors.Is(err, ErrExactJudge) {
		t.Errorf("festung moves: %v", err)
	}
	end := playGame(t, "verkehren", named(t, "greedy"), 1, 0).Game()
	if _, err := Rollout(context.Background(), end, RolloutOptions{}); !errors.Is(err, brettspiel.ErrGameOver) {
		t.Errorf("a finished game: %v", err)
	}
	if _, err := RolloutMoves(context.Background(), g, RolloutOptions{}); !errors.Is(err, brettspiel.ErrChanceNode) {
		t.Errorf("moves at a throw: %v", err)
	}
}

// Within keeps the moves within so much of the best at one ply, with
// Candidates both bounds hold, and Include adds a move the bounds leave
// out, in its place by one ply; an illegal move to include, or a bad
// Within, is refused.
func TestRolloutMovesWithin(t *testing.T) {
	g := middleGame(t, "verkehren", 6, 70)
	m, _ := brettspiel.SampleChance(g, rand.New(rand.NewPCG(1, 2)))
	if err := g.Apply(m); err != nil {
		t.Fatal(err)
	}
	o := RolloutOptions{Games: 2, Seed: 5, Truncate: true, Turns: 1}
	all, err := RolloutMoves(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 4 {
		t.Fatalf("%d moves", len(all))
	}
	ones := make([]float64, len(all))
	for i, mr := range all {
		ones[i] = mr.OnePly
	}
	slices.Sort(ones)
	slices.Reverse(ones)
	// a bound between the third and the fourth move by one ply
	o.Within = ones[0] - (ones[2]+ones[3])/2
	if ones[2] == ones[3] {
		t.Fatalf("equal one-ply equities %v", ones)
	}
	within, err := RolloutMoves(context.Background(), g, o)
	if err != nil || len(within) != 3 {
		t.Fatalf("within %v: %d moves, %v", o.Within, len(within), err)
	}
	for _, mr := range within {
		if mr.OnePly < ones[2] {
			t.Errorf("%s (%v) kept, beyond %v of the best", mr.Notation, mr.OnePly, o.Within)
		}
	}
	o.Candidates = 2
	two, err := RolloutMoves(context.Background(), g, o)
	if err != nil || len(two) != 2 {
		t.Fatalf("within and 2 candidates: %d moves, %v", len(two), err)
	}
	worst := all[0]
	for _, mr := range all {
		if mr.OnePly < worst.OnePly {
			worst = mr
		}
	}
	o.Include = []brettspiel.Move{worst.Move}
	three, err := RolloutMoves(context.Background(), g, o)
	if err != nil || len(three) != 3 || !containsMove(three, worst.Move) {
		t.Fatalf("with %s included: %+v, %v", worst.Notation, three, err)
	}
	for _, mr := range three {
		if mr.Move == worst.Move && (mr.Equity != worst.Equity || mr.StdErr != worst.StdErr) {
			t.Errorf("included %+v, among all %+v", mr, worst)
		}
	}
	o.Include = []brettspiel.Move{brettspiel.NoMove}
	if _, err := RolloutMoves(context.Background(), g, o); !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Errorf("an illegal move included: %v", err)
	}
	o.Include = nil
	for _, w := range []float64{-0.1, math.NaN(), math.Inf(1)} {
		o.Within = w
		if _, err := RolloutMoves(context.Background(), g, o); !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("within %v: %v", w, err)
		}
	}
}

// A rollout of a race the bear-off tables solve gives its exact value, the
// net taking no part: 5,184 games of Verkehren (three stones against two)
// and of the Toccateglispiel at marks 10–10, where the Marsch decides the
// Partie, each equal to the two-sided table's 2·Win − 1 and to the
// expectation over every throw of the bots' play to the end.
func TestRolloutOfASolvedRaceIsExact(t *testing.T) {
	vk := bearOff(t, 19, 21, 20, 22)
	vkSides := vk.(*verkehren.Game).Board()
	tc, err := toccateglio.FromPosition(toccateglio.Toccateglispiel(), toccateglio.Position{
		Stones: [2]board.Side{{21: 2, 22: 2, 25: 11}, {19: 1, 24: 2, 25: 12}}, Marks: [2]int{10, 10}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g     brettspiel.Game
		sides [2]board.Side
		rules bearoff.Rules
	}{
		{vk, vkSides.Sides, bearoff.Verkehren},
		{tc, [2]board.Side{tc.Stones(0), tc.Stones(1)}, bearoff.Toccateglio},
	} {
		tables, err := bearoff.For(c.rules)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := bearoff.PositionOf(&c.sides[0])
		b, _ := bearoff.PositionOf(&c.sides[1])
		odds, ok := tables.Exact(a, b)
		if !ok {
			t.Fatalf("%v against %v is not covered", a, b)
		}
		want := 2*odds.Win - 1
		r := rollout(t, c.g, RolloutOptions{Games: 5184, Seed: 9})
		if math.Abs(r.Equity-want) > 1e-12 || r.StdErr != 0 || r.Games != 5184 {
			t.Errorf("%s: %+v, the table says %v", c.g.Variant(), r, want)
		}
		if played := exact(t, c.g, 0, named(t, "net-advanced"), map[string]float64{}); math.Abs(played-want) > 1e-9 {
			t.Errorf("%s: the bots' play to the end is worth %v, the table says %v", c.g.Variant(), played, want)
		}
	}
}

// The analysis of a race the bear-off tables solve says so on each
// decision, and its losses are the table's: a play's equity is 2·P − 1 of
// the race it leaves, read here from the table by the positions the
// engine leaves.
func TestAnalysisJudgesASolvedRaceExactly(t *testing.T) {
	g := bearOff(t, 19, 21, 20, 22)
	h, err := brettspiel.NewHistory(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := bearoff.For(bearoff.Verkehren)
	if err != nil {
		t.Fatal(err)
	}
	b := named(t, "random")
	r := rand.New(rand.NewPCG(5, 6))
	for h.ToMove() != brettspiel.Terminal {
		g := h.Game()
		m, err := brettspiel.SampleChance(g, r)
		if g.ToMove() != brettspiel.Chance {
			m, err = b.Choose(g, g.LegalMoves(), r), nil
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := Game(h)
	if err != nil {
		t.Fatal(err)
	}
	decisions := 0
	for _, st := range rep.Steps {
		d := st.Decision
		if d == nil {
			continue
		}
		decisions++
		if d.Judge != "race-exact" {
			t.Errorf("step %d judged %q, want race-exact", st.Index, d.Judge)
		}
		before, _ := h.Before(st.Index)
		mover := before.ToMove()
		after := before.Clone()
		m, err := before.ParseMove(st.Notation)
		if err != nil || after.Apply(m) != nil {
			t.Fatalf("step %d: %s", st.Index, st.Notation)
		}
		want := 0.0
		if after.ToMove() == brettspiel.Terminal {
			want = float64(after.Returns()[mover])
		} else {
			sides := after.(*verkehren.Game).Board().Sides
			a, _ := bearoff.PositionOf(&sides[1-mover])
			b, _ := bearoff.PositionOf(&sides[mover])
			odds, _ := tables.Exact(a, b)
			want = 1 - 2*odds.Win
		}
		if math.Abs(d.Played-want) > 1e-9 {
			t.Errorf("step %d (%s): played %v, the table says %v", st.Index, st.Notation, d.Played, want)
		}
	}
	if decisions == 0 {
		t.Fatal("no decision analysed")
	}
}

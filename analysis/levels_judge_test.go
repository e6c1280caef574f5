package analysis

import (
	"bufio"
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot/neural"
)

// The levels judged by rollouts: at each decision of the set the plays
// within reach of the best by the net at one ply, and the play of every
// judged level, are rolled out with the same dice (the rollouts are cached
// in testdata/rollouts-GAME.txt); each level's loss is the rollout's best
// less the rollout of its play.

// The rollouts' settings: the candidates are the plays within
// rolloutReach of the best at one ply, at most rolloutMaxCan of them. The
// games are truncated after rolloutTurns turns and scored by the net:
// doc/research.md gives the cost that chose it.
const (
	rolloutReach  = 0.15
	rolloutMaxCan = 6
	rolloutTurns  = 10
	// rolloutGamesDefault is the games a play is rolled out over: 324, the
	// first throw stratified (36 × 9).
	rolloutGamesDefault = 324
	// rolloutFromDefault is the weakest level whose plays are rolled out
	// where they are not among the candidates; a weaker level's play
	// outside them is scored by the net (lossOf).
	rolloutFromDefault = "net-intermediate"
)

// blunder is the loss above which a decision counts as a blunder, in the
// game's unit (gnubg's mark of a bad play).
const blunder = 0.08

// rolloutFrom is rolloutFromDefault or the level BRETTSPIEL_ROLLOUT_FROM
// names (random: every level's play is rolled out).
func rolloutFrom() string {
	if l := os.Getenv("BRETTSPIEL_ROLLOUT_FROM"); slices.Contains(judgedLevels, l) {
		return l
	}
	return rolloutFromDefault
}

// rolloutGames is the games a play is rolled out over:
// BRETTSPIEL_ROLLOUT_GAMES, rolloutGamesDefault by default.
func rolloutGames() int { return envInt("BRETTSPIEL_ROLLOUT_GAMES", rolloutGamesDefault) }

// rolloutOptions are the rollouts' options for variant: the published
// ones (rolloutDefaults) unless BRETTSPIEL_ROLLOUT_GAMES,
// BRETTSPIEL_ROLLOUT_SEED or BRETTSPIEL_ROLLOUT_TURNS (a number of turns,
// or "end": played to the end) says otherwise.
func rolloutOptions(variant string) RolloutOptions {
	if os.Getenv("BRETTSPIEL_ROLLOUT_GAMES")+os.Getenv("BRETTSPIEL_ROLLOUT_SEED")+os.Getenv("BRETTSPIEL_ROLLOUT_TURNS")+os.Getenv("BRETTSPIEL_ROLLOUT_FROM") == "" {
		return rolloutDefaults(variant)
	}
	o := RolloutOptions{Games: rolloutGames(), Seed: uint64(envInt("BRETTSPIEL_ROLLOUT_SEED", decisionSeed))}
	if os.Getenv("BRETTSPIEL_ROLLOUT_TURNS") != "end" {
		o.Truncate, o.Turns = true, envInt("BRETTSPIEL_ROLLOUT_TURNS", rolloutDefaults(variant).Turns)
	}
	return o
}

// rolloutDefaults are the options of the published rollouts.
func rolloutDefaults(string) RolloutOptions {
	return RolloutOptions{Games: rolloutGamesDefault, Seed: decisionSeed, Truncate: true, Turns: rolloutTurns}
}

func rolloutHeader(o RolloutOptions) string {
	played := fmt.Sprintf("truncated after %d turns", o.Turns)
	if !o.Truncate {
		played = "played to the end"
	}
	least := ""
	if n := candidatesLeast(); n > 0 {
		least = fmt.Sprintf(", at least %d", n)
	}
	return fmt.Sprintf("# options: games %d, %s, seed %d, bot %s, reach %.2f, at most %d candidates%s, the plays of %s and up",
		o.Games, played, o.Seed, cmp.Or(o.Bot, DefaultRolloutBot), candidateReach(), candidatesMost(), least, rolloutFrom())
}

// candidateReach, candidatesMost and candidatesLeast choose the plays
// rolled out at a decision beside the levels' own: those within reach of
// the best at one ply, at most so many, and the best so many whatever
// their reach. The published rollouts' are rolloutReach, rolloutMaxCan
// and none; BRETTSPIEL_ROLLOUT_REACH, BRETTSPIEL_ROLLOUT_CANDIDATES and
// BRETTSPIEL_ROLLOUT_LEAST set others.
func candidateReach() float64 {
	if x, err := strconv.ParseFloat(os.Getenv("BRETTSPIEL_ROLLOUT_REACH"), 64); err == nil && x >= 0 {
		return x
	}
	return rolloutReach
}

func candidatesMost() int { return envInt("BRETTSPIEL_ROLLOUT_CANDIDATES", rolloutMaxCan) }

func candidatesLeast() int { return envInt("BRETTSPIEL_ROLLOUT_LEAST", 0) }

// rolloutFile is the cache of a game's rollouts; BRETTSPIEL_ROLLOUT_FILE
// names another (a second seed, a test of other options).
func rolloutFile(variant string) string {
	if f := os.Getenv("BRETTSPIEL_ROLLOUT_FILE"); f != "" {
		return strings.ReplaceAll(f, "GAME", variant)
	}
	if set := decisionSet(); set != "" {
		return filepath.Join("testdata", "rollouts-"+variant+"-"+set+".txt")
	}
	return filepath.Join("testdata", "rollouts-"+variant+".txt")
}

// rolled is one play of a decision rolled out, from the mover's view.
type rolled struct {
	Notation string
	OnePly   float64
	Equity   float64
	StdErr   float64
}

// onePly returns the moves of g with their values for the mover by the net
// at one ply, best first (ties in the moves' order).
func onePly(g brettspiel.Game, j *neural.Judge) ([]brettspiel.Move, []float64) {
	p := g.ToMove()
	moves := realChoices(g)
	vals := make([]float64, len(moves))
	for i, m := range moves {
		c := g.Clone()
		vals[i] = math.Inf(-1)
		if c.Apply(m) == nil {
			vals[i] = j.Equity(c, p)
		}
	}
	order := make([]int, len(moves))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(vals[b], vals[a]) })
	ms, vs := make([]brettspiel.Move, len(moves)), make([]float64, len(moves))
	for k, i := range order {
		ms[k], vs[k] = moves[i], vals[i]
	}
	return ms, vs
}

// choices returns each judged level's play at g (the noise of the lower
// levels drawn from a source seeded by the decision's index).
func choices(t testing.TB, g brettspiel.Game, index int) []brettspiel.Move {
	out := make([]brettspiel.Move, len(judgedLevels))
	for k, name := range judgedLevels {
		r := rand.New(rand.NewPCG(decisionSeed, uint64(index)<<8|uint64(k)))
		c := g.Clone()
		out[k] = levelBot(t, name).Choose(c, c.LegalMoves(), r)
	}
	return out
}

// rollDecision rolls out the candidates of g and the plays given.
func rollDecision(t testing.TB, g brettspiel.Game, j *neural.Judge, plays []brettspiel.Move, o RolloutOptions) []rolled {
	p := g.ToMove()
	ms, vs := onePly(g, j)
	var roll []int
	for i := range ms {
		if i < candidatesMost() && (vs[i] >= vs[0]-candidateReach() || i < candidatesLeast()) || slices.Contains(plays, ms[i]) {
			roll = append(roll, i)
		}
	}
	out := make([]rolled, 0, len(roll))
	for _, i := range roll {
		c := g.Clone()
		if err := c.Apply(ms[i]); err != nil {
			t.Fatal(err)
		}
		r := rolled{Notation: g.MoveString(ms[i]), OnePly: vs[i]}
		if c.ToMove() == brettspiel.Terminal {
			r.Equity = float64(c.Returns()[p])
		} else {
			res, err := Rollout(nil, c, o)
			if err != nil {
				t.Fatal(err)
			}
			r.Equity, r.StdErr = res.Equity, res.StdErr
			if res.Seat != int(p) {
				r.Equity = -r.Equity
			}
		}
		out = append(out, r)
	}
	slices.SortStableFunc(out, func(a, b rolled) int { return cmp.Compare(b.Equity, a.Equity) })
	return out
}

// readRollouts reads a cache of rollouts made with the options of header;
// a cache of other options, or none, reads as empty.
func readRollouts(path, header string) (map[int][]rolled, error) {
	out := map[int][]rolled{}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if strings.HasPrefix(s, "# options:") && s != header {
			return map[int][]rolled{}, nil
		}
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fs := strings.Split(s, "\t")
		if len(fs) != 5 {
			return nil, fmt.Errorf("%s:%d: %d fields, want 5", path, line, len(fs))
		}
		d, err := strconv.Atoi(fs[0])
		var x [3]float64
		for k := range x {
			if err == nil {
				x[k], err = strconv.ParseFloat(fs[2+k], 64)
			}
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		out[d] = append(out[d], rolled{Notation: fs[1], OnePly: x[0], Equity: x[1], StdErr: x[2]})
	}
	return out, sc.Err()
}

// appendRollouts writes one decision's rollouts to the cache.
func appendRollouts(f *os.File, d int, rs []rolled) error {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, "%d\t%s\t%.5f\t%.5f\t%.5f\n", d, r.Notation, r.OnePly, r.Equity, r.StdErr)
	}
	_, err := f.WriteString(b.String())
	return err
}

// worstPlay is a level's play at decision d and its loss.
type worstPlay struct {
	d    int
	play string
	loss float64
}

// levelScore sums one level's decisions up.
type levelScore struct {
	n                     int
	loss, loss2, blunders float64
	loss1, blunders1      float64 // the one-ply judge's loss and blunders
	outside               int     // plays not rolled out (scored by the net, see lossOf)
}

func (s *levelScore) rate() (mean, se float64) {
	n := float64(s.n)
	mean = s.loss / n
	return mean, math.Sqrt(max(s.loss2/n-mean*mean, 0) / max(n-1, 1))
}

func (s *levelScore) blunderRate() (share, se float64) {
	n := float64(s.n)
	share = s.blunders / n
	return share, math.Sqrt(share * (1 - share) / max(n-1, 1))
}

// lossOf returns the loss of the play notated m against the rollout's best
// (rs sorted best first); a play not rolled out is scored by its one-ply
// distance below the rolled-out play best at one ply (its rollout less the
// net's difference), and outside is true.
func lossOf(rs []rolled, m string, v1 float64) (loss float64, outside bool) {
	top := rs[0].Equity
	anchor := 0
	for i, r := range rs {
		if r.Notation == m {
			return top - r.Equity, false
		}
		if r.OnePly > rs[anchor].OnePly {
			anchor = i
		}
	}
	return max(top-(rs[anchor].Equity-(rs[anchor].OnePly-v1)), 0), true
}

// TestLevelsByRollout judges the levels on the decision set against
// rollouts and prints the table of doc/research.md. BRETTSPIEL_LONG=1
// runs it; BRETTSPIEL_LEVELS_GAME picks one game, BRETTSPIEL_LEVELS_DECISIONS
// takes the first so many decisions. The rollouts come from the cache;
// BRETTSPIEL_ROLLOUT=1 rolls out the decisions the cache lacks (all of
// them when its options differ: BRETTSPIEL_ROLLOUT_GAMES) and adds them.
func TestLevelsByRollout(t *testing.T) {
	if os.Getenv("BRETTSPIEL_LONG") == "" {
		t.Skip("BRETTSPIEL_LONG=1 judges the levels by rollouts")
	}
	for _, v := range []string{"toccateglio", "verkehren"} {
		if only := os.Getenv("BRETTSPIEL_LEVELS_GAME"); only != "" && only != v {
			continue
		}
		judgeLevels(t, v)
	}
}

func judgeLevels(t *testing.T, v string) {
	ds, gs, err := readDecisions(decisionFile(v), v)
	if err != nil {
		t.Fatal(err)
	}
	n := min(envInt("BRETTSPIEL_LEVELS_DECISIONS", len(ds)), len(ds))
	o := rolloutOptions(v)
	header := rolloutHeader(o)
	cache, err := readRollouts(rolloutFile(v), header)
	if err != nil {
		t.Fatal(err)
	}
	var out *os.File
	if os.Getenv("BRETTSPIEL_ROLLOUT") != "" {
		if len(cache) == 0 {
			err = os.WriteFile(rolloutFile(v), []byte(fmt.Sprintf("# Rollouts of the decisions of %s (the line's decision, counted from 0):\n# the play, its equity at one ply, by the rollout, the rollout's standard\n# error. Made by TestLevelsByRollout with BRETTSPIEL_ROLLOUT=1.\n%s\n", decisionFile(v), header)), 0o644)
			if err != nil {
				t.Fatal(err)
			}
		}
		if out, err = os.OpenFile(rolloutFile(v), os.O_APPEND|os.O_WRONLY, 0); err != nil {
			t.Fatal(err)
		}
		defer out.Close()
	}
	e, err := neural.Load(v)
	if err != nil {
		t.Fatal(err)
	}
	j := e.NewJudge()
	scores := make([]levelScore, len(judgedLevels))
	var judge1 levelScore // the one-ply judge's own best play
	judge1Wrong := 0
	// the decisions whose best play is worth 1 or more either way (a
	// double game, a Partie of more than one stroke in reach), and each
	// level's loss in them
	nBig, lossBig := 0, make([]float64, len(judgedLevels))
	// BRETTSPIEL_LEVELS_WORST names a level whose worst decisions are
	// printed
	worstOf := os.Getenv("BRETTSPIEL_LEVELS_WORST")
	var worst []worstPlay
	var ses []float64
	start := time.Now()
	for i := range n {
		g := gs[i]
		plays := choices(t, g, i)
		rs, ok := cache[i]
		if !ok {
			if out == nil {
				t.Fatalf("%s: decision %d is not in %s; BRETTSPIEL_ROLLOUT=1 rolls it out", v, i, rolloutFile(v))
			}
			rs = rollDecision(t, g, j, plays[slices.Index(judgedLevels, rolloutFrom()):], o)
			cache[i] = rs
			if err := appendRollouts(out, i, rs); err != nil {
				t.Fatal(err)
			}
			if i%25 == 24 {
				t.Logf("%s: %d decisions rolled out, %v", v, i+1, time.Since(start).Round(time.Second))
			}
		}
		for _, r := range rs {
			ses = append(ses, r.StdErr)
		}
		ms, vs := onePly(g, j)
		v1 := map[string]float64{}
		for k, m := range ms {
			v1[g.MoveString(m)] = vs[k]
		}
		add := func(s *levelScore, m string) {
			loss, outside := lossOf(rs, m, v1[m])
			l1 := vs[0] - v1[m]
			s.n++
			s.loss += loss
			s.loss2 += loss * loss
			s.loss1 += l1
			if loss > blunder {
				s.blunders++
			}
			if l1 > blunder {
				s.blunders1++
			}
			if outside {
				s.outside++
			}
		}
		big := math.Abs(rs[0].Equity) >= 1
		if big {
			nBig++
		}
		for k, m := range plays {
			add(&scores[k], g.MoveString(m))
			if big {
				loss, _ := lossOf(rs, g.MoveString(m), v1[g.MoveString(m)])
				lossBig[k] += loss
			}
			if judgedLevels[k] == worstOf {
				loss, _ := lossOf(rs, g.MoveString(m), v1[g.MoveString(m)])
				worst = append(worst, worstPlay{i, g.MoveString(m), loss})
			}
		}
		best1 := g.MoveString(ms[0])
		add(&judge1, best1)
		if best1 != rs[0].Notation {
			judge1Wrong++
		}
	}
	if len(worst) > 0 {
		slices.SortStableFunc(worst, func(a, b worstPlay) int { return cmp.Compare(b.loss, a.loss) })
		for _, w := range worst[:min(len(worst), 12)] {
			fmt.Printf("  %s at decision %d (%s, throw %s): %s loses %.3f\n", worstOf, w.d, ds[w.d].ID, ds[w.d].Throw, w.play, w.loss)
			for _, r := range cache[w.d] {
				fmt.Printf("    %-24s one ply %+.3f  rollout %+.3f ± %.3f\n", r.Notation, r.OnePly, r.Equity, r.StdErr)
			}
		}
	}
	if other := os.Getenv("BRETTSPIEL_ROLLOUT_COMPARE"); other != "" {
		compareRollouts(t, v, cache, strings.ReplaceAll(other, "GAME", v), n)
	}
	slices.Sort(ses)
	fmt.Printf("%s: %d decisions, rollouts %s\n", v, n, strings.TrimPrefix(header, "# options: "))
	fmt.Printf("  median standard error of a play's rollout %.4f, largest %.4f\n", ses[len(ses)/2], ses[len(ses)-1])
	fmt.Printf("  the one-ply judge's best play is not the rollout's best in %d of %d (%.1f %%); its loss %.4f a decision\n",
		judge1Wrong, n, 100*float64(judge1Wrong)/float64(n), judge1.loss/float64(n))
	fmt.Printf("  | level | error rate, rollouts | blunders > %.2f, rollouts | error rate, one ply | blunders, one ply | plays not rolled out |\n", blunder)
	for k, name := range judgedLevels {
		s := &scores[k]
		m, se := s.rate()
		b, bse := s.blunderRate()
		fmt.Printf("  | %s | %.4f ± %.4f | %.3f ± %.3f | %.4f | %.3f | %d |\n", name, m, se, b, bse, s.loss1/float64(s.n), s.blunders1/float64(s.n), s.outside)
	}
	fmt.Printf("  %d decisions with the best play worth 1 or more either way; the levels' loss in them, in all of their loss:\n ", nBig)
	for k, name := range judgedLevels {
		fmt.Printf(" %s %.0f %%", name, 100*lossBig[k]/max(scores[k].loss, 1e-12))
	}
	fmt.Println()
}

// TestLossOf checks how a play's loss is read from its decision's rollouts.
func TestLossOf(t *testing.T) {
	rs := []rolled{{"a", 0.30, 0.50, 0.01}, {"b", 0.40, 0.45, 0.01}, {"c", 0.10, 0.20, 0.01}}
	for _, c := range []struct {
		m       string
		v1      float64
		loss    float64
		outside bool
	}{
		{"a", 0.30, 0, false},
		{"b", 0.40, 0.05, false},
		{"c", 0.10, 0.30, false},
		// not rolled out: 0.2 below b at one ply, b rolled out at 0.45
		{"d", 0.20, 0.25, true},
		// never a gain over the rollout's best
		{"e", 0.60, 0, true},
	} {
		loss, outside := lossOf(rs, c.m, c.v1)
		if math.Abs(loss-c.loss) > 1e-12 || outside != c.outside {
			t.Errorf("lossOf(%q, %v) = %v, %v; want %v, %v", c.m, c.v1, loss, outside, c.loss, c.outside)
		}
	}
}

// compareRollouts measures the judge's own noise: the rollouts of another
// seed (the cache at path, of any options) judged by the cache's. The
// second rollouts' best play, judged by the first, loses what two
// independent judges' noise makes of a perfect player's play: about twice
// the bias that noise gives every level's rate.
func compareRollouts(t *testing.T, v string, cache map[int][]rolled, path string, n int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	header := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := sc.Text(); strings.HasPrefix(s, "# options:") {
			header = s
		}
	}
	f.Close()
	other, err := readRollouts(path, header)
	if err != nil {
		t.Fatal(err)
	}
	var s levelScore
	differ := 0
	for i := range n {
		rs, ok := other[i]
		if !ok || cache[i] == nil {
			continue
		}
		loss, _ := lossOf(cache[i], rs[0].Notation, rs[0].OnePly)
		s.n++
		s.loss += loss
		s.loss2 += loss * loss
		if rs[0].Notation != cache[i][0].Notation {
			differ++
		}
	}
	if s.n == 0 {
		t.Fatalf("%s: no decision in both %s and the cache", v, path)
	}
	m, se := s.rate()
	fmt.Printf("  against %s (%s): best plays differ in %d of %d; the other's best loses %.4f ± %.4f a decision\n",
		path, strings.TrimPrefix(header, "# options: "), differ, s.n, m, se)
}

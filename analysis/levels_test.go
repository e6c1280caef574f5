package analysis

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/bot/neural"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/playon"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// The decision set: a fixed, seeded sample of the decisions of games
// between different levels, one file a race game
// (testdata/decisions-GAME.txt), on which the levels are judged against
// rollouts (levels_judge_test.go). Every decision is a position ID at a
// seat's decision with the throw made, so that it can be loaded anywhere
// (catalog.ParseID).

// decisionSetSize is the number of decisions of each game's set.
const decisionSetSize = 500

// decisionSeed seeds the set's games and the levels' choices on it.
const decisionSeed = 43

// decisionShare is the share of a game's real choices that the set takes,
// so that it spreads over many games.
const decisionShare = 0.1

// decisionPairs are the levels of the set's games, seat 0 first; game i
// is played by pair i mod len, the seats swapped in every other round.
var decisionPairs = [][2]string{
	{"net-strongest", "net-intermediate"},
	{"net-advanced", "greedy"},
	{"net-expert", "expectimax"},
	{"net-casual", "net-advanced"},
	{"net-beginner", "net-strongest"},
	{"net-intermediate", "random"},
}

// heldoutPairs are the levels of the held-out set's games: other
// pairings than the published set's, more games against the outside
// styles (greedy, expectimax), none of its seeds.
var heldoutPairs = [][2]string{
	{"net-strongest", "greedy"},
	{"net-expert", "net-advanced"},
	{"net-intermediate", "expectimax"},
	{"net-advanced", "random"},
	{"net-casual", "net-expert"},
	{"expectimax", "net-strongest"},
	{"greedy", "net-beginner"},
}

// heldoutSeed seeds the held-out set's games.
const heldoutSeed = 4409

// heldoutRaceShare is the share of a game's race decisions (every stone
// on its own last six points, a real choice) that the held-out set takes,
// so that races are in it although games seldom reach them.
const heldoutRaceShare = 0.5

// heldoutRaces is the number of the held-out set's decisions that are
// random races (every stone on its own last six points), since games
// seldom reach one before they end: up to ten stones a side, so that the
// exact table and the one-sided estimate are both judged.
const heldoutRaces = 50

// raceDecisions returns n random race decisions of variant with a real
// choice, seeded by seed: each side 1–10 stones on its last six points,
// the rest borne off; in Toccateglio at random marks.
func raceDecisions(t testing.TB, variant string, n int, seed uint64) []decision {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	side := func() (s [26]int) {
		k := 1 + r.IntN(10)
		for range k {
			s[19+r.IntN(6)]++
		}
		s[25] = 15 - k
		return s
	}
	var out []decision
	for len(out) < n {
		a, b := side(), side()
		dice := [2]int{1 + r.IntN(6), 1 + r.IntN(6)}
		turn := brettspiel.Player(r.IntN(2))
		var g brettspiel.Game
		var err error
		switch variant {
		case "verkehren":
			g, err = verkehren.FromPosition(verkehren.VK(), verkehren.Position{Stones: [2][26]int{a, b}, Turn: turn, Dice: dice, Turns: 100})
		default:
			var pos toccateglio.Position
			for i := range 26 {
				pos.Stones[0][i], pos.Stones[1][i] = int8(a[i]), int8(b[i])
			}
			pos.Marks = [2]int{r.IntN(12), r.IntN(12)}
			pos.Turn, pos.Dice = turn, dice
			g, err = toccateglio.FromPosition(toccateglio.Toccateglispiel(), pos)
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(realChoices(g)) < 2 {
			continue
		}
		out = append(out, decision{ID: g.ID(), Throw: fmt.Sprintf("%d-%d", max(dice[0], dice[1]), min(dice[0], dice[1])), Source: fmt.Sprintf("race:%d", len(out)), Level: "none"})
	}
	return out
}

// decisionSet names the set judged: the published one, or with
// BRETTSPIEL_DECISIONS_SET=heldout the held-out one, kept apart from
// every tuning and reported beside it.
func decisionSet() string {
	if os.Getenv("BRETTSPIEL_DECISIONS_SET") == "heldout" {
		return "heldout"
	}
	return ""
}

// judgedLevels are the levels judged on the set, weakest first (the
// levels of TestCalibrate).
var judgedLevels = []string{"random", "greedy", "expectimax", "net-beginner", "net-casual", "net-intermediate", "net-advanced", "net-expert", "net-strongest"}

// levelBot returns a level of the registry that chooses by its options
// alone: a level bounded by a clock (the two- and three-ply nets) gets no
// bound, as in a rollout, so that its choices do not depend on the load.
func levelBot(t testing.TB, name string) bot.Bot {
	t.Helper()
	b, err := bot.Named(name)
	if err != nil {
		t.Fatal(err)
	}
	if nb, ok := b.(neural.Bot); ok {
		nb.Time = unbounded
		b = nb
	}
	return b
}

// decision is one decision of the set.
type decision struct {
	ID     string // the position ID, at the seat's decision, the throw made
	Throw  string // the throw, in the game's notation
	Source string // "game:step" of the set's games
	Level  string // the level that was to move there
}

// realChoices returns the moves of g among which a seat really chooses
// (no concession, no move the rules make alone).
func realChoices(g brettspiel.Game) []brettspiel.Move {
	return playon.Moves(g, g.LegalMoves(), nil)
}

// makeDecisionSet plays the set's games of variant and samples n decisions.
func makeDecisionSet(t testing.TB, variant string, n int) (out []decision) {
	t.Helper()
	pairs, seed, races := decisionPairs, uint64(decisionSeed), 0.0
	var eval *neural.Evaluator
	if decisionSet() == "heldout" {
		pairs, seed, races = heldoutPairs, heldoutSeed, heldoutRaceShare
		var err error
		if eval, err = neural.Load(variant); err != nil {
			t.Fatal(err)
		}
		n -= heldoutRaces
		defer func() { out = append(out, raceDecisions(t, variant, heldoutRaces, seed)...) }()
	}
	for i := 0; len(out) < n; i++ {
		if i > 10*n {
			t.Fatalf("%s: %d decisions after %d games", variant, len(out), i)
		}
		pair := pairs[i%len(pairs)]
		if (i/len(pairs))%2 == 1 {
			pair[0], pair[1] = pair[1], pair[0]
		}
		seats := [2]bot.Bot{levelBot(t, pair[0]), levelBot(t, pair[1])}
		h, err := catalog.NewHistory(variant, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		dice := rand.New(rand.NewPCG(seed, 3*uint64(i)))
		pick := rand.New(rand.NewPCG(seed, 3*uint64(i)+1))
		sample := rand.New(rand.NewPCG(seed, 3*uint64(i)+2))
		throw := ""
		for h.ToMove() != brettspiel.Terminal && h.Len() < 20000 && len(out) < n {
			g := h.Game()
			var m brettspiel.Move
			switch q := g.ToMove(); {
			case q == brettspiel.Chance:
				if m, err = brettspiel.SampleChance(g, dice); err != nil {
					t.Fatal(err)
				}
				throw = g.MoveString(m)
			case q == 0 || q == 1:
				share := decisionShare
				if eval != nil && eval.RaceJudgement(g) != neural.NotRace {
					share = races
				}
				if len(realChoices(g)) > 1 && sample.Float64() < share {
					out = append(out, decision{ID: g.ID(), Throw: throw, Source: fmt.Sprintf("%d:%d", i, h.Len()), Level: pair[q]})
				}
				m = seats[q].Choose(g, g.LegalMoves(), pick)
			default:
				t.Fatalf("%s: seat %d to move", variant, q)
			}
			if err := h.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

func decisionFile(variant string) string {
	if set := decisionSet(); set != "" {
		return filepath.Join("testdata", "decisions-"+variant+"-"+set+".txt")
	}
	return filepath.Join("testdata", "decisions-"+variant+".txt")
}

// writeDecisions writes a set in its file's form.
func writeDecisions(path, variant string, ds []decision) error {
	var b strings.Builder
	if decisionSet() == "heldout" {
		fmt.Fprintf(&b, "# The held-out decision set of %s: %d decisions with a real choice, sampled\n", variant, len(ds))
		fmt.Fprintf(&b, "# (a share of %.2f, of races %.2f) from seeded games between other pairings of\n", decisionShare, heldoutRaceShare)
		fmt.Fprintf(&b, "# levels (seed %d), and %d random races at the end (source race:k), kept\n", heldoutSeed, heldoutRaces)
		b.WriteString("# apart from every tuning,\n")
	} else {
		fmt.Fprintf(&b, "# The decision set of %s: %d decisions with a real choice, sampled\n", variant, len(ds))
		fmt.Fprintf(&b, "# (a share of %.2f) from seeded games between different levels (seed %d),\n", decisionShare, decisionSeed)
	}
	b.WriteString("# made by TestDecisionSet in package analysis. One a line: the position ID\n")
	b.WriteString("# at the decision (catalog.ParseID loads it; the throw is in it), the throw,\n")
	b.WriteString("# the game and step it comes from, the level that was to move.\n")
	for _, d := range ds {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", d.ID, d.Throw, d.Source, d.Level)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// readDecisions reads a set's file and checks every decision: its ID loads
// as a game of variant at a seat's decision with a real choice.
func readDecisions(path, variant string) ([]decision, []brettspiel.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var ds []decision
	var gs []brettspiel.Game
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		fs := strings.Split(s, "\t")
		if len(fs) != 4 {
			return nil, nil, fmt.Errorf("%s:%d: %d fields, want 4", path, line, len(fs))
		}
		d := decision{ID: fs[0], Throw: fs[1], Source: fs[2], Level: fs[3]}
		g, err := catalog.ParseID(d.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		if g.Variant() != variant {
			return nil, nil, fmt.Errorf("%s:%d: a position of %s", path, line, g.Variant())
		}
		if q := g.ToMove(); q != 0 && q != 1 || len(realChoices(g)) < 2 {
			return nil, nil, fmt.Errorf("%s:%d: no seat's decision with a choice", path, line)
		}
		ds = append(ds, d)
		gs = append(gs, g)
	}
	return ds, gs, sc.Err()
}

// TestDecisionSetFiles checks the published sets and the held-out ones:
// each has decisionSetSize decisions, each a seat's decision with a real
// choice.
func TestDecisionSetFiles(t *testing.T) {
	for _, set := range []string{"", "heldout"} {
		t.Setenv("BRETTSPIEL_DECISIONS_SET", set)
		checkDecisionSetFiles(t)
	}
}

func checkDecisionSetFiles(t *testing.T) {
	for _, v := range []string{"toccateglio", "verkehren"} {
		ds, _, err := readDecisions(decisionFile(v), v)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != decisionSetSize {
			t.Errorf("%s: %d decisions, want %d", v, len(ds), decisionSetSize)
		}
		seen := map[string]bool{}
		for _, d := range ds {
			seen[d.Level] = true
		}
		if len(seen) < 4 {
			t.Errorf("%s: decisions of %d levels only", v, len(seen))
		}
	}
}

// TestDecisionSet plays the set's games again and checks that they give
// the published sets; with BRETTSPIEL_DECISIONS_WRITE=1 it writes them.
// BRETTSPIEL_LONG=1 runs it; BRETTSPIEL_LEVELS_GAME picks one game.
func TestDecisionSet(t *testing.T) {
	if os.Getenv("BRETTSPIEL_LONG") == "" {
		t.Skip("BRETTSPIEL_LONG=1 plays the decision set's games")
	}
	for _, v := range []string{"toccateglio", "verkehren"} {
		if only := os.Getenv("BRETTSPIEL_LEVELS_GAME"); only != "" && only != v {
			continue
		}
		ds := makeDecisionSet(t, v, decisionSetSize)
		if os.Getenv("BRETTSPIEL_DECISIONS_WRITE") != "" {
			if err := writeDecisions(decisionFile(v), v, ds); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, _, err := readDecisions(decisionFile(v), v)
		if err != nil {
			t.Fatal(err)
		}
		if len(old) != len(ds) {
			t.Fatalf("%s: %d decisions made, %d published", v, len(ds), len(old))
		}
		for i := range ds {
			if ds[i] != old[i] {
				t.Fatalf("%s: decision %d is %v, published %v", v, i, ds[i], old[i])
			}
		}
	}
}

// envInt reads a positive integer from the environment, def otherwise.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

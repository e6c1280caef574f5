package conformance

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// Config says how many games to play and what else to check.
type Config struct {
	// Games is the number of random games; default 100.
	Games int
	// Seed seeds game i with PCG(Seed, i); the same Seed plays the same games.
	Seed uint64
	// MaxSteps is the number of applies (throws and turns) after which a game
	// that has not ended fails; default 100000.
	MaxSteps int
	// DeepGames is the number of games (the first ones) in which the deep checks
	// run at every step; default 10. Negative: none.
	DeepGames int
	// DeepShare thins the deep checks of a deep game to about one step in
	// DeepShare, chosen by a hash of the step number (so not in step with the
	// game's own cycle of throws and turns); the first step and the end are
	// always checked, and the record is kept and replayed whole; round trips
	// marked EveryStep run at every step all the same. Default 1: every step.
	DeepShare int
	// Policy chooses players' moves; default brettspiel.RandomPolicy.
	Policy brettspiel.Policy
	// Invariant is the game's own check, run on the state after every step.
	Invariant func(g brettspiel.Game) error
	// Observe sees every state after a step with the events of that step, e.g.
	// to count how games end. It must not change g.
	Observe func(g brettspiel.Game, events []brettspiel.Event)
	// Compare holds extra cmp options for comparing states (e.g. to ignore a
	// cache). States are compared with every unexported field by default.
	Compare cmp.Options
	// RoundTrips are further encodings checked after every deep step.
	RoundTrips []RoundTrip
}

// RoundTrip encodes a state and decodes it into a new one, which must equal
// the original (compared as states are).
type RoundTrip struct {
	Name string
	Do   func(g brettspiel.Game) (brettspiel.Game, error)
	// EveryStep marks a trip that follows the game step by step (one that
	// builds a record from each step's events, say): it runs after every
	// step of a deep game, also those that DeepShare leaves out.
	EveryStep bool
}

func (c Config) withDefaults() Config {
	if c.Games == 0 {
		c.Games = 100
	}
	if c.MaxSteps == 0 {
		c.MaxSteps = 100000
	}
	if c.DeepGames == 0 {
		c.DeepGames = 10
	}
	if c.DeepShare < 1 {
		c.DeepShare = 1
	}
	if c.Policy == nil {
		c.Policy = brettspiel.RandomPolicy
	}
	return c
}

// Failure is a violation found by the harness, with what it takes to replay it.
type Failure struct {
	Game   int    // index of the game; its source is PCG(Seed, Game)
	Seed   uint64 // the Config's seed
	Step   int    // applies made before the violation
	Reason string
	State  string // the state's drawing
}

func (f *Failure) Error() string {
	return fmt.Sprintf("game %d (seed %d), step %d: %s\n%s", f.Game, f.Seed, f.Step, f.Reason, f.State)
}

// Run plays the configured games and fails t at the first violation.
func Run(t testing.TB, newGame func() brettspiel.Game, cfg Config) {
	t.Helper()
	if err := Check(newGame, cfg); err != nil {
		t.Fatal(err)
	}
}

// Check plays the configured games and returns the first violation as a
// *Failure, or nil.
func Check(newGame func() brettspiel.Game, cfg Config) error {
	cfg = cfg.withDefaults()
	for i := 0; i < cfg.Games; i++ {
		r := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
		if err := playGame(newGame, r, cfg, i < cfg.DeepGames, nil); err != nil {
			err.Game, err.Seed = i, cfg.Seed
			return err
		}
	}
	return nil
}

// chooser picks the move of a step: the policy's or a sampled throw when nil.
type chooser func(g brettspiel.Game, legal []brettspiel.Move) brettspiel.Move

func playGame(newGame func() brettspiel.Game, r *rand.Rand, cfg Config, deep bool, choose chooser) *Failure {
	g := newGame()
	var legal []brettspiel.Move
	var rec brettspiel.Record // the game's record, kept in deep games
	for step := 0; ; step++ {
		fail := func(format string, args ...any) *Failure {
			return &Failure{Step: step, Reason: fmt.Sprintf(format, args...), State: safeString(g)}
		}
		if step > cfg.MaxSteps {
			return fail("the game has not ended after %d steps", cfg.MaxSteps)
		}
		legal = g.AppendLegalMoves(legal[:0])
		if msg := checkCheap(g, legal); msg != "" {
			return fail("%s", msg)
		}
		deepStep := deep && (step == 0 || g.ToMove() == brettspiel.Terminal || sampled(step, cfg.DeepShare))
		if deepStep {
			if msg := checkDeep(g, legal, r, cfg); msg != "" {
				return fail("%s", msg)
			}
		} else if deep {
			if msg := roundTrips(g, cfg, true); msg != "" {
				return fail("%s", msg)
			}
		}
		if g.ToMove() == brettspiel.Terminal {
			if deep {
				if msg := checkReplay(newGame, g, &rec, cfg); msg != "" {
					return fail("%s", msg)
				}
			}
			return nil
		}
		var m brettspiel.Move
		switch {
		case choose != nil:
			m = choose(g, legal)
		case g.ToMove() == brettspiel.Chance:
			var err error
			if m, err = brettspiel.SampleChance(g, r); err != nil {
				return fail("SampleChance: %v", err)
			}
		default:
			m = cfg.Policy(g, legal, r)
		}
		if deep {
			rec.Steps = append(rec.Steps, g.MoveString(m))
		}
		if msg := applyChecked(g, m, deepStep, cfg); msg != "" {
			return fail("%s", msg)
		}
		if cfg.Invariant != nil {
			if err := cfg.Invariant(g); err != nil {
				return fail("invariant after %s: %v", m, err)
			}
		}
		if cfg.Observe != nil {
			cfg.Observe(g, g.Events())
		}
	}
}

// sampled reports whether step is one of the about one in share steps that
// get the deep checks: a SplitMix64 hash of the step, so that the choice
// follows no cycle of the game.
func sampled(step, share int) bool {
	if share <= 1 {
		return true
	}
	z := uint64(step) + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	return z%uint64(share) == 0
}

// checkReplay replays the game's record, in notation, on a new game and
// compares the end with the game as played.
func checkReplay(newGame func() brettspiel.Game, end brettspiel.Game, rec *brettspiel.Record, cfg Config) string {
	g := newGame()
	if err := rec.Replay(g); err != nil {
		return fmt.Sprintf("the game's record does not replay: %v", err)
	}
	if d := diff(end, g, cfg); d != "" {
		return fmt.Sprintf("replaying the record in notation ends elsewhere (-played +replayed):\n%s", d)
	}
	return ""
}

// checkCheap checks what costs no more than listing the moves: it works on
// legal, the result of AppendLegalMoves, and leaves the comparison with
// LegalMoves to checkDeep, so that it allocates nothing but Returns' slice.
func checkCheap(g brettspiel.Game, legal []brettspiel.Move) string {
	n := g.NumPlayers()
	if n < 2 || n > brettspiel.MaxPlayers {
		return fmt.Sprintf("NumPlayers() = %d, want 2…%d", n, brettspiel.MaxPlayers)
	}
	if rs := g.Returns(); len(rs) != n {
		return fmt.Sprintf("Returns() has %d entries for %d players", len(rs), n)
	}
	p := g.ToMove()
	if p != brettspiel.Chance && p != brettspiel.Terminal && (p < 0 || int(p) >= n) {
		return fmt.Sprintf("ToMove() = %d is no seat of %d players", p, n)
	}
	if p == brettspiel.Terminal {
		if len(legal) != 0 {
			return fmt.Sprintf("the game is over but lists %d moves", len(legal))
		}
		return ""
	}
	if len(legal) == 0 {
		return fmt.Sprintf("%v is to move but there is no legal move (a pass must be listed)", p)
	}
	for i, m := range legal {
		if m.Actor() != p {
			return fmt.Sprintf("legal move %v belongs to %v, but %v is to move", m, m.Actor(), p)
		}
		if i > 0 && legal[i-1] >= m {
			return fmt.Sprintf("legal moves not sorted and unique at %d: %v then %v", i, legal[i-1], m)
		}
	}
	return ""
}

// checkLists checks that LegalMoves, AppendLegalMoves and ChanceOutcomes agree.
func checkLists(g brettspiel.Game, legal []brettspiel.Move) string {
	p := g.ToMove()
	if got := g.LegalMoves(); !sameMoves(got, legal) {
		return fmt.Sprintf("LegalMoves() = %v, but AppendLegalMoves gives %v", got, legal)
	}
	prefix := []brettspiel.Move{brettspiel.NoMove, 7}
	app := g.AppendLegalMoves(prefix)
	if len(app) != len(legal)+2 || app[0] != brettspiel.NoMove || app[1] != 7 || !sameMoves(app[2:], legal) {
		return "AppendLegalMoves does not append exactly LegalMoves to dst"
	}
	outs := g.ChanceOutcomes()
	if p == brettspiel.Chance {
		if len(outs) != len(legal) {
			return fmt.Sprintf("%d chance outcomes but %d legal moves", len(outs), len(legal))
		}
		for i, o := range outs {
			if o.Move != legal[i] || o.Weight <= 0 {
				return fmt.Sprintf("outcome %d is %v weight %d; legal move %v", i, o.Move, o.Weight, legal[i])
			}
		}
	} else if len(outs) != 0 {
		return fmt.Sprintf("%d chance outcomes at a node of %v", len(outs), p)
	}
	return ""
}

// checkDeep tries the notation of every legal move and a set of illegal moves.
func checkDeep(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand, cfg Config) string {
	if msg := checkLists(g, legal); msg != "" {
		return msg
	}
	p := g.ToMove()
	seen := make(map[string]brettspiel.Move, len(legal))
	for _, m := range legal {
		s := g.MoveString(m)
		if prev, dup := seen[s]; dup {
			return fmt.Sprintf("moves %v and %v both print as %q", prev, m, s)
		}
		seen[s] = m
		back, err := g.ParseMove(s)
		if err != nil || back != m {
			return fmt.Sprintf("ParseMove(MoveString(%v) = %q) = %v, %v", m, s, back, err)
		}
	}
	for _, junk := range []string{"", " ", "x", "1/", "/", "99/100", "off/off", "\x00", "1/6 1/4 1/3 1/2 1/1 9/9", "-1/3"} {
		if m, err := g.ParseMove(junk); err == nil && !contains(legal, m) {
			return fmt.Sprintf("ParseMove(%q) = %v without error, but that move is not legal", junk, m)
		}
	}
	// One snapshot serves every refusal: each is checked against it, and the
	// first that changes the state fails the step.
	before := deepCopy(g)
	for _, bad := range illegalCandidates(g, legal, r) {
		want := brettspiel.ErrIllegalMove
		switch {
		case p == brettspiel.Terminal:
			want = brettspiel.ErrGameOver
		case p == brettspiel.Chance && bad.Actor() != brettspiel.Chance:
			want = brettspiel.ErrChanceNode
		case bad.Actor() != p:
			want = brettspiel.ErrNotYourTurn
		}
		if msg := refuses(g, before, bad, want, cfg); msg != "" {
			return msg
		}
	}
	return roundTrips(g, cfg, false)
}

// roundTrips runs the configured round trips on g, or only those marked
// EveryStep.
func roundTrips(g brettspiel.Game, cfg Config, onlyEveryStep bool) string {
	for _, rt := range cfg.RoundTrips {
		if onlyEveryStep && !rt.EveryStep {
			continue
		}
		back, err := rt.Do(g)
		if err != nil {
			return fmt.Sprintf("round trip %s: %v", rt.Name, err)
		}
		if d := diff(g, back, cfg); d != "" {
			return fmt.Sprintf("round trip %s changes the state (-want +got):\n%s", rt.Name, d)
		}
	}
	return ""
}

// illegalCandidates lists moves that are not legal now.
func illegalCandidates(g brettspiel.Game, legal []brettspiel.Move, r *rand.Rand) []brettspiel.Move {
	p := g.ToMove()
	var out []brettspiel.Move
	// a seat's give-up is accepted beside the legal moves (GiveUpper)
	var giveUp brettspiel.Move = brettspiel.NoMove
	if gu, ok := g.(brettspiel.GiveUpper); ok && p >= 0 {
		if m, _, err := gu.GiveUpMove(p); err == nil {
			giveUp = m
		}
	}
	add := func(m brettspiel.Move) {
		if !contains(legal, m) && (m != giveUp || m == brettspiel.NoMove) {
			out = append(out, m)
		}
	}
	add(brettspiel.NoMove)
	add(brettspiel.Move(^uint64(0)))
	other := brettspiel.Player(0)
	if p >= 0 {
		other = (p + 1) % brettspiel.Player(g.NumPlayers())
		add(kit.NewMove(brettspiel.Chance, 0))
	} else {
		add(kit.NewMove(0, 0))
	}
	for _, m := range legal {
		add(kit.NewMove(other, m.Payload()))
		if p == brettspiel.Chance {
			add(kit.NewMove(0, m.Payload()))
		}
		if len(out) > 8 {
			break
		}
	}
	actor := p
	if p == brettspiel.Terminal {
		actor = 0
	}
	for i := 0; i < 8; i++ {
		if len(legal) > 0 {
			m := legal[r.IntN(len(legal))]
			add(kit.NewMove(actor, m.Payload()^1<<uint(r.IntN(56))))
		}
		add(kit.NewMove(actor, r.Uint64()))
	}
	return out
}

// refuses applies an illegal move and checks the error and that nothing
// changed: g must still equal before, a deep copy of it taken earlier.
func refuses(g brettspiel.Game, before any, bad brettspiel.Move, want error, cfg Config) string {
	err := g.Apply(bad)
	if err == nil {
		return fmt.Sprintf("Apply(%v) accepted a move not in the legal list", bad)
	}
	if !errors.Is(err, want) {
		return fmt.Sprintf("Apply(%v) = %v, want an error wrapping %q", bad, err, want)
	}
	if d := diff(before, g, cfg); d != "" {
		return fmt.Sprintf("Apply(%v) failed (%v) but changed the state (-before +after):\n%s", bad, err, d)
	}
	return ""
}

// applyChecked applies m; in deep mode through a clone first.
func applyChecked(g brettspiel.Game, m brettspiel.Move, deep bool, cfg Config) string {
	if !deep {
		if err := g.Apply(m); err != nil {
			return fmt.Sprintf("Apply(%v) of a legal move: %v", m, err)
		}
		return ""
	}
	before := deepCopy(g)
	c := g.Clone()
	if err := c.Apply(m); err != nil {
		return fmt.Sprintf("clone: Apply(%v) of a legal move: %v", m, err)
	}
	if d := diff(before, g, cfg); d != "" {
		return fmt.Sprintf("applying %v to a clone changed the original (-before +after):\n%s", m, d)
	}
	if err := g.Apply(m); err != nil {
		return fmt.Sprintf("Apply(%v) of a legal move: %v", m, err)
	}
	if d := diff(c, g, cfg); d != "" {
		return fmt.Sprintf("clone-then-apply differs from apply of %v (-clone +original):\n%s", m, d)
	}
	if ce, ge := c.Events(), g.Events(); !reflect.DeepEqual(ce, ge) {
		return fmt.Sprintf("events of %v differ between clone and original:\n%s", m, cmp.Diff(ce, ge))
	}
	return ""
}

// diff compares two states with every unexported field, by cmp. Equal states
// are the rule, so reflect.DeepEqual, many times faster, answers first when
// no options are given: it also sees every unexported field, tells nil from
// empty slices as cmp does, and what it calls equal cmp calls equal too (the
// states of this module have no Equal methods, which cmp would consult). Only
// a difference, or options, costs a cmp.Diff.
func diff(a, b any, cfg Config) string {
	if len(cfg.Compare) == 0 && reflect.DeepEqual(a, b) {
		return ""
	}
	opts := append(cmp.Options{cmp.Exporter(func(reflect.Type) bool { return true })}, cfg.Compare...)
	return cmp.Diff(a, b, opts...)
}

func sameMoves(a, b []brettspiel.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func contains(ms []brettspiel.Move, m brettspiel.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// safeString draws g, or says that String panicked.
func safeString(g brettspiel.Game) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprintf("(String panicked: %v)", r)
		}
	}()
	return g.String()
}

// LongEnv is the environment variable that opts in to the heavy runs: set it to
// any non-empty value for 10⁵-game harness runs and longer property tests.
const LongEnv = "BRETTSPIEL_LONG"

// Long reports whether the heavy runs were asked for (see LongEnv).
func Long() bool { return os.Getenv(LongEnv) != "" }

// Games returns normal, or long when the heavy runs were asked for.
func Games(normal, long int) int {
	if Long() {
		return long
	}
	return normal
}

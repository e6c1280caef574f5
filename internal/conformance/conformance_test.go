package conformance

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/kit"
)

func newRace(players int) func() brettspiel.Game {
	return func() brettspiel.Game {
		g, err := race.New(race.Rules{Players: players})
		if err != nil {
			panic(err)
		}
		return g
	}
}

func TestHarnessPassesACorrectGame(t *testing.T) {
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprint(players), func(t *testing.T) {
			ends := 0
			cfg := Config{Games: 300, Seed: 7, DeepGames: 20, Observe: func(g brettspiel.Game, evs []brettspiel.Event) {
				for _, e := range evs {
					if e.Kind == brettspiel.EventEnd {
						ends++
					}
				}
			}}
			Run(t, newRace(players), cfg)
			if ends != 300 {
				t.Errorf("%d games ended with a winner, want 300", ends)
			}
		})
	}
}

func TestRapidWholeGames(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		PlayWhole(t, newRace(rapid.IntRange(2, 4).Draw(t, "players")), Config{})
	})
}

func TestRapidMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		Machine(t, newRace(rapid.IntRange(2, 4).Draw(t, "players")), Config{})
	})
}

// The broken games below each break one promise of the Game interface; the
// harness must notice every one of them.

type unsorted struct{ *race.Race }

func (g unsorted) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }
func (g unsorted) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	n := len(dst)
	dst = g.Race.AppendLegalMoves(dst)
	slices.Reverse(dst[n:])
	return dst
}
func (g unsorted) Clone() brettspiel.Game { return unsorted{g.Race.Clone().(*race.Race)} }

type duplicated struct{ *race.Race }

func (g duplicated) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }
func (g duplicated) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	n := len(dst)
	dst = g.Race.AppendLegalMoves(dst)
	if g.ToMove() >= 0 {
		dst = append(dst, dst[len(dst)-1])
	}
	_ = n
	return dst
}
func (g duplicated) Clone() brettspiel.Game { return duplicated{g.Race.Clone().(*race.Race)} }

// sharedClone returns the same state instead of a copy.
type sharedClone struct{ *race.Race }

func (g sharedClone) Clone() brettspiel.Game { return sharedClone{g.Race} }

// dirtyOnError counts refused moves in its state.
type dirtyOnError struct {
	*race.Race
	refused *int
}

func (g dirtyOnError) Apply(m brettspiel.Move) error {
	err := g.Race.Apply(m)
	if err != nil {
		*g.refused++
	}
	return err
}
func (g dirtyOnError) Clone() brettspiel.Game {
	n := *g.refused
	return dirtyOnError{g.Race.Clone().(*race.Race), &n}
}

// acceptsAnything applies any move of the right actor as a pass or the throw 1.
type acceptsAnything struct{ *race.Race }

func (g acceptsAnything) Apply(m brettspiel.Move) error {
	if err := g.Race.Apply(m); err != nil && m.Actor() == g.ToMove() {
		return g.Race.Apply(g.LegalMoves()[0])
	}
	return nil
}
func (g acceptsAnything) Clone() brettspiel.Game { return acceptsAnything{g.Race.Clone().(*race.Race)} }

// wrongSentinel reports every refusal as an illegal move, even after the end.
type wrongSentinel struct{ *race.Race }

func (g wrongSentinel) Apply(m brettspiel.Move) error {
	if err := g.Race.Apply(m); err != nil {
		return brettspiel.ErrIllegalMove
	}
	return nil
}
func (g wrongSentinel) Clone() brettspiel.Game { return wrongSentinel{g.Race.Clone().(*race.Race)} }

// badNotation prints moves in a form it cannot read back.
type badNotation struct{ *race.Race }

func (g badNotation) MoveString(m brettspiel.Move) string { return "move " + g.Race.MoveString(m) }
func (g badNotation) Clone() brettspiel.Game              { return badNotation{g.Race.Clone().(*race.Race)} }

// wrongActor lists the throws as the seat's moves.
type wrongActor struct{ *race.Race }

func (g wrongActor) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }
func (g wrongActor) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	n := len(dst)
	dst = g.Race.AppendLegalMoves(dst)
	for i := n; i < len(dst); i++ {
		dst[i] = kit.NewMove(0, dst[i].Payload())
	}
	return dst
}
func (g wrongActor) Clone() brettspiel.Game { return wrongActor{g.Race.Clone().(*race.Race)} }

// noPass lists nothing when a player is blocked.
type noPass struct{ *race.Race }

func (g noPass) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }
func (g noPass) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	n := len(dst)
	dst = g.Race.AppendLegalMoves(dst)
	if len(dst) == n+1 && dst[n].Actor() >= 0 && dst[n].Payload() == 0 {
		return dst[:n]
	}
	return dst
}
func (g noPass) Clone() brettspiel.Game { return noPass{g.Race.Clone().(*race.Race)} }

// endless is a game in which both players can only pass, forever.
type endless struct {
	toMove brettspiel.Player
}

func (g *endless) NumPlayers() int               { return 2 }
func (g *endless) ToMove() brettspiel.Player     { return g.toMove }
func (g *endless) LegalMoves() []brettspiel.Move { return g.AppendLegalMoves(nil) }
func (g *endless) AppendLegalMoves(dst []brettspiel.Move) []brettspiel.Move {
	return append(dst, kit.NewMove(g.toMove, 0))
}
func (g *endless) ChanceOutcomes() []brettspiel.Outcome { return nil }
func (g *endless) Apply(m brettspiel.Move) error {
	if err := kit.CheckMove(g.toMove, m, g.LegalMoves(), nil); err != nil {
		return err
	}
	g.toMove = 1 - g.toMove
	return nil
}
func (g *endless) Events() []brettspiel.Event        { return nil }
func (g *endless) Returns() []int                    { return []int{0, 0} }
func (g *endless) Clone() brettspiel.Game            { c := *g; return &c }
func (g *endless) MoveString(brettspiel.Move) string { return "pass" }
func (g *endless) ParseMove(s string) (brettspiel.Move, error) {
	if s == "pass" {
		return kit.NewMove(g.toMove, 0), nil
	}
	return brettspiel.NoMove, brettspiel.ErrBadNotation
}
func (g *endless) String() string  { return "endless" }
func (g *endless) Variant() string { return "endless" }
func (g *endless) ID() string      { return "" }

func wrap(f func(*race.Race) brettspiel.Game) func() brettspiel.Game {
	return func() brettspiel.Game {
		g, _ := race.New(race.Rules{Players: 3})
		return f(g)
	}
}

func TestHarnessCatchesBrokenGames(t *testing.T) {
	cases := []struct {
		name string
		game func() brettspiel.Game
		want string // part of the failure's reason
	}{
		{"unsorted moves", wrap(func(r *race.Race) brettspiel.Game { return unsorted{r} }), "not sorted"},
		{"duplicate moves", wrap(func(r *race.Race) brettspiel.Game { return duplicated{r} }), "not sorted and unique"},
		{"clone shares memory", wrap(func(r *race.Race) brettspiel.Game { return sharedClone{r} }), "changed the original"},
		{"apply changes state on error", wrap(func(r *race.Race) brettspiel.Game { return dirtyOnError{r, new(int)} }), "changed the state"},
		{"illegal move accepted", wrap(func(r *race.Race) brettspiel.Game { return acceptsAnything{r} }), "accepted a move not in the legal list"},
		{"wrong sentinel error", wrap(func(r *race.Race) brettspiel.Game { return wrongSentinel{r} }), "want an error wrapping"},
		{"notation does not round-trip", wrap(func(r *race.Race) brettspiel.Game { return badNotation{r} }), "ParseMove(MoveString"},
		{"move of the wrong actor", wrap(func(r *race.Race) brettspiel.Game { return wrongActor{r} }), "belongs to"},
		{"no pass when blocked", wrap(func(r *race.Race) brettspiel.Game { return noPass{r} }), "no legal move"},
		{"never ends", func() brettspiel.Game { return &endless{} }, "has not ended"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Check(c.game, Config{Games: 50, Seed: 1, MaxSteps: 2000})
			var f *Failure
			if !errors.As(err, &f) {
				t.Fatalf("harness passed a broken game (err %v)", err)
			}
			if !strings.Contains(f.Reason, c.want) {
				t.Fatalf("harness failed for another reason than %q:\n%v", c.want, err)
			}
		})
	}
}

// recorder is a rapid.TB that records a failure instead of failing the test.
type recorder struct {
	testing.TB
	failed bool
	msg    strings.Builder
}

func (r *recorder) Errorf(format string, args ...any) {
	r.failed = true
	fmt.Fprintf(&r.msg, format, args...)
}
func (r *recorder) Error(args ...any)                 { r.failed = true; fmt.Fprint(&r.msg, args...) }
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *recorder) Fatal(args ...any)                 { r.Error(args...) }
func (r *recorder) FailNow()                          { r.failed = true }
func (r *recorder) Fail()                             { r.failed = true }
func (r *recorder) Failed() bool                      { return r.failed }
func (r *recorder) Logf(string, ...any)               {}
func (r *recorder) Log(...any)                        {}

func TestRapidCatchesBrokenGames(t *testing.T) {
	broken := map[string]func() brettspiel.Game{
		"clone shares memory":   wrap(func(r *race.Race) brettspiel.Game { return sharedClone{r} }),
		"illegal move accepted": wrap(func(r *race.Race) brettspiel.Game { return acceptsAnything{r} }),
		"unsorted moves":        wrap(func(r *race.Race) brettspiel.Game { return unsorted{r} }),
	}
	// The failures are expected: keep rapid from saving them as fail files.
	if err := flag.Set("rapid.nofailfile", "true"); err != nil {
		t.Fatal(err)
	}
	defer flag.Set("rapid.nofailfile", "false")
	for name, game := range broken {
		t.Run(name, func(t *testing.T) {
			for _, prop := range []func(*rapid.T){
				func(rt *rapid.T) { PlayWhole(rt, game, Config{}) },
				func(rt *rapid.T) { Machine(rt, game, Config{}) },
			} {
				rec := &recorder{TB: t}
				rapid.Check(rec, prop)
				if !rec.failed {
					t.Errorf("rapid passed a broken game")
				}
			}
		})
	}
}

// DeepShare keeps the deep checks at the first step and the end of a deep
// game and at about one step in DeepShare between them; 1 checks every step.
// Round trips marked EveryStep run at every step either way.
func TestDeepShareThinsTheDeepChecks(t *testing.T) {
	for _, share := range []int{1, 4} {
		t.Run(fmt.Sprint(share), func(t *testing.T) {
			steps, trips, every, first, last := 0, 0, 0, false, false
			cfg := Config{Games: 3, Seed: 5, DeepGames: 3, DeepShare: share,
				Observe: func(brettspiel.Game, []brettspiel.Event) { steps++ },
				RoundTrips: []RoundTrip{{Name: "every step", EveryStep: true, Do: func(g brettspiel.Game) (brettspiel.Game, error) {
					every++
					return g.Clone(), nil
				}}, {Name: "count", Do: func(g brettspiel.Game) (brettspiel.Game, error) {
					if steps == 0 {
						first = true
					}
					if g.ToMove() == brettspiel.Terminal {
						last = true
					}
					trips++
					return g.Clone(), nil
				}}},
			}
			Run(t, newRace(2), cfg)
			all := steps + 3 // every state: the fresh one and one after each step, in each game
			switch {
			case every != all:
				t.Errorf("the trip marked EveryStep ran at %d steps of %d", every, all)
			case !first || !last:
				t.Errorf("first step checked %v, end checked %v; want both", first, last)
			case share == 1 && trips != all:
				t.Errorf("%d deep steps of %d", trips, all)
			case share > 1 && (trips < all/share/2 || trips > all*2/share):
				t.Errorf("%d deep steps of %d, want about one in %d", trips, all, share)
			}
			t.Logf("share %d: %d deep steps of %d", share, trips, all)
		})
	}
	// A broken notation is still found when only some steps are checked.
	err := Check(wrap(func(r *race.Race) brettspiel.Game { return badNotation{r} }), Config{Games: 5, Seed: 1, DeepShare: 8})
	var f *Failure
	if !errors.As(err, &f) || !strings.Contains(f.Reason, "ParseMove(MoveString") {
		t.Errorf("a broken notation passed with DeepShare 8: %v", err)
	}
}

// RapidChecks sets the number of cases rapid tries per property.
func TestRapidChecksSetsTheCases(t *testing.T) {
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "rapid.checks" })
	if given || Long() {
		t.Skip("-rapid.checks given or the long runs asked for: RapidChecks leaves the flag alone")
	}
	old := flag.Lookup("rapid.checks").Value.String()
	defer flag.Set("rapid.checks", old)
	RapidChecks(7)
	cases := 0
	rapid.Check(t, func(t *rapid.T) {
		rapid.Int().Draw(t, "n")
		cases++
	})
	if cases != 7 {
		t.Errorf("rapid tried %d cases, want 7", cases)
	}
}

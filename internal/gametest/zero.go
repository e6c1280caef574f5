package gametest

import (
	"encoding"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// Zero is what the games of the module offer beyond brettspiel.Game that a
// zero game, one made by no constructor, must refuse or answer with
// nothing.
type Zero interface {
	brettspiel.Game
	brettspiel.Stepper
	brettspiel.Describer
	kit.ChanceSampler
	kit.Simulator
	json.Marshaler
	encoding.TextMarshaler
	Winner() (brettspiel.Player, bool)
	Turn() brettspiel.Player
	Dice() []int
	Turns() int
	Capped() bool
}

// ZeroGameRefuses checks g, a zero game: Apply of each of moves, ParseMove
// of each of texts (giving NoMove), NextSteps (giving no move), Describe of
// moves[0], MarshalJSON, json.Marshal and MarshalText are refused as zero
// (RefusedAsZero); every query answers nothing (ZeroGameAnswersNothing);
// Clone gives a zero game, and neither Simulate nor PlayOut, which returns
// at once, changes g. isZero says whether a game is a zero game.
func ZeroGameRefuses(t *testing.T, g Zero, moves []brettspiel.Move, texts []string, isZero func(brettspiel.Game) bool) {
	t.Helper()
	for _, m := range moves {
		RefusedAsZero(t, fmt.Sprintf("Apply(%v)", m), g.Apply(m))
	}
	for _, s := range texts {
		m, err := g.ParseMove(s)
		RefusedAsZero(t, "ParseMove("+s+")", err)
		if m != brettspiel.NoMove {
			t.Errorf("ParseMove(%q) = %v, want NoMove", s, m)
		}
	}
	_, m, err := g.NextSteps(nil)
	RefusedAsZero(t, "NextSteps", err)
	if m != brettspiel.NoMove {
		t.Errorf("NextSteps gives the move %v", m)
	}
	_, err = g.Describe(moves[0])
	RefusedAsZero(t, "Describe", err)
	_, err = g.MarshalJSON()
	RefusedAsZero(t, "MarshalJSON", err)
	_, err = json.Marshal(g)
	RefusedAsZero(t, "json.Marshal", err)
	_, err = g.MarshalText()
	RefusedAsZero(t, "MarshalText", err)
	ZeroGameAnswersNothing(t, g)
	if c := g.Clone(); !isZero(c) {
		t.Errorf("Clone = %#v, want a zero game", c)
	}
	r := rand.New(rand.NewPCG(1, 2))
	g.Simulate(r)
	if !isZero(g) {
		t.Errorf("Simulate changed the zero game: %#v", g)
	}
	done := make(chan error, 1)
	go func() { done <- brettspiel.PlayOut(g, r, brettspiel.RandomPolicy, 0) }()
	select {
	case err := <-done:
		if err != nil || !isZero(g) {
			t.Errorf("PlayOut = %v, game %#v", err, g)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("PlayOut on a zero game does not return")
	}
}

// ZeroGameAnswersNothing checks the queries of g, a zero game: no legal
// moves (LegalMoves, AppendLegalMoves), Terminal to move, no chance
// outcomes and NoMove sampled, returns of 0 for two seats, the ID "", the
// String "zero Game", no events, no winner, Nobody's turn, no dice, no
// turns and not capped.
func ZeroGameAnswersNothing(t *testing.T, g Zero) {
	t.Helper()
	var buf [4]brettspiel.Move
	if l, a, b := g.LegalMoves(), g.AppendLegalMoves(nil), g.AppendLegalMoves(buf[:0]); len(l) != 0 || len(a) != 0 || len(b) != 0 {
		t.Errorf("LegalMoves = %v, AppendLegalMoves = %v, %v", l, a, b)
	}
	if p := g.ToMove(); p != brettspiel.Terminal {
		t.Errorf("ToMove = %v, want Terminal", p)
	}
	if o := g.ChanceOutcomes(); o != nil {
		t.Errorf("ChanceOutcomes = %v, want nil", o)
	}
	if m := g.SampleChance(rand.New(rand.NewPCG(1, 2))); m != brettspiel.NoMove {
		t.Errorf("SampleChance = %v, want NoMove", m)
	}
	if rs := g.Returns(); !slices.Equal(rs, []int{0, 0}) || g.NumPlayers() != len(rs) {
		t.Errorf("Returns = %v, NumPlayers = %d", rs, g.NumPlayers())
	}
	if id := g.ID(); id != "" {
		t.Errorf("ID = %q, want \"\"", id)
	}
	if s := g.String(); s != "zero Game" {
		t.Errorf("String = %q", s)
	}
	if ev := g.Events(); len(ev) != 0 {
		t.Errorf("Events = %v", ev)
	}
	if w, ok := g.Winner(); ok || w != brettspiel.Nobody {
		t.Errorf("Winner = %v, %v", w, ok)
	}
	if g.Turn() != brettspiel.Nobody || g.Dice() != nil || g.Turns() != 0 || g.Capped() {
		t.Errorf("Turn %v, Dice %v, Turns %d, Capped %v", g.Turn(), g.Dice(), g.Turns(), g.Capped())
	}
}

// LoadsIntoZero checks that src, a game in play, loads into a zero game
// (zero) from its JSON (json.Unmarshal) and from its position ID
// (UnmarshalText), each to src's ID and legal moves: a zero game is what
// one loads into.
func LoadsIntoZero[G interface {
	State
	encoding.TextUnmarshaler
}](t *testing.T, src G, zero func() G) {
	t.Helper()
	data, err := json.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, fromText := zero(), zero()
	if err := json.Unmarshal(data, fromJSON); err != nil {
		t.Errorf("UnmarshalJSON into a zero game: %v", err)
	}
	if err := fromText.UnmarshalText([]byte(src.ID())); err != nil {
		t.Errorf("UnmarshalText into a zero game: %v", err)
	}
	for _, g := range []G{fromJSON, fromText} {
		if g.ID() != src.ID() || !slices.Equal(g.LegalMoves(), src.LegalMoves()) {
			t.Errorf("loaded %s, want %s", g, src)
		}
	}
}

// LoadsFromJSON checks that the JSON of g loads into the game zero makes,
// and returns that game.
func LoadsFromJSON[G State](tb testing.TB, g G, zero func() G) G {
	tb.Helper()
	data, err := json.Marshal(g)
	if err != nil {
		tb.Fatal(err)
	}
	back := zero()
	if err := back.UnmarshalJSON(data); err != nil {
		tb.Fatalf("%v\n%s", err, g)
	}
	return back
}

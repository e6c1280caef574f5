package brettspiel_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/race"
)

// concedingRace treats a player's highest legal move as a concession, so that
// a concession is on offer at nearly every decision.
type concedingRace struct{ *race.Race }

func (g concedingRace) Concedes(m brettspiel.Move) bool {
	legal := g.LegalMoves()
	return len(legal) > 1 && m == legal[len(legal)-1]
}

func TestRandomPolicyNeverConcedesWhileItCanPlayOn(t *testing.T) {
	offered, chosen := 0, 0
	for seed := range uint64(200) {
		g, _ := race.New(race.Rules{Players: 2})
		cg := concedingRace{g}
		r := rand.New(rand.NewPCG(seed, 1))
		for g.ToMove() != brettspiel.Terminal {
			if g.ToMove() == brettspiel.Chance {
				m, _ := brettspiel.SampleChance(g, r)
				_ = g.Apply(m)
				continue
			}
			legal := g.LegalMoves()
			m := brettspiel.RandomPolicy(cg, legal, r)
			if len(legal) > 1 {
				offered++
				if cg.Concedes(m) {
					chosen++
				}
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if offered < 100 || chosen != 0 {
		t.Errorf("a concession was chosen %d times in %d decisions that offered one", chosen, offered)
	}
}

func TestRandomPolicyConcedesOnlyWhenNothingElseIsLegal(t *testing.T) {
	g, _ := race.New(race.Rules{Players: 2})
	all := allConcede{g}
	r := rand.New(rand.NewPCG(1, 1))
	legal := []brettspiel.Move{brettspiel.NewMove(0, 1), brettspiel.NewMove(0, 2)}
	seen := map[brettspiel.Move]bool{}
	for range 100 {
		seen[brettspiel.RandomPolicy(all, legal, r)] = true
	}
	if len(seen) != 2 {
		t.Errorf("with every move conceding, RandomPolicy chose among %v, want both", seen)
	}
}

type allConcede struct{ *race.Race }

func (allConcede) Concedes(brettspiel.Move) bool { return true }

func TestRandomPolicyUnchangedWithoutConcessions(t *testing.T) {
	// A game without concessions draws from r exactly as before: uniformly,
	// one number a decision.
	g, _ := race.New(race.Rules{Players: 2})
	legal := []brettspiel.Move{brettspiel.NewMove(0, 1), brettspiel.NewMove(0, 2), brettspiel.NewMove(0, 3)}
	a, b := rand.New(rand.NewPCG(5, 5)), rand.New(rand.NewPCG(5, 5))
	for range 50 {
		if got, want := brettspiel.RandomPolicy(g, legal, a), legal[b.IntN(len(legal))]; got != want {
			t.Fatalf("RandomPolicy = %v, want %v", got, want)
		}
	}
}

func TestQuoteCapsLongInput(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	q := brettspiel.Quote(long)
	if len(q) > brettspiel.MaxQuoted+40 || !strings.Contains(q, "…") || !strings.Contains(q, "(10485760 bytes)") {
		t.Errorf("Quote of 10 MB = %.200s (%d bytes)", q, len(q))
	}
	if got := brettspiel.Quote("6-5"); got != `"6-5"` {
		t.Errorf("Quote(6-5) = %s", got)
	}
	// A cut never splits a character.
	q = brettspiel.Quote(strings.Repeat("ä", 100))
	if !strings.HasPrefix(q, `"`+strings.Repeat("ä", brettspiel.MaxQuoted/2)+`…"`) {
		t.Errorf("Quote of umlauts = %s", q)
	}
}

func TestErrorCapsWhatItEchoes(t *testing.T) {
	long := strings.Repeat("y", 10<<20)
	err := &brettspiel.Error{Op: "parse move", Input: long, Err: brettspiel.ErrBadNotation, Reason: "not a move: " + long}
	if msg := err.Error(); len(msg) > brettspiel.MaxQuoted+brettspiel.MaxReason+100 {
		t.Errorf("the message of a 10 MB input has %d bytes", len(msg))
	}
	if err.Input != long {
		t.Error("the field lost the input")
	}
}

func TestCheckEvents(t *testing.T) {
	lim := brettspiel.EventLimits{
		Kinds: []brettspiel.EventKind{brettspiel.EventMove, brettspiel.EventEnd}, RulePrefix: "R-",
		MaxEvents: 3, MinPlace: 1, MaxPlace: 24, MaxNumber: 6, MaxAmount: 2,
	}
	good := brettspiel.StateJSON{Version: brettspiel.JSONVersion, Game: "race", Turn: brettspiel.TurnPlayer,
		Events: []brettspiel.Event{{Kind: "move", Rule: "R-1", Player: 1, Other: brettspiel.Nobody, Amount: 1, From: 3, To: brettspiel.NoPlace, Number: 6, Note: "ok"}}}
	if err := good.CheckEvents(lim); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		edit   func(*brettspiel.StateJSON)
		reason string
	}{
		{"kind end before the end", func(s *brettspiel.StateJSON) { s.Events[0].Kind = brettspiel.EventEnd }, "an end, but nothing has ended"},
		{"unknown kind", func(s *brettspiel.StateJSON) { s.Events[0].Kind = "teleport" }, `kind "teleport" is none of`},
		{"amount 10^18", func(s *brettspiel.StateJSON) { s.Events[0].Amount = 1e18 }, "amount 1000000000000000000 is outside -2…2"},
		{"from -99", func(s *brettspiel.StateJSON) { s.Events[0].From = -99 }, "place -99 is outside 1…24"},
		{"to 10^6", func(s *brettspiel.StateJSON) { s.Events[0].To = 1e6 }, "place 1000000 is outside 1…24"},
		{"number -5", func(s *brettspiel.StateJSON) { s.Events[0].Number = -5 }, "number -5 is outside 0…6"},
		{"10 MB note", func(s *brettspiel.StateJSON) { s.Events[0].Note = strings.Repeat("n", 10<<20) }, "a note of 10485760 bytes"},
		{"another game's rule", func(s *brettspiel.StateJSON) { s.Events[0].Rule = "T-M1" }, `rule "T-M1" is no rule of this game`},
		{"too many events", func(s *brettspiel.StateJSON) {
			for range 200000 {
				s.Events = append(s.Events, s.Events[0])
			}
		}, "200001 events; one move emits at most 3"},
	}
	for _, tt := range tests {
		s := good
		s.Events = append([]brettspiel.Event(nil), good.Events...)
		tt.edit(&s)
		err := s.CheckEvents(lim)
		if !errors.Is(err, brettspiel.ErrBadPosition) || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("%s: CheckEvents = %.300v, want %q", tt.name, err, tt.reason)
		}
		if err != nil && len(err.Error()) > 1000 {
			t.Errorf("%s: the message has %d bytes", tt.name, len(err.Error()))
		}
	}
	over := good
	over.Turn = brettspiel.TurnOver
	over.Events = []brettspiel.Event{{Kind: brettspiel.EventEnd, Player: 0, Other: brettspiel.Nobody, From: brettspiel.NoPlace, To: brettspiel.NoPlace}}
	if err := over.CheckEvents(lim); err != nil {
		t.Errorf("an end at the end: %v", err)
	}
}

package brettspiel_test

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/hostile"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/kit"
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
	legal := []brettspiel.Move{kit.NewMove(0, 1), kit.NewMove(0, 2)}
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
	legal := []brettspiel.Move{kit.NewMove(0, 1), kit.NewMove(0, 2), kit.NewMove(0, 3)}
	a, b := rand.New(rand.NewPCG(5, 5)), rand.New(rand.NewPCG(5, 5))
	for range 50 {
		if got, want := brettspiel.RandomPolicy(g, legal, a), legal[b.IntN(len(legal))]; got != want {
			t.Fatalf("RandomPolicy = %v, want %v", got, want)
		}
	}
}

func TestQuoteCapsLongInput(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	q := quote.Quote(long)
	if len(q) > quote.Max+40 || !strings.Contains(q, "…") || !strings.Contains(q, "(10485760 bytes)") {
		t.Errorf("Quote of 10 MB = %.200s (%d bytes)", q, len(q))
	}
	if got := quote.Quote("6-5"); got != `"6-5"` {
		t.Errorf("Quote(6-5) = %s", got)
	}
	// A cut never splits a character.
	q = quote.Quote(strings.Repeat("ä", 100))
	if !strings.HasPrefix(q, `"`+strings.Repeat("ä", quote.Max/2)+`…"`) {
		t.Errorf("Quote of umlauts = %s", q)
	}
}

func TestErrorCapsWhatItEchoes(t *testing.T) {
	long := strings.Repeat("y", 10<<20)
	err := &brettspiel.Error{Op: "parse move", Input: long, Err: brettspiel.ErrBadNotation, Reason: "not a move: " + long}
	if msg := err.Error(); len(msg) > quote.Max+brettspiel.MaxReason+100 {
		t.Errorf("the message of a 10 MB input has %d bytes", len(msg))
	}
	if err.Input != long {
		t.Error("the field lost the input")
	}
}

func TestCheckEvents(t *testing.T) {
	lim := kit.EventLimits{
		Kinds: []brettspiel.EventKind{brettspiel.EventMove, brettspiel.EventEnd}, RulePrefix: "R-",
		MaxEvents: 3, MinPlace: 1, MaxPlace: 24, MaxNumber: 6, MaxAmount: 2, MaxDice: 2, DiceSides: 6,
	}
	good := kit.StateJSON{Version: kit.JSONVersion, Game: "race", Turn: kit.TurnPlayer,
		Events: []brettspiel.Event{{Kind: "move", Rule: "R-1", Player: 1, Other: brettspiel.Nobody, Amount: 1, From: 3, To: brettspiel.NoPlace,
			TrackFrom: 22, TrackTo: brettspiel.NoPlace, FromName: "W1.III'", ToName: "off", Number: 6, Dice: []int{1, 6}, Note: "ok"}}}
	if err := good.CheckEvents(lim); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		edit   func(*kit.StateJSON)
		reason string
	}{
		{"kind end before the end", func(s *kit.StateJSON) { s.Events[0].Kind = brettspiel.EventEnd }, "an end, but nothing has ended"},
		{"unknown kind", func(s *kit.StateJSON) { s.Events[0].Kind = "teleport" }, `kind "teleport" is none of`},
		{"amount 10^9", func(s *kit.StateJSON) { s.Events[0].Amount = 1e9 }, "amount 1000000000 is outside -2…2"},
		{"from -99", func(s *kit.StateJSON) { s.Events[0].From = -99 }, "place -99 is outside 1…24"},
		{"to 10^6", func(s *kit.StateJSON) { s.Events[0].To = 1e6 }, "place 1000000 is outside 1…24"},
		{"number -5", func(s *kit.StateJSON) { s.Events[0].Number = -5 }, "number -5 is outside 0…6"},
		{"trackFrom 0", func(s *kit.StateJSON) { s.Events[0].TrackFrom = 0 }, "place 0 is outside 1…24"},
		{"trackTo 25", func(s *kit.StateJSON) { s.Events[0].TrackTo = 25 }, "place 25 is outside 1…24"},
		{"three dice", func(s *kit.StateJSON) { s.Events[0].Dice = []int{1, 2, 3} }, "3 dice; an event carries at most 2"},
		{"a million dice", func(s *kit.StateJSON) { s.Events[0].Dice = make([]int, 1e6) }, "1000000 dice; an event carries at most 2"},
		{"die 0", func(s *kit.StateJSON) { s.Events[0].Dice = []int{0, 6} }, "a die of 0 is outside 1…6"},
		{"die 7", func(s *kit.StateJSON) { s.Events[0].Dice = []int{6, 7} }, "a die of 7 is outside 1…6"},
		{"long fromName", func(s *kit.StateJSON) { s.Events[0].FromName = strings.Repeat("W", 10<<20) }, "a place name of 10485760 bytes"},
		{"long toName", func(s *kit.StateJSON) { s.Events[0].ToName = "W1.III'W1.III'W1.III'" }, "a place name of 21 bytes"},
		{"10 MB note", func(s *kit.StateJSON) { s.Events[0].Note = strings.Repeat("n", 10<<20) }, "a note of 10485760 bytes"},
		{"another game's rule", func(s *kit.StateJSON) { s.Events[0].Rule = "T-M1" }, `rule "T-M1" is no rule of this game`},
		{"too many events", func(s *kit.StateJSON) {
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
	over.Turn = kit.TurnOver
	over.Events = []brettspiel.Event{{Kind: brettspiel.EventEnd, Player: 0, Other: brettspiel.Nobody, From: brettspiel.NoPlace, To: brettspiel.NoPlace, TrackFrom: brettspiel.NoPlace, TrackTo: brettspiel.NoPlace}}
	if err := over.CheckEvents(lim); err != nil {
		t.Errorf("an end at the end: %v", err)
	}
}

func TestParseRecordRefusesAnOverlongLine(t *testing.T) {
	text := "game: race\n\n4 ; +4\n" + strings.Repeat("4", brettspiel.MaxRecordLine+1) + "\n"
	_, err := brettspiel.ParseRecord(strings.NewReader(text))
	if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), `"line 4"`) ||
		!strings.Contains(err.Error(), "line too long") {
		t.Errorf("ParseRecord of a line of %d bytes: %v", brettspiel.MaxRecordLine+1, err)
	}
}

func TestParseRecordBoundsTheSteps(t *testing.T) {
	// x;x;… lines, as many steps as the bound allows and one more: the
	// issue's 97 MB record holds 48 times as many.
	line := strings.Repeat("x;", 999) + "x\n" // 1,000 steps
	lines := brettspiel.MaxRecordSteps / 1000
	text := "game: race\n\n" + strings.Repeat(line, lines) + strings.Repeat("x;", brettspiel.MaxRecordSteps-lines*1000) + "x\n"
	_, err := brettspiel.ParseRecord(strings.NewReader(text))
	if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "more than 1048576 steps") {
		t.Errorf("ParseRecord of %d steps: %v", brettspiel.MaxRecordSteps+1, err)
	}
	// One step fewer is a record (of nonsense steps, for Replay to refuse).
	text = strings.TrimSuffix(text, ";x\n") + "\n"
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil || len(rec.Steps) != brettspiel.MaxRecordSteps {
		t.Fatalf("ParseRecord of %d steps: %v", brettspiel.MaxRecordSteps, err)
	}
	g, _ := race.New(race.Rules{})
	if err := rec.ReplayLimited(g, 1000, nil); !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "more than 1000 steps") {
		t.Errorf("ReplayLimited(1000) of %d steps: %v", len(rec.Steps), err)
	}
}

func TestRecordReaderStreams(t *testing.T) {
	text := "# brettspiel record\ngame: race\nplayers: 2\n\n4 ; +4\n# a comment\n6 ; +6\n"
	rr := brettspiel.NewRecordReader(strings.NewReader(text))
	head, err := rr.Header()
	if err != nil || head.Game != "race" || head.Players != 2 || len(head.Steps) != 0 {
		t.Fatalf("Header = %+v, %v", head, err)
	}
	var got []string
	for {
		s, line, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d:%s", line, s))
	}
	if want := "5:4 5:+4 7:6 7:+6"; strings.Join(got, " ") != want {
		t.Errorf("steps %v, want %s", got, want)
	}
	// Replay stops at the first refused step and names its line.
	rr = brettspiel.NewRecordReader(strings.NewReader("game: race\n\n4 ; +4\n3 ; +3\n2 ; +5\n1 ; +1\n"))
	g, _ := race.New(race.Rules{})
	if err := rr.Replay(g, 0, nil); err == nil || !strings.Contains(err.Error(), "line 5") || !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Errorf("Replay of a tampered record: %v", err)
	}
}

func TestRecordHeadBoundsTheOptions(t *testing.T) {
	head := func(n int) string {
		return brettspiel.RecordHeader + "\ngame: race\n" + strings.Repeat("option: x=1\n", n) + "\n4\n"
	}
	rec, err := brettspiel.ParseRecord(strings.NewReader(head(brettspiel.MaxRecordOptions)))
	if err != nil || len(rec.Options) != brettspiel.MaxRecordOptions {
		t.Fatalf("a head of %d options: %v", brettspiel.MaxRecordOptions, err)
	}
	// The head of two million lines is refused at the first line
	// past the bound, without keeping the rest.
	text := head(2_000_000)
	var readErr error
	alloc := hostile.Allocated(func() { _, readErr = brettspiel.ParseRecord(strings.NewReader(text)) })
	if !errors.Is(readErr, brettspiel.ErrBadNotation) || !strings.Contains(readErr.Error(), fmt.Sprintf("more than %d options", brettspiel.MaxRecordOptions)) ||
		!strings.Contains(readErr.Error(), fmt.Sprintf("line %d", brettspiel.MaxRecordOptions+3)) {
		t.Errorf("a head of 2,000,000 options: %v", readErr)
	}
	if alloc > 1<<20 {
		t.Errorf("a head of 2,000,000 options: %d KB allocated before the refusal", alloc>>10)
	}
}

// concedesSome is a game whose listed moves concede as a set says.
type concedesSome struct {
	*race.Race
	concedes map[brettspiel.Move]bool
}

func (g concedesSome) Concedes(m brettspiel.Move) bool { return g.concedes[m] }

// TestRandomPolicyAsTheListOfMovesThatPlayOn: RandomPolicy chooses what
// the plain reading of its contract chooses, with the same draws from r —
// one among the moves that play on, by r.IntN of their count, or among all
// when none or all concede — whether no move, one (anywhere in the list) or
// several concede.
func TestRandomPolicyAsTheListOfMovesThatPlayOn(t *testing.T) {
	g, _ := race.New(race.Rules{Players: 2})
	plain := func(c concedesSome, legal []brettspiel.Move, r *rand.Rand) brettspiel.Move {
		var on []brettspiel.Move
		for _, m := range legal {
			if !c.concedes[m] {
				on = append(on, m)
			}
		}
		if len(on) == 0 || len(on) == len(legal) {
			return legal[r.IntN(len(legal))]
		}
		return on[r.IntN(len(on))]
	}
	pick := rand.New(rand.NewPCG(7, 7))
	for trial := range 5000 {
		n := 1 + pick.IntN(40)
		legal := make([]brettspiel.Move, n)
		for i := range legal {
			legal[i] = kit.NewMove(0, uint64(i+1))
		}
		c := concedesSome{g, map[brettspiel.Move]bool{}}
		switch conceding := trial % 4; conceding {
		case 1: // one, anywhere
			c.concedes[legal[pick.IntN(n)]] = true
		case 2: // several
			for _, m := range legal {
				c.concedes[m] = pick.IntN(3) == 0
			}
		case 3: // all
			for _, m := range legal {
				c.concedes[m] = true
			}
		}
		seed := uint64(trial)
		r1, r2 := rand.New(rand.NewPCG(seed, 3)), rand.New(rand.NewPCG(seed, 3))
		if got, want := brettspiel.RandomPolicy(c, legal, r1), plain(c, legal, r2); got != want {
			t.Fatalf("trial %d (%d moves, conceding %v): RandomPolicy chose %v, the plain reading %v", trial, n, c.concedes, got, want)
		}
		if r1.Uint64() != r2.Uint64() {
			t.Fatalf("trial %d: RandomPolicy drew otherwise from r than the plain reading", trial)
		}
	}
}

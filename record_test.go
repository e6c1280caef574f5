package brettspiel_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/google/go-cmp/cmp"
)

func playRecorded(t *testing.T, seed uint64) (*brettspiel.Record, *race.Race) {
	t.Helper()
	g, _ := race.New(race.Rules{Players: 3})
	rec := &brettspiel.Record{Game: "race", Players: 3, Options: []string{"goal=20"}}
	r := rand.New(rand.NewPCG(seed, 0))
	for g.ToMove() != brettspiel.Terminal {
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			m = brettspiel.RandomPolicy(g, g.LegalMoves(), r)
		}
		if err := rec.Append(g, m); err != nil {
			t.Fatal(err)
		}
	}
	return rec, g
}

func TestRecordRoundTrip(t *testing.T) {
	rec, end := playRecorded(t, 3)
	start, _ := race.New(race.Rules{Players: 3})
	var text strings.Builder
	if _, err := rec.WriteTo(&text, start); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text.String(), brettspiel.RecordHeader+"\ngame: race\nplayers: 3\noption: goal=20\n\n") {
		t.Errorf("header:\n%s", text.String())
	}
	lines := strings.Count(text.String(), "\n")
	if lines > len(rec.Steps)/2+7 {
		t.Errorf("%d lines for %d steps: want one line a turn", lines, len(rec.Steps))
	}
	back, err := brettspiel.ParseRecord(strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(rec.Steps, back.Steps); d != "" || back.Game != "race" || back.Players != 3 {
		t.Fatalf("parsed record differs: %s", d)
	}
	g, _ := race.New(race.Rules{Players: 3})
	if err := back.Replay(g); err != nil {
		t.Fatal(err)
	}
	if g.String() != end.String() || !cmp.Equal(g.Returns(), end.Returns()) {
		t.Errorf("replay ends in\n%s\nwant\n%s", g, end)
	}
}

func TestRecordTamperedIsRefusedAtItsLine(t *testing.T) {
	text := "# brettspiel record\ngame: race\nplayers: 2\n\n4 ; +4\n3 ; +3\n2 ; +5\n1 ; +1\n"
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := race.New(race.Rules{})
	err = rec.Replay(g)
	if err == nil || !strings.Contains(err.Error(), "line 7") || !errors.Is(err, brettspiel.ErrIllegalMove) {
		t.Fatalf("tampered record: %v, want line 7 and an illegal move", err)
	}
}

func TestParseRecordRejectsBadForm(t *testing.T) {
	for _, text := range []string{
		"",
		"players: 2\n\n4 ; +4\n",
		"game: race\nplayers: nine\n",
		"game: race\ncolour: red\n",
		"game: race\nno colon here\n",
		"game: race\n\n4 ; ; +4\n",
	} {
		if _, err := brettspiel.ParseRecord(strings.NewReader(text)); !errors.Is(err, brettspiel.ErrBadNotation) {
			t.Errorf("ParseRecord(%q) = %v, want ErrBadNotation", text, err)
		}
	}
}

func FuzzParseRecord(f *testing.F) {
	f.Add("# brettspiel record\ngame: race\nplayers: 2\n\n4 ; +4\n6 ; +6\n")
	f.Add("game: race\noption: goal=3\n\n1 ; ; +1\n")
	f.Add("players: 9\n")
	f.Add("game: race\n\n" + strings.Repeat("4", 70000) + "\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := brettspiel.ParseRecord(strings.NewReader(text))
		if err != nil {
			var e *brettspiel.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not a *brettspiel.Error", err)
			}
			return
		}
		if rec.Game == "" || rec.Players < 0 || rec.Players > brettspiel.MaxPlayers {
			t.Fatalf("parsed record %+v", rec)
		}
		for _, s := range rec.Steps {
			if s == "" || strings.Contains(s, ";") || strings.TrimSpace(s) != s {
				t.Fatalf("step %q", s)
			}
		}
		// Replaying on a game never panics, whatever the steps say.
		g, _ := race.New(race.Rules{})
		_ = rec.Replay(g)
	})
}

// A record written without its start position is refused, not a panic.
func TestRecordWriteToWithoutAStart(t *testing.T) {
	rec := &brettspiel.Record{Game: "verkehren", Steps: []string{"3-4"}}
	var b strings.Builder
	n, err := rec.WriteTo(&b, nil)
	if !errors.Is(err, brettspiel.ErrZeroGame) || n != 0 || b.Len() != 0 {
		t.Fatalf("WriteTo(nil start) = %d, %v; wrote %q", n, err, b.String())
	}
}

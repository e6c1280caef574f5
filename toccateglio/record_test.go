package toccateglio

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
	"github.com/google/go-cmp/cmp"
)

func TestOptionsTextRoundTrip(t *testing.T) {
	all := Options{Stones: 16, EnterFromHand: true, LowerBegins: true, FirstPlayer: brettspiel.Starts(1),
		ThrowAgainAfterDoublet: true, ClosedOpponentHucke: true, HigherDie: true, SinglesInForce: true,
		HuckeForce: ForceNever, ExactBearOffAlways: true, NoSatz: true, SingleDieHitsOnly: true,
		Multipliers: MultipliersTD, Partien: 8, TurnCap: 777}
	cases := []Options{{}, all, {FirstPlayer: brettspiel.Starts(0), Partien: 3}, {Partien: 2, TurnCap: 10000}}
	for _, p := range Presets() {
		cases = append(cases, p.Options)
	}
	for _, o := range cases {
		back, err := ParseOptions(o.String())
		if err != nil {
			t.Fatalf("ParseOptions(%q): %v", o.String(), err)
		}
		if back.canonical() != o.canonical() {
			t.Errorf("%q reads back as %+v, want %+v", o.String(), back, o)
		}
		for _, p := range Presets() {
			back, err := p.Options.Set(o.Settings(p.Options)...)
			if err != nil || back.canonical() != o.canonical() {
				t.Errorf("settings of %+v against %s: %v give %+v, %v", o, p.Name, o.Settings(p.Options), back, err)
			}
		}
	}
	if got := all.String(); got != "stones=16 enter-from-hand=true lower-begins=true first-player=1 throw-again-after-doublet=true "+
		"closed-opponent-hucke=true higher-die=true singles-in-force=true hucke-force=never exact-bear-off-always=true "+
		"no-satz=true single-die-hits-only=true multipliers=td partien=8 turn-cap=777" {
		t.Errorf("String() = %q", got)
	}
	if s := (Options{Stones: 15, Partien: 1, TurnCap: 5000}).String(); s != "" {
		t.Errorf("the defaults written out: %q", s)
	}
}

func TestOptionsSetRefusesBadSettings(t *testing.T) {
	for _, c := range []struct{ in, reason string }{
		{"stones", "want key=value"},
		{"stone=16", `unknown option "stone"`},
		{"stones=17", "Stones is 17"},
		{"stones=016", `"016" is not a value of stones (15 or 16)`},
		{"no-satz=yes", `"yes" is not a value of no-satz (true or false)`},
		{"no-satz=1", "not a value of no-satz"},
		{"hucke-force=always", "without-hucke, with-hucke, never"},
		{"multipliers=xx", "ts, td"},
		{"first-player=2", "draw, 0 or 1"},
		{"partien=-1", "Partien is -1"},
		{"turn-cap=99999999999", "TurnCap"},
	} {
		_, err := ParseOptions(c.in)
		var e *brettspiel.Error
		if !errors.As(err, &e) || !errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(e.Reason, c.reason) {
			t.Errorf("ParseOptions(%q) = %v, want ErrBadOptions saying %q", c.in, err, c.reason)
		}
	}
}

func TestNewRecordNamesThePreset(t *testing.T) {
	o := Tokkadille1853(16)
	o.Partien, o.FirstPlayer = 3, brettspiel.Starts(0)
	rec := NewRecord(o)
	if rec.Game != "toccateglio" || rec.Preset != "Tokkadille 1853, 16 stones" || !slices.Equal(rec.Options, []string{"first-player=0", "partien=3"}) {
		t.Errorf("NewRecord = %+v", rec)
	}
	o = Toccadille()
	o.HigherDie = true
	rec = NewRecord(o)
	if rec.Preset != "" || !slices.Equal(rec.Options, strings.Fields(o.String())) {
		t.Errorf("NewRecord of rules of no preset = %+v", rec)
	}
	if rec := NewRecord(Options{}); rec.Preset != "Toccateglispiel" || len(rec.Options) != 0 {
		t.Errorf("NewRecord of the zero Options = %+v", rec)
	}
}

// recordText plays a seeded game, keeping its record, and returns the game and
// the record's text.
func recordText(t testing.TB, o Options, seed uint64) (*Game, string) {
	t.Helper()
	g := gametest.New(t, New, o)
	start := g.Clone()
	rec := NewRecord(o)
	gametest.RecordPlay(t, rec, g, rand.New(rand.NewPCG(seed, 1)), carefulPolicy, -1)
	return g, gametest.RecordText(t, rec, start)
}

// recordRoundTrip writes a record as text, reads it back and loads it.
func recordRoundTrip(rec *brettspiel.Record, opts Options) (*Game, error) {
	start, err := New(opts)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	if _, err := rec.WriteTo(&b, start); err != nil {
		return nil, err
	}
	back, err := brettspiel.ParseRecord(strings.NewReader(b.String()))
	if err != nil {
		return nil, err
	}
	return LoadRecord(back)
}

func TestRecordRoundTrip(t *testing.T) {
	for i, v := range variants() {
		o := v.o
		o.Partien = max(o.Partien, 2)
		g, text := recordText(t, o, uint64(i))
		rec, err := brettspiel.ParseRecord(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		back, err := LoadRecord(rec)
		if err != nil {
			t.Fatalf("%s: %v\n%s", v.name, err, text)
		}
		if d := cmp.Diff(g, back, cmp.AllowUnexported(Game{}, schule{})); d != "" {
			t.Errorf("%s: the record replays elsewhere:\n%s", v.name, d)
		}
	}
}

// A record changed by hand is refused at its first illegal line, with the
// line's number.
func TestRecordTamperedFailsAtItsLine(t *testing.T) {
	_, text := recordText(t, Toccateglispiel(), 3)
	lines := strings.Split(text, "\n")
	// Find a line with a play of two steps and make its first step illegal.
	n := -1
	for i, l := range lines {
		if _, play, ok := strings.Cut(l, " ; "); ok && strings.Contains(play, "/") && i > 8 {
			n = i
			lines[i] = strings.Replace(l, play, "1/13 1/14", 1)
			break
		}
	}
	if n < 0 {
		t.Fatal("no play found")
	}
	rec, err := brettspiel.ParseRecord(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	_, err = LoadRecord(rec)
	want := "record line " + strconv.Itoa(n+1) + `, step "1/13 1/14"`
	if !errors.Is(err, brettspiel.ErrIllegalMove) || !strings.Contains(err.Error(), want) {
		t.Errorf("tampered line %d: %v, want %q", n+1, err, want)
	}
	// A changed throw changes what follows: the first line that no longer fits is named.
	lines = strings.Split(text, "\n")
	for i, l := range lines {
		if throw, _, ok := strings.Cut(l, " ; "); ok && i > 8 && strings.Count(l, " ; ") == 1 {
			lines[i] = "9-9" + l[len(throw):]
			n = i
			break
		}
	}
	rec, _ = brettspiel.ParseRecord(strings.NewReader(strings.Join(lines, "\n")))
	if _, err = LoadRecord(rec); !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "record line "+strconv.Itoa(n+1)) {
		t.Errorf("a bad throw on line %d: %v", n+1, err)
	}
}

func TestLoadRecordRefusesUnknownRules(t *testing.T) {
	for _, c := range []struct{ text, reason string }{
		{"game: verkehren\n\n", `a record of "verkehren"`},
		{"game: toccateglio\nplayers: 3\n\n", "3 players"},
		{"game: toccateglio\npreset: Backgammon\n\n", `unknown preset "Backgammon"; the presets are Toccateglispiel; Tokkadille 1853`},
		{"game: toccateglio\noption: doubling=true\n\n", `unknown option "doubling"`},
		{"game: toccateglio\noption: stones=20\n\n", "Stones is 20"},
	} {
		rec, err := brettspiel.ParseRecord(strings.NewReader(c.text))
		if err != nil {
			t.Fatal(err)
		}
		_, err = LoadRecord(rec)
		if !errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("LoadRecord(%q) = %v, want %q", c.text, err, c.reason)
		}
	}
	rec, _ := brettspiel.ParseRecord(strings.NewReader("game: toccateglio\npreset: tokkadille-1853-16-stones\n\n"))
	if g, err := LoadRecord(rec); err != nil || g.Options().Stones != 16 || !g.Options().LowerBegins {
		t.Errorf("a preset named by its slug: %v", err)
	}
}

// FuzzLoadRecord: any text is refused with an error, or loads a game whose
// record, written again, reads back to the same game and the same text.
func FuzzLoadRecord(f *testing.F) {
	f.Add("# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\n\n6-2 ; 3-1\n5-4 ; 1/5 1/6\n")
	f.Add("game: toccateglio\npreset: Toccadille\noption: partien=2\n\n3-3\n4-2 ; in/2 in/4\n")
	f.Add("game: toccateglio\noption: first-player=1\n\n6-5 ; 1/7 1/6\n")
	f.Fuzz(func(t *testing.T, text string) {
		write := func(rec *brettspiel.Record, g *Game) string {
			again := NewRecord(g.Options())
			again.Steps = rec.Steps
			return gametest.RecordText(t, again, gametest.New(t, New, g.Options()))
		}
		refused := func(err error) {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
		}
		same := func(a, b *Game) bool { return cmp.Equal(a, b, cmp.AllowUnexported(Game{}, schule{})) }
		gametest.RecordRewrites(t, text, 2000, LoadRecord, refused, write, same)
	})
}

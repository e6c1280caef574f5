package gametest

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// TiedDraws returns the text of a record, its headers head, whose draw for
// the start ties n times and is then decided.
func TiedDraws(head string, n int) string {
	var b strings.Builder
	b.WriteString(head)
	for range n {
		b.WriteString("6-5 ; 6-5\n")
	}
	b.WriteString("6-5 ; 2-1\n")
	return b.String()
}

// TiedDrawsAreCapped checks the cap on the ties of the draw for the start
// of a game of two whose record headers are head: at the cap the record
// loads (by load and by read) to a game that started says has started; one
// tie more is refused by both as bad notation naming the line; and read
// stops at the cap, reading only the first buffers of 200,000 lines of ties.
func TiedDrawsAreCapped[G any](t *testing.T, head string, read func(io.Reader) (G, error), load func(*brettspiel.Record) (G, error), started func(G) bool) {
	t.Helper()
	atCap := TiedDraws(head, brettspiel.MaxTiedDraws)
	rec, err := brettspiel.ParseRecord(strings.NewReader(atCap))
	if err != nil {
		t.Fatal(err)
	}
	if g, err := load(rec); err != nil || !started(g) {
		t.Fatalf("%d ties: %v", brettspiel.MaxTiedDraws, err)
	}
	if _, err := read(strings.NewReader(atCap)); err != nil {
		t.Fatalf("ReadRecord, %d ties: %v", brettspiel.MaxTiedDraws, err)
	}
	over := TiedDraws(head, brettspiel.MaxTiedDraws+1)
	line := fmt.Sprintf("line %d", strings.Count(head, "\n")+brettspiel.MaxTiedDraws+1) // the first tie too many
	rec, _ = brettspiel.ParseRecord(strings.NewReader(over))
	_, lerr := load(rec)
	_, rerr := read(strings.NewReader(over))
	for name, err := range map[string]error{"LoadRecord": lerr, "ReadRecord": rerr} {
		if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "ties more than 32 times") ||
			!strings.Contains(err.Error(), line) {
			t.Errorf("%s of %d ties: %v, want bad notation at %s", name, brettspiel.MaxTiedDraws+1, err, line)
		}
	}
	text := TiedDraws(head, 200000)
	cr := &CountingReader{R: strings.NewReader(text)}
	if _, err := read(cr); err == nil || cr.N > 1<<16 {
		t.Errorf("ReadRecord of %d bytes of ties read %d bytes: %v", len(text), cr.N, err)
	}
}

// RecordStepsAreBounded checks the step budget of records: under the
// headers capped, whose rules allow budget steps, a record of one step more
// is refused by load as bad notation before any step is replayed; and read
// refuses, under the headers plain, 1,500 lines of 40,000 steps that are no
// moves without reading more than the first buffers.
func RecordStepsAreBounded[G any](t *testing.T, capped string, budget int, plain string, read func(io.Reader) (G, error), load func(*brettspiel.Record) (G, error)) {
	t.Helper()
	text := capped + strings.Repeat("x;", budget) + "x\n"
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("more than %d steps (%d)", budget, budget+1)
	if _, err := load(rec); !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), want) {
		t.Errorf("LoadRecord of %d steps: %v, want %q", budget+1, err, want)
	}
	big := plain + strings.Repeat(strings.Repeat("x;", 20000)+"x\n", 1500)
	cr := &CountingReader{R: strings.NewReader(big)}
	if _, err := read(cr); !errors.Is(err, brettspiel.ErrBadNotation) || cr.N > 1<<17 {
		t.Errorf("ReadRecord of %d bytes read %d: %v", len(big), cr.N, err)
	}
}

// RecordsOfPlayLoad plays games seeded games to their end, each a new game
// under o (newGame) and its empty record (newRecord), the moves recorded
// (every legal move and throw as likely as RandomPolicy and SampleChance
// make them), and checks that each record has at most budget(g)/share steps
// and loads.
func RecordsOfPlayLoad[O any, G brettspiel.Game](t *testing.T, games int, newGame func(O) (G, error), newRecord func(O) *brettspiel.Record, o O, budget func(G) int, share int, load func(*brettspiel.Record) (G, error)) {
	t.Helper()
	for seed := range uint64(games) {
		g, rec := New(t, newGame, o), newRecord(o)
		RecordPlay(t, rec, g, rand.New(rand.NewPCG(seed, 8)), brettspiel.RandomPolicy, -1)
		if n, max := len(rec.Steps), budget(g); n > max/share {
			t.Errorf("seed %d: %d steps, the bound is %d", seed, n, max)
		}
		if _, err := load(rec); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

// LoadRecordText parses text as a record and loads it (load), failing tb
// when either refuses it, and returns the record and the game.
func LoadRecordText[G any](tb testing.TB, text string, load func(*brettspiel.Record) (G, error)) (*brettspiel.Record, G) {
	tb.Helper()
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		tb.Fatal(err)
	}
	g, err := load(rec)
	if err != nil {
		tb.Fatal(err)
	}
	return rec, g
}

// RecordRewrites is the body of a fuzz target over record texts: text that
// parses as a record (of at most maxSteps steps, when maxSteps > 0) either
// is refused by load, with an error that refused checks, or loads a game
// whose record, written again (write), parses and loads to a game that
// same holds to be the same, and whose record is written the same; ok says
// that text loaded, g is its game.
func RecordRewrites[G any](t *testing.T, text string, maxSteps int, load func(*brettspiel.Record) (G, error), refused func(error), write func(*brettspiel.Record, G) string, same func(a, b G) bool) (g G, ok bool) {
	t.Helper()
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil || maxSteps > 0 && len(rec.Steps) > maxSteps {
		return g, false // the shared format's own fuzz target covers it
	}
	if g, err = load(rec); err != nil {
		refused(err)
		return g, false
	}
	out := write(rec, g)
	rec2, err := brettspiel.ParseRecord(strings.NewReader(out))
	if err != nil {
		t.Fatalf("the written record does not parse: %v\n%s", err, out)
	}
	g2, err := load(rec2)
	if err != nil {
		t.Fatalf("the written record does not load: %v\n%s", err, out)
	}
	if !same(g, g2) {
		t.Fatalf("the written record loads to another game:\n%s", out)
	}
	if again := write(rec2, g2); again != out {
		t.Fatalf("written twice differently:\n%s\n%s", out, again)
	}
	return g, true
}

package festung

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// sampleGames plays a few seeded games and returns states met on the way:
// fresh games, chance nodes, decision nodes, a game with bought markers, and
// finished games (a fifth Pasch and the turn cap). The same call returns the
// same states.
func sampleGames(tb testing.TB) []*Game {
	tb.Helper()
	var out []*Game
	for i, o := range []Options{ForPlayers(2), ForPlayers(3), {Players: 5, Stock: 4}, {Players: 6, TurnCap: 60}} {
		g, err := New(o)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, g.clone())
		r := rand.New(rand.NewPCG(uint64(i), 77))
		decisions := 0
		for step := 0; g.ToMove() != brettspiel.Terminal; step++ {
			gametest.ApplyStep(tb, g, r, brettspiel.RandomPolicy)
			if g.ToMove() >= 0 && decisions < 2 {
				decisions++
				out = append(out, g.clone())
			}
			if step == 40 {
				out = append(out, g.clone())
			}
		}
		out = append(out, g.clone())
	}
	return out
}

// recordOf plays a seeded game of opts to its end, keeping its record, and
// returns the record's text.
func recordOf(tb testing.TB, opts Options, seed uint64) string {
	tb.Helper()
	g, err := New(opts)
	if err != nil {
		tb.Fatal(err)
	}
	rec := NewRecord(opts)
	if err := brettspiel.PlayOut(recorder{g, rec}, rand.New(rand.NewPCG(seed, 5)), brettspiel.RandomPolicy, 0); err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteRecord(&b, rec); err != nil {
		tb.Fatal(err)
	}
	return b.String()
}

// recorder is a Game that records every move applied to it.
type recorder struct {
	*Game
	rec *brettspiel.Record
}

func (r recorder) Apply(m brettspiel.Move) error { return r.rec.Append(r.Game, m) }

// checkError fails t unless err is a *brettspiel.Error (or wraps one) with a
// reason.
func checkError(t *testing.T, what string, err error) {
	t.Helper()
	var e *brettspiel.Error
	if !errors.As(err, &e) || e.Err == nil {
		t.Fatalf("%s: error %v is no *brettspiel.Error", what, err)
	}
}

// exercise uses a decoded game the way a frontend would, which must not panic.
func exercise(g *Game) {
	_ = g.String()
	for _, m := range g.LegalMoves() {
		_ = g.MoveString(m)
	}
	if legal := g.LegalMoves(); len(legal) > 0 {
		c := g.clone()
		_ = c.Apply(legal[len(legal)-1])
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"5/1-6", "W1.V", "W2.II", "6/6-6", "", "W1.V'", "1/1-1", "5/6-1", "W3.IV", "W4.I"} {
		for state := range 4 {
			f.Add(s, uint8(state))
		}
	}
	games := sampleGames(f)
	f.Fuzz(func(t *testing.T, s string, state uint8) {
		g := games[int(state)%len(games)].clone()
		before := g.clone()
		m, err := g.ParseMove(s)
		if !reflect.DeepEqual(g, before) {
			t.Fatalf("ParseMove(%q) changed the game", s)
		}
		if err != nil {
			checkError(t, "ParseMove("+s+")", err)
			var e *brettspiel.Error
			if errors.As(err, &e) && e.Input != s {
				t.Fatalf("ParseMove(%q): error names input %q", s, e.Input)
			}
			return
		}
		if !g.legal(m) {
			t.Fatalf("ParseMove(%q) = %v, not legal", s, m)
		}
		if back, err := g.ParseMove(g.MoveString(m)); err != nil || back != m {
			t.Fatalf("round trip of %q: %v %v", s, back, err)
		}
	})
}

func FuzzUnmarshalText(f *testing.F) {
	more := []string{"festung:1:", "festung:2:AAAA", "toccateglio:1:AAAA"}
	refused := func(t *testing.T, err error) { checkError(t, "UnmarshalText", err) }
	gametest.FuzzTextID(f, sampleGames(f), more, func() *Game { return new(Game) }, refused, func(t *testing.T, g *Game, id string) {
		if _, err := reload(g); err != nil {
			t.Fatalf("%q decodes to a state that does not load: %v", id, err)
		}
		exercise(g)
	})
}

// reload rebuilds g from its position (a finished game through
// the path the ID takes), to check that a decoded state passes the checks of
// FromPosition.
func reload(g *Game) (*Game, error) {
	return load(g.opts, g.Position(), g.ending())
}

func FuzzUnmarshalJSON(f *testing.F) {
	refused := func(t *testing.T, err error) { checkError(t, "UnmarshalJSON", err) }
	same := func(a, b *Game) bool { return reflect.DeepEqual(a, b) }
	gametest.FuzzJSONDoc(f, sampleGames(f), Variant, func() *Game { return new(Game) }, refused, same,
		func(_ *testing.T, g *Game, _ []byte) { exercise(g) })
}

func FuzzLoadRecord(f *testing.F) {
	f.Add(recordOf(f, ForPlayers(2), 1))
	f.Add(recordOf(f, Options{Players: 5, Stock: 4, TurnCap: 30}, 2))
	f.Add("# brettspiel record\ngame: festung\npreset: x\n\n5/1-6\n")
	f.Add("# brettspiel record\ngame: festung\nplayers: 3\noption: stock=2\n\n2/3-4 ; W1.II\n6/6-6\n")
	same := func(a, b *Game) bool { return reflect.DeepEqual(a, b) }
	f.Fuzz(func(t *testing.T, text string) {
		write := func(rec *brettspiel.Record, _ *Game) string {
			var b bytes.Buffer
			if err := WriteRecord(&b, rec); err != nil {
				t.Fatal(err)
			}
			return b.String()
		}
		refused := func(err error) { checkError(t, "LoadRecord", err) }
		if g, ok := gametest.RecordRewrites(t, text, 0, LoadRecord, refused, write, same); ok {
			exercise(g)
		}
	})
}

// TestWriteSeeds writes the seed corpora under testdata/fuzz from played
// games when FESTUNG_WRITE_SEEDS is set (go test -run TestWriteSeeds).
func TestWriteSeeds(t *testing.T) {
	if os.Getenv("FESTUNG_WRITE_SEEDS") == "" {
		t.Skip("set FESTUNG_WRITE_SEEDS=1 to write the seed corpora")
	}
	write := func(fuzz, name, value string) {
		dir := filepath.Join("testdata", "fuzz", fuzz)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("go test fuzz v1\n"+value+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, g := range sampleGames(t) {
		write("FuzzUnmarshalText", fmt.Sprintf("played-%02d", i), fmt.Sprintf("string(%q)", g.ID()))
		data, _ := g.MarshalJSON()
		write("FuzzUnmarshalJSON", fmt.Sprintf("played-%02d", i), fmt.Sprintf("[]byte(%q)", data))
		for _, m := range g.LegalMoves()[:min(2, len(g.LegalMoves()))] {
			write("FuzzParseMove", fmt.Sprintf("played-%02d-%s", i, strings.NewReplacer("/", "_", "'", "").Replace(g.MoveString(m))), fmt.Sprintf("string(%q)\nuint8(%d)", g.MoveString(m), i))
		}
	}
	for i, o := range []Options{ForPlayers(3), ForPlayers(4), {Players: 5, TurnCap: 25, Stock: 2}, {Players: 6, TurnCap: 80}} {
		write("FuzzLoadRecord", fmt.Sprintf("played-%d", i), fmt.Sprintf("string(%q)", recordOf(t, o, uint64(i+10))))
	}
}

// FuzzUnmarshalJSONStrict: a valid state's JSON with a key in another case,
// a key given twice or data after the object is refused with a
// *brettspiel.Error, and the game is left as it was.
func FuzzUnmarshalJSONStrict(f *testing.F) {
	held := midGame(f, 9, 12)
	gametest.FuzzStrictJSON(f, sampleGames(f), func() gametest.State { return held.clone() })
}

// FuzzReadRecordBudget: a record that loads keeps within the step budget of
// its rules (the turn cap and the ties of the draw for the start), and
// reading it as a stream (ReadRecord) agrees with parsing it whole and
// loading it (LoadRecord).
func FuzzReadRecordBudget(f *testing.F) {
	gametest.FuzzReadRecord(f, []string{
		recordOf(f, Options{Players: 3, TurnCap: 4}, 1),
		recordOf(f, Options{Players: 5, Stock: 4, TurnCap: 30}, 2),
		"game: festung\nplayers: 2\noption: turn-cap=2\n\n5/1-6\n2/3-4 ; W1.II\n6/6-6\n",
	},
		ReadRecord, LoadRecord, func(g *Game) int { return maxRecordSteps(g.opts) })
}

package verkehren

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/gametest"
)

// fuzzGames are the positions the notation fuzzer parses against: the start,
// the draw, a Junker's and an entering position, and states of random games
// under every harness option set, the end included.
func fuzzGames(t testing.TB) []*Game {
	t.Helper()
	gs := []*Game{
		at(t, VK(), 5, 3, map[int]int{0: 1, 1: 3, 13: 11}, map[int]int{o(3): 1, 22: 14}),
		at(t, VK(), 6, 6, map[int]int{0: 2, 13: 13}, map[int]int{o(1): 2, o(2): 2, o(3): 2, o(4): 2, o(5): 2, 22: 5}),
		at(t, VK(), 6, 5, map[int]int{19: 2}, map[int]int{1: 15}),
	}
	for i, h := range harnessOptions {
		g, err := New(h.opts)
		if err != nil {
			t.Fatal(err)
		}
		gs = append(gs, g.clone())
		r := rand.New(rand.NewPCG(uint64(i), 7))
		for n := 0; g.ToMove() != brettspiel.Terminal; n++ {
			if n%37 == 11 {
				gs = append(gs, g.clone())
			}
			if err := g.Apply(noConcede(g, g.LegalMoves(), r)); err != nil {
				t.Fatal(err)
			}
		}
		gs = append(gs, g)
	}
	return gs
}

// FuzzParseMove: ParseMove never panics nor changes the state; a move it
// returns is legal, and its notation parses back to the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"bar/3* 3/8", "13/16", "pass", "concede", "6-5", "5-6", "1/2 2/3 3/4 4/5", "bar/off", "\x00", "20/off 19/off", "13/18 13/19"} {
		f.Add(uint16(0), s)
	}
	gs := fuzzGames(f)
	for i, g := range gs {
		for _, m := range g.LegalMoves() {
			f.Add(uint16(i), g.MoveString(m))
			break
		}
	}
	f.Fuzz(func(t *testing.T, i uint16, s string) {
		g := gs[int(i)%len(gs)]
		before := g.clone()
		m, err := g.ParseMove(s)
		if !reflect.DeepEqual(before, g) {
			t.Fatalf("ParseMove(%q) changed the state", s)
		}
		if err != nil {
			checkError(t, err)
			return
		}
		if err := g.clone().Apply(m); err != nil {
			t.Fatalf("ParseMove(%q) = %v, which Apply refuses: %v", s, m, err)
		}
		text := g.MoveString(m)
		again, err := g.ParseMove(text)
		if err != nil || again != m {
			t.Fatalf("ParseMove(%q) = %v printed %q, which parses to %v, %v", s, m, text, again, err)
		}
	})
}

// checkError fails t unless err is a *brettspiel.Error with a reason or a
// sentinel that says enough on its own.
func checkError(t *testing.T, err error) {
	t.Helper()
	e, ok := err.(*brettspiel.Error)
	if !ok {
		t.Fatalf("error %v is %T, not *brettspiel.Error", err, err)
	}
	if e.Err == nil {
		t.Fatalf("error %v wraps no sentinel", err)
	}
}

// fuzzStates are states of random games, the start and the end included.
func fuzzStates(t testing.TB) []*Game {
	t.Helper()
	var gs []*Game
	for i, h := range harnessOptions[:4] {
		g, err := New(h.opts)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 9))
		for n := 0; ; n++ {
			if n%53 == 0 || g.ToMove() == brettspiel.Terminal {
				gs = append(gs, g.clone())
			}
			if g.ToMove() == brettspiel.Terminal {
				break
			}
			if err := g.Apply(noConcede(g, g.LegalMoves(), r)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return gs
}

// playsOn checks a decoded game: the invariant holds and a few random steps
// play without error.
func playsOn(t *testing.T, g *Game, seed uint64) {
	t.Helper()
	if err := invariant(g); err != nil {
		t.Fatalf("a decoded state breaks the invariant: %v\n%s", err, g)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	c := g.clone()
	for range 4 {
		legal := c.LegalMoves()
		if len(legal) == 0 {
			if c.ToMove() != brettspiel.Terminal {
				t.Fatalf("no legal move, but %v is to move\n%s", c.ToMove(), c)
			}
			return
		}
		if err := c.Apply(legal[r.IntN(len(legal))]); err != nil {
			t.Fatalf("a legal move fails on a decoded state: %v\n%s", err, c)
		}
		if err := invariant(c); err != nil {
			t.Fatalf("play from a decoded state breaks the invariant: %v\n%s", err, c)
		}
	}
}

// FuzzUnmarshalText: a position ID never panics; one that loads is written
// back as the same ID, and the game plays on.
func FuzzUnmarshalText(f *testing.F) {
	more := []string{"verkehren:1:", "verkehren:1:AAAA", "toccateglio:1:AQID"}
	gametest.FuzzTextID(f, fuzzStates(f), more, func() *Game { return new(Game) }, checkError,
		func(t *testing.T, g *Game, id string) { playsOn(t, g, uint64(len(id))) })
}

// FuzzUnmarshalJSON: JSON never panics; a document that decodes is written
// again as a document that decodes to the same state and is written the same.
func FuzzUnmarshalJSON(f *testing.F) {
	same := func(a, b *Game) bool {
		return reflect.DeepEqual(a.state(), b.state()) && reflect.DeepEqual(a.events, b.events)
	}
	gametest.FuzzJSONDoc(f, fuzzStates(f), Variant, func() *Game { return new(Game) }, checkError, same,
		func(t *testing.T, g *Game, data []byte) { playsOn(t, g, uint64(len(data))) })
}

// FuzzLoadRecord: a record never panics; one that loads is written again as
// text that loads to the same state, and that text is stable.
func FuzzLoadRecord(f *testing.F) {
	for i, text := range fuzzRecords(f) {
		if i < 8 {
			f.Add(text)
		}
	}
	f.Add("# brettspiel record\ngame: verkehren\npreset: Cotton\noption: first=1\n\n6-5 ; 1/7 1/6\n")
	f.Add("game: verkehren\noption: bands=fiske\noption: turn-cap=3\n\n")
	same := func(a, b *Game) bool {
		return reflect.DeepEqual(a.state(), b.state()) && slices.EqualFunc(a.events, b.events, brettspiel.Event.Equal)
	}
	f.Fuzz(func(t *testing.T, text string) {
		write := func(rec *brettspiel.Record, g *Game) string {
			var sb strings.Builder
			start, err := New(g.opts)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := rec.WriteTo(&sb, start); err != nil {
				t.Fatalf("a loaded record is not written: %v", err)
			}
			return sb.String()
		}
		refused := func(err error) {
			if _, ok := err.(*brettspiel.Error); !ok && !errors.As(err, new(*brettspiel.Error)) {
				t.Fatalf("error %v is no *brettspiel.Error", err)
			}
		}
		gametest.RecordRewrites(t, text, 0, LoadRecord, refused, write, same)
	})
}

// fuzzRecords are the texts of records of random games under each harness
// option set.
func fuzzRecords(t testing.TB) []string {
	t.Helper()
	var out []string
	for i, h := range harnessOptions {
		g, _ := New(h.opts)
		rec := NewRecord(h.opts)
		gametest.RecordPlay(t, rec, g, rand.New(rand.NewPCG(uint64(i), 11)), noConcede, 60)
		start, _ := New(h.opts)
		out = append(out, gametest.RecordText(t, rec, start))
	}
	return out
}

// TestWriteFuzzSeeds writes the seed corpus under testdata/fuzz from played
// games when VERKEHREN_WRITE_SEEDS is set: go test ./verkehren -run
// TestWriteFuzzSeeds with VERKEHREN_WRITE_SEEDS=1.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("VERKEHREN_WRITE_SEEDS") == "" {
		t.Skip("set VERKEHREN_WRITE_SEEDS=1 to write the seed corpus")
	}
	write := func(target string, i int, lines ...string) {
		dir := filepath.Join("testdata", "fuzz", target)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		text := "go test fuzz v1\n" + strings.Join(lines, "\n") + "\n"
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%02d", i)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gs := fuzzGames(t)
	n := 0
	for i, g := range gs {
		legal := g.LegalMoves()
		if len(legal) == 0 {
			continue
		}
		m := legal[len(legal)/2]
		write("FuzzParseMove", n, fmt.Sprintf("uint16(%d)", i), "string("+strconv.Quote(g.MoveString(m))+")")
		n++
	}
	for i, g := range fuzzStates(t) {
		write("FuzzUnmarshalText", i, "string("+strconv.Quote(g.ID())+")")
		if i%4 != 0 {
			continue // JSON is long: every fourth
		}
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		write("FuzzUnmarshalJSON", i/4, "[]byte("+strconv.Quote(string(data))+")")
	}
	for i, text := range fuzzRecords(t) {
		write("FuzzLoadRecord", i, "string("+strconv.Quote(text)+")")
	}
}

// FuzzUnmarshalJSONStrict: a valid state's JSON with a key in another case,
// a key given twice or data after the object is refused with a
// *brettspiel.Error, and the game is left as it was.
func FuzzUnmarshalJSONStrict(f *testing.F) {
	held := midGame(f, 9, 12)
	gametest.FuzzStrictJSON(f, fuzzStates(f), func() gametest.State { return held.clone() })
}

// FuzzReadRecordBudget: a record that loads keeps within the step budget of
// its rules (the turn cap and the ties of the draw for the start), and
// reading it as a stream (ReadRecord) agrees with parsing it whole and
// loading it (LoadRecord).
func FuzzReadRecordBudget(f *testing.F) {
	gametest.FuzzReadRecord(f, append(fuzzRecords(f)[:4],
		"game: verkehren\noption: turn-cap=2\n\n"+strings.Repeat("6-5 ; 6-5\n", 3)+"6-5 ; 2-1\n",
		"game: verkehren\noption: turn-cap=1\n\n6-5 ; 2-1 ; 3-1 ; 13/16 13/14\n"),
		ReadRecord, LoadRecord, func(g *Game) int { return maxRecordSteps(g.opts) })
}

package festung

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/hostile"
	"github.com/brettspiel/brettspiel/kit"
)

// midGame returns a game of three players after steps random steps, with the
// events of its last step.
func midGame(t testing.TB, seed uint64, steps int) *Game {
	t.Helper()
	g := newGame(t, 3)
	r := rand.New(rand.NewPCG(seed, 3))
	for range steps {
		if g.ToMove() == brettspiel.Terminal {
			break
		}
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, _ = brettspiel.SampleChance(g, r)
		} else {
			m = brettspiel.RandomPolicy(g, g.LegalMoves(), r)
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestJSONRefusesDuplicateKeysOtherCaseAndTrailingData(t *testing.T) {
	g := midGame(t, 1, 21)
	doc, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := new(Game).UnmarshalJSON(doc); err != nil {
		t.Fatalf("the valid document: %v", err)
	}
	muts := hostile.KeyMutations(doc)
	if len(muts) < 10 {
		t.Fatalf("only %d mutations", len(muts))
	}
	for name, d := range muts {
		hostile.RefusedUnchanged(t, name, g, d, brettspiel.ErrBadNotation)
	}
}

func TestJSONRefusesForgedEvents(t *testing.T) {
	g := midGame(t, 2, 31)
	if g.ToMove() == brettspiel.Terminal || len(g.Events()) == 0 {
		t.Fatalf("want a game that goes on, with events:\n%s", g)
	}
	doc, _ := json.Marshal(g)
	valid := hostile.FirstEvent(t, doc)
	for name, evs := range hostile.ForgedEvents(valid) {
		hostile.RefusedUnchanged(t, name, g, hostile.WithEvents(t, doc, evs), hostile.ForgedWant(name))
	}
	// What is too big to be a state is refused before it is decoded.
	for name, raw := range hostile.HugeEvents(t, valid) {
		d := hostile.WithRawEvents(t, doc, raw)
		if len(d) < 10<<20 {
			t.Fatalf("%s: a document of only %d bytes", name, len(d))
		}
		hostile.RefusedUnchanged(t, name, g, d, brettspiel.ErrBadNotation)
	}
}

// TestJSONEventLimitsHoldInPlay: the bounds of the decoder refuse no event
// that a game emits, in random games of every player count, the setup and
// the ends included.
func TestJSONEventLimitsHoldInPlay(t *testing.T) {
	for n := 2; n <= 6; n++ {
		for seed := range uint64(6) {
			g := newGame(t, n)
			check := func() {
				s := kit.NewStateJSON(g, Variant, g.ID())
				if err := s.CheckEvents(eventLimits); err != nil {
					t.Fatalf("%d players, seed %d: %v\n%v", n, seed, err, g.Events())
				}
			}
			check()
			r := rand.New(rand.NewPCG(seed, 4))
			for g.ToMove() != brettspiel.Terminal {
				var m brettspiel.Move
				if g.ToMove() == brettspiel.Chance {
					m, _ = brettspiel.SampleChance(g, r)
				} else {
					m = brettspiel.RandomPolicy(g, g.LegalMoves(), r)
				}
				if err := g.Apply(m); err != nil {
					t.Fatal(err)
				}
				check()
			}
		}
	}
}

func TestEventsIsTheCallersCopy(t *testing.T) {
	g := midGame(t, 3, 17)
	before, _ := json.Marshal(g)
	evs := g.Events()
	if len(evs) == 0 {
		t.Fatal("no events")
	}
	want := evs[0]
	evs[0].Note, evs[0].Amount, evs[0].Kind = "changed", 99, brettspiel.EventEnd
	if after, _ := json.Marshal(g); !bytes.Equal(before, after) {
		t.Errorf("writing into Events() changed the JSON:\n%s\n%s", before, after)
	}
	if got := g.Events()[0]; !got.Equal(want) {
		t.Errorf("writing into Events() changed the game's event: %v, want %v", got, want)
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r *strings.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestRecordStepsAreBoundedByTheTurnCap(t *testing.T) {
	// Under turn-cap=10 a record has at most 2·10 steps: more are refused
	// before any is replayed, whatever they are.
	text := "game: festung\nplayers: 2\noption: turn-cap=10\n\n" + strings.Repeat("x;", 20) + "x\n"
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadRecord(rec); !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "more than 20 steps (21)") {
		t.Errorf("LoadRecord of 21 steps under turn-cap=10: %v", err)
	}
	big := "game: festung\nplayers: 2\n\n" + strings.Repeat(strings.Repeat("x;", 20000)+"x\n", 1500)
	cr := &countingReader{r: strings.NewReader(big)}
	if _, err := ReadRecord(cr); !errors.Is(err, brettspiel.ErrBadNotation) || cr.n > 1<<17 {
		t.Errorf("ReadRecord of %d bytes read %d: %v", len(big), cr.n, err)
	}
	// Real games stay below the bound and load, by LoadRecord and ReadRecord.
	for seed := range uint64(10) {
		g := newGame(t, 4)
		rec := NewRecord(g.opts)
		r := rand.New(rand.NewPCG(seed, 8))
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
		if n, max := len(rec.Steps), maxRecordSteps(g.opts); n > max/2 {
			t.Errorf("seed %d: %d steps, the bound is %d", seed, n, max)
		}
		var sb strings.Builder
		if err := WriteRecord(&sb, rec); err != nil {
			t.Fatal(err)
		}
		back, err := ReadRecord(strings.NewReader(sb.String()))
		if err != nil || back.ID() != g.ID() {
			t.Errorf("seed %d: ReadRecord = %v", seed, err)
		}
	}
}

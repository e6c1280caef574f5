package toccateglio

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/conformance"
	"github.com/brettspiel/brettspiel/internal/hostile"
	"github.com/brettspiel/brettspiel/kit"
)

// midGame returns a game of Toccateglispiel after steps random steps, with
// the events of its last step.
func midGame(t testing.TB, seed uint64, steps int) *Game {
	t.Helper()
	g, err := New(Toccateglispiel())
	if err != nil {
		t.Fatal(err)
	}
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
	if g.phase != phaseMove && g.phase != phaseThrow || len(g.Events()) == 0 {
		t.Fatalf("want a game in play, with events:\n%s", g)
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
// that a game emits, in many random matches of every preset, the ends
// included.
func TestJSONEventLimitsHoldInPlay(t *testing.T) {
	for _, p := range Presets() {
		for seed := range uint64(conformance.Games(4, 10)) {
			o := p.Options
			o.Partien = 3
			g, err := New(o)
			if err != nil {
				t.Fatal(err)
			}
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
				s := kit.NewStateJSON(g, Variant, g.ID())
				if err := s.CheckEvents(eventLimits(g)); err != nil {
					t.Fatalf("%s, seed %d: %v\n%v", p.Name, seed, err, g.Events())
				}
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

// tiedDraws returns the text of a record of Toccateglispiel whose draw for
// the start ties n times and is then decided.
func tiedDraws(n int) string {
	var b strings.Builder
	b.WriteString("# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\n\n")
	for range n {
		b.WriteString("6-5 ; 6-5\n")
	}
	b.WriteString("6-5 ; 2-1\n")
	return b.String()
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

func TestT_S3_RecordTiedDrawsAreCapped(t *testing.T) {
	// At the cap the record loads; one tie more is refused, by LoadRecord and
	// by ReadRecord alike.
	rec, err := brettspiel.ParseRecord(strings.NewReader(tiedDraws(brettspiel.MaxTiedDraws)))
	if err != nil {
		t.Fatal(err)
	}
	if g, err := LoadRecord(rec); err != nil || g.phase != phaseThrow {
		t.Fatalf("%d ties: %v", brettspiel.MaxTiedDraws, err)
	}
	if _, err := ReadRecord(strings.NewReader(tiedDraws(brettspiel.MaxTiedDraws))); err != nil {
		t.Fatalf("ReadRecord, %d ties: %v", brettspiel.MaxTiedDraws, err)
	}
	rec, _ = brettspiel.ParseRecord(strings.NewReader(tiedDraws(brettspiel.MaxTiedDraws + 1)))
	for name, err := range map[string]error{
		"LoadRecord": func() error { _, err := LoadRecord(rec); return err }(),
		"ReadRecord": func() error {
			_, err := ReadRecord(strings.NewReader(tiedDraws(brettspiel.MaxTiedDraws + 1)))
			return err
		}(),
	} {
		if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "ties more than 32 times") ||
			!strings.Contains(err.Error(), "line 37") {
			t.Errorf("%s of %d ties: %v", name, brettspiel.MaxTiedDraws+1, err)
		}
	}
	// ReadRecord stops at the cap: of 200,000 lines of ties it reads only
	// the first buffers.
	text := tiedDraws(200000)
	cr := &countingReader{r: strings.NewReader(text)}
	if _, err := ReadRecord(cr); err == nil || cr.n > 1<<16 {
		t.Errorf("ReadRecord of %d bytes of ties read %d bytes: %v", len(text), cr.n, err)
	}
}

func TestRecordStepsAreBoundedByTheTurnCap(t *testing.T) {
	// Under turn-cap=10 a record has at most 2·10 + 68 steps: more are
	// refused before any is replayed, whatever they are.
	text := "game: toccateglio\noption: turn-cap=10\n\n" + strings.Repeat("x;", 88) + "x\n"
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadRecord(rec); !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "more than 88 steps (89)") {
		t.Errorf("LoadRecord of 89 steps under turn-cap=10: %v", err)
	}
	// ReadRecord refuses the first step that is no move, without reading
	// the rest: here 1,500 lines of 40,000 steps each.
	big := "game: toccateglio\n\n" + strings.Repeat(strings.Repeat("x;", 20000)+"x\n", 1500)
	cr := &countingReader{r: strings.NewReader(big)}
	if _, err := ReadRecord(cr); !errors.Is(err, brettspiel.ErrBadNotation) || cr.n > 1<<17 {
		t.Errorf("ReadRecord of %d bytes read %d: %v", len(big), cr.n, err)
	}
	// A real match stays far below the bound.
	for seed := range uint64(20) {
		g, _ := New(Toccateglispiel())
		rec := NewRecord(Toccateglispiel())
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
		if n, max := len(rec.Steps), maxRecordSteps(g.opts); n > max/10 {
			t.Errorf("seed %d: %d steps, the bound is %d", seed, n, max)
		}
		if _, err := LoadRecord(rec); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

package gametest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/hostile"
)

// State is a game whose state is read and written as JSON.
type State interface {
	brettspiel.Game
	hostile.State
}

// Step draws the next move of g, which must not be over: a throw drawn by
// brettspiel.SampleChance at a chance node, else policy's move.
func Step(g brettspiel.Game, r *rand.Rand, policy brettspiel.Policy) brettspiel.Move {
	if g.ToMove() == brettspiel.Chance {
		m, _ := brettspiel.SampleChance(g, r)
		return m
	}
	return policy(g, g.LegalMoves(), r)
}

// PlayRandom plays up to steps steps of g (all to the end when steps < 0),
// drawn by Step from a source seeded with seed and stream, and calls each,
// when not nil, after every step.
func PlayRandom(tb testing.TB, g brettspiel.Game, seed, stream uint64, steps int, policy brettspiel.Policy, each func()) {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, stream))
	for i := 0; i != steps && g.ToMove() != brettspiel.Terminal; i++ {
		if err := g.Apply(Step(g, r, policy)); err != nil {
			tb.Fatal(err)
		}
		if each != nil {
			each()
		}
	}
}

// JSONRefusesKeyMutations checks g, a game in play: its JSON loads into the
// game zero makes, and every document of hostile.KeyMutations is refused as
// bad notation and leaves g as it was.
func JSONRefusesKeyMutations(t *testing.T, g State, zero func() State) {
	t.Helper()
	doc, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := zero().UnmarshalJSON(doc); err != nil {
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

// JSONRefusesForgedEvents checks g, a game that goes on with events: its
// JSON with the events of hostile.ForgedEvents is refused, and so are the
// documents of hostile.HugeEvents, too big to be a state; g stays as it was.
func JSONRefusesForgedEvents(t *testing.T, g State) {
	t.Helper()
	if len(g.Events()) == 0 {
		t.Fatalf("want a game with events:\n%s", g)
	}
	doc, _ := json.Marshal(g)
	valid := hostile.FirstEvent(t, doc)
	for name, evs := range hostile.ForgedEvents(valid) {
		hostile.RefusedUnchanged(t, name, g, hostile.WithEvents(t, doc, evs), hostile.ForgedWant(name))
	}
	for name, raw := range hostile.HugeEvents(t, valid) {
		d := hostile.WithRawEvents(t, doc, raw)
		if len(d) < 10<<20 {
			t.Fatalf("%s: a document of only %d bytes", name, len(d))
		}
		hostile.RefusedUnchanged(t, name, g, d, brettspiel.ErrBadNotation)
	}
}

// EventsAreTheCallers checks g, a game with events: writing into what
// Events returns changes neither the game's events nor its JSON.
func EventsAreTheCallers(t *testing.T, g State) {
	t.Helper()
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

// StrictJSONDocs returns the JSON documents of games, the valid inputs of
// a fuzz target whose body is StrictJSON, and adds its seed inputs.
func StrictJSONDocs[G any](f *testing.F, games []G) [][]byte {
	var docs [][]byte
	for i, g := range games {
		data, err := json.Marshal(g)
		if err != nil {
			f.Fatal(err)
		}
		docs = append(docs, data)
		f.Add(uint8(i), uint8(i), uint16(7*i), uint8(i), []byte("}"))
	}
	f.Add(uint8(0), uint8(2), uint16(0), uint8(0), []byte("]]]"))
	f.Add(uint8(1), uint8(1), uint16(3), uint8(0), []byte(`"x"`))
	return docs
}

// StrictJSON is the body of a fuzz target: one of docs, made invalid by
// hostile.MutateKeys (a key in another case, a key given twice, data after
// the object), is refused by g, a fresh game in play, with a
// *brettspiel.Error, and g is left as it was.
func StrictJSON(t *testing.T, docs [][]byte, g hostile.State, which, op uint8, at uint16, pick uint8, extra []byte) {
	t.Helper()
	bad, what, ok := hostile.MutateKeys(docs[int(which)%len(docs)], op, at, pick, extra)
	if !ok {
		return
	}
	before, _ := json.Marshal(g)
	err := g.UnmarshalJSON(bad)
	if err == nil {
		t.Fatalf("%s: accepted\n%s", what, bad)
	}
	if !errors.As(err, new(*brettspiel.Error)) {
		t.Fatalf("%s: %v is no *brettspiel.Error", what, err)
	}
	if after, _ := json.Marshal(g); !bytes.Equal(before, after) {
		t.Fatalf("%s: a refused document changed the game", what)
	}
}

// ReadRecordAgrees is the body of a fuzz target over record texts: reading
// text as a stream (read) and parsing it whole and loading it (load) agree,
// refusing with a *brettspiel.Error or loading the same game, and a record
// that loads has at most budget(game) steps.
func ReadRecordAgrees[G any](t *testing.T, text string, read func(io.Reader) (G, error), load func(*brettspiel.Record) (G, error), budget func(G) int) {
	t.Helper()
	streamed, serr := read(bytes.NewReader([]byte(text)))
	rec, err := brettspiel.ParseRecord(bytes.NewReader([]byte(text)))
	var loaded G
	if err == nil {
		loaded, err = load(rec)
	}
	if (err == nil) != (serr == nil) {
		t.Fatalf("LoadRecord: %v; ReadRecord: %v", err, serr)
	}
	for _, e := range []error{err, serr} {
		if e != nil && !errors.As(e, new(*brettspiel.Error)) {
			t.Fatalf("%v is no *brettspiel.Error", e)
		}
	}
	if err != nil {
		return
	}
	if n, max := len(rec.Steps), budget(loaded); n > max {
		t.Fatalf("a record of %d steps loads; the budget of its rules is %d", n, max)
	}
	if !reflect.DeepEqual(loaded, streamed) {
		t.Fatalf("ReadRecord and LoadRecord load different games:\n%v\n%v", loaded, streamed)
	}
}

// CountingReader counts the bytes read through it.
type CountingReader struct {
	R io.Reader
	N int
}

func (c *CountingReader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += n
	return n, err
}

// FuzzStrictJSON runs the fuzz target whose body is StrictJSON over the
// documents of games, each input refused by a fresh game in play.
func FuzzStrictJSON[G any](f *testing.F, games []G, fresh func() State) {
	docs := StrictJSONDocs(f, games)
	f.Fuzz(func(t *testing.T, which, op uint8, at uint16, pick uint8, extra []byte) {
		StrictJSON(t, docs, fresh(), which, op, at, pick, extra)
	})
}

// FuzzReadRecord runs the fuzz target whose body is ReadRecordAgrees,
// seeded with the record texts seeds.
func FuzzReadRecord[G any](f *testing.F, seeds []string, read func(io.Reader) (G, error), load func(*brettspiel.Record) (G, error), budget func(G) int) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) { ReadRecordAgrees(t, text, read, load, budget) })
}

// TextID is the body of a fuzz target over position IDs: the game zero
// makes either refuses id, with an error that refused checks, and stays as
// zero made it, or loads it and writes it back as id; then playOn goes on
// from it.
func TextID[G interface {
	brettspiel.Game
	UnmarshalText([]byte) error
}](t *testing.T, id string, zero func() G, refused func(error), playOn func(G)) {
	t.Helper()
	g := zero()
	if err := g.UnmarshalText([]byte(id)); err != nil {
		refused(err)
		if !reflect.DeepEqual(g, zero()) {
			t.Fatalf("UnmarshalText(%q) failed but changed the game", id)
		}
		return
	}
	if again := g.ID(); again != id {
		t.Fatalf("%q reads back as %q", id, again)
	}
	playOn(g)
}

// HostileStateJSON checks the JSON of states of play that mid returns (a
// game after steps random steps from the seed given, with the events of its
// last step): JSONRefusesKeyMutations at seed 1 after 21 steps, loading
// into the game zero makes; JSONRefusesForgedEvents at seed 2 after 31
// steps, where the game must be in play (inPlay) and have events; and
// EventsAreTheCallers at seed 3 after 17 steps.
func HostileStateJSON[G State](t *testing.T, mid func(tb testing.TB, seed uint64, steps int) G, zero func() G, inPlay func(G) bool) {
	t.Helper()
	t.Run("duplicate keys, other case, trailing data", func(t *testing.T) {
		JSONRefusesKeyMutations(t, mid(t, 1, 21), func() State { return zero() })
	})
	t.Run("forged events", func(t *testing.T) {
		g := mid(t, 2, 31)
		if !inPlay(g) || len(g.Events()) == 0 {
			t.Fatalf("want a game in play, with events:\n%s", g)
		}
		JSONRefusesForgedEvents(t, g)
	})
	t.Run("Events is the caller's copy", func(t *testing.T) { EventsAreTheCallers(t, mid(t, 3, 17)) })
}

// FuzzTextID runs the fuzz target whose body is TextID, seeded with the
// position IDs of games and the texts more.
func FuzzTextID[G interface {
	brettspiel.Game
	UnmarshalText([]byte) error
}](f *testing.F, games []G, more []string, zero func() G, refused func(*testing.T, error), playOn func(*testing.T, G, string)) {
	for _, g := range games {
		f.Add(g.ID())
	}
	for _, s := range more {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		TextID(t, id, zero, func(err error) { refused(t, err) }, func(g G) { playOn(t, g, id) })
	})
}

// FuzzJSONDoc runs the fuzz target whose body is JSONDoc, seeded with the
// JSON of games, an empty object and an object that names only version 1
// of variant.
func FuzzJSONDoc[G State](f *testing.F, games []G, variant string, zero func() G, refused func(*testing.T, error), same func(a, b G) bool, playOn func(*testing.T, G, []byte)) {
	for _, g := range games {
		data, err := json.Marshal(g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"version":1,"game":"` + variant + `"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		JSONDoc(t, data, zero, func(err error) { refused(t, err) }, same, func(g G) { playOn(t, g, data) })
	})
}

// JSONDoc is the body of a fuzz target over JSON documents: the game zero
// makes either refuses data, with an error that refused checks, and stays
// as zero made it, or loads it; then the JSON written of it loads into a
// game that same holds to be the same and that is written the same, and
// playOn goes on from the game loaded.
func JSONDoc[G State](t *testing.T, data []byte, zero func() G, refused func(error), same func(a, b G) bool, playOn func(G)) {
	t.Helper()
	g := zero()
	if err := g.UnmarshalJSON(data); err != nil {
		refused(err)
		if !reflect.DeepEqual(g, zero()) {
			t.Fatal("UnmarshalJSON failed but changed the game")
		}
		return
	}
	back := LoadsFromJSON(t, g, zero)
	out, _ := json.Marshal(g)
	if !same(g, back) {
		t.Fatalf("decode, encode, decode changes the game:\n%s\n%s", g, back)
	}
	if again, _ := json.Marshal(back); !bytes.Equal(again, out) {
		t.Fatalf("the JSON is not stable:\n%s\n%s", out, again)
	}
	playOn(g)
}

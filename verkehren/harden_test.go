package verkehren

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// jsonKey finds the keys of a JSON document written by MarshalJSON.
var jsonKey = regexp.MustCompile(`"([A-Za-z]+)":`)

// keyMutations returns documents made from a valid one that the schema does
// not allow: data after the object, a top-level key given twice, a key in
// another case. Each must be refused.
func keyMutations(doc []byte) map[string][]byte {
	out := map[string][]byte{
		"trailing }":             append(bytes.Clone(doc), '}'),
		"trailing ]]]":           append(bytes.Clone(doc), "]]]"...),
		"second object":          append(bytes.Clone(doc), doc...),
		"duplicate version":      append([]byte(`{"version":1,`), doc[1:]...),
		"duplicate game as null": append([]byte(`{"game":null,`), doc[1:]...),
	}
	for i, m := range jsonKey.FindAllSubmatchIndex(doc, -1) {
		if i%7 != 0 {
			continue // a sample of the keys, nested ones included
		}
		d := bytes.Clone(doc)
		d[m[2]] ^= 0x20 // the first letter in the other case
		out["case of "+string(doc[m[2]:m[3]])+" at "+string(rune('0'+i%10))] = d
	}
	return out
}

// forgedEvents are the events no Apply emits into a state that goes on.
func forgedEvents(valid map[string]any) map[string][]any {
	ev := func(edit func(e map[string]any)) []any {
		e := map[string]any{}
		for k, v := range valid {
			e[k] = v
		}
		edit(e)
		return []any{e}
	}
	many := make([]any, 2000)
	for i := range many {
		many[i] = valid
	}
	return map[string][]any{
		"kind end":     ev(func(e map[string]any) { e["kind"] = "end" }),
		"unknown kind": ev(func(e map[string]any) { e["kind"] = "teleport" }),
		"amount 10^18": ev(func(e map[string]any) { e["amount"] = int64(1e18) }),
		"from -99":     ev(func(e map[string]any) { e["from"] = -99 }),
		"to 10^6":      ev(func(e map[string]any) { e["to"] = 1000000 }),
		"number -5":    ev(func(e map[string]any) { e["number"] = -5 }),
		"long note":    ev(func(e map[string]any) { e["note"] = strings.Repeat("n", 100<<10) }),
		"foreign rule": ev(func(e map[string]any) { e["rule"] = "X-Y1" }),
		"2000 events":  many,
	}
}

// hugeEvents are the "events" arrays, in JSON, of documents too big to be a
// state: one event with a 10 MB note, 200,000 events. They are built as text:
// encoding them through maps would cost more than the decoder's refusal.
func hugeEvents(t testing.TB, valid map[string]any) map[string][]byte {
	t.Helper()
	one, err := json.Marshal(valid)
	if err != nil {
		t.Fatal(err)
	}
	noted := bytes.Replace(one, []byte(`"kind":`), []byte(`"note":"`+strings.Repeat("n", 10<<20)+`","kind":`), 1)
	if _, ok := valid["note"]; ok {
		noted = bytes.Replace(one, []byte(`"note":"`), []byte(`"note":"`+strings.Repeat("n", 10<<20)), 1)
	}
	many := append(bytes.Repeat(append(one, ','), 199999), one...)
	wrap := func(b []byte) []byte { return append(append([]byte{'['}, b...), ']') }
	return map[string][]byte{"10 MB note": wrap(noted), "200000 events": wrap(many)}
}

// withRawEvents returns doc with its "events" replaced by the JSON array raw.
func withRawEvents(t testing.TB, doc, raw []byte) []byte {
	t.Helper()
	empty := withEvents(t, doc, []any{})
	i := bytes.Index(empty, []byte(`"events":[]`))
	if i < 0 {
		t.Fatalf("no events in %s", empty)
	}
	return slices.Concat(empty[:i+len(`"events":`)], raw, empty[i+len(`"events":[]`):])
}

// refusedUnchanged checks that g refuses doc with an error wrapping want, of
// a bounded length, and is unchanged.
func refusedUnchanged(t *testing.T, name string, g *Game, doc []byte, want error) {
	t.Helper()
	before, _ := json.Marshal(g)
	err := g.UnmarshalJSON(doc)
	if !errors.Is(err, want) {
		t.Errorf("%s: UnmarshalJSON = %.300v, want an error wrapping %v", name, err, want)
	}
	if err != nil && len(err.Error()) > 2000 {
		t.Errorf("%s: the error message has %d bytes", name, len(err.Error()))
	}
	if after, _ := json.Marshal(g); !bytes.Equal(before, after) {
		t.Errorf("%s: a refused document changed the game", name)
	}
}

// withEvents returns doc with its "events" replaced.
func withEvents(t testing.TB, doc []byte, events []any) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(doc, &m); err != nil {
		t.Fatal(err)
	}
	m["events"] = events
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// firstEvent returns the first event of doc as a JSON object.
func firstEvent(t *testing.T, doc []byte) map[string]any {
	t.Helper()
	var m struct{ Events []map[string]any }
	if err := json.Unmarshal(doc, &m); err != nil || len(m.Events) == 0 {
		t.Fatalf("no events in %s (%v)", doc, err)
	}
	return m.Events[0]
}

// midGame returns a game of VK after steps random steps (no concession), with
// the events of its last step.
func midGame(t testing.TB, seed uint64, steps int) *Game {
	t.Helper()
	g, err := New(VK)
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
			m = noConcede(g, g.LegalMoves(), r)
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
	muts := keyMutations(doc)
	if len(muts) < 10 {
		t.Fatalf("only %d mutations", len(muts))
	}
	for name, d := range muts {
		refusedUnchanged(t, name, g, d, brettspiel.ErrBadNotation)
	}
}

func TestJSONRefusesForgedEvents(t *testing.T) {
	g := midGame(t, 2, 31)
	if g.ToMove() == brettspiel.Terminal || len(g.Events()) == 0 {
		t.Fatalf("want a game that goes on, with events:\n%s", g)
	}
	doc, _ := json.Marshal(g)
	valid := firstEvent(t, doc)
	for name, evs := range forgedEvents(valid) {
		refusedUnchanged(t, name, g, withEvents(t, doc, evs), brettspiel.ErrBadPosition)
	}
	// What is too big to be a state is refused before it is decoded.
	for name, raw := range hugeEvents(t, valid) {
		d := withRawEvents(t, doc, raw)
		if len(d) < 10<<20 {
			t.Fatalf("%s: a document of only %d bytes", name, len(d))
		}
		refusedUnchanged(t, name, g, d, brettspiel.ErrBadNotation)
	}
}

// TestJSONEventLimitsHoldInPlay: the bounds of the decoder refuse no event
// that a game emits, in many random games, the ends included.
func TestJSONEventLimitsHoldInPlay(t *testing.T) {
	for seed := range uint64(60) {
		g, _ := New(VK)
		r := rand.New(rand.NewPCG(seed, 4))
		for g.ToMove() != brettspiel.Terminal {
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m, _ = brettspiel.SampleChance(g, r)
			} else {
				m = brettspiel.RandomPolicy(g, g.LegalMoves(), r)
				if seed%5 == 0 && g.CanConcede(g.ToMove()) {
					m = g.LegalMoves()[len(g.LegalMoves())-1] // concede at times, too
				}
			}
			if err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
			s := brettspiel.NewStateJSON(g, variant, g.ID())
			if err := s.CheckEvents(eventLimits); err != nil {
				t.Fatalf("seed %d: %v\n%v", seed, err, g.Events())
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
	if got := g.Events()[0]; got != want {
		t.Errorf("writing into Events() changed the game's event: %v, want %v", got, want)
	}
}

// TestV_W2_RandomPolicyPlaysOn: PlayOut with RandomPolicy never concedes a
// game that can be played on, so games run their normal length.
func TestV_W2_RandomPolicyPlaysOn(t *testing.T) {
	const games = 100
	turns := 0
	for seed := range uint64(games) {
		g, _ := New(VK)
		if err := brettspiel.PlayOut(g, rand.New(rand.NewPCG(seed, 5)), brettspiel.RandomPolicy, 0); err != nil {
			t.Fatal(err)
		}
		if g.Ending() == Conceded {
			t.Fatalf("seed %d: the random policy conceded after %d turns", seed, g.Turns())
		}
		turns += g.Turns()
	}
	// Random play without concessions runs well over a hundred turns; a
	// policy that concedes whenever it may ends in a handful.
	if mean := float64(turns) / games; mean < 80 {
		t.Errorf("mean game length %.1f turns, want that of games played to their end", mean)
	}
}

// tiedDraws returns the text of a record of VK whose draw for the start ties
// n times and is then decided.
func tiedDraws(n int) string {
	var b strings.Builder
	b.WriteString("# brettspiel record\ngame: verkehren\npreset: VK\n\n")
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

func TestV_S1_RecordTiedDrawsAreCapped(t *testing.T) {
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
	// ReadRecord stops at the cap: of 200,000 lines of ties (the issue had
	// five million) it reads only the first buffers.
	text := tiedDraws(200000)
	cr := &countingReader{r: strings.NewReader(text)}
	if _, err := ReadRecord(cr); err == nil || cr.n > 1<<16 {
		t.Errorf("ReadRecord of %d bytes of ties read %d bytes: %v", len(text), cr.n, err)
	}
}

func TestRecordStepsAreBoundedByTheTurnCap(t *testing.T) {
	// Under turn-cap=10 a record has at most 2·10 + 66 steps: more are
	// refused before any is replayed, whatever they are.
	text := "game: verkehren\noption: turn-cap=10\n\n" + strings.Repeat("x;", 86) + "x\n"
	rec, err := brettspiel.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LoadRecord(rec); !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "more than 86 steps (87)") {
		t.Errorf("LoadRecord of 87 steps under turn-cap=10: %v", err)
	}
	big := "game: verkehren\n\n" + strings.Repeat(strings.Repeat("x;", 20000)+"x\n", 1500)
	cr := &countingReader{r: strings.NewReader(big)}
	if _, err := ReadRecord(cr); !errors.Is(err, brettspiel.ErrBadNotation) || cr.n > 1<<17 {
		t.Errorf("ReadRecord of %d bytes read %d: %v", len(big), cr.n, err)
	}
	// Real games stay far below the bound.
	for seed := range uint64(20) {
		g, _ := New(VK)
		rec := NewRecord(VK)
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

// mutateKeys makes a valid document invalid in one of three ways, chosen by
// op: a key in another case (the key chosen by at, the letter by pick), a
// key given twice (at chooses it, inserted at the front with value extra
// when that is JSON, else null), or extra as data after the object. ok is
// false when the choice makes no change (trailing white space only).
func mutateKeys(doc []byte, op uint8, at uint16, pick uint8, extra []byte) (out []byte, what string, ok bool) {
	keys := jsonKey.FindAllSubmatchIndex(doc, -1)
	if len(keys) == 0 {
		return nil, "", false
	}
	k := keys[int(at)%len(keys)]
	name := string(doc[k[2]:k[3]])
	switch op % 3 {
	case 0:
		out = bytes.Clone(doc)
		out[k[2]+int(pick)%len(name)] ^= 0x20 // a letter in the other case
		return out, "key " + name + " in another case", true
	case 1:
		value := []byte("null")
		if len(extra) > 0 && json.Valid(extra) {
			value = extra
		}
		out = append([]byte(`{"`+name+`":`), value...)
		out = append(append(out, ','), doc[1:]...)
		return out, "key " + name + " twice", true
	}
	if len(bytes.Trim(extra, " \t\r\n")) == 0 {
		return nil, "", false
	}
	return append(bytes.Clone(doc), extra...), "data after the object", true
}

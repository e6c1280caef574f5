// Package hostile makes the hostile inputs that the variants' tests feed to
// their decoders: JSON documents with keys in another case, given twice or
// followed by data, forged and oversized events. It is shared by the tests
// of every variant, so that each is attacked the same way.
package hostile

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

// State is a game whose state is read and written as JSON.
type State interface {
	json.Marshaler
	json.Unmarshaler
}

// jsonKey finds the keys of a JSON document written by MarshalJSON.
var jsonKey = regexp.MustCompile(`"([A-Za-z]+)":`)

// KeyMutations returns documents made from a valid one that the schema does
// not allow: data after the object, a top-level key given twice, a key in
// another case. Each must be refused.
func KeyMutations(doc []byte) map[string][]byte {
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

// ForgedEvents are the events no Apply emits into a state that goes on.
func ForgedEvents(valid map[string]any) map[string][]any {
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

// HugeEvents are the "events" arrays, in JSON, of documents too big to be a
// state: one event with a 10 MB note, 200,000 events. They are built as text:
// encoding them through maps would cost more than the decoder's refusal.
func HugeEvents(t testing.TB, valid map[string]any) map[string][]byte {
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

// WithRawEvents returns doc with its "events" replaced by the JSON array raw.
func WithRawEvents(t testing.TB, doc, raw []byte) []byte {
	t.Helper()
	empty := WithEvents(t, doc, []any{})
	i := bytes.Index(empty, []byte(`"events":[]`))
	if i < 0 {
		t.Fatalf("no events in %s", empty)
	}
	return slices.Concat(empty[:i+len(`"events":`)], raw, empty[i+len(`"events":[]`):])
}

// WithEvents returns doc with its "events" replaced.
func WithEvents(t testing.TB, doc []byte, events []any) []byte {
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

// FirstEvent returns the first event of doc as a JSON object.
func FirstEvent(t testing.TB, doc []byte) map[string]any {
	t.Helper()
	var m struct{ Events []map[string]any }
	if err := json.Unmarshal(doc, &m); err != nil || len(m.Events) == 0 {
		t.Fatalf("no events in %s (%v)", doc, err)
	}
	return m.Events[0]
}

// RefusedUnchanged checks that g refuses doc with an error wrapping want, of
// a bounded length, and is unchanged.
func RefusedUnchanged(t *testing.T, name string, g State, doc []byte, want error) {
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

// MutateKeys makes a valid document invalid in one of three ways, chosen by
// op: a key in another case (the key chosen by at, the letter by pick), a
// key given twice (at chooses it, inserted at the front with value extra
// when that is JSON, else null), or extra as data after the object. ok is
// false when the choice makes no change (trailing white space only).
func MutateKeys(doc []byte, op uint8, at uint16, pick uint8, extra []byte) (out []byte, what string, ok bool) {
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

// ForgedWant is the sentinel a decoder's error wraps for the forged events
// that ForgedEvents names name: an impossible position — except that an
// amount of 10^18 does not fit the int of a 32-bit platform, where it cannot
// be read at all and is bad notation.
func ForgedWant(name string) error {
	if name == "amount 10^18" && strconv.IntSize == 32 {
		return brettspiel.ErrBadNotation
	}
	return brettspiel.ErrBadPosition
}

package kit_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/hostile"
	"github.com/brettspiel/brettspiel/kit"
)

// maxDecodeAlloc is what decoding one document of at most MaxJSONSize may
// allocate, whatever its shape.
const maxDecodeAlloc = 50 << 20

func TestDecodeStrictCostIsLinearForAnyShape(t *testing.T) {
	var most uint64
	mostName := ""
	defer func() { t.Logf("the most allocated: %.1f MB, %s", float64(most)/(1<<20), mostName) }()
	for name, doc := range hostile.Shapes(kit.MaxJSONSize) {
		targets := map[string]func() error{
			"StateJSON":   func() error { var s kit.StateJSON; return kit.DecodeStrict(doc, &s) },
			"any":         func() error { var v any; return kit.DecodeStrict(doc, &v) },
			"DecodeState": func() error { var s kit.StateJSON; return kit.DecodeState(doc, &s) },
		}
		for target, decode := range targets {
			var err error
			alloc := hostile.Allocated(func() { err = decode() })
			if alloc > most {
				most, mostName = alloc, name+" into "+target
			}
			if alloc > maxDecodeAlloc {
				t.Errorf("%s into %s (%d bytes): allocated %d MB, want at most %d MB", name, target, len(doc), alloc>>20, maxDecodeAlloc>>20)
			}
			if err != nil && !errors.Is(err, brettspiel.ErrBadNotation) && !errors.Is(err, brettspiel.ErrBadPosition) {
				t.Errorf("%s into %s: %v, want an error wrapping ErrBadNotation", name, target, err)
			}
		}
	}
}

func TestDecodeStrictBoundsTheNesting(t *testing.T) {
	nest := func(depth int) []byte {
		return []byte(`{"version":2,"legal":[{"steps":` + strings.Repeat("[", depth-3) + strings.Repeat("]", depth-3) + `}]}`)
	}
	var v any
	if err := kit.DecodeStrict(nest(kit.MaxJSONDepth), &v); err != nil {
		t.Errorf("nesting of MaxJSONDepth: %v, want it read", err)
	}
	err := kit.DecodeStrict(nest(kit.MaxJSONDepth+1), &v)
	if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), fmt.Sprint(kit.MaxJSONDepth)) {
		t.Errorf("nesting of MaxJSONDepth+1: %v, want a refusal naming the limit", err)
	}
	if !strings.Contains(err.Error(), `legal[0].steps`) {
		t.Errorf("nesting of MaxJSONDepth+1: %v, want the place named", err)
	}
}

func TestDecodeStrictBoundsTheValues(t *testing.T) {
	doc := func(n int) []byte { // n values: the list and n−1 numbers in it
		return []byte(`{"returns":[` + strings.TrimSuffix(strings.Repeat("0,", n-2), ",") + `]}`)
	}
	var s kit.StateJSON
	if err := kit.DecodeStrict(doc(kit.MaxJSONValues), &s); err != nil {
		t.Errorf("MaxJSONValues values: %v, want them read", err)
	}
	err := kit.DecodeStrict(doc(kit.MaxJSONValues+1), &s)
	if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), fmt.Sprint(kit.MaxJSONValues)) {
		t.Errorf("MaxJSONValues+1 values: %v, want a refusal naming the limit", err)
	}
}

// BenchmarkDecodeStrictHostile decodes each shape of hostile.Shapes at the
// size limit into a StateJSON, as a state's UnmarshalJSON does.
func BenchmarkDecodeStrictHostile(b *testing.B) {
	shapes := hostile.Shapes(kit.MaxJSONSize)
	names := slices.Sorted(maps.Keys(shapes))
	for _, name := range names {
		doc := shapes[name]
		b.Run(strings.ReplaceAll(name, " ", "-"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(doc)))
			for range b.N {
				var s kit.StateJSON
				_ = kit.DecodeState(doc, &s)
			}
		})
	}
}

// BenchmarkDecodeStrictCall decodes a call as a server reads it from a
// connection, many times a second: its id, method and arguments.
func BenchmarkDecodeStrictCall(b *testing.B) {
	var f struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Args   json.RawMessage `json:"args"`
	}
	doc := []byte(`{"id":7,"method":"apply","args":{"notation":"1/2 2/8"}}`)
	b.ReportAllocs()
	for range b.N {
		if err := kit.DecodeStrict(doc, &f); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzDecodeStrictCost decodes documents of any shape, the seeds shaped to
// nest, and checks that the memory decoding costs grows at most linearly
// with the document: a few hundred bytes for each byte read, plus a constant.
func FuzzDecodeStrictCost(f *testing.F) {
	for _, size := range []int{16, 300, 4000} {
		for _, doc := range hostile.Shapes(size) {
			f.Add(doc)
		}
	}
	f.Add([]byte(`{"version":2,"game":"race","legal":[{"steps":[{"from":1}]}],"events":[{"kind":"throw","dice":[1,2]}]}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		var err error
		var s kit.StateJSON
		alloc := hostile.AllocatedNoGC(func() { err = kit.DecodeState(doc, &s) })
		if limit := uint64(512*len(doc) + 64<<10); alloc > limit {
			t.Fatalf("decoding %d bytes allocated %d bytes, more than %d", len(doc), alloc, limit)
		}
		if err != nil && !errors.Is(err, brettspiel.ErrBadNotation) && !errors.Is(err, brettspiel.ErrBadPosition) {
			t.Fatalf("an error wrapping neither ErrBadNotation nor ErrBadPosition: %v", err)
		}
	})
}

func TestDecodeStrictRefusesAnyByteAfterTheObject(t *testing.T) {
	for _, tail := range []string{"\x00", " \x00", "\n}", "x", "\xff"} {
		var s kit.StateJSON
		err := kit.DecodeStrict([]byte(`{"game":"race"}`+tail), &s)
		if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "data after the JSON object") {
			t.Errorf("a document followed by %q: %v", tail, err)
		}
	}
}

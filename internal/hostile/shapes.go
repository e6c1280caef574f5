package hostile

import (
	"bytes"
	"runtime"
	"strings"
)

// Shapes returns JSON-like documents of at most size bytes whose shape is
// hostile to a decoder: nesting as deep as the size allows (arrays, objects,
// both, under a key a state really has), wide arrays of empty values, many
// keys, one long string, and several deep nests side by side. Each must be
// decoded or refused in memory that grows at most linearly with its size.
func Shapes(size int) map[string][]byte {
	repeatTo := func(prefix, unit, suffix string) []byte {
		n := (size - len(prefix) - len(suffix)) / len(unit)
		return []byte(prefix + strings.Repeat(unit, max(n, 0)) + suffix)
	}
	deep := func(open, close string) []byte {
		n := size / (len(open) + len(close))
		return []byte(strings.Repeat(open, n) + strings.Repeat(close, n))
	}
	var sideBySide bytes.Buffer
	sideBySide.WriteString(`{"version":2,"game":"toccateglio","x":[`)
	nest := strings.Repeat("[", 9_000) + strings.Repeat("]", 9_000)
	for sideBySide.Len()+len(nest)+3 < size {
		if sideBySide.Bytes()[sideBySide.Len()-1] != '[' {
			sideBySide.WriteByte(',')
		}
		sideBySide.WriteString(nest)
	}
	sideBySide.WriteString("]}")
	return map[string][]byte{
		"open arrays":             bytes.Repeat([]byte("["), size),
		"open objects":            repeatTo("", `{"a":`, ""),
		"closed arrays":           deep("[", "]"),
		"closed objects":          deep(`{"a":`, "}"),
		"arrays under legal":      repeatTo(`{"version":2,"legal":`, "[", ""),
		"objects in arrays":       deep(`[{"steps":`, "}]"),
		"wide legal":              repeatTo(`{"legal":[{}`, `,{}`, `]}`),
		"wide events":             repeatTo(`{"events":[{}`, `,{}`, `]}`),
		"wide numbers":            repeatTo(`{"returns":[0`, `,0`, `]}`),
		"wide nulls":              repeatTo(`[null`, `,null`, `]`),
		"many keys":               repeatTo(`{"k":0`, `,"k":0`, `}`),
		"long string":             repeatTo(`{"game":"`, "x", `"}`),
		"long key":                repeatTo(`{"`, "k", `":0}`),
		"nests side by side":      sideBySide.Bytes(),
		"deep after a valid head": repeatTo(`{"version":2,"game":"festung","id":"x","turn":"over","events":`, "[", ""),
	}
}

// Allocated returns the bytes that f allocates, counted by the runtime (not
// the bytes still live afterwards). Run it without other goroutines at work:
// their allocations count too.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// AllocatedNoGC is [Allocated] without the collection before f: cheaper,
// for a fuzz target that measures every input.
func AllocatedNoGC(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

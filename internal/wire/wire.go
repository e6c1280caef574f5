// Package wire packs small unsigned and signed integers into bytes as
// varints, for the payloads of position IDs. A Reader keeps the first error
// and checks every value against its bounds, so a variant's decoder can read
// all its fields and ask once whether anything was wrong.
package wire

import (
	"encoding/binary"
	"fmt"
)

// Writer appends values to a byte slice. The zero Writer is ready to use.
type Writer struct{ buf []byte }

// Uint appends v.
func (w *Writer) Uint(v uint64) { w.buf = binary.AppendUvarint(w.buf, v) }

// Int appends v, zigzag-encoded so small negative values stay short.
func (w *Writer) Int(v int64) { w.buf = binary.AppendVarint(w.buf, v) }

// Bool appends b as 0 or 1.
func (w *Writer) Bool(b bool) {
	if b {
		w.Uint(1)
	} else {
		w.Uint(0)
	}
}

// Bytes returns what was written.
func (w *Writer) Bytes() []byte { return w.buf }

// Reader reads the values a Writer wrote, in the same order.
type Reader struct {
	buf []byte
	err error
}

// NewReader reads buf.
func NewReader(buf []byte) *Reader { return &Reader{buf: buf} }

// Err returns the first error met, or nil.
func (r *Reader) Err() error { return r.err }

// Done returns the first error met, or an error if bytes are left over.
func (r *Reader) Done() error {
	if r.err == nil && len(r.buf) > 0 {
		r.err = fmt.Errorf("%d bytes left over", len(r.buf))
	}
	return r.err
}

// Uint reads an unsigned value no greater than max; what is named appears in
// the error. After an error it returns 0.
func (r *Reader) Uint(what string, max uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.buf)
	if n <= 0 {
		r.err = fmt.Errorf("%s: cut short", what)
		return 0
	}
	r.buf = r.buf[n:]
	if v > max {
		r.err = fmt.Errorf("%s: %d is more than %d", what, v, max)
		return 0
	}
	return v
}

// Int reads a signed value in [min, max]. After an error it returns 0.
func (r *Reader) Int(what string, min, max int64) int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.buf)
	if n <= 0 {
		r.err = fmt.Errorf("%s: cut short", what)
		return 0
	}
	r.buf = r.buf[n:]
	if v < min || v > max {
		r.err = fmt.Errorf("%s: %d is outside %d…%d", what, v, min, max)
		return 0
	}
	return v
}

// Bool reads a value written by [Writer.Bool].
func (r *Reader) Bool(what string) bool { return r.Uint(what, 1) == 1 }

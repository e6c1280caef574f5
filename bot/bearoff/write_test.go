package bearoff_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"testing"

	"github.com/brettspiel/brettspiel/bot/bearoff"
)

// TestWriteTo reads a written file back as a program in another language
// would, by its documented layout: its header, a two-sided entry, a
// one-sided mean and the CRC.
func TestWriteTo(t *testing.T) {
	tb, err := bearoff.For(bearoff.Verkehren)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	n, err := tb.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("wrote %d bytes of %d: %v", n, buf.Len(), err)
	}
	b := buf.Bytes()
	le := binary.LittleEndian
	if !bytes.HasPrefix(b, []byte(bearoff.Magic)) {
		t.Fatalf("no magic: %q", b[:20])
	}
	h := b[len(bearoff.Magic):]
	if le.Uint16(h) != bearoff.FileVersion || !bytes.Equal(h[2:6], []byte{4, 0, bearoff.ExactStones, bearoff.MaxStones}) {
		t.Fatalf("header %v", h[:6])
	}
	n2 := int(le.Uint32(h[6:]))
	wins := h[10:]
	x, y := bearoff.Position{5: 1}, bearoff.Position{2: 1, 0: 2}
	want, _ := tb.Exact(x, y)
	got := math.Float64frombits(le.Uint64(wins[8*(x.Index()*n2+y.Index()):]))
	if n2 != 924 || got != want.Win {
		t.Fatalf("n2 %d; win %v, the table says %v", n2, got, want.Win)
	}
	ld := math.Float64frombits(le.Uint64(wins[8*(2*n2*n2+x.Index()*n2+y.Index()):]))
	if ld != want.LoseDoublet {
		t.Fatalf("lose with a doublet %v, the table says %v", ld, want.LoseDoublet)
	}
	one := wins[8*3*n2*n2:]
	if n1 := le.Uint32(one); n1 != 54264 {
		t.Fatalf("n1 %d", n1)
	}
	// the first entries: no stones (mean 0, no distribution), then one
	// stone on 19 (bearoff.Position{5: 1}.Index() is 1): in Verkehren off
	// in one turn with 27 throws of 36, else in two
	e := one[4:]
	if m := math.Float64frombits(le.Uint64(e)); m != 0 || e[8] != 0 || e[9] != 0 {
		t.Fatalf("the empty position: mean %v first %d count %d", m, e[8], e[9])
	}
	e = e[10:]
	p1, p2 := math.Float32frombits(le.Uint32(e[10:])), math.Float32frombits(le.Uint32(e[14:]))
	if m := math.Float64frombits(le.Uint64(e)); math.Abs(m-1.25) > 1e-12 || e[8] != 1 || e[9] != 2 || p1 != 0.75 || p2 != 0.25 {
		t.Fatalf("one stone on 19: mean %v first %d count %d: %v %v", m, e[8], e[9], p1, p2)
	}
	body := b[:len(b)-4]
	if le.Uint32(b[len(b)-4:]) != crc32.ChecksumIEEE(body) {
		t.Fatal("the CRC does not match")
	}
}

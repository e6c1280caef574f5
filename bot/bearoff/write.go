package bearoff

import (
	"bufio"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math"
)

// Magic opens a file of tables written by [Tables.WriteTo].
const Magic = "brettspiel bearoff\n"

// FileVersion is the version of the format [Tables.WriteTo] writes.
const FileVersion = 1

// WriteTo writes both tables of t to w, building them first if need be,
// for programs in other languages. All numbers are little-endian:
//
//	Magic, then uint16 FileVersion, uint8 DoubletMoves,
//	uint8 AgainAfterDoublet (0 or 1), uint8 ExactStones, uint8 MaxStones
//	uint32 n2 = C(ExactStones+6, 6); then n2·n2 float64 Win, the same
//	    WinDoublet, the same LoseDoublet, each at onRoll·n2 + other
//	    (a side with no stones: 0)
//	uint32 n1 = C(MaxStones+6, 6); then for each position: float64 its
//	    mean turns, uint8 first, uint8 count, count float32 P(exactly
//	    first+k turns), count float32 the part with a doublet last
//	uint32 CRC-32 (IEEE) of everything before it
//
// Positions are numbered by [Position.Index].
func (t *Tables) WriteTo(w io.Writer) (int64, error) {
	two, one := t.exact(), t.oneSided()
	cw := &countWriter{w: bufio.NewWriterSize(w, 1<<16), crc: crc32.NewIEEE()}
	cw.bytes([]byte(Magic))
	cw.u16(FileVersion)
	again := uint8(0)
	if t.rules.AgainAfterDoublet {
		again = 1
	}
	cw.bytes([]byte{uint8(t.rules.DoubletMoves), again, ExactStones, MaxStones})
	cw.u32(uint32(two.n))
	for _, a := range [][]float64{two.win, two.winD, two.losD} {
		for _, x := range a {
			cw.u64(math.Float64bits(x))
		}
	}
	cw.u32(uint32(len(one.mean)))
	for x := range one.mean {
		cw.u64(math.Float64bits(one.mean[x]))
		cw.bytes([]byte{one.first[x], one.n[x]})
		o, n := int(one.off[x]), int(one.n[x])
		for _, a := range [][]float32{one.dist, one.lastD} {
			for _, v := range a[o : o+n] {
				cw.u32(math.Float32bits(v))
			}
		}
	}
	cw.u32(cw.crc.Sum32())
	if cw.err == nil {
		cw.err = cw.w.(*bufio.Writer).Flush()
	}
	return cw.n, cw.err
}

// countWriter writes little-endian numbers, counting the bytes and their
// CRC and keeping the first error.
type countWriter struct {
	w   io.Writer
	crc interface {
		io.Writer
		Sum32() uint32
	}
	n   int64
	err error
	buf [8]byte
}

func (c *countWriter) bytes(b []byte) {
	if c.err != nil {
		return
	}
	k, err := c.w.Write(b)
	c.n += int64(k)
	c.crc.Write(b[:k])
	c.err = err
}

func (c *countWriter) u16(v uint16) { c.bytes(binary.LittleEndian.AppendUint16(c.buf[:0], v)) }
func (c *countWriter) u32(v uint32) { c.bytes(binary.LittleEndian.AppendUint32(c.buf[:0], v)) }
func (c *countWriter) u64(v uint64) { c.bytes(binary.LittleEndian.AppendUint64(c.buf[:0], v)) }

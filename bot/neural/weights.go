package neural

import (
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"sync"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
)

// Errors of loading weights; the errors of [Parse] and [Load] wrap one of
// them in a *brettspiel.Error that says what exactly is wrong.
var (
	// ErrBadWeights: the data is no weights file, or a damaged one (cut
	// short, a wrong checksum, sizes out of range, weights not finite).
	ErrBadWeights = errors.New("bad weights")
	// ErrWrongWeights: a sound file made for another game, another input
	// encoding or another version of the rules than this package reads.
	ErrWrongWeights = errors.New("weights of another encoding")
)

// The weights file, all numbers little-endian:
//
//	magic     4 bytes "BSNN"
//	format    uint16, 1
//	name      uint16 length, then the game's name
//	encoding  uint16, the input encoding's version
//	rules     uint16, the rules' version
//	sizes     uint32 ×3: inputs, hidden units, outputs
//	games     uint64, the self-play games the weights were trained on
//	weights   float32: W1 (inputs × hidden), B1, W2 (outputs × hidden), B2
//	checksum  uint32, CRC-32 (IEEE) of everything before it
const (
	magic      = "BSNN"
	fileFormat = 1
)

//go:embed weights/*.bin
var shipped embed.FS

// Evaluator is a trained net for one game: it judges the positions of that
// game (see [Evaluator.Equity]). An Evaluator is read-only once made: one
// value may serve any number of goroutines.
type Evaluator struct {
	v     *variant
	net   *Net
	games uint64
	// judges keeps the buffers of the judges that Equity and the bots'
	// decisions used, for the next to reuse (getJudge, putJudge).
	judges sync.Pool
	// setups caches the net's equity of a Marsch's setup by its marks
	// (setupKey), which Toccateglio's races end in.
	setupsMu sync.Mutex
	setups   map[setupKey]float64
}

// Game returns the name of the game the evaluator judges.
func (e *Evaluator) Game() string { return e.v.name }

// Games returns the number of self-play games the weights were trained on.
func (e *Evaluator) Games() uint64 { return e.games }

// Sizes returns the net's inputs, hidden units and outputs.
func (e *Evaluator) Sizes() (in, hidden, out int) { return e.net.In, e.net.Hidden, e.net.Out }

// Games lists the names of the games this package has evaluators for.
func Games() []string { return []string{"toccateglio", "verkehren"} }

func variantNamed(name string) (*variant, bool) {
	switch name {
	case "verkehren":
		return verkehrenVariant, true
	case "toccateglio":
		return toccateglioVariant, true
	}
	return nil, false
}

// Load returns the evaluator shipped with the package for game
// ("toccateglio" or "verkehren").
func Load(game string) (*Evaluator, error) {
	if _, ok := variantNamed(game); !ok {
		return nil, &brettspiel.Error{Op: "load weights", Input: game, Err: ErrWrongWeights,
			Reason: fmt.Sprintf("no net for this game; there are nets for %v", Games())}
	}
	data, err := shipped.ReadFile("weights/" + game + ".bin")
	if err != nil {
		return nil, &brettspiel.Error{Op: "load weights", Input: game, Err: ErrBadWeights, Reason: err.Error()}
	}
	return Parse(data)
}

// Parse reads a weights file (as [Evaluator.MarshalBinary] writes it). It
// refuses a damaged file with an error wrapping [ErrBadWeights], and weights
// made for another game, input encoding or rules version with an error
// wrapping [ErrWrongWeights].
func Parse(data []byte) (*Evaluator, error) {
	bad := func(format string, args ...any) (*Evaluator, error) {
		return nil, &brettspiel.Error{Op: "load weights", Err: ErrBadWeights, Reason: fmt.Sprintf(format, args...)}
	}
	wrong := func(format string, args ...any) (*Evaluator, error) {
		return nil, &brettspiel.Error{Op: "load weights", Err: ErrWrongWeights, Reason: fmt.Sprintf(format, args...)}
	}
	if len(data) < 4 || string(data[:4]) != magic {
		return bad("not a weights file (no %q at its start)", magic)
	}
	if len(data) < 4+4+2 {
		return bad("the file is cut short (%d bytes)", len(data))
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if got := crc32.ChecksumIEEE(body); got != sum {
		return bad("checksum %08x, the file says %08x: the file is damaged", got, sum)
	}
	r := reader{b: body[4:]}
	if f := r.u16(); f != fileFormat {
		return wrong("file format %d; this package reads format %d", f, fileFormat)
	}
	name := string(r.bytes(int(r.u16())))
	enc, rules := r.u16(), r.u16()
	in, hidden, out := int(r.u32()), int(r.u32()), int(r.u32())
	games := r.u64()
	if r.short {
		return bad("the header is cut short")
	}
	v, ok := variantNamed(name)
	switch {
	case !ok:
		return wrong("weights for the game %q, for which this package has no encoding", quote.Quote(name))
	case enc != v.encoding:
		return wrong("%s weights of input encoding %d; this package encodes version %d", name, enc, v.encoding)
	case rules != v.rules:
		return wrong("%s weights trained under rules version %d; this package has version %d", name, rules, v.rules)
	case in != v.in || out != v.out:
		return wrong("%s weights for %d inputs and %d outputs; the encoding has %d and %d", name, in, out, v.in, v.out)
	case hidden < 1 || hidden > maxHidden:
		return bad("%d hidden units, outside 1…%d", hidden, maxHidden)
	}
	n := &Net{In: in, Hidden: hidden, Out: out}
	want := 4 * (in*hidden + hidden + out*hidden + out)
	if len(r.b) != want {
		return bad("%d bytes of weights, want %d for %d×%d×%d", len(r.b), want, in, hidden, out)
	}
	sizes := [4]int{in * hidden, hidden, out * hidden, out}
	for k, p := range [4]*[]float32{&n.W1, &n.B1, &n.W2, &n.B2} {
		*p = make([]float32, sizes[k])
		for i := range *p {
			f := math.Float32frombits(r.u32())
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				return bad("a weight is %v", f)
			}
			(*p)[i] = f
		}
	}
	return &Evaluator{v: v, net: n, games: games}, nil
}

// MarshalBinary writes the evaluator as a weights file (see [Parse]).
func (e *Evaluator) MarshalBinary() ([]byte, error) {
	n := e.net
	b := []byte(magic)
	b = binary.LittleEndian.AppendUint16(b, fileFormat)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(e.v.name)))
	b = append(b, e.v.name...)
	b = binary.LittleEndian.AppendUint16(b, e.v.encoding)
	b = binary.LittleEndian.AppendUint16(b, e.v.rules)
	for _, s := range []int{n.In, n.Hidden, n.Out} {
		b = binary.LittleEndian.AppendUint32(b, uint32(s))
	}
	b = binary.LittleEndian.AppendUint64(b, e.games)
	for _, ws := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for _, w := range ws {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(w))
		}
	}
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b)), nil
}

// reader reads the header's numbers; short records a read past the end.
type reader struct {
	b     []byte
	short bool
}

func (r *reader) bytes(n int) []byte {
	if n > len(r.b) {
		r.short, r.b = true, nil
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) u16() uint16 {
	if b := r.bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if b := r.bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) u64() uint64 {
	if b := r.bytes(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

package neural

import (
	"math"
	"math/rand/v2"
)

// Net is a network with one hidden layer of sigmoid units and sigmoid
// outputs. Inputs are mostly zero (the encodings light a few units a
// point), so the hidden layer is computed as its bias plus the weight rows
// of the inputs that are not zero, each scaled by its input.
//
// The weights are float32: evaluation reads them row by row, and half the
// bytes of float64 keep a net of a few hundred inputs in the processor's
// caches.
type Net struct {
	In, Hidden, Out int
	W1              []float32 // In rows of Hidden: the weights from input i to the hidden units
	B1              []float32 // Hidden biases
	W2              []float32 // Out rows of Hidden: the weights from the hidden units to output k
	B2              []float32 // Out biases
}

// newNet returns a net of the given sizes with small random weights drawn
// from r.
func newNet(in, hidden, out int, r *rand.Rand) *Net {
	n := &Net{In: in, Hidden: hidden, Out: out,
		W1: make([]float32, in*hidden), B1: make([]float32, hidden),
		W2: make([]float32, out*hidden), B2: make([]float32, out)}
	s1 := float32(1 / math.Sqrt(float64(8)))
	for i := range n.W1 {
		n.W1[i] = (2*float32(r.Float64()) - 1) * s1
	}
	s2 := float32(1 / math.Sqrt(float64(hidden)))
	for i := range n.W2 {
		n.W2[i] = (2*float32(r.Float64()) - 1) * s2
	}
	return n
}

// clone returns a deep copy.
func (n *Net) clone() *Net {
	c := *n
	c.W1 = append([]float32(nil), n.W1...)
	c.B1 = append([]float32(nil), n.B1...)
	c.W2 = append([]float32(nil), n.W2...)
	c.B2 = append([]float32(nil), n.B2...)
	return &c
}

// The sigmoid is read from a table with linear interpolation: exact to
// about 1e-6, and several times faster than math.Exp.
const (
	sigRange = 16 // the table covers −16…16; beyond, 0 or 1 to within 1.2e-7
	sigSteps = 64 // entries a unit
)

var sigTable = func() (t [2*sigRange*sigSteps + 2]float32) {
	for i := range t {
		x := float64(i)/sigSteps - sigRange
		t[i] = float32(1 / (1 + math.Exp(-x)))
	}
	return t
}()

// sigmoid returns 1/(1+e^−x), from the table. A NaN gives 0.5's neighbour
// 0 — never a NaN — so that no weight read from a file can make the
// evaluation's comparisons undefined.
func sigmoid(x float32) float32 {
	if !(x > -sigRange) { // also NaN
		return sigTable[0]
	}
	if x >= sigRange {
		return sigTable[len(sigTable)-2]
	}
	f := (x + sigRange) * sigSteps
	i := int(f)
	d := f - float32(i)
	t := sigTable[i : i+2 : i+2]
	return t[0] + d*(t[1]-t[0])
}

// hiddenFrom sets h to the hidden layer's sums (before the sigmoid) for the
// dense input x: the biases plus the rows of the inputs that are not zero.
func (n *Net) hiddenFrom(x []float32, h []float32) {
	copy(h, n.B1)
	H := n.Hidden
	for i, v := range x[:n.In] {
		if v == 0 {
			continue
		}
		row := n.W1[i*H : i*H+H]
		if v == 1 {
			addRow(h, row)
			continue
		}
		addScaledRow(h, row, v)
	}
}

// addRow adds row to h, four at a time (sixty-four at once for the
// shipped nets' hidden layer, without bounds checks).
func addRow(h, row []float32) {
	if len(row) == 64 && len(h) >= 64 {
		d, r := (*[64]float32)(h), (*[64]float32)(row)
		for j := range d {
			d[j] += r[j]
		}
		return
	}
	h = h[:len(row)]
	j := 0
	for ; j+4 <= len(row); j += 4 {
		r, d := row[j:j+4:j+4], h[j:j+4:j+4]
		d[0] += r[0]
		d[1] += r[1]
		d[2] += r[2]
		d[3] += r[3]
	}
	for ; j < len(row); j++ {
		h[j] += row[j]
	}
}

// addScaledRow adds v·row to h, four at a time (sixty-four at once for
// the shipped nets' hidden layer, without bounds checks). Each sum is its
// own, so the order does not change a bit of them.
func addScaledRow(h, row []float32, v float32) {
	if len(row) == 64 && len(h) >= 64 {
		d, r := (*[64]float32)(h), (*[64]float32)(row)
		for j := range d {
			d[j] += v * r[j]
		}
		return
	}
	h = h[:len(row)]
	j := 0
	for ; j+4 <= len(row); j += 4 {
		r, d := row[j:j+4:j+4], h[j:j+4:j+4]
		d[0] += v * r[0]
		d[1] += v * r[1]
		d[2] += v * r[2]
		d[3] += v * r[3]
	}
	for ; j < len(row); j++ {
		h[j] += v * row[j]
	}
}

// addDelta adds to the hidden sums h the change from input x0 to x1: only
// the rows of the inputs that differ. It is how a successor position is
// judged from its predecessor's sums.
func (n *Net) addDelta(x0, x1 []float32, h []float32) {
	H := n.Hidden
	x1 = x1[:len(x0)]
	for i, v0 := range x0 {
		v := x1[i] - v0
		if v == 0 {
			continue
		}
		addScaledRow(h, n.W1[i*H:i*H+H], v)
	}
}

// outputs computes the outputs from the hidden sums h: a (the hidden
// activations, Hidden long, may be nil) is filled when given; out gets the
// Out outputs.
func (n *Net) outputs(h, a, out []float32) {
	H := n.Hidden
	var buf [maxHidden]float32
	if a == nil {
		a = buf[:H]
	}
	a = a[:H]
	for j, s := range h[:H] {
		a[j] = sigmoid(s)
	}
	for k := range out[:n.Out] {
		s := n.B2[k]
		w := n.W2[k*H : k*H+H]
		w = w[:len(a)] // one bounds check for the loop
		for j, x := range a {
			s += w[j] * x
		}
		out[k] = sigmoid(s)
	}
}

// maxHidden and maxOut bound the sizes a file may give, so that the
// evaluation's buffers live on the stack.
const (
	maxHidden = 512
	maxOut    = 8
	maxIn     = 4096
)

// Forward computes the outputs for the dense input x into out.
func (n *Net) forward(x, out []float32) {
	var h [maxHidden]float32
	n.hiddenFrom(x, h[:n.Hidden])
	n.outputs(h[:n.Hidden], nil, out)
}

// train moves the outputs for x toward target by one step of gradient
// descent of the cross-entropy of each output (its gradient at the output's
// sum is target − output), with the learning rate alpha.
func (n *Net) train(x, target []float32, alpha float32) {
	H := n.Hidden
	var h, a, dh [maxHidden]float32
	var out, d [maxOut]float32
	n.hiddenFrom(x, h[:H])
	n.outputs(h[:H], a[:H], out[:n.Out])
	for k := range n.Out {
		d[k] = alpha * (target[k] - out[k])
	}
	for k := range n.Out {
		dk := d[k]
		if dk == 0 {
			continue
		}
		w := n.W2[k*H : k*H+H]
		for j := range w {
			dh[j] += dk * w[j]
			w[j] += dk * a[j]
		}
		n.B2[k] += dk
	}
	for j := range H {
		dh[j] *= a[j] * (1 - a[j])
		n.B1[j] += dh[j]
	}
	for i, v := range x[:n.In] {
		if v == 0 {
			continue
		}
		row := n.W1[i*H : i*H+H]
		for j := range row {
			row[j] += v * dh[j]
		}
	}
}

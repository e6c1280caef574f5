package festung

import (
	"math"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
)

// FieldID is the stable identifier of a field of the plan, 1…[NumFields]. The
// zero FieldID names no field. The fields that hold markers come first
// (1…[NumMarkerFields]); the fortresses and the Pasch fields, which hold the
// players' squares, follow:
//
//	 1…36  outer works (F-P1): fortress 1 I…VI (1…6) and its twins I'…VI' (7…12),
//	       fortress 2 I…VI (13…18), fortress 3 I…VI (19…24) and I'…VI' (25…30),
//	       fortress 4 I…VI (31…36)
//	37…52  fortress-line fields 3…18 (F-P3): field n has ID 34+n
//	53…64  Schanzen I…XII (F-P5): Schanze n has ID 52+n
//	65…68  batteries 9…12 (F-P6): battery n has ID 56+n
//	69…73  fortresses 1…5 (F-P2)
//	74…77  Pasch fields 1…4 (F-P4)
type FieldID uint8

// NoField is the zero FieldID.
const NoField FieldID = 0

// Counts of fields.
const (
	NumOuterWorks   = 36                                                         // F-P1
	NumLineFields   = 16                                                         // F-P3
	NumSchanzen     = 12                                                         // F-P5
	NumBatteries    = 4                                                          // F-P6
	NumFortresses   = 5                                                          // F-P2
	NumPaschFields  = 4                                                          // F-P4
	NumMarkerFields = NumOuterWorks + NumLineFields + NumSchanzen + NumBatteries // 68
	NumFields       = NumMarkerFields + NumFortresses + NumPaschFields           // 77
)

const (
	firstLine     = NumOuterWorks + 1             // 37
	firstSchanze  = firstLine + NumLineFields     // 53
	firstBattery  = firstSchanze + NumSchanzen    // 65
	firstFortress = firstBattery + NumBatteries   // 69
	firstPasch    = firstFortress + NumFortresses // 74
)

// Kind is the kind of a field, which is also its colour on the printed plan.
type Kind uint8

// Kinds of fields.
const (
	OuterWork  Kind = iota + 1 // yellow, numbered I…VI (F-P1)
	LineField                  // green, numbered 3…18 (F-P3)
	Schanze                    // light blue, numbered I…XII (F-P5)
	Battery                    // red, numbered 9…12 (F-P6)
	Fortress                   // red, numbered 1…5 (F-P2)
	PaschField                 // white, numbered 1…4 (F-P4)
)

var kindNames = [...]string{"", "outer work", "fortress line", "Schanze", "battery", "fortress", "Pasch field"}

// String names the kind: "outer work", "fortress line", "Schanze", …
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Field describes one field of the plan, for a frontend to draw and for the
// rules to look up. All fields of the plan are listed by [Plan].
type Field struct {
	ID     FieldID
	Kind   Kind
	Number int // the number printed on it: I…VI as 1…6, 3…18, I…XII as 1…12, 9…12, or the fortress's or Pasch field's 1…5
	// Fortress is the fortress the field belongs to: for outer works the
	// fortress whose works they are, for a line field and a Pasch field the
	// fortress their line runs from (line k joins fortress k and Pasch field k),
	// for a fortress its own number; 0 for Schanzen and batteries.
	Fortress int
	// Twin tells the two fields of one number in the outer works of fortresses 1
	// and 3 apart: 0 for the first (I…VI), 1 for the second (I'…VI'). The twins
	// are interchangeable under the rules. 0 for every other field.
	Twin int
	// Line is the fortress line (1…4) of a line field or a Pasch field, else 0.
	Line int
	// Battery is the battery (9…12) a Schanze belongs to "in the triangle"
	// (F-P6), or for a battery its own number; 0 for every other field.
	Battery int
	// Markers reports whether the field can hold a marker (F-P7): every field
	// except the fortresses and the Pasch fields, which hold squares.
	Markers bool
	// Name is the field's short name, used by the notation: "W1.V", "W1.V'",
	// "L11", "S.VII", "B10", "F5", "P2".
	Name string
	// X and Y place the field's centre on a drawing of the plan, in the
	// coordinates described at [LayoutSize]: fortress 5 in the centre, the
	// Pasch fields around it, the fortress lines running out from them to
	// fortresses 1…4 (north, east, south and west), a triangle of three
	// Schanzen and a battery in each corner between the lines, and the outer
	// works in a ring around everything, each fortress's works on the arc
	// before it.
	X, Y float64

	neighbours [3]FieldID
	numNeigh   uint8
}

// Neighbours returns the fields joined to f "in the triangle" (F-P6): for a
// battery its three Schanzen, for a Schanze its battery; nil for every other
// field. The slice is the caller's.
func (f Field) Neighbours() []FieldID {
	if f.numNeigh == 0 {
		return nil
	}
	return append([]FieldID(nil), f.neighbours[:f.numNeigh]...)
}

var plan = buildPlan()

func buildPlan() [NumFields + 1]Field {
	var p [NumFields + 1]Field
	// F-P1: fortress 1 twice, 2 once, 3 twice, 4 once.
	id := FieldID(1)
	for _, fc := range [...][2]int{{1, 0}, {1, 1}, {2, 0}, {3, 0}, {3, 1}, {4, 0}} {
		for n := 1; n <= 6; n++ {
			name := "W" + strconv.Itoa(fc[0]) + "." + roman(n)
			if fc[1] == 1 {
				name += "'"
			}
			p[id] = Field{ID: id, Kind: OuterWork, Number: n, Fortress: fc[0], Twin: fc[1], Markers: true, Name: name}
			id++
		}
	}
	for n := 3; n <= 18; n++ {
		k := lineOf(n)
		p[id] = Field{ID: id, Kind: LineField, Number: n, Fortress: k, Line: k, Markers: true, Name: "L" + strconv.Itoa(n)}
		id++
	}
	for n := 1; n <= 12; n++ {
		b := BatteryID(9 + (n-1)/3)
		p[id] = Field{ID: id, Kind: Schanze, Number: n, Battery: 9 + (n-1)/3, Markers: true, Name: "S." + roman(n), neighbours: [3]FieldID{b}, numNeigh: 1}
		id++
	}
	for n := 9; n <= 12; n++ {
		f := Field{ID: id, Kind: Battery, Number: n, Battery: n, Markers: true, Name: "B" + strconv.Itoa(n), numNeigh: 3}
		for i := range 3 {
			f.neighbours[i] = SchanzeID(3*(n-9) + 1 + i)
		}
		p[id] = f
		id++
	}
	for n := 1; n <= 5; n++ {
		p[id] = Field{ID: id, Kind: Fortress, Number: n, Fortress: n, Name: "F" + strconv.Itoa(n)}
		id++
	}
	for n := 1; n <= 4; n++ {
		p[id] = Field{ID: id, Kind: PaschField, Number: n, Fortress: n, Line: n, Name: "P" + strconv.Itoa(n)}
		id++
	}
	for i := range p[1:] {
		p[i+1].X, p[i+1].Y = layout(p[i+1])
	}
	return p
}

// The layout of the plan, for a frontend to draw it (see [Field.X]).
//
// The drawing is a square LayoutSize units wide and high, with the origin
// in its top left corner, x growing to the right and y downwards (the
// convention of SVG and of screens); north is up. A field's X and Y are its
// centre, and a field drawn LayoutFieldSize units across touches none of
// its neighbours. The source describes the plan in words only (outer works
// running round the outside, four fortresses about a fifth in the centre,
// the Pasch fields around that, a green cross of fortress lines, the
// batteries as the tips of the Schanzen), so the layout is a schematic
// drawing after that description, not a copy of the printed sheet:
//
//   - fortress 5 in the centre (50, 50); Pasch field k 8 units from it and
//     fortress k 38 units from it, towards north, east, south and west for
//     k = 1…4, with line k between them (k+2 next to the fortress, k+14
//     next to the Pasch field), 6 units apart;
//   - battery n (9…12) 36 units from the centre in the corners between the
//     lines, north-east, south-east, south-west and north-west, its three
//     Schanzen 24 units from the centre side by side, clockwise, the base of
//     a triangle whose tip is the battery;
//   - the 36 outer works on a circle of radius 46 around everything, each
//     fortress's works clockwise on the quarter of the circle centred on
//     that fortress: fortress 1's I…VI and I'…VI' 7.5° apart on the
//     northern quarter, fortress 2's I…VI 15° apart on the eastern,
//     fortress 3's twelve on the southern and fortress 4's six on the
//     western.
const (
	LayoutSize      = 100 // the drawing is LayoutSize × LayoutSize units
	LayoutFieldSize = 5   // fields drawn this size across do not overlap
)

// layout returns the position of field f on the drawing (see LayoutSize).
func layout(f Field) (x, y float64) {
	// at places a point r units from the centre at the bearing deg
	// (clockwise from north), rounded to a tenth so that JSON stays short.
	at := func(r, deg float64) (float64, float64) {
		rad := deg * math.Pi / 180
		round := func(v float64) float64 { return math.Round(v*10) / 10 }
		return round(LayoutSize/2 + r*math.Sin(rad)), round(LayoutSize/2 - r*math.Cos(rad))
	}
	switch f.Kind {
	case OuterWork:
		// Each fortress's works fill the quarter of the circle centred on
		// it (so that each is nearer its own fortress than any other):
		// twelve 7.5° apart, or six 15° apart.
		n := 6 * (1 + f.Fortress%2) // 12 for fortresses 1 and 3, 6 for 2 and 4
		step := 90 / float64(n)
		centre := 90 * float64(f.Fortress-1)
		return at(46, centre-45+step/2+step*float64(6*f.Twin+f.Number-1))
	case LineField:
		step := (f.Number - 3) / 4 // 0 next to the fortress, 3 next to the Pasch field
		return at(float64(32-6*step), 90*float64(f.Line-1))
	case Schanze:
		bearing := 45 + 90*float64(f.Battery-9)
		cx, cy := at(24, bearing)
		// side by side across the diagonal, clockwise: -7, 0, +7 units
		off := 7 * float64((f.Number-1)%3-1)
		rad := bearing * math.Pi / 180
		round := func(v float64) float64 { return math.Round(v*10) / 10 }
		return round(cx + off*math.Cos(rad)), round(cy + off*math.Sin(rad))
	case Battery:
		return at(36, 45+90*float64(f.Number-9))
	case Fortress:
		if f.Number == 5 {
			return LayoutSize / 2, LayoutSize / 2
		}
		return at(38, 90*float64(f.Number-1))
	case PaschField:
		return at(8, 90*float64(f.Number-1))
	}
	return 0, 0
}

// lineOf returns the fortress line (1…4) of line field n (3…18): line k holds
// k+2, k+6, k+10, k+14 (F-P3).
func lineOf(n int) int { return (n-3)%4 + 1 }

// Plan returns every field of the plan, in ID order (the slice is the caller's).
func Plan() []Field {
	out := make([]Field, NumFields)
	copy(out, plan[1:])
	return out
}

// FieldOf returns the field with the given ID, and false if there is none.
func FieldOf(id FieldID) (Field, bool) {
	if id == NoField || id > NumFields {
		return Field{}, false
	}
	return plan[id], true
}

// FieldByName returns the field with the given name ("W3.II'", "L11", "S.IX",
// "B12", "F5", "P1"), in any case ("w3.ii'" too), and false if there is none.
func FieldByName(name string) (Field, bool) {
	for _, f := range plan[1:] {
		if strings.EqualFold(f.Name, name) {
			return f, true
		}
	}
	return Field{}, false
}

// String returns the field's name, or "field(n)" for an ID that names no field.
func (id FieldID) String() string {
	if f, ok := FieldOf(id); ok {
		return f.Name
	}
	return "field(" + strconv.Itoa(int(id)) + ")"
}

// OuterWorkID returns the ID of the outer-works field numbered n (1…6) of
// fortress f (1…4), twin t (0 or 1; only fortresses 1 and 3 have twin 1), or
// NoField if there is no such field.
func OuterWorkID(f, n, t int) FieldID {
	if n < 1 || n > 6 || t < 0 || t > 1 || (t == 1 && f != 1 && f != 3) {
		return NoField
	}
	if f < 1 || f > 4 {
		return NoField
	}
	base := [...]int{0, 0, 12, 18, 30}
	return FieldID(base[f] + 6*t + n)
}

// LineFieldID returns the ID of the fortress-line field numbered n (3…18), or
// NoField.
func LineFieldID(n int) FieldID {
	if n < 3 || n > 18 {
		return NoField
	}
	return FieldID(firstLine + n - 3)
}

// LineFields returns the four fields of fortress line k (1…4): k+2, k+6, k+10,
// k+14 (F-P3). For another k it returns four NoFields.
func LineFields(k int) [4]FieldID {
	var out [4]FieldID
	if k < 1 || k > 4 {
		return out
	}
	for i := range out {
		out[i] = LineFieldID(k + 2 + 4*i)
	}
	return out
}

// SchanzeID returns the ID of Schanze n (1…12), or NoField.
func SchanzeID(n int) FieldID {
	if n < 1 || n > 12 {
		return NoField
	}
	return FieldID(firstSchanze + n - 1)
}

// BatteryID returns the ID of battery n (9…12), or NoField.
func BatteryID(n int) FieldID {
	if n < 9 || n > 12 {
		return NoField
	}
	return FieldID(firstBattery + n - 9)
}

// FortressID returns the ID of fortress k (1…5), or NoField.
func FortressID(k int) FieldID {
	if k < 1 || k > 5 {
		return NoField
	}
	return FieldID(firstFortress + k - 1)
}

// PaschFieldID returns the ID of Pasch field k (1…4), or NoField.
func PaschFieldID(k int) FieldID {
	if k < 1 || k > 4 {
		return NoField
	}
	return FieldID(firstPasch + k - 1)
}

// Triangle returns the three Schanzen of battery n (9…12) (F-P6): 9 → I, II,
// III; 10 → IV, V, VI; 11 → VII, VIII, IX; 12 → X, XI, XII.
func Triangle(n int) [3]FieldID {
	var out [3]FieldID
	if b, ok := FieldOf(BatteryID(n)); ok {
		copy(out[:], b.neighbours[:])
	}
	return out
}

var romans = [...]string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"}

func roman(n int) string {
	if n >= 1 && n < len(romans) {
		return romans[n]
	}
	return strconv.Itoa(n)
}

// fromRoman reads I…XII; 0 if s is none of them.
func fromRoman(s string) int {
	for i, r := range romans {
		if i > 0 && r == s {
			return i
		}
	}
	return 0
}

// fieldName is the name of field id for an event, "" for NoPlace or a number
// that names no field: the names are the plan's own strings, so that naming
// costs no allocation.
func fieldName(id int) string {
	if id < brettspiel.NoPlace || id > NumFields {
		return ""
	}
	return placeNames[id+1]
}

// placeNames[id+1] is the name of field id, placeNames[0] (NoPlace) "": the
// events of a throw read it without a test.
var placeNames = func() (n [NumFields + 2]string) {
	for id := 1; id <= NumFields; id++ {
		n[id+1] = plan[id].Name
	}
	return n
}()

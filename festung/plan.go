package festung

import "strconv"

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
	// Markers reports whether the field can hold a marker (F-P7): every field
	// except the fortresses and the Pasch fields, which hold squares.
	Markers bool
	// Name is the field's short name, used by the notation: "W1.V", "W1.V'",
	// "L11", "S.VII", "B10", "F5", "P2".
	Name string

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
		p[id] = Field{ID: id, Kind: Schanze, Number: n, Markers: true, Name: "S." + roman(n), neighbours: [3]FieldID{b}, numNeigh: 1}
		id++
	}
	for n := 9; n <= 12; n++ {
		f := Field{ID: id, Kind: Battery, Number: n, Markers: true, Name: "B" + strconv.Itoa(n), numNeigh: 3}
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
	return p
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
// "B12", "F5", "P1"), and false if there is none.
func FieldByName(name string) (Field, bool) {
	for _, f := range plan[1:] {
		if f.Name == name {
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

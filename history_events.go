package brettspiel

import (
	"encoding/binary"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
)

// How a History keeps its steps. A game held for a long time keeps every
// step: its move, its notation, its actor and its events, and an Event is
// large (five strings, eight numbers and a slice of dice: 176 bytes on 64
// bits, and the dice apart). The same few kinds, rule IDs, names of places
// and notes recur, in the same combinations, and the numbers are small, so
// a History writes each step as a few bytes, one step after the other in
// one list of bytes (History.buf), in this order:
//
//   - the notation: a uvarint of its length, then its bytes;
//   - the move: a byte that holds the number of bytes of its payload in its
//     low three bits and, in its high four, the actor plus 4 where the
//     actor lies in −3…11 and the move's high byte is the actor plus 3 (as
//     kit.NewMove writes it); then the payload's bytes, lowest first; then,
//     where the high four bits are 0, the move's high byte and the actor;
//   - the events: a uvarint of their number plus one (0 for nil, not an
//     empty list), then each event (see appendEvent).
//
// An event is its shape, the index of its five strings (kind, rule, the two
// names, note) in one table of the shapes seen, shared by all histories and
// read without a lock; then its two players in a byte; then a byte that
// says which numbers follow (those that are not 0, or NoPlace for a place,
// or the same as From and To for the places in the player's track); then
// those numbers and the dice. Every event is written, whatever its values:
// a number takes a byte up to 127 and at most ten, a player beyond a
// nibble two more bytes, and once the table is full (a game that names its
// places anew in every event) the strings of a new shape follow the event
// themselves.

// shape is the strings of an event.
type shape struct {
	kind                         EventKind
	rule, fromName, toName, note string
}

// maxShapes bounds the table of shapes, so that a game that names its
// places anew in every event does not grow it without end (a shape's index
// then takes at most two bytes).
const maxShapes = 1 << 12

// shapeLimit is maxShapes, lowered by the tests; read and written under
// shapesMu.
var shapeLimit = maxShapes

// inlineShape is the index written for an event whose strings follow it.
const inlineShape = 0

// The table of shapes: shapeList holds them, shapeList[i] is shape i
// (shapeList[0], inlineShape's, is no shape). A shape once added keeps
// its index, and the table is read without a lock: a new shape is
// appended beyond the length that readers see, then the longer list is
// published, then the shape is filed in shapeIndexes and shapeAt.
//
// The strings of events are mostly constants of the variants, the same
// bytes at every event: shapeAt[shapeSlot(s)], or one of the slots after
// it, holds the index of a shape whose strings lie there (0 for none), so
// that a shape is found by the addresses of its strings, and compared at
// those (equal addresses and lengths compare without reading the bytes),
// before the map is asked.
var (
	shapeList    atomic.Pointer[[]shape]
	shapeAt      [1 << atBits]atomic.Uint32
	shapeIndexes sync.Map   // shape → its index, a uint32
	shapesMu     sync.Mutex // held to add a shape
)

const (
	atBits = 11
	// atProbe is how many slots from shapeSlot on a shape may take.
	atProbe = 4
)

func init() {
	shapeList.Store(&[]shape{{}})
}

// shapesNow returns the table of shapes as it is now.
func shapesNow() []shape { return *shapeList.Load() }

// shapeSlot is the slot in shapeAt of the addresses of s's strings.
func shapeSlot(s *shape) int {
	p := uint64(uintptr(unsafe.Pointer(unsafe.StringData(string(s.kind)))))
	p = p*0x9e3779b97f4a7c15 + uint64(uintptr(unsafe.Pointer(unsafe.StringData(s.rule))))
	p = p*0x9e3779b97f4a7c15 + uint64(uintptr(unsafe.Pointer(unsafe.StringData(s.fromName))))
	p = p*0x9e3779b97f4a7c15 + uint64(uintptr(unsafe.Pointer(unsafe.StringData(s.toName))))
	p = p*0x9e3779b97f4a7c15 + uint64(uintptr(unsafe.Pointer(unsafe.StringData(s.note))))
	return int((p * 0x9e3779b97f4a7c15) >> (64 - atBits))
}

// shapeIndex returns the index of s in the table, adding it if there is
// room; inlineShape when the table is full. list is the table as it was
// a moment ago.
func shapeIndex(list []shape, s *shape) uint32 {
	k := shapeSlot(s)
	for j := range atProbe {
		i := shapeAt[(k+j)&(len(shapeAt)-1)].Load()
		if i == 0 {
			break
		}
		if int(i) < len(list) && list[i] == *s {
			return i
		}
	}
	return addShape(s, k)
}

// addShape is shapeIndex for a shape not found at its slots.
func addShape(s *shape, k int) uint32 {
	if i, ok := shapeIndexes.Load(*s); ok {
		return i.(uint32)
	}
	shapesMu.Lock()
	defer shapesMu.Unlock()
	if i, ok := shapeIndexes.Load(*s); ok {
		return i.(uint32)
	}
	list := shapesNow()
	if len(list) >= shapeLimit {
		return inlineShape
	}
	i := uint32(len(list))
	list = append(list, *s)
	shapeList.Store(&list)
	shapeIndexes.Store(*s, i)
	for j := range atProbe {
		if at := &shapeAt[(k+j)&(len(shapeAt)-1)]; at.Load() == 0 {
			at.Store(i)
			break
		}
	}
	return i
}

// The bits of an event's byte of numbers: which of them follow.
const (
	hasAmount    = 1 << iota // Amount ≠ 0
	hasFrom                  // From ≠ NoPlace
	hasTo                    // To ≠ NoPlace
	hasTrackFrom             // TrackFrom ≠ From
	hasTrackTo               // TrackTo ≠ To
	hasNumber                // Number ≠ 0
	hasDice                  // Dice ≠ nil
)

// bothPlayers is the byte of an event whose players do not both fit in a
// nibble: the two players follow, a byte each.
const bothPlayers = 0xff

// appendInt appends n as a uvarint of its 64 bits: a byte from 0 to 127,
// ten bytes below 0.
func appendInt(b []byte, n int) []byte {
	if uint(n) < 0x80 {
		return append(b, byte(n))
	}
	return binary.AppendUvarint(b, uint64(int64(n)))
}

// appendString appends s with its length before it.
func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendEvent appends e encoded (see above); list is the table of shapes
// now.
func appendEvent(b []byte, list []shape, e *Event) []byte {
	s := shape{e.Kind, e.Rule, e.FromName, e.ToName, e.Note}
	i := shapeIndex(list, &s)
	if i < 0x80 {
		b = append(b, byte(i))
	} else {
		b = binary.AppendUvarint(b, uint64(i))
	}
	if p, o := uint(e.Player-Nobody), uint(e.Other-Nobody); p < 15 && o < 15 {
		b = append(b, byte(p<<4|o))
	} else {
		b = append(b, bothPlayers, byte(e.Player), byte(e.Other))
	}
	var has byte
	if e.Amount != 0 {
		has |= hasAmount
	}
	if e.From != NoPlace {
		has |= hasFrom
	}
	if e.To != NoPlace {
		has |= hasTo
	}
	if e.TrackFrom != e.From {
		has |= hasTrackFrom
	}
	if e.TrackTo != e.To {
		has |= hasTrackTo
	}
	if e.Number != 0 {
		has |= hasNumber
	}
	if e.Dice != nil {
		has |= hasDice
	}
	b = append(b, has)
	if has&hasAmount != 0 {
		b = appendInt(b, e.Amount)
	}
	if has&hasFrom != 0 {
		b = appendInt(b, e.From)
	}
	if has&hasTo != 0 {
		b = appendInt(b, e.To)
	}
	if has&hasTrackFrom != 0 {
		b = appendInt(b, e.TrackFrom)
	}
	if has&hasTrackTo != 0 {
		b = appendInt(b, e.TrackTo)
	}
	if has&hasNumber != 0 {
		b = appendInt(b, e.Number)
	}
	if has&hasDice != 0 {
		b = appendInt(b, len(e.Dice))
		for _, d := range e.Dice {
			b = appendInt(b, d)
		}
	}
	if i == inlineShape {
		b = appendString(b, string(s.kind))
		b = appendString(b, s.rule)
		b = appendString(b, s.fromName)
		b = appendString(b, s.toName)
		b = appendString(b, s.note)
	}
	return b
}

// appendStep appends the step e encoded (see above) to b.
func appendStep(b []byte, e *HistoryEntry) []byte {
	b = appendString(b, e.Notation)
	pay, hi := uint64(e.Move)&payloadMask, byte(e.Move>>payloadBits)
	n := (bits.Len64(pay) + 7) / 8
	c := byte(n)
	// the usual actor, the move's own, in the high nibble
	usual := e.Actor >= Nobody && e.Actor <= Nobody+14 && hi == byte(e.Actor-Nobody)
	if usual {
		c |= byte(e.Actor-Nobody+1) << 4
	}
	b = append(b, c)
	for k := range n {
		b = append(b, byte(pay>>(8*k)))
	}
	if !usual {
		b = append(b, hi, byte(e.Actor))
	}
	if e.Events == nil {
		return append(b, 0)
	}
	b = appendInt(b, len(e.Events)+1)
	list := shapesNow()
	for i := range e.Events {
		b = appendEvent(b, list, &e.Events[i])
	}
	return b
}

// uvarintAt reads the uvarint at b[i:]: its value and the index after it.
// Past the end of b it reads zeros (which a step kept by a History never
// asks for), and so do the readers below.
func uvarintAt(b []byte, i int) (uint64, int) {
	var v uint64
	for s := uint(0); i < len(b); s += 7 {
		c := b[i]
		i++
		v |= uint64(c&0x7f) << s
		if c < 0x80 {
			break
		}
	}
	return v, i
}

// intAt reads an int that appendInt wrote.
func intAt(b []byte, i int) (int, int) {
	v, i := uvarintAt(b, i)
	return int(int64(v)), i
}

func byteAt(b []byte, i int) (byte, int) {
	if uint(i) < uint(len(b)) {
		return b[i], i + 1
	}
	return 0, i
}

// stringAt reads a string that appendString wrote, over b's bytes, not
// copied: the bytes of a History are never written again (see
// History.buf).
func stringAt(b []byte, i int) (string, int) {
	n, i := uvarintAt(b, i)
	if n == 0 {
		return "", i
	}
	if n > uint64(len(b)-i) {
		return "", len(b)
	}
	return unsafe.String(&b[i], int(n)), i + int(n)
}

// stepNotation reads the notation of step b; the index after it is where
// its move begins.
func stepNotation(b []byte) (string, int) { return stringAt(b, 0) }

// stepMove reads the move and the actor of step b.
func stepMove(b []byte) (Move, Player) {
	n, i := uvarintAt(b, 0)
	m, actor, _ := moveAt(b, i+int(min(n, uint64(len(b)))))
	return m, actor
}

// moveAt reads the move and the actor of a step at b[i:].
func moveAt(b []byte, i int) (Move, Player, int) {
	c, i := byteAt(b, i)
	n := int(c & 7)
	var pay uint64
	if i+8 <= len(b) {
		pay = binary.LittleEndian.Uint64(b[i:]) & (1<<(8*n) - 1)
	} else {
		for k := 0; k < n && i+k < len(b); k++ {
			pay |= uint64(b[i+k]) << (8 * k)
		}
	}
	i = min(i+n, len(b))
	if a := c >> 4; a != 0 {
		actor := Player(a-1) + Nobody
		return Move(pay | uint64(actor-Nobody)<<payloadBits), actor, i
	}
	hi, i := byteAt(b, i)
	a, i := byteAt(b, i)
	return Move(pay | uint64(hi)<<payloadBits), Player(int8(a)), i
}

// eventsAt reads the events of a step at b[i:]: new ones the caller owns.
func eventsAt(b []byte, i int) []Event {
	n, i := uvarintAt(b, i)
	if n == 0 {
		return nil
	}
	n--
	if n > uint64(len(b)-i) { // every event takes three bytes or more
		return []Event{}
	}
	out := make([]Event, n)
	list := shapesNow()
	for k := range out {
		e := &out[k]
		var s uint64
		s, i = uvarintAt(b, i)
		if s < uint64(len(list)) {
			sh := &list[s]
			e.Kind, e.Rule, e.FromName, e.ToName, e.Note = sh.kind, sh.rule, sh.fromName, sh.toName, sh.note
		}
		var p, has byte
		if p, i = byteAt(b, i); p != bothPlayers {
			e.Player, e.Other = Player(p>>4)+Nobody, Player(p&0xf)+Nobody
		} else {
			p, i = byteAt(b, i)
			e.Player = Player(int8(p))
			p, i = byteAt(b, i)
			e.Other = Player(int8(p))
		}
		has, i = byteAt(b, i)
		if has&hasAmount != 0 {
			e.Amount, i = intAt(b, i)
		}
		e.From, e.To = NoPlace, NoPlace
		if has&hasFrom != 0 {
			e.From, i = intAt(b, i)
		}
		if has&hasTo != 0 {
			e.To, i = intAt(b, i)
		}
		e.TrackFrom, e.TrackTo = e.From, e.To
		if has&hasTrackFrom != 0 {
			e.TrackFrom, i = intAt(b, i)
		}
		if has&hasTrackTo != 0 {
			e.TrackTo, i = intAt(b, i)
		}
		if has&hasNumber != 0 {
			e.Number, i = intAt(b, i)
		}
		if has&hasDice != 0 {
			var d uint64
			d, i = uvarintAt(b, i)
			// every die takes a byte or more
			e.Dice = make([]int, min(d, uint64(len(b)-i)))
			for j := range e.Dice {
				e.Dice[j], i = intAt(b, i)
			}
		}
		if s == inlineShape {
			var kind string
			kind, i = stringAt(b, i)
			e.Kind = EventKind(kind)
			e.Rule, i = stringAt(b, i)
			e.FromName, i = stringAt(b, i)
			e.ToName, i = stringAt(b, i)
			e.Note, i = stringAt(b, i)
		}
	}
	return out
}

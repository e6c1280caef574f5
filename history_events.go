package brettspiel

import (
	"math"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The events a History keeps. A game held for a long time keeps every
// step's events, and an Event is large (five strings, eight numbers and a
// slice of dice: 176 bytes on 64 bits, and the dice apart). The same few
// kinds, rule IDs, names of places and notes recur in every game, and the
// numbers are small, so a History keeps each event packed into 32 bytes:
// the strings as indexes into one table of the strings seen (shared by all
// histories, read without a lock), the amount in 32 bits, the places and
// the number in 16, up to three dice inline. A step whose events do not
// all pack (a number beyond those bits, more than three dice or a die
// beyond 255, a table full) keeps them as the game gave them.

// packedEvent is an Event packed: see above.
type packedEvent struct {
	kind, rule, fromName, toName, note uint16 // indexes into the strings seen
	player, other                      Player
	// dice is the number of dice plus one, 0 for nil Dice; d holds them.
	dice                                 uint8
	d                                    [3]uint8
	amount                               int32
	from, to, trackFrom, trackTo, number int16
}

// maxEventStrings bounds the table of strings: a game that names its
// places anew in every event does not grow it without end, its steps keep
// their events unpacked once it is full.
const maxEventStrings = 1 << 12

// eventStrings is the table of the strings of the events packed: index 0
// is "". A new string copies the table (strings are few and are seen
// again and again), so that a lookup takes no lock.
//
// Most strings of events are constants of the variants, the same bytes at
// every event: at[atSlot(s)] is the index of the string whose bytes hash
// there when it was added (0 for none), so that such a string is found by
// its address, and compared at that (equal addresses and lengths compare
// without reading the bytes), before the map is asked.
type eventStrings struct {
	index map[string]uint16
	list  []string
	at    [1 << atBits]uint16
}

const atBits = 9

// atSlot is the slot in eventStrings.at of the address of s's bytes.
func atSlot(s string) int {
	p := uint64(uintptr(unsafe.Pointer(unsafe.StringData(s))))
	return int((p * 0x9e3779b97f4a7c15) >> (64 - atBits))
}

var (
	eventStringsNow atomic.Pointer[eventStrings]
	eventStringsMu  sync.Mutex
)

func init() {
	eventStringsNow.Store(&eventStrings{index: map[string]uint16{"": 0}, list: []string{""}})
}

// stringIndex returns the index of s in the table, adding it if there is
// room; false when the table is full.
func stringIndex(t *eventStrings, s string) (uint16, bool) {
	if s == "" {
		return 0, true
	}
	if i := t.at[atSlot(s)]; i != 0 && t.list[i] == s {
		return i, true
	}
	if i, ok := t.index[s]; ok {
		return i, true
	}
	eventStringsMu.Lock()
	defer eventStringsMu.Unlock()
	t = eventStringsNow.Load()
	if i, ok := t.index[s]; ok {
		return i, true
	}
	if len(t.list) >= maxEventStrings {
		return 0, false
	}
	n := &eventStrings{index: make(map[string]uint16, len(t.list)+1), list: make([]string, len(t.list), len(t.list)+1), at: t.at}
	copy(n.list, t.list)
	for k, v := range t.index {
		n.index[k] = v
	}
	i := uint16(len(n.list))
	n.list = append(n.list, s)
	n.index[s] = i
	if k := atSlot(s); n.at[k] == 0 {
		n.at[k] = i
	}
	eventStringsNow.Store(n)
	return i, true
}

// fits16 reports whether every number fits in 16 bits.
func fits16(ns ...int) bool {
	for _, n := range ns {
		if n < math.MinInt16 || n > math.MaxInt16 {
			return false
		}
	}
	return true
}

// packEvents appends evs packed to dst; false, with dst as it was, when
// one of them does not pack.
func packEvents(dst []packedEvent, evs []Event) ([]packedEvent, bool) {
	n := len(dst)
	dst = growBy(dst, len(evs))[:n+len(evs)]
	out := dst[n:]
	t := eventStringsNow.Load()
	for i := range evs {
		e := &evs[i]
		if len(e.Dice) > len(out[i].d) || e.Amount < math.MinInt32 || e.Amount > math.MaxInt32 || !fits16(e.From, e.To, e.TrackFrom, e.TrackTo, e.Number) {
			return dst[:n], false
		}
		p := &out[i]
		*p = packedEvent{}
		var ok [5]bool
		p.kind, ok[0] = stringIndex(t, string(e.Kind))
		p.rule, ok[1] = stringIndex(t, e.Rule)
		p.fromName, ok[2] = stringIndex(t, e.FromName)
		p.toName, ok[3] = stringIndex(t, e.ToName)
		p.note, ok[4] = stringIndex(t, e.Note)
		if ok != [5]bool{true, true, true, true, true} {
			return dst[:n], false
		}
		if e.Dice != nil {
			p.dice = uint8(len(e.Dice)) + 1
			for k, d := range e.Dice {
				if d < 0 || d > math.MaxUint8 {
					return dst[:n], false
				}
				p.d[k] = uint8(d)
			}
		}
		p.player, p.other = e.Player, e.Other
		p.amount, p.from, p.to = int32(e.Amount), int16(e.From), int16(e.To)
		p.trackFrom, p.trackTo, p.number = int16(e.TrackFrom), int16(e.TrackTo), int16(e.Number)
	}
	return dst, true
}

// unpackEvents returns the events packed in ps, new ones the caller owns
// (an empty list for none).
func unpackEvents(ps []packedEvent) []Event {
	out := make([]Event, len(ps))
	dice := 0
	for i := range ps {
		dice += int(max(ps[i].dice, 1) - 1)
	}
	// the dice of all the events in one allocation, each event's slice
	// capped at its own length so that an append to one does not write
	// into the next
	all := make([]int, dice)
	list := eventStringsNow.Load().list
	for i := range ps {
		p := &ps[i]
		out[i] = Event{Kind: EventKind(list[p.kind]), Rule: list[p.rule], Player: p.player, Other: p.other,
			Amount: int(p.amount), From: int(p.from), To: int(p.to), TrackFrom: int(p.trackFrom), TrackTo: int(p.trackTo),
			FromName: list[p.fromName], ToName: list[p.toName], Number: int(p.number), Note: list[p.note]}
		if p.dice > 0 {
			n := int(p.dice - 1)
			d := all[:n:n]
			all = all[n:]
			for k := range d {
				d[k] = int(p.d[k])
			}
			out[i].Dice = d
		}
	}
	return out
}

// growBy returns s with room for n more elements. A History keeps its
// lists for as long as its game is held, so they grow by a quarter and a
// little, not by doubling as append does: at most about a fifth of a
// list is room, for some more copying while it grows.
func growBy[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	grown := make([]T, len(s), max(len(s)+n, cap(s)+cap(s)/4+8))
	copy(grown, s)
	return grown
}

package brettspiel

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"unsafe"
)

// A step kept by a History gives back exactly the events it was given —
// nil and empty lists and dice told apart — whether they pack or not: big
// numbers, many dice, dice beyond a byte and new strings of every sort.
func TestStepKeepsItsEvents(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	// wide is n as an int, beyond 32 bits where an int has 64
	wide := func(n int64) int {
		if strconv.IntSize == 32 {
			return int(min(max(n, math.MinInt32), math.MaxInt32))
		}
		return int(n)
	}
	num := func() int {
		switch r.IntN(12) {
		case 0:
			return wide(math.MaxInt32 + 1 + r.Int64N(10))
		case 1:
			return wide(math.MinInt32 - r.Int64N(10))
		case 2:
			return math.MaxInt32
		case 3:
			return math.MinInt32
		case 4:
			return math.MaxInt16 + r.IntN(2)
		case 5:
			return math.MinInt16 - r.IntN(2)
		}
		return r.IntN(40) - 3
	}
	str := func() string {
		if r.IntN(3) == 0 {
			return ""
		}
		return "s" + strconv.Itoa(r.IntN(50))
	}
	type kept struct {
		s    step
		want []Event
	}
	h := &History{}
	var steps []kept
	for range 2000 {
		var evs []Event
		if r.IntN(10) != 0 {
			evs = make([]Event, r.IntN(5))
		}
		for i := range evs {
			e := Event{Kind: EventKind(str()), Rule: str(), Player: Player(r.IntN(10) - 3), Other: Player(r.IntN(10) - 3),
				Amount: num(), From: num(), To: num(), TrackFrom: num(), TrackTo: num(), Number: num(),
				FromName: str(), ToName: str(), Note: str()}
			if n := r.IntN(6) - 1; n >= 0 {
				e.Dice = make([]int, n)
				for k := range e.Dice {
					e.Dice[k] = r.IntN(8)
					if r.IntN(20) == 0 {
						e.Dice[k] = []int{-1, 256, wide(1 << 40)}[r.IntN(3)]
					}
				}
			}
			evs[i] = e
		}
		want := cloneEvents(evs)
		s := h.newStep(HistoryEntry{Move: Move(r.Uint64()), Notation: str(), Actor: Player(r.IntN(8) - 2), Events: evs})
		steps = append(steps, kept{s, want})
		for i := range evs { // the caller's events are not the step's
			evs[i].Kind = "changed"
			for k := range evs[i].Dice {
				evs[i].Dice[k] = 99
			}
		}
		got := h.entry(&s)
		if !reflect.DeepEqual(got.Events, want) {
			t.Fatalf("kept %#v\ngave %#v", want, got.Events)
		}
		// the entry is the caller's: appending to a die list or writing
		// into it changes no other entry
		for i := range got.Events {
			if got.Events[i].Dice != nil {
				got.Events[i].Dice = append(got.Events[i].Dice, 7)
				got.Events[i].Dice[0] = 42
			}
		}
		if again := h.entry(&s); !reflect.DeepEqual(again.Events, want) {
			t.Fatalf("after changing an entry the step gives %#v, want %#v", again.Events, want)
		}
	}
	// the steps packed one after the other keep their own events
	for i, k := range steps {
		if got := h.entry(&k.s); !reflect.DeepEqual(got.Events, k.want) {
			t.Fatalf("step %d of %d gives %#v, want %#v", i, len(steps), got.Events, k.want)
		}
	}
}

// An event packs into 32 bytes.
func TestPackedEventSize(t *testing.T) {
	if n := unsafe.Sizeof(packedEvent{}); n != 32 {
		t.Errorf("a packed event is %d bytes, want 32", n)
	}
}

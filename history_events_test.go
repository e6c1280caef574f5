package brettspiel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// wide is n as an int, beyond 32 bits where an int has 64.
func wide(n int64) int {
	if strconv.IntSize == 32 {
		return int(min(max(n, math.MinInt32), math.MaxInt32))
	}
	return int(n)
}

// keptEntry keeps e in h as the next step played and returns it as h gives
// it back.
func keptEntry(h *History, e HistoryEntry) HistoryEntry {
	h.keep(&e)
	h.n++
	return h.entry(h.n - 1)
}

// A step kept by a History gives back exactly the entry it was given —
// nil and empty lists and dice told apart — whatever its numbers, players,
// dice and strings: big and negative numbers, players beyond a nibble,
// many dice, dice beyond a byte and new strings of every sort.
func TestStepKeepsItsEntry(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
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
			return wide(math.MinInt64 + r.Int64N(2))
		case 6:
			return wide(math.MaxInt64 - r.Int64N(2))
		}
		return r.IntN(300) - 3
	}
	player := func() Player {
		if r.IntN(10) == 0 {
			return Player(r.IntN(256) - 128)
		}
		return Player(r.IntN(10) - 3)
	}
	str := func() string {
		if r.IntN(3) == 0 {
			return ""
		}
		return "s" + strconv.Itoa(r.IntN(2))
	}
	h := &History{}
	var want []HistoryEntry
	for range 2000 {
		var evs []Event
		if r.IntN(10) != 0 {
			evs = make([]Event, r.IntN(5))
		}
		for i := range evs {
			e := Event{Kind: EventKind(str()), Rule: str(), Player: player(), Other: player(),
				Amount: num(), From: num(), To: num(), TrackFrom: num(), TrackTo: num(), Number: num(),
				FromName: str(), ToName: str(), Note: str()}
			if r.IntN(2) == 0 {
				e.TrackFrom, e.TrackTo = e.From, e.To
			}
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
		e := HistoryEntry{Move: Move(r.Uint64()), Notation: str(), Actor: player(), Events: evs}
		if r.IntN(2) == 0 {
			e.Actor = e.Move.Actor()
		}
		w := e
		w.Events = cloneEvents(evs)
		want = append(want, w)
		h.keep(&e)
		h.n++
		for i := range evs { // the caller's events are not the step's
			evs[i].Kind = "changed"
			for k := range evs[i].Dice {
				evs[i].Dice[k] = 99
			}
		}
		got := h.entry(h.n - 1)
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("kept %#v\ngave %#v", w, got)
		}
		// the entry is the caller's: appending to a die list or writing
		// into it changes no other entry
		for i := range got.Events {
			if got.Events[i].Dice != nil {
				got.Events[i].Dice = append(got.Events[i].Dice, 7)
				got.Events[i].Dice[0] = 42
			}
		}
		if again := h.entry(h.n - 1); !reflect.DeepEqual(again, w) {
			t.Fatalf("after changing an entry the step gives %#v, want %#v", again, w)
		}
	}
	// the steps kept one after the other keep their own entries
	for i, w := range want {
		if got := h.entry(i); !reflect.DeepEqual(got, w) {
			t.Fatalf("step %d of %d gives %#v, want %#v", i, len(want), got, w)
		}
	}
}

// anyEvents draws any events: any numbers, players and dice, strings from
// a few (so that shapes recur) or any bytes; nil or empty lists at times.
func anyEvents(r *rand.Rand) []Event {
	str := func() string {
		if r.IntN(20) > 0 {
			return []string{"", "move", "throw", "T-M2", "bar", "W3.IV", "ü"}[r.IntN(7)]
		}
		b := make([]byte, r.IntN(200))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return string(b)
	}
	num := func() int {
		if r.IntN(3) > 0 {
			return r.IntN(133) - 2
		}
		return int(r.Uint64())
	}
	player := func() Player {
		if r.IntN(3) > 0 {
			return Player(r.IntN(15) - 3)
		}
		return Player(int8(r.Uint32()))
	}
	if r.IntN(10) == 0 {
		return nil
	}
	evs := make([]Event, r.IntN(11))
	for i := range evs {
		evs[i] = Event{Kind: EventKind(str()), Rule: str(), Player: player(), Other: player(),
			Amount: num(), From: num(), To: num(), TrackFrom: num(), TrackTo: num(), Number: num(),
			FromName: str(), ToName: str(), Note: str()}
		if r.IntN(3) == 0 {
			evs[i].TrackFrom, evs[i].TrackTo = evs[i].From, evs[i].To
		}
		if r.IntN(2) == 0 {
			evs[i].Dice = make([]int, r.IntN(7))
			for k := range evs[i].Dice {
				evs[i].Dice[k] = num()
			}
		}
	}
	return evs
}

// Any entry, kept by a History among others, reads back exactly: its move,
// actor, notation and events, nil and empty lists told apart; and the
// entries before it read back as they did.
func TestStepKeepsAnyEntry(t *testing.T) {
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 3))
		h := &History{}
		var want []HistoryEntry
		for range r.IntN(8) + 1 {
			notation := make([]byte, r.IntN(20))
			for i := range notation {
				notation[i] = byte(r.Uint32())
			}
			e := HistoryEntry{Move: Move(r.Uint64()), Notation: string(notation), Actor: Player(int8(r.Uint32())), Events: anyEvents(r)}
			if r.IntN(2) == 0 {
				e.Actor = e.Move.Actor()
			}
			if got := keptEntry(h, e); !reflect.DeepEqual(got, e) {
				t.Fatalf("seed %d: kept %#v\ngave %#v", seed, e, got)
			}
			want = append(want, e)
		}
		for i, w := range want {
			if got := h.entry(i); !reflect.DeepEqual(got, w) {
				t.Fatalf("seed %d: step %d gives %#v, want %#v", seed, i, got, w)
			}
		}
	}
}

// Once the table of shapes is full, the events of new shapes keep their
// strings themselves, and read back as they were; the shapes known stay
// in use.
func TestStepKeepsEventsBeyondTheShapes(t *testing.T) {
	setLimit := func(n int) {
		shapesMu.Lock()
		shapeLimit = n
		shapesMu.Unlock()
	}
	defer setLimit(shapeLimit)
	// room for one more, whatever the tests before added
	setLimit(len(shapesNow()) + 1)
	h := &History{}
	known := shape{kind: "known", rule: "K-1", note: "a shape seen before the table is full"}
	keptEntry(h, HistoryEntry{Events: []Event{{Kind: known.kind, Rule: known.rule, Note: known.note}}})
	setLimit(len(shapesNow()))
	for i := range 50 {
		n := strconv.Itoa(i)
		e := HistoryEntry{Move: 1, Notation: n, Events: []Event{
			{Kind: "new" + EventKind(n), Rule: "R-" + n, FromName: strings.Repeat("f", i), ToName: "to" + n, Note: "a note " + n, Dice: []int{}},
			{Kind: known.kind, Rule: known.rule, FromName: known.fromName, ToName: known.toName, Note: known.note, From: i},
		}}
		if got := keptEntry(h, e); !reflect.DeepEqual(got, e) {
			t.Fatalf("kept %#v\ngave %#v", e, got)
		}
	}
	if shapeIndex(shapesNow(), &known) == inlineShape {
		t.Errorf("a shape known before the table was full is not found")
	}
	if n := len(shapesNow()); n != shapeLimit {
		t.Errorf("the table of shapes grew to %d beyond its limit %d", n, shapeLimit)
	}
}

// Histories kept on several goroutines at once, adding the same new shapes
// and reading them back, each give back their own entries (run with -race).
func TestStepsKeptConcurrently(t *testing.T) {
	done := make(chan error)
	for g := range 4 {
		go func() {
			r := rand.New(rand.NewPCG(uint64(g), 9))
			h := &History{}
			for i := range 300 {
				// strings made now, at addresses of their own
				n := strconv.Itoa(r.IntN(40))
				e := HistoryEntry{Move: Move(i + 1), Notation: n, Events: []Event{
					{Kind: EventKind("concurrent " + n), Rule: "C-" + n, From: i, Dice: []int{g}},
					{Kind: "concurrent", Note: strconv.Itoa(g)},
				}}
				if got := keptEntry(h, e); !reflect.DeepEqual(got, e) {
					done <- fmt.Errorf("goroutine %d: kept %#v, gave %#v", g, e, got)
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// A notation handed out stays as it was when the steps after it are
// dropped and others kept in their place; the entries kept read back.
func TestNotationsStayWhenStepsAreDropped(t *testing.T) {
	h := &History{}
	var got, want []string
	for i := range 40 {
		n := strings.Repeat(strconv.Itoa(i), 3)
		switch i {
		case 7:
			n = strings.Repeat("a long notation ", 20)
		case 8:
			n = ""
		}
		e := keptEntry(h, HistoryEntry{Move: Move(i + 1), Notation: n})
		got, want = append(got, e.Notation), append(want, n)
	}
	rec := h.notations()
	for round := range 5 {
		h.n -= 10
		h.drop(h.n)
		for i := range 10 {
			n := "x" + strconv.Itoa(round*100+i)
			if e := keptEntry(h, HistoryEntry{Move: Move(i + 1), Notation: n}); e.Notation != n {
				t.Fatalf("kept %q, gave %q", n, e.Notation)
			}
		}
	}
	for i := range got {
		if got[i] != want[i] || rec[i] != want[i] {
			t.Errorf("notation %d is %q and %q in the record, want %q", i, got[i], rec[i], want[i])
		}
	}
	if h.kept() != 40 || h.n != 40 {
		t.Errorf("%d steps kept, %d played; want 40", h.kept(), h.n)
	}
}

// A History whose steps outgrow 32 bits of offsets keeps them as ints, and
// reads, drops and keeps steps as before.
func TestStepsBeyondNarrowEnds(t *testing.T) {
	defer func(n uint64) { maxNarrow = n }(maxNarrow)
	maxNarrow = 100
	h := &History{}
	var want []HistoryEntry
	for i := range 60 {
		e := HistoryEntry{Move: Move(i + 1), Notation: strconv.Itoa(i), Events: []Event{{Kind: "k", From: i, To: NoPlace, TrackFrom: i, TrackTo: NoPlace}}}
		keptEntry(h, e)
		want = append(want, e)
		if i == 30 {
			h.n = 20
			h.drop(20)
			want = want[:20]
		}
	}
	if h.wide == nil || h.ends != nil {
		t.Fatalf("%d bytes kept, and the ends not as ints", len(h.buf))
	}
	if h.kept() != len(want) {
		t.Fatalf("%d steps kept, want %d", h.kept(), len(want))
	}
	for i, w := range want {
		if got := h.entry(i); !reflect.DeepEqual(got, w) {
			t.Errorf("step %d gives %#v, want %#v", i, got, w)
		}
	}
}

package brettspiel

import (
	"iter"
	"math"
	"slices"
	"unsafe"
)

// HistoryEntry is one step of a [History]: the move, its notation as the game
// printed it just before it was played, who played it ([Chance] for a throw)
// and the events it produced. The entries a History hands out are copies.
type HistoryEntry struct {
	Move     Move
	Notation string
	Actor    Player
	Events   []Event
}

// step returns the bytes of step i of h (see appendStep).
func (h *History) step(i int) []byte {
	start := 0
	if i > 0 {
		start = h.end(i - 1)
	}
	return h.buf[start:h.end(i)]
}

// end is the end of step i in h.buf.
func (h *History) end(i int) int {
	if h.wide != nil {
		return h.wide[i]
	}
	return int(h.ends[i])
}

// kept is the number of steps kept: played and undone.
func (h *History) kept() int {
	if h.wide != nil {
		return len(h.wide)
	}
	return len(h.ends)
}

// maxNarrow is the end in h.buf beyond which a History keeps the ends of
// its steps as ints, not in 32 bits; a variable for the tests.
var maxNarrow uint64 = math.MaxUint32

// keep appends the entry e as the next step, after the steps played (which
// must be all the steps kept).
func (h *History) keep(e *HistoryEntry) {
	// room for a usual step; a larger one grows the list as append does
	h.buf = appendStep(growBy(h.buf, 24+len(e.Notation)+12*len(e.Events)), e)
	if h.wide == nil && uint64(len(h.buf)) > maxNarrow {
		h.wide = make([]int, len(h.ends), len(h.ends)+1)
		for i, n := range h.ends {
			h.wide[i] = int(n)
		}
		h.ends = nil
	}
	if h.wide != nil {
		h.wide = append(h.wide, len(h.buf))
	} else {
		h.ends = append(growBy(h.ends, 1), uint32(len(h.buf)))
	}
}

// drop forgets the steps from n on.
func (h *History) drop(n int) {
	if n >= h.kept() {
		return
	}
	end := 0
	if n > 0 {
		end = h.end(n - 1)
	}
	// no byte of buf is written again: a notation handed out lies there
	h.buf = h.buf[:end:end]
	if h.wide != nil {
		h.wide = h.wide[:n]
	} else {
		h.ends = h.ends[:n]
	}
}

// move returns the move of step i.
func (h *History) move(i int) Move { return moveOf(h.step(i)) }

// moveOf returns the move of step b.
func moveOf(b []byte) Move {
	m, _ := stepMove(b)
	return m
}

// entry returns step i of h as a HistoryEntry of the caller's.
func (h *History) entry(i int) HistoryEntry {
	b := h.step(i)
	var e HistoryEntry
	e.Notation, i = stepNotation(b)
	e.Move, e.Actor, i = moveAt(b, i)
	e.Events = eventsAt(b, i)
	return e
}

// checkpointEvery is how many steps lie between two positions that a History
// keeps as clones, give or take markSlack. Going back to any position costs
// one clone and at most checkpointEvery−1+markSlack replayed steps; keeping a
// game costs one clone per checkpointEvery steps. See BenchmarkHistory for the
// choice.
const checkpointEvery = 16

// History is a game together with its past: every step played since its
// start, with undo and redo, the position before any step, and the game's
// record. It is what a frontend needs for a move list, takebacks and review.
//
// Play through the history, not through the game: [History.Apply] plays a
// move and keeps it; [History.Game] returns a copy of the position now, to
// read, to list the legal moves, to parse notation or to give to a bot.
//
// # Undo and redo
//
// [History.Undo] takes back exactly one step, a throw of the dice as much as
// a player's move. [History.Takeback] takes back to a player's last decision,
// with every step after it, so that the throw which came before that decision
// stays and the player chooses again from the same dice; that is the usual
// "take back my move" of a frontend. [History.Redo] plays the undone steps
// again, one at a time, in order; a new Apply drops them.
//
// # Cost
//
// A History does not replay the game from its start to go back. It keeps a
// clone of the position about every 16 steps (a checkpoint: after the 16th,
// 32nd, … step, or up to 3 steps later where the position carries fewer
// events); going back clones the nearest checkpoint at or before the target
// and replays the at most 18 steps after it, and Before does the same on the
// side. Apply costs the game's own Apply, the notation of the move and its
// events, which the history keeps written into a few bytes (a step of the
// module's games in 23 to 50 bytes, its notation and events included), plus
// a clone every 16 steps; Redo costs an Apply.
//
// A History is not safe for concurrent use.
type History struct {
	game  Game // the position now; never handed out
	start Game // the position before the first step; never applied to
	rec   *Record
	// buf holds the steps kept, each written as appendStep writes it: the
	// steps played, in order, then those undone, the next to redo first.
	// A byte of buf, once written, is never written again (drop cuts its
	// capacity, and it grows into a new array): the notation of an entry,
	// and the strings of an event that keeps its own, are strings over
	// buf's bytes.
	buf []byte
	// ends[i] is the end of step i in buf; wide holds them instead, and
	// ends is nil, once buf has outgrown 32 bits.
	ends []uint32
	wide []int
	n    int // the steps played: steps n… are the undone ones
	// marks are the checkpoints: marks[k] is the position after
	// marks[k].at steps kept, which lies in k·every … k·every+markSlack
	// (see played); marks[0] is start.
	marks []mark
	every int
}

// mark is a checkpoint of a History: the position after its first at
// steps.
type mark struct {
	g  Game
	at int
}

// NewHistory starts a history at start, which it copies: the caller's game is
// not changed by anything the history does.
//
// rec is the record of the game as the variant started it (the variant's
// NewRecord for the rules start was built with); it gives the header of
// [History.Record]. start must be the position the record's rules begin
// with. The record's steps, if it has any, are played through the history, so
// that a loaded game can be undone to its start; a step that is not legal
// where it stands is refused with its line (when the record was read by
// [ParseRecord]) and the game's error. rec may be nil for a game that
// begins at a position, such as one loaded from a position ID or from JSON:
// then the record starts at that position ([NewRecordAt]), or is nil (and
// Record returns nil) when start has no position ID.
// A start that is a kit.RecordLimiter bounds the record as every replay does.
func NewHistory(start Game, rec *Record) (*History, error) {
	return newHistory(start, rec, checkpointEvery)
}

// newHistory is NewHistory with a checkpoint every so many steps, for the
// tests and the benchmark.
func newHistory(start Game, rec *Record, every int) (*History, error) {
	if start == nil {
		return nil, &Error{Op: "new history", Err: ErrBadPosition, Reason: "no game"}
	}
	h := &History{game: start.Clone(), start: start.Clone(), every: max(every, 1)}
	h.marks = []mark{{g: h.start}}
	if rec == nil {
		h.rec = NewRecordAt(start)
		return h, nil
	}
	h.rec = &Record{Game: rec.Game, Start: rec.Start, Preset: rec.Preset, Players: rec.Players, Options: slices.Clone(rec.Options)}
	maxSteps, check := replayLimits(h.game, 0, nil)
	if maxSteps > 0 && len(rec.Steps) > maxSteps {
		return nil, tooManySteps(len(rec.Steps), maxSteps)
	}
	for i, s := range rec.Steps {
		line := 0
		if i < len(rec.lines) {
			line = rec.lines[i]
		}
		m, err := h.game.ParseMove(s)
		if err == nil {
			err = h.Apply(m)
		}
		if err == nil && check != nil {
			err = check()
		}
		if err != nil {
			return nil, stepError(s, i+1, line, err)
		}
	}
	return h, nil
}

// Game returns a deep copy of the position now. Applying moves to it does not
// change the history.
func (h *History) Game() Game { return h.game.Clone() }

// ToMove returns who is to move now, as [Game.ToMove] does, without a copy.
func (h *History) ToMove() Player { return h.game.ToMove() }

// Start returns a deep copy of the position before the first step.
func (h *History) Start() Game { return h.start.Clone() }

// Len returns the number of steps played: the entries of the move list.
func (h *History) Len() int { return h.n }

// RedoLen returns the number of undone steps that [History.Redo] can play
// again.
func (h *History) RedoLen() int { return h.kept() - h.n }

// Apply plays m, which must be legal now, and keeps it as the next entry; the
// undone steps can no longer be redone. On error — the error of the game's
// Apply — neither the game nor the history changes.
func (h *History) Apply(m Move) error {
	e := HistoryEntry{Move: m, Notation: h.game.MoveString(m), Actor: h.game.ToMove()}
	if err := h.game.Apply(m); err != nil {
		return err
	}
	// Events returns a copy of the caller's: it is the step's own
	e.Events = h.game.Events()
	h.drop(h.n)
	for h.marks[len(h.marks)-1].at > h.n {
		h.marks = h.marks[:len(h.marks)-1]
	}
	h.keep(&e)
	h.played(len(e.Events))
	return nil
}

// markSlack is how many steps after its due a History may take a
// checkpoint, for one whose position carries fewer events.
const markSlack = 3

// played counts the next step kept as played, on h.game already, with
// events events, and keeps a checkpoint when one is due and not kept
// already. Checkpoint k is due after k·every steps; it is taken after
// the first step from there on that had at most one event, and after
// markSlack more steps at the latest: a clone keeps the events of its
// last step, and some games' steps alternate between one event (a throw)
// and many (a play).
func (h *History) played(events int) {
	h.n++
	if k := len(h.marks); h.n >= k*h.every && (events <= 1 || h.n >= k*h.every+min(markSlack, h.every-1)) {
		h.marks = append(h.marks, mark{g: h.game.Clone(), at: h.n})
	}
}

// Undo takes back the last step, whichever actor played it, and reports
// whether there was one: at the start it returns false and changes nothing.
func (h *History) Undo() bool {
	if h.n == 0 {
		return false
	}
	return h.rewind(h.n - 1)
}

// Redo plays the last undone step again and reports whether there was one:
// after the last step, or after an Apply, it returns false and changes
// nothing.
func (h *History) Redo() bool {
	if h.n == h.kept() {
		return false
	}
	if h.game.Apply(h.move(h.n)) != nil {
		// The step was legal here when it was played and games are
		// deterministic, so this does not happen; if it did, the history
		// stays as it was.
		return false
	}
	events := 0
	if k := len(h.marks); h.n+1 >= k*h.every {
		// a checkpoint is due: the number of the step's events tells
		b := h.step(h.n)
		_, i := stepNotation(b)
		_, _, i = moveAt(b, i)
		n, _ := uvarintAt(b, i)
		events = int(max(n, 1) - 1)
	}
	h.played(events)
	return true
}

// Takeback takes back the last step that p played, with every step after it,
// so that p is to choose again where he chose last, from the same throw. It
// returns the number of steps taken back, 0 (changing nothing) when p has
// played no step in the history. The steps taken back can be redone one by
// one with [History.Redo].
func (h *History) Takeback(p Player) int {
	for i := h.n - 1; i >= 0; i-- {
		if _, actor := stepMove(h.step(i)); actor == p {
			n := h.n - i
			if !h.rewind(i) {
				return 0
			}
			return n
		}
	}
	return 0
}

// rewind goes back to the position after the first n steps, moving the later
// ones to the redo list. It builds that position beside the current one and
// changes nothing if a replayed step fails, which cannot happen with a
// deterministic game.
func (h *History) rewind(n int) bool {
	g, ok := h.position(n)
	if !ok {
		return false
	}
	h.game = g
	h.n = n
	return true
}

// position builds the position after the first n steps: a clone of
// the checkpoint at or before n and the steps after it.
func (h *History) position(n int) (Game, bool) {
	k := min(n/h.every, len(h.marks)-1)
	if h.marks[k].at > n {
		k--
	}
	g := h.marks[k].g.Clone()
	start := 0
	if at := h.marks[k].at; at > 0 {
		start = h.end(at - 1)
	}
	for i := h.marks[k].at; i < n; i++ {
		end := h.end(i)
		m := moveOf(h.buf[start:end])
		start = end
		if g.Apply(m) != nil {
			return nil, false
		}
	}
	return g, true
}

// Before returns a deep copy of the position before entry i (Before(0) is the
// start, Before(Len()) the position now), and false when i is out of that
// range. Its Events are those of entry i−1.
func (h *History) Before(i int) (Game, bool) {
	if i < 0 || i > h.n {
		return nil, false
	}
	if i == h.n {
		return h.game.Clone(), true
	}
	return h.position(i)
}

// Entry returns a copy of entry i (0 ≤ i < Len), and false when there is no
// such entry.
func (h *History) Entry(i int) (HistoryEntry, bool) {
	if i < 0 || i >= h.n {
		return HistoryEntry{}, false
	}
	return h.entry(i), true
}

// All iterates over the entries played, in order, with their indexes: the
// move list. The entries are copies. The history must not change during the
// iteration.
func (h *History) All() iter.Seq2[int, HistoryEntry] {
	return func(yield func(int, HistoryEntry) bool) {
		for i := range h.n {
			if !yield(i, h.entry(i)) {
				return
			}
		}
	}
}

// Record returns the record of the game so far: the header of the record
// given to [NewHistory] and the notation of every step played (not of the
// undone ones). It is a new value the caller may change; nil when the history
// was started without a record at a game that has no position ID. Write it with [Record.WriteTo] from
// [History.Start], or load it with the variant's LoadRecord.
func (h *History) Record() *Record {
	if h.rec == nil {
		return nil
	}
	rec := &Record{Game: h.rec.Game, Start: h.rec.Start, Preset: h.rec.Preset, Players: h.rec.Players, Options: slices.Clone(h.rec.Options)}
	rec.Steps = h.notations()
	return rec
}

// notations returns the notations of the steps played.
func (h *History) notations() []string {
	out := make([]string, h.n)
	if h.wide != nil {
		for i := range out {
			out[i], _ = stepNotation(h.step(i))
		}
		return out
	}
	start := uint32(0)
	for i, end := range h.ends[:h.n] {
		// a notation of up to 127 bytes has its length in one byte
		if b := h.buf[start:end]; len(b) > 0 && b[0] < 0x80 && int(b[0]) < len(b) {
			if n := int(b[0]); n > 0 {
				out[i] = unsafe.String(&b[1], n)
			}
		} else {
			out[i], _ = stepNotation(b)
		}
		start = end
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

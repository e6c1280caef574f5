package brettspiel

import (
	"iter"
	"math"
	"slices"
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

// step is an entry as a History keeps it: its events packed (see
// packedEvent) in the history's list of them, or, for the rare step whose
// events do not pack, as the game gave them.
type step struct {
	move     Move
	notation string
	unpacked *[]Event // the events when they do not pack, else nil
	// off and n place the step's events in History.evs; none says the
	// game gave nil (not an empty list).
	off   uint32
	n     uint16
	none  bool
	actor Player
}

// newStep keeps the entry e, its events packed at the end of h.evs.
func (h *History) newStep(e HistoryEntry) step {
	s := step{move: e.Move, notation: e.Notation, actor: e.Actor, off: uint32(len(h.evs)), none: e.Events == nil}
	// beyond what off and n can say, the events stay unpacked
	if len(e.Events) <= math.MaxUint16 && uint64(len(h.evs))+uint64(len(e.Events)) <= math.MaxUint32 {
		var ok bool
		if h.evs, ok = packEvents(h.evs, e.Events); ok {
			s.n = uint16(len(e.Events))
			return s
		}
	}
	evs := cloneEvents(e.Events)
	s.unpacked = &evs
	return s
}

// entry returns step s of h as a HistoryEntry of the caller's.
func (h *History) entry(s *step) HistoryEntry {
	e := HistoryEntry{Move: s.move, Notation: s.notation, Actor: s.actor}
	switch {
	case s.unpacked != nil:
		e.Events = cloneEvents(*s.unpacked)
	case !s.none:
		e.Events = unpackEvents(h.evs[s.off : s.off+uint32(s.n)])
	}
	return e
}

// checkpointEvery is how many steps lie between two positions that a History
// keeps as clones. Going back to any position costs one clone and at most
// checkpointEvery−1 replayed steps; keeping a game costs one clone per
// checkpointEvery steps. See BenchmarkHistory for the choice.
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
// clone of the position every 16 steps (a checkpoint); going back clones the
// nearest checkpoint at or before the target and replays the at most 15 steps
// after it, and Before does the same on the side. Apply costs the game's own
// Apply, the notation of the move and a copy of its events, plus a clone
// every 16 steps; Redo costs an Apply.
//
// A History is not safe for concurrent use.
type History struct {
	game  Game // the position now; never handed out
	start Game // the position before the first step; never applied to
	rec   *Record
	done  []step // the steps played, in order
	redo  []step // the steps undone, the next to redo last
	// evs are the events of the steps of done followed by those of the
	// reverse of redo, packed, in that order.
	evs []packedEvent
	// marks[k] is the position after k·every steps of done followed by the
	// reverse of redo; marks[0] is start.
	marks []Game
	every int
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
	h.marks = []Game{h.start}
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
func (h *History) Len() int { return len(h.done) }

// RedoLen returns the number of undone steps that [History.Redo] can play
// again.
func (h *History) RedoLen() int { return len(h.redo) }

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
	if len(h.redo) > 0 {
		h.redo = nil
		h.evs = h.evs[:h.eventsEnd()]
	}
	h.marks = h.marks[:len(h.done)/h.every+1]
	h.push(h.newStep(e))
	return nil
}

// eventsEnd is the end in h.evs of the events of the steps played.
func (h *History) eventsEnd() int {
	if len(h.done) == 0 {
		return 0
	}
	s := &h.done[len(h.done)-1]
	return int(s.off) + int(s.n)
}

// push appends e, played already on h.game, and keeps a checkpoint when one
// is due and not kept already.
func (h *History) push(e step) {
	h.done = append(growBy(h.done, 1), e)
	if n := len(h.done); n%h.every == 0 && len(h.marks) == n/h.every {
		h.marks = append(h.marks, h.game.Clone())
	}
}

// Undo takes back the last step, whichever actor played it, and reports
// whether there was one: at the start it returns false and changes nothing.
func (h *History) Undo() bool {
	if len(h.done) == 0 {
		return false
	}
	return h.rewind(len(h.done) - 1)
}

// Redo plays the last undone step again and reports whether there was one:
// after the last step, or after an Apply, it returns false and changes
// nothing.
func (h *History) Redo() bool {
	if len(h.redo) == 0 {
		return false
	}
	e := h.redo[len(h.redo)-1]
	if h.game.Apply(e.move) != nil {
		// The step was legal here when it was played and games are
		// deterministic, so this does not happen; if it did, the history
		// stays as it was.
		return false
	}
	h.redo = h.redo[:len(h.redo)-1]
	h.push(e)
	return true
}

// Takeback takes back the last step that p played, with every step after it,
// so that p is to choose again where he chose last, from the same throw. It
// returns the number of steps taken back, 0 (changing nothing) when p has
// played no step in the history. The steps taken back can be redone one by
// one with [History.Redo].
func (h *History) Takeback(p Player) int {
	for i := len(h.done) - 1; i >= 0; i-- {
		if h.done[i].actor == p {
			n := len(h.done) - i
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
	for i := len(h.done) - 1; i >= n; i-- {
		h.redo = append(h.redo, h.done[i])
	}
	h.done = h.done[:n]
	return true
}

// position builds the position after the first n steps of done: a clone of
// the checkpoint at or before n and the steps after it.
func (h *History) position(n int) (Game, bool) {
	k := min(n/h.every, len(h.marks)-1)
	g := h.marks[k].Clone()
	for _, e := range h.done[k*h.every : n] {
		if g.Apply(e.move) != nil {
			return nil, false
		}
	}
	return g, true
}

// Before returns a deep copy of the position before entry i (Before(0) is the
// start, Before(Len()) the position now), and false when i is out of that
// range. Its Events are those of entry i−1.
func (h *History) Before(i int) (Game, bool) {
	if i < 0 || i > len(h.done) {
		return nil, false
	}
	if i == len(h.done) {
		return h.game.Clone(), true
	}
	return h.position(i)
}

// Entry returns a copy of entry i (0 ≤ i < Len), and false when there is no
// such entry.
func (h *History) Entry(i int) (HistoryEntry, bool) {
	if i < 0 || i >= len(h.done) {
		return HistoryEntry{}, false
	}
	return h.entry(&h.done[i]), true
}

// All iterates over the entries played, in order, with their indexes: the
// move list. The entries are copies. The history must not change during the
// iteration.
func (h *History) All() iter.Seq2[int, HistoryEntry] {
	return func(yield func(int, HistoryEntry) bool) {
		for i := range h.done {
			if !yield(i, h.entry(&h.done[i])) {
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
	rec.Steps = make([]string, len(h.done))
	for i, e := range h.done {
		rec.Steps[i] = e.notation
	}
	return rec
}

package brettspiel

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel/internal/quote"
)

// Record is a saved game: the rules it was played under and every step in the
// notation of its variant, throws included. Loading a record replays it through
// the rules ([Record.Replay]), so a record that was tampered with is refused at
// its first illegal step.
//
// The text form is one header line per field, a blank line, then one line a
// turn: the throw (or throws) and the play that follows it, separated by " ; ".
// Lines starting with '#' are comments.
//
//	# brettspiel record
//	game: toccateglio
//	preset: Toccateglispiel
//	players: 2
//	option: turn-cap=5000
//
//	3-4 ; 5-2
//	6-5 ; 1/6 1/7
//	2-2 ; 1/3 1/3
//
// A record of a game that began at a position rather than at its rules'
// start — one loaded from a position ID or from JSON — has a "start:" header
// line with that position's ID (see [NewRecordAt]) and no preset, players or
// option lines: the ID holds the rules. The loaders then begin with the
// variant's ParseID of it instead of its New.
//
//	# brettspiel record
//	game: verkehren
//	start: verkehren:1:…
//
//	5-1 ; 24/18
type Record struct {
	Game    string   // the game's name, e.g. "toccateglio"
	Start   string   // the position ID the game starts from; "" for the rules' start
	Preset  string   // the preset, may be empty
	Players int      // the seat count, 0 if the game has one
	Options []string // further rule options as key=value, in the variant's terms
	Steps   []string // every applied move in notation, in order

	lines []int // the text line of each step, when read by ParseRecord
}

// NewRecordAt starts the record of a game that begins at g's position, such
// as one loaded from a position ID or from JSON: its variant and its ID as
// the "start:" header. It is nil when g has no position ID. Keep it with
// [Record.Append] while playing from g.
func NewRecordAt(g Game) *Record {
	if g == nil || g.ID() == "" {
		return nil
	}
	return &Record{Game: g.Variant(), Start: g.ID()}
}

// CheckStart checks the head of a record that has a "start:" header, for the
// loader of variant: the record must be of that game and name no preset,
// players or options, since the position ID holds the rules. The error wraps
// [ErrBadOptions]. The loader then reads rec.Start with its ParseID, whose
// errors say what is wrong with the ID.
func (rec *Record) CheckStart(variant string) error {
	bad := func(reason string) error {
		return &Error{Op: "load record", Input: rec.Start, Err: ErrBadOptions, Reason: reason}
	}
	switch {
	case rec.Game != variant:
		return bad("a record of " + quote.Quote(rec.Game) + ", not of " + variant)
	case rec.Start == "":
		return bad("no start position")
	case rec.Preset != "" || rec.Players != 0 || len(rec.Options) > 0:
		return bad("a record with a start position names no preset, players or options: its position ID holds the rules")
	}
	return nil
}

// Append applies m to g and records it: the common way to keep a record while
// playing. On error neither g nor the record changes.
func (rec *Record) Append(g Game, m Move) error {
	s := g.MoveString(m)
	if err := g.Apply(m); err != nil {
		return err
	}
	rec.Steps = append(rec.Steps, s)
	return nil
}

// Replay applies the record's steps to g, a fresh game built from the record's
// rules, and returns an error naming the first step that fails: its line when
// the record was read by [ParseRecord], else its number. The error wraps the
// game's own error. A game that is a kit.RecordLimiter bounds the replay by its
// limits. Replay is ReplayLimited without further limits.
func (rec *Record) Replay(g Game) error { return rec.ReplayLimited(g, 0, nil) }

// recordLimiter is kit.RecordLimiter, a game whose rules bound its records.
type recordLimiter interface {
	RecordLimits() (maxSteps int, check func() error)
}

// replayLimits joins the limits a caller sets (maxSteps 0 and check nil for
// none) with those of g, if it is a kit.RecordLimiter: the lower bound of the
// steps, and both checks.
func replayLimits(g Game, maxSteps int, check func() error) (int, func() error) {
	l, ok := g.(recordLimiter)
	if !ok {
		return maxSteps, check
	}
	own, ownCheck := l.RecordLimits()
	if own > 0 && (maxSteps <= 0 || own < maxSteps) {
		maxSteps = own
	}
	switch {
	case ownCheck == nil:
	case check == nil:
		check = ownCheck
	default:
		caller := check
		check = func() error {
			if err := ownCheck(); err != nil {
				return err
			}
			return caller()
		}
	}
	return maxSteps, check
}

// ReplayLimited is [Record.Replay] within limits besides the game's own: a
// record of more than maxSteps steps (0 for no limit) is refused before
// anything is applied, and check, when not nil, is called after every applied
// step; an error it returns ends the replay and is reported at that step,
// like the game's own.
func (rec *Record) ReplayLimited(g Game, maxSteps int, check func() error) error {
	maxSteps, check = replayLimits(g, maxSteps, check)
	if maxSteps > 0 && len(rec.Steps) > maxSteps {
		return tooManySteps(len(rec.Steps), maxSteps)
	}
	for i, s := range rec.Steps {
		line := 0
		if i < len(rec.lines) {
			line = rec.lines[i]
		}
		if err := replayStep(g, s, i+1, line, check); err != nil {
			return err
		}
	}
	return nil
}

func tooManySteps(n, max int) error {
	return &Error{Op: "load record", Err: ErrBadNotation,
		Reason: fmt.Sprintf("more than %d steps (%d); no game under the record's rules has so many", max, n)}
}

// replayStep applies one step, the i-th, read from line (0 when unknown).
func replayStep(g Game, s string, i, line int, check func() error) error {
	m, err := g.ParseMove(s)
	if err == nil {
		err = g.Apply(m)
	}
	if err == nil && check != nil {
		err = check()
	}
	if err != nil {
		return stepError(s, i, line, err)
	}
	return nil
}

// StepError is the error of a record's step that could not be played: the
// step's text, its index among the record's steps and the line of the
// record it was read from (0 when the record was not read from text),
// wrapping why. A program that shows it to a person names the line.
type StepError struct {
	Step  string
	Index int
	Line  int
	Err   error
}

func (e *StepError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("record line %d, step %s: %v", e.Line, quote.Quote(e.Step), e.Err)
	}
	return fmt.Sprintf("record step %d %s: %v", e.Index, quote.Quote(e.Step), e.Err)
}

func (e *StepError) Unwrap() error { return e.Err }

// stepError reports err at step s of a record, the i-th, read from line (0
// when unknown).
func stepError(s string, i, line int, err error) error {
	return &StepError{Step: s, Index: i, Line: line, Err: err}
}

// WriteTo writes the record's text form. A line holds the throws and the play
// that follow each other up to a player's move. It needs the game (in the
// record's starting state) to know which steps are throws: g is replayed on a
// clone and left unchanged; without it (a nil start) nothing is written and
// the error wraps [ErrZeroGame].
func (rec *Record) WriteTo(w io.Writer, start Game) (int64, error) {
	if start == nil {
		return 0, &Error{Op: "write record", Err: ErrZeroGame, Reason: "no start position to replay the steps from"}
	}
	var b strings.Builder
	b.WriteString(rec.Header())
	g := start.Clone()
	var line []string
	for i, s := range rec.Steps {
		chance := g.ToMove() == Chance
		m, err := g.ParseMove(s)
		if err == nil {
			err = g.Apply(m)
		}
		if err != nil {
			return 0, fmt.Errorf("record step %d %s: %w", i+1, quote.Quote(s), err)
		}
		line = append(line, s)
		if !chance || g.ToMove() == Terminal {
			b.WriteString(strings.Join(line, " ; ") + "\n")
			line = line[:0]
		}
	}
	if len(line) > 0 {
		b.WriteString(strings.Join(line, " ; ") + "\n")
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// Header returns the head of the record's text form: the first line, the
// rules one header line each, and the blank line before the steps. A variant
// that lays out its steps its own way writes this head first.
func (rec *Record) Header() string {
	var b strings.Builder
	b.WriteString(RecordHeader + "\n")
	fmt.Fprintf(&b, "game: %s\n", rec.Game)
	if rec.Start != "" {
		fmt.Fprintf(&b, "start: %s\n", rec.Start)
	}
	if rec.Preset != "" {
		fmt.Fprintf(&b, "preset: %s\n", rec.Preset)
	}
	if rec.Players != 0 {
		fmt.Fprintf(&b, "players: %d\n", rec.Players)
	}
	for _, o := range rec.Options {
		fmt.Fprintf(&b, "option: %s\n", o)
	}
	b.WriteString("\n")
	return b.String()
}

// ParseRecord reads a record's text form. It checks the form only; the steps
// are judged by [Record.Replay]. A line longer than [MaxRecordLine] or more
// than [MaxRecordSteps] steps are refused with an error wrapping
// [ErrBadNotation]; it reads the text as a stream, so memory stays
// proportional to the steps it keeps.
func ParseRecord(r io.Reader) (*Record, error) {
	rr := NewRecordReader(r)
	rec, err := rr.Header()
	if err != nil {
		return nil, err
	}
	for {
		step, line, err := rr.Next()
		if err == io.EOF {
			return rec, nil
		}
		if err != nil {
			return nil, err
		}
		if len(rec.Steps) == MaxRecordSteps {
			return nil, &Error{Op: "parse record", Input: fmt.Sprintf("line %d", line), Err: ErrBadNotation,
				Reason: fmt.Sprintf("more than %d steps; no game has so many", MaxRecordSteps)}
		}
		rec.Steps = append(rec.Steps, step)
		rec.lines = append(rec.lines, line)
	}
}

// RecordReader reads a record's text form as a stream: first its head
// ([RecordReader.Header]), then one step at a time ([RecordReader.Next]), so
// that a game can be replayed while it is read, in memory that does not grow
// with the record. [ParseRecord] is built on it.
type RecordReader struct {
	sc      *bufio.Scanner
	n       int      // the number of the last line read
	rec     *Record  // the head, once read
	pending []string // the steps of the current line not yet returned
	err     error    // the error that ended the reading, if any
}

// NewRecordReader returns a reader of the record text in r.
func NewRecordReader(r io.Reader) *RecordReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxRecordLine)
	return &RecordReader{sc: sc}
}

// scan reads the next line, trimmed; ok is false at the end or on error.
func (rr *RecordReader) scan() (text string, ok bool) {
	if rr.err != nil {
		return "", false
	}
	if !rr.sc.Scan() {
		switch err := rr.sc.Err(); {
		case errors.Is(err, bufio.ErrTooLong):
			rr.err = &Error{Op: "parse record", Input: fmt.Sprintf("line %d", rr.n+1), Err: ErrBadNotation,
				Reason: fmt.Sprintf("line too long: more than %d bytes", MaxRecordLine)}
		case err != nil:
			rr.err = &Error{Op: "parse record", Err: ErrBadNotation, Reason: err.Error()}
		}
		return "", false
	}
	rr.n++
	return strings.TrimSpace(rr.sc.Text()), true
}

func (rr *RecordReader) bad(text, reason string) error {
	rr.err = &Error{Op: "parse record", Input: fmt.Sprintf("line %d: %s", rr.n, text), Err: ErrBadNotation, Reason: reason}
	return rr.err
}

// Header reads the head of the record: its rules (game, preset, players,
// options) or its start position (start, at most [MaxIDSize] bytes), up to the blank line before the steps. The returned Record has
// no steps. Calling it again returns the same head.
func (rr *RecordReader) Header() (*Record, error) {
	if rr.rec != nil || rr.err != nil {
		return rr.rec, rr.err
	}
	rec := &Record{}
	for {
		text, ok := rr.scan()
		if !ok {
			break
		}
		switch {
		case strings.HasPrefix(text, "#"):
			continue
		case text == "":
			if rec.Game != "" {
				rr.rec = rec
				return rec, nil
			}
			continue
		}
		key, value, ok := strings.Cut(text, ":")
		if !ok {
			return nil, rr.bad(text, "want a header line 'key: value'")
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "game":
			rec.Game = value
		case "preset":
			rec.Preset = value
		case "start":
			switch {
			case len(value) > MaxIDSize:
				return nil, rr.bad(text[:min(len(text), 80)]+"…", fmt.Sprintf("a start position ID of %d bytes; an ID is at most %d", len(value), MaxIDSize))
			case value == "":
				return nil, rr.bad(text, "an empty start position; leave the line out for the rules' start")
			case rec.Start != "":
				return nil, rr.bad(text, "a second start position")
			}
			rec.Start = value
		case "players":
			p, err := strconv.Atoi(value)
			if err != nil || p < 1 || p > MaxPlayers {
				return nil, rr.bad(text, "players must be 1…6")
			}
			rec.Players = p
		case "option":
			if len(rec.Options) == MaxRecordOptions {
				return nil, rr.bad(text, fmt.Sprintf("more than %d options; no game has so many", MaxRecordOptions))
			}
			rec.Options = append(rec.Options, value)
		default:
			return nil, rr.bad(text, "unknown header key")
		}
	}
	if rr.err != nil {
		return nil, rr.err
	}
	if rec.Game == "" {
		rr.err = &Error{Op: "parse record", Err: ErrBadNotation, Reason: "no 'game:' header"}
		return nil, rr.err
	}
	rr.rec = rec // a head without steps
	return rec, nil
}

// Next returns the next step of the record with the number of its line, or
// io.EOF after the last. It reads the head first if [RecordReader.Header]
// has not been called. An over-long line or a malformed one ends the reading
// with an error wrapping [ErrBadNotation].
func (rr *RecordReader) Next() (step string, line int, err error) {
	if rr.rec == nil {
		if _, err := rr.Header(); err != nil {
			return "", 0, err
		}
	}
	for len(rr.pending) == 0 {
		text, ok := rr.scan()
		if !ok {
			if rr.err != nil {
				return "", 0, rr.err
			}
			return "", 0, io.EOF
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		steps := strings.Split(text, ";")
		for i, s := range steps {
			steps[i] = strings.TrimSpace(s)
			if steps[i] == "" {
				return "", 0, rr.bad(text, "empty step")
			}
		}
		rr.pending = steps
	}
	step, rr.pending = rr.pending[0], rr.pending[1:]
	return step, rr.n, nil
}

// Replay applies the steps still to be read to g, a fresh game built from
// the head's rules, as [Record.ReplayLimited] does: at most maxSteps of them
// (0 for no limit), check called after each, and the limits of g if it is a
// kit.RecordLimiter. It stops at the first step that fails, without reading
// further.
func (rr *RecordReader) Replay(g Game, maxSteps int, check func() error) error {
	maxSteps, check = replayLimits(g, maxSteps, check)
	for i := 1; ; i++ {
		step, line, err := rr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if maxSteps > 0 && i > maxSteps {
			return &Error{Op: "load record", Input: fmt.Sprintf("line %d", line), Err: ErrBadNotation,
				Reason: fmt.Sprintf("more than %d steps; no game under the record's rules has so many", maxSteps)}
		}
		if err := replayStep(g, step, i, line, check); err != nil {
			return err
		}
	}
}

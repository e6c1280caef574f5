package brettspiel

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
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
type Record struct {
	Game    string   // the game's name, e.g. "toccateglio"
	Preset  string   // the preset, may be empty
	Players int      // the seat count, 0 if the game has one
	Options []string // further rule options as key=value, in the variant's terms
	Steps   []string // every applied move in notation, in order

	lines []int // the text line of each step, when read by ParseRecord
}

// RecordHeader is the first line of a record's text form.
const RecordHeader = "# brettspiel record"

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
// game's own error.
func (rec *Record) Replay(g Game) error {
	for i, s := range rec.Steps {
		m, err := g.ParseMove(s)
		if err == nil {
			err = g.Apply(m)
		}
		if err != nil {
			if i < len(rec.lines) {
				return fmt.Errorf("record line %d, step %s: %w", rec.lines[i], Quote(s), err)
			}
			return fmt.Errorf("record step %d %s: %w", i+1, Quote(s), err)
		}
	}
	return nil
}

// WriteTo writes the record's text form. A line holds the throws and the play
// that follow each other up to a player's move. It needs the game (in the
// record's starting state) to know which steps are throws: g is replayed on a
// clone and left unchanged.
func (rec *Record) WriteTo(w io.Writer, start Game) (int64, error) {
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
			return 0, fmt.Errorf("record step %d %s: %w", i+1, Quote(s), err)
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
// are judged by [Record.Replay].
func ParseRecord(r io.Reader) (*Record, error) {
	sc := bufio.NewScanner(r)
	rec := &Record{}
	header := true
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		bad := func(reason string) error {
			return &Error{Op: "parse record", Input: fmt.Sprintf("line %d: %s", n, text), Err: ErrBadNotation, Reason: reason}
		}
		switch {
		case strings.HasPrefix(text, "#"):
			continue
		case text == "":
			if rec.Game != "" {
				header = false
			}
			continue
		case header:
			key, value, ok := strings.Cut(text, ":")
			if !ok {
				return nil, bad("want a header line 'key: value'")
			}
			value = strings.TrimSpace(value)
			switch strings.TrimSpace(key) {
			case "game":
				rec.Game = value
			case "preset":
				rec.Preset = value
			case "players":
				p, err := strconv.Atoi(value)
				if err != nil || p < 1 || p > MaxPlayers {
					return nil, bad("players must be 1…6")
				}
				rec.Players = p
			case "option":
				rec.Options = append(rec.Options, value)
			default:
				return nil, bad("unknown header key")
			}
		default:
			for _, step := range strings.Split(text, ";") {
				step = strings.TrimSpace(step)
				if step == "" {
					return nil, bad("empty step")
				}
				rec.Steps = append(rec.Steps, step)
				rec.lines = append(rec.lines, n)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{Op: "parse record", Err: ErrBadNotation, Reason: err.Error()}
	}
	if rec.Game == "" {
		return nil, &Error{Op: "parse record", Err: ErrBadNotation, Reason: "no 'game:' header"}
	}
	return rec, nil
}

// Package jsonw appends JSON to byte slices by hand, for the answers that
// frontends ask for again and again: the states of the games and the parts
// they share. Every function writes exactly what encoding/json's Marshal
// writes for the same value (strings escaped as it escapes them, HTML
// characters included; numbers as it formats them; nil slices as null
// where the field has no omitempty), so a state reads the same whichever
// way it was written; the tests compare the two.
package jsonw

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/brettspiel/brettspiel"
)

const hex = "0123456789abcdef"

// String appends s as a JSON string, escaped as encoding/json escapes it.
func String(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Int appends n.
func Int(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// Bool appends true or false.
func Bool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// Float appends f as encoding/json writes a float64 (f is finite).
func Float(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 as e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// Ints appends a list of numbers; nil is null.
func Ints(b []byte, v []int) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, n := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = Int(b, n)
	}
	return append(b, ']')
}

// Strings appends a list of strings; nil is null.
func Strings(b []byte, v []string) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = String(b, s)
	}
	return append(b, ']')
}

// Bools appends a list of booleans; nil is null.
func Bools(b []byte, v []bool) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = Bool(b, x)
	}
	return append(b, ']')
}

// Key appends a key with its colon, after a comma unless first. Keys are
// plain ASCII and need no escaping.
func Key(b []byte, key string, first bool) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

// Envelope appends the keys of the shared part of a state, from "version"
// to "winner", without the braces around them.
func Envelope(b []byte, s *brettspiel.StateJSON) []byte { return envelope(b, s, false) }

// LeanEnvelope is Envelope with the events as LeanEvent writes them.
func LeanEnvelope(b []byte, s *brettspiel.StateJSON) []byte { return envelope(b, s, true) }

func envelope(b []byte, s *brettspiel.StateJSON, lean bool) []byte {
	b = append(b, `"version":`...)
	b = Int(b, s.Version)
	b = append(b, `,"game":`...)
	b = String(b, s.Game)
	b = append(b, `,"id":`...)
	b = String(b, s.ID)
	b = append(b, `,"turn":`...)
	b = String(b, s.Turn)
	b = append(b, `,"player":`...)
	b = Int(b, s.Player)
	b = append(b, `,"legal":`...)
	b = LegalMoves(b, s.Legal)
	b = append(b, `,"events":`...)
	if lean && s.Events != nil {
		b = append(b, '[')
		for i := range s.Events {
			if i > 0 {
				b = append(b, ',')
			}
			b = LeanEvent(b, &s.Events[i])
		}
		b = append(b, ']')
	} else {
		b = Events(b, s.Events)
	}
	b = append(b, `,"returns":`...)
	b = Ints(b, s.Returns)
	if s.Winner != nil {
		b = append(b, `,"winner":`...)
		b = Int(b, *s.Winner)
	}
	return b
}

// LegalMoves appends a list of legal moves; nil is null.
func LegalMoves(b []byte, v []brettspiel.LegalMove) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = LegalMove(b, &v[i])
	}
	return append(b, ']')
}

// LegalMove appends one legal move.
func LegalMove(b []byte, m *brettspiel.LegalMove) []byte {
	b = append(b, `{"notation":`...)
	b = String(b, m.Notation)
	if m.Weight != 0 {
		b = append(b, `,"weight":`...)
		b = Int(b, m.Weight)
	}
	if m.Kind != "" {
		b = append(b, `,"kind":`...)
		b = String(b, m.Kind)
	}
	if len(m.Dice) > 0 {
		b = append(b, `,"dice":`...)
		b = Ints(b, m.Dice)
	}
	if len(m.Steps) > 0 {
		b = append(b, `,"steps":`...)
		b = Steps(b, m.Steps)
	}
	if m.Decision != "" {
		b = append(b, `,"decision":`...)
		b = String(b, m.Decision)
	}
	if m.Field != 0 {
		b = append(b, `,"field":`...)
		b = Int(b, m.Field)
	}
	if m.FieldName != "" {
		b = append(b, `,"fieldName":`...)
		b = String(b, m.FieldName)
	}
	if len(m.Marks) > 0 {
		b = append(b, `,"marks":`...)
		b = Ints(b, m.Marks)
	}
	return append(b, '}')
}

// Steps appends a list of single steps; nil is null. Steps with flags
// unknown to StepFlags.MarshalJSON are written through it, as
// encoding/json would call it.
func Steps(b []byte, v []brettspiel.Step) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"from":`...)
		b = Int(b, s.From)
		b = append(b, `,"to":`...)
		b = Int(b, s.To)
		b = append(b, `,"trackFrom":`...)
		b = Int(b, s.TrackFrom)
		b = append(b, `,"trackTo":`...)
		b = Int(b, s.TrackTo)
		b = append(b, `,"die":`...)
		b = Int(b, s.Die)
		b = append(b, `,"flags":`...)
		f, _ := s.Flags.MarshalJSON() // the flags of a legal move are known ones
		b = append(b, f...)
		if s.Field != 0 {
			b = append(b, `,"field":`...)
			b = Int(b, s.Field)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// Events appends a list of events; nil is null.
func Events(b []byte, v []brettspiel.Event) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = Event(b, &v[i])
	}
	return append(b, ']')
}

// Event appends one event.
func Event(b []byte, e *brettspiel.Event) []byte { return event(b, e, false) }

// LeanEvent appends one event without its "trackFrom" and "trackTo" where
// they are its "from" and "to", as in a game without tracks.
func LeanEvent(b []byte, e *brettspiel.Event) []byte { return event(b, e, true) }

func event(b []byte, e *brettspiel.Event, lean bool) []byte {
	b = append(b, `{"kind":`...)
	b = String(b, string(e.Kind))
	if e.Rule != "" {
		b = append(b, `,"rule":`...)
		b = String(b, e.Rule)
	}
	b = append(b, `,"player":`...)
	b = Int(b, int(e.Player))
	b = append(b, `,"other":`...)
	b = Int(b, int(e.Other))
	b = append(b, `,"amount":`...)
	b = Int(b, e.Amount)
	b = append(b, `,"from":`...)
	b = Int(b, e.From)
	b = append(b, `,"to":`...)
	b = Int(b, e.To)
	if !lean || e.TrackFrom != e.From || e.TrackTo != e.To {
		b = append(b, `,"trackFrom":`...)
		b = Int(b, e.TrackFrom)
		b = append(b, `,"trackTo":`...)
		b = Int(b, e.TrackTo)
	}
	if e.FromName != "" {
		b = append(b, `,"fromName":`...)
		b = String(b, e.FromName)
	}
	if e.ToName != "" {
		b = append(b, `,"toName":`...)
		b = String(b, e.ToName)
	}
	b = append(b, `,"number":`...)
	b = Int(b, e.Number)
	if len(e.Dice) > 0 {
		b = append(b, `,"dice":`...)
		b = Ints(b, e.Dice)
	}
	if e.Note != "" {
		b = append(b, `,"note":`...)
		b = String(b, e.Note)
	}
	return append(b, '}')
}

// Race appends the keys of a race board, from "phase" to "sides", without
// braces.
func Race(b []byte, r *brettspiel.RaceJSON) []byte {
	b = append(b, `"phase":`...)
	b = String(b, r.Phase)
	b = append(b, `,"seat":`...)
	b = Int(b, r.Seat)
	b = append(b, `,"dice":`...)
	b = Ints(b, r.Dice)
	b = append(b, `,"turns":`...)
	b = Int(b, r.Turns)
	b = append(b, `,"waiting":`...)
	b = String(b, r.Waiting)
	b = append(b, `,"points":`...)
	if r.Points == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range r.Points {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"point":`...)
			b = Int(b, p.Point)
			b = append(b, `,"owner":`...)
			b = Int(b, p.Owner)
			b = append(b, `,"count":`...)
			b = Int(b, p.Count)
			b = append(b, `,"track":`...)
			b = Ints(b, p.Track)
			b = append(b, `,"hucke":`...)
			b = Int(b, p.Hucke)
			b = append(b, `,"home":`...)
			b = Int(b, p.Home)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"sides":`...)
	if r.Sides == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range r.Sides {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"seat":`...)
		b = Int(b, s.Seat)
		b = append(b, `,"track":`...)
		b = Ints(b, s.Track)
		b = append(b, `,"waiting":`...)
		b = Int(b, s.Waiting)
		b = append(b, `,"onBoard":`...)
		b = Int(b, s.OnBoard)
		b = append(b, `,"borneOff":`...)
		b = Int(b, s.BorneOff)
		b = append(b, `,"pips":`...)
		b = Int(b, s.Pips)
		b = append(b, `,"score":`...)
		b = Int(b, s.Score)
		b = append(b, '}')
	}
	return append(b, ']')
}

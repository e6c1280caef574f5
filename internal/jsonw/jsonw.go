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
	"github.com/brettspiel/brettspiel/kit"
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
func Int(b []byte, n int) []byte {
	// most numbers of a state are below 100: no call into strconv, which
	// costs the most in WebAssembly
	if uint(n) < 10 {
		return append(b, byte('0'+n))
	}
	if uint(n) < 100 {
		return append(b, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(b, int64(n), 10)
}

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

// List appends a list whose items elem appends; nil is null.
func List[T any](b []byte, v []T, elem func([]byte, T) []byte) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = elem(b, x)
	}
	return append(b, ']')
}

// Ints appends a list of numbers; nil is null.
func Ints(b []byte, v []int) []byte { return List(b, v, Int) }

// Strings appends a list of strings; nil is null.
func Strings(b []byte, v []string) []byte { return List(b, v, String) }

// Bools appends a list of booleans; nil is null.
func Bools(b []byte, v []bool) []byte { return List(b, v, Bool) }

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
func Envelope(b []byte, s *kit.StateJSON) []byte { return envelope(b, s, false) }

// LeanEnvelope is Envelope with the events as LeanEvent writes them.
func LeanEnvelope(b []byte, s *kit.StateJSON) []byte { return envelope(b, s, true) }

func envelope(b []byte, s *kit.StateJSON, lean bool) []byte {
	b = KeyInt(b, `"version":`, s.Version)
	b = KeyString(b, `,"game":`, s.Game)
	b = KeyString(b, `,"id":`, s.ID)
	b = KeyString(b, `,"turn":`, s.Turn)
	b = KeyInt(b, `,"player":`, s.Player)
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
	b = KeyInts(b, `,"returns":`, s.Returns)
	if s.Winner != nil {
		b = KeyInt(b, `,"winner":`, *s.Winner)
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
	b = KeyString(b, `{"notation":`, m.Notation)
	if m.Weight != 0 {
		b = KeyInt(b, `,"weight":`, m.Weight)
	}
	if m.Kind != "" {
		b = KeyString(b, `,"kind":`, m.Kind)
	}
	if len(m.Dice) > 0 {
		b = KeyInts(b, `,"dice":`, m.Dice)
	}
	if len(m.Steps) > 0 {
		b = append(b, `,"steps":`...)
		b = Steps(b, m.Steps)
	}
	if m.Decision != "" {
		b = KeyString(b, `,"decision":`, m.Decision)
	}
	if m.Field != 0 {
		b = KeyInt(b, `,"field":`, m.Field)
	}
	if m.FieldName != "" {
		b = KeyString(b, `,"fieldName":`, m.FieldName)
	}
	if len(m.Marks) > 0 {
		b = KeyInts(b, `,"marks":`, m.Marks)
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
		b = KeyInt(b, `{"from":`, s.From)
		b = KeyInt(b, `,"to":`, s.To)
		b = KeyInt(b, `,"trackFrom":`, s.TrackFrom)
		b = KeyInt(b, `,"trackTo":`, s.TrackTo)
		b = KeyInt(b, `,"die":`, s.Die)
		b = append(b, `,"flags":`...)
		f, _ := s.Flags.MarshalJSON() // the flags of a legal move are known ones
		b = append(b, f...)
		if s.Field != 0 {
			b = KeyInt(b, `,"field":`, s.Field)
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
	b = KeyString(b, `{"kind":`, string(e.Kind))
	if e.Rule != "" {
		b = KeyString(b, `,"rule":`, e.Rule)
	}
	b = KeyInt(b, `,"player":`, int(e.Player))
	b = KeyInt(b, `,"other":`, int(e.Other))
	b = KeyInt(b, `,"amount":`, e.Amount)
	b = KeyInt(b, `,"from":`, e.From)
	b = KeyInt(b, `,"to":`, e.To)
	if !lean || e.TrackFrom != e.From || e.TrackTo != e.To {
		b = KeyInt(b, `,"trackFrom":`, e.TrackFrom)
		b = KeyInt(b, `,"trackTo":`, e.TrackTo)
	}
	if e.FromName != "" {
		b = KeyString(b, `,"fromName":`, e.FromName)
	}
	if e.ToName != "" {
		b = KeyString(b, `,"toName":`, e.ToName)
	}
	b = KeyInt(b, `,"number":`, e.Number)
	if len(e.Dice) > 0 {
		b = KeyInts(b, `,"dice":`, e.Dice)
	}
	if e.Note != "" {
		b = KeyString(b, `,"note":`, e.Note)
	}
	return append(b, '}')
}

// Race appends the keys of a race board, from "phase" to "sides", without
// braces.
func Race(b []byte, r *kit.RaceJSON) []byte {
	b = KeyString(b, `"phase":`, r.Phase)
	b = KeyInt(b, `,"seat":`, r.Seat)
	b = KeyInts(b, `,"dice":`, r.Dice)
	b = KeyInt(b, `,"turns":`, r.Turns)
	b = KeyString(b, `,"waiting":`, r.Waiting)
	b = append(b, `,"points":`...)
	if r.Points == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, p := range r.Points {
			if i > 0 {
				b = append(b, ',')
			}
			b = KeyInt(b, `{"point":`, p.Point)
			b = KeyInt(b, `,"owner":`, p.Owner)
			b = KeyInt(b, `,"count":`, p.Count)
			b = KeyInts(b, `,"track":`, p.Track)
			b = KeyInt(b, `,"hucke":`, p.Hucke)
			b = KeyInt(b, `,"home":`, p.Home)
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
		b = KeyInt(b, `{"seat":`, s.Seat)
		b = KeyInts(b, `,"track":`, s.Track)
		b = KeyInt(b, `,"waiting":`, s.Waiting)
		b = KeyInt(b, `,"onBoard":`, s.OnBoard)
		b = KeyInt(b, `,"borneOff":`, s.BorneOff)
		b = KeyInt(b, `,"pips":`, s.Pips)
		b = KeyInt(b, `,"score":`, s.Score)
		b = append(b, '}')
	}
	return append(b, ']')
}

// The Key… functions append a key (with its comma and colon, JSON already)
// and a value: one call where a state writes dozens, kept out of line so
// that the WebAssembly stays small.

// KeyInt appends key and n.
//
//go:noinline
func KeyInt(b []byte, key string, n int) []byte { return Int(append(b, key...), n) }

// KeyString appends key and s.
//
//go:noinline
func KeyString(b []byte, key, s string) []byte { return String(append(b, key...), s) }

// KeyBool appends key and v.
//
//go:noinline
func KeyBool(b []byte, key string, v bool) []byte { return strconv.AppendBool(append(b, key...), v) }

// KeyInts appends key and v.
//
//go:noinline
func KeyInts(b []byte, key string, v []int) []byte { return Ints(append(b, key...), v) }

// KeyFloat appends key and f.
//
//go:noinline
func KeyFloat(b []byte, key string, f float64) []byte { return Float(append(b, key...), f) }

// KeyStrings appends key and v.
//
//go:noinline
func KeyStrings(b []byte, key string, v []string) []byte { return Strings(append(b, key...), v) }

// KeyBools appends key and v.
//
//go:noinline
func KeyBools(b []byte, key string, v []bool) []byte { return Bools(append(b, key...), v) }

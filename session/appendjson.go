package session

import (
	"strconv"

	"github.com/brettspiel/brettspiel/internal/jsonw"
)

// appendJSON appends the answer s with the game's JSON form state (JSON
// already, put in as it is) under "state", first: what encoding/json
// writes for s with its State left out, state put in front, by hand.
func (s *StateJSON) appendJSON(b []byte, state []byte) []byte {
	b = append(b, `{"state":`...)
	b = append(b, state...)
	b = append(b, `,"handle":`...)
	b = jsonw.Int(b, s.Handle)
	b = s.Info.appendKeys(b)
	b = append(b, `,"length":`...)
	b = jsonw.Int(b, s.Length)
	b = append(b, `,"canUndo":`...)
	b = jsonw.Bool(b, s.CanUndo)
	b = append(b, `,"canRedo":`...)
	b = jsonw.Bool(b, s.CanRedo)
	b = append(b, `,"hasRecord":`...)
	b = jsonw.Bool(b, s.HasRecord)
	b = append(b, `,"since":`...)
	b = jsonw.Int(b, s.Since)
	b = append(b, `,"log":`...)
	b = appendSteps(b, s.Log)
	if s.Move != "" {
		b = append(b, `,"move":`...)
		b = jsonw.String(b, s.Move)
	}
	if s.Millis != 0 {
		b = append(b, `,"millis":`...)
		b = jsonw.Float(b, s.Millis)
	}
	b = append(b, `,"played":`...)
	b = jsonw.Int(b, s.Played)
	if s.Ending != "" {
		b = append(b, `,"ending":`...)
		b = jsonw.String(b, s.Ending)
	}
	return append(b, '}')
}

// appendKeys appends the keys of the game's description, each after a
// comma.
func (in *Info) appendKeys(b []byte) []byte {
	b = append(b, `,"variant":`...)
	b = jsonw.String(b, in.Variant)
	b = append(b, `,"preset":`...)
	b = jsonw.String(b, in.Preset)
	b = append(b, `,"players":`...)
	b = jsonw.Int(b, in.Players)
	b = append(b, `,"seed":"`...)
	b = strconv.AppendUint(b, uint64(in.Seed), 10)
	b = append(b, `","seats":`...)
	b = jsonw.Strings(b, in.Seats)
	b = append(b, `,"dice":`...)
	return jsonw.String(b, in.Dice)
}

// appendSteps appends a log; nil is null.
func appendSteps(b []byte, steps []Step) []byte {
	if steps == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range steps {
		s := &steps[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"index":`...)
		b = jsonw.Int(b, s.Index)
		b = append(b, `,"actor":`...)
		b = jsonw.Int(b, s.Actor)
		b = append(b, `,"notation":`...)
		b = jsonw.String(b, s.Notation)
		b = append(b, `,"events":`...)
		if s.Events == nil {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			for k := range s.Events {
				e := &s.Events[k]
				if k > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"text":`...)
				b = jsonw.String(b, e.Text)
				b = append(b, `,"event":`...)
				b = jsonw.Event(b, &e.Event)
				if r := e.Rule; r != nil {
					b = append(b, `,"rule":{"id":`...)
					b = jsonw.String(b, r.ID)
					b = append(b, `,"title":`...)
					b = jsonw.String(b, r.Title)
					b = append(b, `,"text":`...)
					b = jsonw.String(b, r.Text)
					b = append(b, `,"source":`...)
					b = jsonw.String(b, r.Source)
					b = append(b, '}')
				}
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		if s.Bot != "" {
			b = append(b, `,"bot":`...)
			b = jsonw.String(b, s.Bot)
		}
		if s.Millis != 0 {
			b = append(b, `,"millis":`...)
			b = jsonw.Float(b, s.Millis)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

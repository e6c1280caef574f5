package session

import (
	"encoding/json"
	"strconv"

	"github.com/brettspiel/brettspiel/internal/jsonw"
)

// appendJSON appends the answer s with the game's JSON form state (JSON
// already, put in as it is) under "state", first: what encoding/json
// writes for s with its State left out, state put in front, by hand.
func (s *StateJSON) appendJSON(b []byte, state []byte) []byte {
	b = append(b, `{"state":`...)
	return s.appendKeys(append(b, state...))
}

// appendKeys appends the keys of the answer s after its state, and the
// closing brace.
func (s *StateJSON) appendKeys(b []byte) []byte {
	if s.Handle != 0 {
		b = jsonw.KeyInt(b, `,"handle":`, s.Handle)
	}
	b = s.Info.appendKeys(b)
	b = jsonw.KeyInt(b, `,"length":`, s.Length)
	b = jsonw.KeyBool(b, `,"canUndo":`, s.CanUndo)
	b = jsonw.KeyBool(b, `,"canRedo":`, s.CanRedo)
	b = jsonw.KeyBool(b, `,"hasRecord":`, s.HasRecord)
	b = jsonw.KeyInt(b, `,"since":`, s.Since)
	b = append(b, `,"log":`...)
	b = appendSteps(b, s.Log)
	if s.Move != "" {
		b = jsonw.KeyString(b, `,"move":`, s.Move)
	}
	if s.Millis != 0 {
		b = jsonw.KeyFloat(b, `,"millis":`, s.Millis)
	}
	b = jsonw.KeyInt(b, `,"played":`, s.Played)
	if s.Stopped != "" {
		b = jsonw.KeyString(b, `,"stopped":`, s.Stopped)
	}
	if s.Ending != "" {
		b = jsonw.KeyString(b, `,"ending":`, s.Ending)
	}
	b = jsonw.KeyInt(b, `,"rev":`, s.Rev)
	if t := s.Takeback; t != nil {
		b = jsonw.KeyInt(b, `,"takeback":{"seat":`, t.Seat)
		b = jsonw.KeyInt(b, `,"steps":`, t.Steps)
		b = append(jsonw.KeyInts(b, `,"granted":`, t.Granted), '}')
	}
	if t := s.GiveUp; t != nil {
		b = jsonw.KeyInt(b, `,"giveUp":{"seat":`, t.Seat)
		b = append(jsonw.KeyInts(b, `,"granted":`, t.Granted), '}')
	}
	if s.Clock != nil {
		c, _ := json.Marshal(s.Clock)
		b = append(append(b, `,"clock":`...), c...)
	}
	return append(b, '}')
}

// appendKeys appends the keys of the game's description, each after a
// comma.
func (in *Info) appendKeys(b []byte) []byte {
	b = jsonw.KeyString(b, `,"variant":`, in.Variant)
	b = jsonw.KeyString(b, `,"preset":`, in.Preset)
	b = jsonw.KeyInt(b, `,"players":`, in.Players)
	if in.Seed != nil {
		b = append(b, `,"seed":"`...)
		b = append(strconv.AppendUint(b, uint64(*in.Seed), 10), '"')
	}
	b = jsonw.KeyStrings(b, `,"seats":`, in.Seats)
	b = append(b, `,"dice":`...)
	b = jsonw.String(b, in.Dice)
	if in.Commitment != "" {
		b = jsonw.KeyString(b, `,"commitment":`, in.Commitment)
	}
	if in.Salt != "" {
		b = jsonw.KeyString(b, `,"salt":`, in.Salt)
	}
	if in.Owned {
		b = jsonw.KeyBool(b, `,"owned":`, true)
		b = jsonw.KeyBools(b, `,"claimed":`, in.Claimed)
	}
	if in.Names != nil {
		b = jsonw.KeyStrings(b, `,"names":`, in.Names)
	}
	if in.Next != "" {
		b = jsonw.KeyString(b, `,"next":`, in.Next)
	}
	if in.Redraws != nil {
		b = jsonw.KeyInts(b, `,"redraws":`, in.Redraws)
	}
	if in.Practice {
		b = jsonw.KeyBool(b, `,"practice":`, true)
	}
	return b
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
		b = jsonw.KeyInt(b, `{"index":`, s.Index)
		b = jsonw.KeyInt(b, `,"actor":`, s.Actor)
		b = jsonw.KeyString(b, `,"notation":`, s.Notation)
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
				b = jsonw.KeyString(b, `{"text":`, e.Text)
				b = append(b, `,"event":`...)
				b = jsonw.Event(b, &e.Event)
				if r := e.Rule; r != nil {
					b = jsonw.KeyString(b, `,"rule":{"id":`, r.ID)
					b = jsonw.KeyString(b, `,"title":`, r.Title)
					b = jsonw.KeyString(b, `,"text":`, r.Text)
					b = jsonw.KeyString(b, `,"source":`, r.Source)
					b = append(b, '}')
				}
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		if s.Bot != "" {
			b = jsonw.KeyString(b, `,"bot":`, s.Bot)
		}
		if s.Millis != 0 {
			b = jsonw.KeyFloat(b, `,"millis":`, s.Millis)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

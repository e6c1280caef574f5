package session

// The protocol's "watch" and the JSON of a delta.

import (
	"encoding/json"

	"github.com/brettspiel/brettspiel/internal/jsonw"
)

// WatchJSON is the result of "watch": the delta of the game of a handle
// since a revision.
type WatchJSON struct {
	// Handle is absent in an answer of [Game.Call].
	Handle int `json:"handle,omitempty"`
	Delta
}

type watchArgs struct {
	gameArgs
	Rev  *int   `json:"rev"`
	Lang string `json:"lang"`
}

func watchCall(name string, h int, g *Game, in *watchArgs) ([]byte, error) {
	if in.Rev == nil {
		return nil, missing(name, "rev")
	}
	v := View{Lang: in.Lang}
	if err := v.check(name); err != nil {
		return nil, err
	}
	c, err := g.since(*in.Rev)
	if err != nil {
		return nil, err
	}
	if len(c.entries) <= longLog {
		return marshal(WatchJSON{Handle: h, Delta: c.words(v.lang(g))})
	}
	// a long catch-up is put in words without the game's lock: its steps
	// are copies
	return unlocked(g, func() []byte {
		b, _ := marshal(WatchJSON{Handle: h, Delta: c.words(v.lang(g))})
		return b
	}), nil
}

// MarshalJSON writes the delta as the protocol's "watch" does, its events
// lean: "trackFrom" and "trackTo" only where they differ from "from" and
// "to" (in the Festungsspiel never), which keeps the delta of a step small.
func (d Delta) MarshalJSON() ([]byte, error) {
	return d.AppendJSON(make([]byte, 0, 512)), nil
}

// AppendJSON appends the delta's JSON, as MarshalJSON writes it, to b. The
// deltas a watched game hands its watchers ([Watcher.Next]) are shared:
// their JSON is made once, by the first watcher's transport, and copied
// for the others.
func (d *Delta) AppendJSON(b []byte) []byte {
	if d.shared == nil {
		return append(d.appendKeys(append(b, '{')), '}')
	}
	d.shared.once.Do(func() {
		d.shared.b = append(d.appendKeys(append(make([]byte, 0, 512), '{')), '}')
	})
	return append(b, d.shared.b...)
}

// MarshalJSON writes the answer of "watch": the handle and the delta.
func (w WatchJSON) MarshalJSON() ([]byte, error) {
	b := append(make([]byte, 0, 512), '{')
	if w.Handle != 0 {
		b = append(jsonw.KeyInt(b, `"handle":`, w.Handle), ',')
	}
	return append(w.Delta.appendKeys(b), '}'), nil
}

// appendKeys appends the keys of d, without braces.
func (d *Delta) appendKeys(b []byte) []byte {
	b = jsonw.KeyInt(b, `"rev":`, d.Rev)
	b = jsonw.KeyInt(b, `,"from":`, d.From)
	b = jsonw.KeyInt(b, `,"length":`, d.Length)
	b = append(b, `,"log":[`...)
	for i := range d.Log {
		s := &d.Log[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.KeyInt(b, `{"index":`, s.Index)
		b = jsonw.KeyInt(b, `,"actor":`, s.Actor)
		b = jsonw.KeyString(b, `,"notation":`, s.Notation)
		b = append(b, `,"events":[`...)
		for k := range s.Events {
			if k > 0 {
				b = append(b, ',')
			}
			b = jsonw.KeyString(b, `{"text":`, s.Events[k].Text)
			b = jsonw.LeanEvent(append(b, `,"event":`...), &s.Events[k].Event)
			b = append(b, '}')
		}
		b = append(b, `]}`...)
	}
	b = jsonw.KeyInt(b, `],"toMove":`, d.ToMove)
	b = jsonw.KeyString(b, `,"id":`, d.ID)
	b = jsonw.KeyBool(b, `,"canRedo":`, d.CanRedo)
	if d.Ending != "" {
		b = jsonw.KeyString(b, `,"ending":`, d.Ending)
	}
	if t := d.Takeback; t != nil {
		b = jsonw.KeyInt(b, `,"takeback":{"seat":`, t.Seat)
		b = jsonw.KeyInt(b, `,"steps":`, t.Steps)
		b = append(jsonw.KeyInts(b, `,"granted":`, t.Granted), '}')
	}
	if t := d.GiveUp; t != nil {
		b = jsonw.KeyInt(b, `,"giveUp":{"seat":`, t.Seat)
		b = append(jsonw.KeyInts(b, `,"granted":`, t.Granted), '}')
	}
	if d.Redraws != nil {
		b = jsonw.KeyInts(b, `,"redraws":`, d.Redraws)
	}
	if d.Practice {
		b = jsonw.KeyBool(b, `,"practice":`, true)
	}
	if d.Clock != nil {
		c, _ := json.Marshal(d.Clock)
		b = append(append(b, `,"clock":`...), c...)
	}
	if d.Claimed != nil {
		b = jsonw.KeyBools(b, `,"claimed":`, d.Claimed)
	}
	if d.Names != nil {
		b = jsonw.KeyStrings(b, `,"names":`, d.Names)
	}
	if d.Next != "" {
		b = jsonw.KeyString(b, `,"next":`, d.Next)
	}
	b = appendProof(b, d.Commitment, d.Seed, d.Salt)
	if d.Closed {
		b = jsonw.KeyBool(b, `,"closed":`, true)
	}
	return b
}

package session

import (
	"encoding/json"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/words"
)

// StateJSON is the result of every call that starts, changes or shows a
// game, but for its "state", which [Table.Call] writes as the game's own
// JSON form (kit.StateJSON and the variant's keys, version
// kit.JSONVersion) in the parts the call's [View] asks for.
type StateJSON struct {
	// Handle is the game's handle at its table; absent in an answer of
	// [Game.Call].
	Handle int `json:"handle,omitempty"`
	Info
	// State is the game's JSON form.
	State json.RawMessage `json:"state,omitempty"`
	// Length is the number of steps played.
	Length  int  `json:"length"`
	CanUndo bool `json:"canUndo"`
	CanRedo bool `json:"canRedo"`
	// HasRecord says whether saveRecord gives a record; every game of the
	// catalogue has one, a game loaded from a position ID included.
	HasRecord bool `json:"hasRecord"`
	// Since is the index of the first step of Log: the log holds the
	// steps from the call's "since" on; with "log": false it is empty and
	// Since is Length.
	Since int    `json:"since"`
	Log   []Step `json:"log"`
	// Move is the notation of the move or throw the call played, for
	// apply, throw, throwManual and botMove.
	Move string `json:"move,omitempty"`
	// Millis is the time a bot took to choose, for botMove.
	Millis float64 `json:"millis,omitempty"`
	// Played is the number of steps the call played, for advance.
	Played int `json:"played"`
	// Stopped says why an advance stopped before its end (the game
	// closed, the caller cancelled, the table's budget spent): StoppedClosed,
	// StoppedCancelled or StoppedBudget; absent when it ran to its end. The
	// steps it made are Played, and the game holds them.
	Stopped string `json:"stopped,omitempty"`
	// Ending says how the game ended, in sentences for players in the
	// answer's language (the ends of the last step: "Player 2 wins a
	// triple Partie (3 strokes)."); absent while the game goes on.
	Ending string `json:"ending,omitempty"`
	// Rev is the game's revision: the changes since it was made (see
	// [Delta]); "watch" gives the changes since a revision.
	Rev int `json:"rev"`
	// Takeback is the takeback asked in a game of owned seats and not yet
	// granted by the other people's seats; absent for none.
	Takeback *TakebackJSON `json:"takeback,omitempty"`
	// GiveUp is a give-up asked in a game of owned seats and not yet
	// agreed to by the other people's seats; absent for none.
	GiveUp *GiveUpJSON `json:"giveUp,omitempty"`
	// Clock is the state of the clocks of a game with a time control;
	// absent for none.
	Clock *ClockJSON `json:"clock,omitempty"`
}

// played is what a call that acts played, for its answer; nil for a call
// that only reads.
type played struct {
	steps   []Step
	advance bool
	stopped string // why an advance stopped early (stopReason), or ""
}

// stateJSON answers a call with the state of g (locked) under handle h.
func (g *Game) stateJSON(h int, v View, method string, p *played) ([]byte, error) {
	va, ok := g.cur.(kit.ViewAppender)
	if !ok {
		s, state, err := g.answer(h, v, method, p)
		if err != nil {
			return nil, err
		}
		// The state is JSON already: it goes in as it is, not through
		// the encoder, which would check and compact it a second time.
		return s.appendJSON(make([]byte, 0, len(state)+1024+256*len(s.Log)), state), nil
	}
	// The game writes its state straight into the answer, which is made
	// once, as large as the last state and this answer's log need: an
	// event of the log takes about 200 bytes, the other keys 300.
	if err := v.check(method); err != nil {
		return nil, err
	}
	s, log := g.keys(h, v, p)
	size := max(g.stateLen, 2048)*9/8 + 512 + 512*log.len()
	b := append(make([]byte, 0, size), `{"state":`...)
	at := len(b)
	b, err := va.AppendJSONView(b, v.jsonView())
	if err != nil {
		return nil, err
	}
	g.stateLen = len(b) - at
	if log.g == nil {
		log.fill(&s)
		return s.appendKeys(b), nil
	}
	// a long log of a call that acts (an advance's) is copied and put in
	// words without the game's state lock: the call holds act, so nothing
	// changes the history meanwhile, and reads go on
	return unlocked(g, func() []byte {
		log.fill(&s)
		return s.appendKeys(b)
	}), nil
}

// longLog is the most steps of the log of an answer of a call that acts
// which are put in words under the game's state lock.
const longLog = 32

// logCopy is the log of an answer: the steps from since on to upto, to be
// put in words in lang. Its entries are copied under the game's state
// lock, or, for a long log of a call that acts (g set), after it.
type logCopy struct {
	lang        words.Lang
	since, upto int
	entries     []brettspiel.HistoryEntry
	rules       bool
	g           *Game
}

func (c *logCopy) len() int { return c.upto - c.since }

// fill puts the log in words into s; nothing for an answer without a log.
func (c *logCopy) fill(s *StateJSON) {
	if c.g != nil {
		c.entries = c.g.entries(c.since)
	}
	if c.entries != nil {
		s.Log = stepsOf(c.lang, c.since, c.entries, c.rules)
	}
}

// answer is the answer of stateJSON with the game's JSON form apart.
func (g *Game) answer(h int, v View, method string, p *played) (StateJSON, []byte, error) {
	if err := v.check(method); err != nil {
		return StateJSON{}, nil, err
	}
	state, err := g.viewJSON(v)
	if err != nil {
		return StateJSON{}, nil, err
	}
	s, log := g.keys(h, v, p)
	log.fill(&s)
	return s, state, nil
}

// keys is the answer of stateJSON but for the state and the log's words,
// which the log's copy gives.
func (g *Game) keys(h int, v View, p *played) (StateJSON, logCopy) {
	g.timeUp("state") // a seat that ran out of time ends the game first
	var log logCopy
	s := StateJSON{Handle: h, Info: g.info(), Length: g.h.Len(), CanUndo: g.h.Len() > 0,
		CanRedo: g.h.RedoLen() > 0, HasRecord: g.hasRecord}
	if v.Log == nil || *v.Log {
		// by default the steps the call played: none for a call that
		// only reads, whose p is nil
		s.Since = g.h.Len()
		if p != nil {
			s.Since = min(g.callStart, g.h.Len())
		}
		if v.Since != nil {
			s.Since = min(*v.Since, g.h.Len())
		}
		log = logCopy{lang: v.lang(g), since: s.Since, upto: g.h.Len(), rules: v.Rules}
		if p != nil && log.len() > longLog {
			log.g = g
		} else {
			log.entries = g.entries(s.Since)
		}
	} else {
		s.Since, s.Log = g.h.Len(), []Step{}
	}
	s.Ending = g.ending(v.lang(g))
	s.Rev, s.Takeback, s.GiveUp, s.Clock = g.watch.rev, g.takebackJSON(), g.giveUpJSON(), g.clockJSON()
	if p != nil {
		s.Played, s.Stopped = len(p.steps), p.stopped
		if !p.advance && len(p.steps) == 1 {
			s.Move, s.Millis = p.steps[0].Notation, p.steps[0].Millis
		}
	}
	return s, log
}

// ending says how the game ended, from the end events of its last step;
// "" while it goes on or when no step ended it (a game loaded over).
func (g *Game) ending(l words.Lang) string {
	if s := g.clockEnding(l); s != "" {
		return s
	}
	if g.agreed {
		return l.EndedByAgreement()
	}
	if g.cur.ToMove() != brettspiel.Terminal || g.h.Len() == 0 {
		return ""
	}
	e, _ := g.h.Entry(g.h.Len() - 1)
	var s []string
	for _, ev := range e.Events {
		if ev.Kind == brettspiel.EventEnd {
			s = append(s, l.Event(ev))
		}
	}
	return strings.Join(s, " ")
}

// viewJSON writes the game's JSON form in the parts v asks for.
func (g *Game) viewJSON(v View) ([]byte, error) {
	if vm, ok := g.cur.(kit.ViewMarshaler); ok {
		return vm.MarshalJSONView(v.jsonView())
	}
	return json.Marshal(g.cur)
}

// jsonView is the view of the game's JSON form that v asks for.
func (v View) jsonView() kit.JSONView {
	return kit.JSONView{NoLegal: v.Legal != nil && !*v.Legal, NoChance: !v.Chance, NoStatic: !v.Static, NoEvents: !v.Events, NoSecrets: true}
}

// staticPlan answers "plan".
func staticPlan(g *Game) ([]byte, error) {
	if v := g.cur.Variant(); v != festung.Variant {
		return nil, bad("plan", v, ErrBadCall, "only the Festungsspiel has a plan; a race game's state holds all there is to draw")
	}
	return festung.PlanJSON(), nil
}

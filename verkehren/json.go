package verkehren

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// stateJSON is the JSON form of a Game (see the package doc): the shared
// envelope, the rules, the race board that Verkehren shares with
// Toccateglio, and what only Verkehren has.
type stateJSON struct {
	kit.StateJSON
	Rules rulesJSON `json:"rules"`
	kit.RaceJSON
	Verkehren ownJSON `json:"verkehren"`
}

type rulesJSON struct {
	Preset      string `json:"preset"`
	Bands       string `json:"bands"`
	Opening     string `json:"opening"`
	BandLimit   int    `json:"bandLimit"`
	HigherDie   bool   `json:"higherDie"`
	FirstPlayer string `json:"firstPlayer"`
	TurnCap     int    `json:"turnCap"`
}

// ownJSON is the part of the state that only Verkehren has: player 0's total
// in the draw for the start while player 1 throws, how the game ended, and
// who is Junker (V-J1).
type ownJSON struct {
	DrawTotal int    `json:"drawTotal"`
	Ending    string `json:"ending"`
	Junker    []bool `json:"junker"`
}

var phaseNames = [...]string{"draw-first", "draw-second", "throw", "play", "over"}

var endingKeys = [...]string{"not-ended", "single-game", "conceded", "double-junker", "double-six-off", "double-point-24", "turn-cap", "drawn-both-junker"}

var firstNames = [...]string{"draw", "player-0", "player-1"}

// MarshalJSON writes the state of the game (see the package doc and
// JSONSchema): the rules, the race board in absolute points with each
// point's number in both tracks, both sides' stones and counts, whose turn it
// is, the dice, what only Verkehren has, the legal moves with their parts and
// the events of the last Apply. A zero Game is refused with an error
// wrapping brettspiel.ErrZeroGame.
func (g *Game) MarshalJSON() ([]byte, error) { return g.MarshalJSONView(kit.JSONView{}) }

func (g *Game) rules() rulesJSON {
	o := g.opts
	fp := 0
	if p, ok := o.FirstPlayer.Seat(); ok {
		fp = int(p) + 1
	}
	return rulesJSON{Preset: presetOf(o), Bands: o.Bands.String(), Opening: o.Opening.String(), BandLimit: o.BandLimit,
		HigherDie: o.HigherDie, FirstPlayer: firstNames[fp], TurnCap: o.TurnCap}
}

// race returns the board in the shape both race games share.
func (g *Game) race() kit.RaceJSON {
	r := kit.RaceJSON{Phase: phaseNames[g.phase], Seat: -1, Dice: []int{}, Turns: g.turns, Waiting: "bar",
		Points: make([]kit.RacePointJSON, 24), Sides: make([]kit.RaceSideJSON, 2)}
	if t := g.Turn(); t != brettspiel.Nobody {
		r.Seat = int(t)
	}
	if d := g.Dice(); d != nil {
		r.Dice = d
	}
	nums := make([]int, 2*24+2*26) // one array for the points' and the sides' tracks
	for a := 1; a <= 24; a++ {
		pt := kit.RacePointJSON{Point: a, Owner: -1, Hucke: -1, Home: -1, Track: nums[2*a-2 : 2*a : 2*a]}
		for p := range 2 {
			t := board.SameDirection.FromAbsolute(p, a)
			pt.Track[p] = t
			if c := int(g.b.Sides[p][t]); c > 0 {
				pt.Owner, pt.Count = p, c
			}
			if t >= 19 {
				pt.Home = p
			}
		}
		r.Points[a-1] = pt
	}
	ret := g.Returns()
	for p := range 2 {
		side := &g.b.Sides[p]
		sd := kit.RaceSideJSON{Seat: p, Track: nums[48+26*p : 48+26*(p+1) : 48+26*(p+1)], Waiting: int(side[bar]), BorneOff: int(side[off]),
			Pips: pipCount(side), Score: max(ret[p], 0)}
		for i, c := range side {
			sd.Track[i] = int(c)
			if i >= 1 && i <= 24 {
				sd.OnBoard += int(c)
			}
		}
		r.Sides[p] = sd
	}
	return r
}

func (g *Game) own() ownJSON {
	return ownJSON{DrawTotal: int(g.draw0), Ending: endingKeys[g.ending], Junker: []bool{g.Junker(0), g.Junker(1)}}
}

// UnmarshalJSON reads a state written by MarshalJSON. The rules and the
// position come from their keys ("rules", "phase", "seat", "dice", "turns",
// the sides' "track", and "verkehren"'s "drawTotal" and "ending"); every
// other key must agree with them: the ID, the points, the sides' counts,
// pips and scores, where stones wait, Junker, whose turn it is, the legal
// moves, the returns and the winner. The events are kept as the events of
// the last Apply once they pass the bounds of what one Apply of this game
// emits (kit.StateJSON.CheckEvents: known kinds, this game's rules,
// places 0…25 whose track places and names agree with them, the dice of a
// throw, an end only when the game is over) and agree with the state: the
// state before the Apply they report follows from them (a throw moves no
// stone; a play's events say every stone it moved and hit), and that Apply
// made again gives exactly these events and this state. Keys are read
// exactly as written: an unknown key, a key in another case, a key given twice and data
// after the object are refused (see kit.DecodeStrict). The error
// wraps brettspiel.ErrBadNotation for what is no JSON of this form,
// brettspiel.ErrBadPosition for a state that cannot arise (or does not agree
// with itself) and brettspiel.ErrBadOptions for bad rules, and names the
// problem; a state of another version of the JSON form (a version 1 state
// of an earlier release) is refused with a reason that says so. On error g
// is unchanged. A zero Game may be decoded into.
func (g *Game) UnmarshalJSON(data []byte) error {
	return kit.UnmarshalState(data, g, (*stateJSON).game)
}

func (s *stateJSON) game() (*Game, error) {
	if err := s.Check(Variant, 2); err != nil {
		return nil, err
	}
	st, err := s.state()
	if err != nil {
		return nil, err
	}
	g, err := st.build(kit.OpDecodeJSON)
	if err != nil {
		return nil, err
	}
	if err := s.CheckEvents(eventLimits); err != nil {
		return nil, err
	}
	if err := checkEventPlaces(s.Events); err != nil {
		return nil, err
	}
	if len(s.Events) > 0 {
		g.events = slices.Clone(s.Events)
	}
	if err := s.agrees(g); err != nil {
		return nil, err
	}
	return g, nil
}

// badJSON is the error of a JSON state that cannot arise.
func badJSON(format string, args ...any) error {
	return &brettspiel.Error{Op: kit.OpDecodeJSON, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...)}
}

// state reads the keys that make the state: the rules, the phase, the
// seat, the dice, the turns, the ending, the winner and the sides' tracks.
func (s *stateJSON) state() (state, error) {
	var st state
	var err error
	if st.opts, err = s.Rules.options(); err != nil {
		return st, err
	}
	ph := slices.Index(phaseNames[:], s.Phase)
	if ph < 0 {
		return st, badJSON("phase %s is none of %q", quote.Quote(s.Phase), phaseNames)
	}
	st.phase = phase(ph)
	switch {
	case st.phase == phaseThrow || st.phase == phasePlay:
		if s.Seat != 0 && s.Seat != 1 {
			return st, badJSON("seat %d: in phase %s it is a seat, 0 or 1", s.Seat, s.Phase)
		}
		st.toMove = brettspiel.Player(s.Seat)
	case s.Seat != -1:
		return st, badJSON("seat %d: it is -1 in phase %s", s.Seat, s.Phase)
	}
	switch len(s.Dice) {
	case 0:
	case 2:
		st.dice = [2]int{s.Dice[0], s.Dice[1]}
		if st.phase != phasePlay {
			return st, badJSON("dice %v, but no throw is being played in phase %s", s.Dice, s.Phase)
		}
	default:
		return st, badJSON("dice %v: two dice, or none", s.Dice)
	}
	if st.phase == phasePlay && len(s.Dice) == 0 {
		return st, badJSON("no dice, but a throw is being played")
	}
	st.draw0, st.turns = s.Verkehren.DrawTotal, s.Turns
	if s.Turns < 0 {
		return st, badJSON("turns %d is negative", s.Turns)
	}
	e := slices.Index(endingKeys[:], s.Verkehren.Ending)
	if e < 0 {
		return st, badJSON("verkehren.ending %s is none of %q", quote.Quote(s.Verkehren.Ending), endingKeys)
	}
	st.ending = Ending(e)
	st.winner = brettspiel.Nobody
	if s.Winner != nil {
		if *s.Winner != 0 && *s.Winner != 1 {
			return st, badJSON("winner %d is no seat of two", *s.Winner)
		}
		st.winner = brettspiel.Player(*s.Winner)
	}
	if len(s.Sides) != 2 {
		return st, badJSON("sides has %d sides, want 2", len(s.Sides))
	}
	for p := range 2 {
		if len(s.Sides[p].Track) != 26 {
			return st, badJSON("sides[%d].track has %d positions, want 26 (0 off the board, 1…24, 25 borne off)", p, len(s.Sides[p].Track))
		}
		copy(st.sides[p][:], s.Sides[p].Track)
	}
	return st, nil
}

// agrees checks the keys that follow from the state of g against it.
func (s *stateJSON) agrees(g *Game) error {
	race := g.race()
	if s.Waiting != race.Waiting {
		return badJSON("waiting %s, but stones hit wait on the %q", quote.Quote(s.Waiting), race.Waiting)
	}
	if len(s.Points) != 24 {
		return badJSON("points has %d points, want 24", len(s.Points))
	}
	for i, pt := range s.Points {
		if want := race.Points[i]; !equalPoint(pt, want) {
			return badJSON("points[%d] is %+v, but the position gives %+v", i, pt, want)
		}
	}
	for p, sd := range s.Sides {
		if want := race.Sides[p]; sd.Seat != want.Seat || sd.Waiting != want.Waiting || sd.OnBoard != want.OnBoard ||
			sd.BorneOff != want.BorneOff || sd.Pips != want.Pips || sd.Score != want.Score {
			want.Track = nil
			sd.Track = nil
			return badJSON("sides[%d] is %+v, but the position gives %+v", p, sd, want)
		}
	}
	if want := g.own().Junker; !slices.Equal(s.Verkehren.Junker, want) {
		return badJSON("verkehren.junker is %v, but the position gives %v", s.Verkehren.Junker, want)
	}
	if !slices.Equal(s.Returns, g.Returns()) {
		return badJSON("returns is %v, but the position gives %v", s.Returns, g.Returns())
	}
	want := kit.NewStateJSON(g, Variant, g.ID())
	switch {
	case s.ID != want.ID:
		return badJSON("the id %s does not agree with the state, whose ID is %q", quote.Quote(s.ID), want.ID)
	case s.Turn != want.Turn || s.Player != want.Player:
		return badJSON("turn %s, player %d, but the state gives %q, %d", quote.Quote(s.Turn), s.Player, want.Turn, want.Player)
	case !slices.EqualFunc(s.Legal, want.Legal, brettspiel.LegalMove.Equal):
		return badJSON("the legal moves do not agree with the state")
	}
	if w, ok := g.Winner(); (s.Winner == nil) == ok || ok && *s.Winner != int(w) {
		return badJSON("winner given for a game without a winner, or missing")
	}
	if reason := g.eventsAgainstState(s.Events); reason != "" {
		return badJSON("%s", reason)
	}
	return nil
}

func equalPoint(a, b kit.RacePointJSON) bool {
	return a.Point == b.Point && a.Owner == b.Owner && a.Count == b.Count && slices.Equal(a.Track, b.Track) &&
		a.Hucke == b.Hucke && a.Home == b.Home
}

// eventLimits bounds the events of one Apply, for the decoder: places are
// absolute, 0 (off the board) to 25 (borne off); a number is a die, a total
// of two dice or a count of open entry points; an amount is stones (at most
// 15) or the points of the ending; an end leaves the game over.
var eventLimits = kit.EventLimits{
	Kinds: []brettspiel.EventKind{
		brettspiel.EventThrow, brettspiel.EventDecide, brettspiel.EventPass, brettspiel.EventMove,
		brettspiel.EventEnter, brettspiel.EventBearOff, brettspiel.EventHit, brettspiel.EventEnd,
		EventJunker, EventConcede,
	},
	RulePrefix: "V-", MaxEvents: 32, MinPlace: 0, MaxPlace: 25, MaxNumber: 12, MaxAmount: 15,
	MaxDice: 2, DiceSides: 6,
}

// checkEventPlaces refuses decoded events whose places do not agree as an
// Apply writes them (after CheckEvents has bounded them): a track place for
// each absolute one, in the track of the event's player, and none without
// one; "bar" and "off" naming those places and nothing else; the two dice of
// a throw, higher first, adding up to its number, and dice on no other event.
func checkEventPlaces(evs []brettspiel.Event) error {
	bad := func(i int, format string, args ...any) error {
		return &brettspiel.Error{Op: kit.OpDecodeJSON, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf("events[%d]: ", i) + fmt.Sprintf(format, args...)}
	}
	for i, e := range evs {
		for _, pl := range [2]struct {
			key        string
			abs, track int
			name       string
		}{{"from", e.From, e.TrackFrom, e.FromName}, {"to", e.To, e.TrackTo, e.ToName}} {
			want, wantName := brettspiel.NoPlace, ""
			if pl.abs != brettspiel.NoPlace {
				if e.Player != 0 && e.Player != 1 {
					return bad(i, "%s %d, but the event is no seat's", pl.key, pl.abs)
				}
				want = board.SameDirection.FromAbsolute(int(e.Player), pl.abs)
				wantName = placeNames[pl.abs]
			}
			if pl.track != want {
				return bad(i, "%s %d is %d in player %d's track, not %d", pl.key, pl.abs, want, e.Player, pl.track)
			}
			if pl.name != wantName {
				return bad(i, "%s %d is named %q, not %s", pl.key, pl.abs, wantName, quote.Quote(pl.name))
			}
		}
		if e.Kind != brettspiel.EventThrow {
			if len(e.Dice) != 0 {
				return bad(i, "dice %v on a %s event", e.Dice, e.Kind)
			}
			continue
		}
		if len(e.Dice) != 2 || e.Dice[0] < e.Dice[1] || e.Dice[1] < 1 || e.Dice[0] > 6 || e.Dice[0]+e.Dice[1] != e.Number {
			return bad(i, "a throw of %d with the dice %v: two dice 1…6, the higher first, adding up to its number", e.Number, e.Dice)
		}
	}
	return nil
}

// options reads the rules; a named preset must have exactly these options
// (no preset named is fine).
func (r rulesJSON) options() (Options, error) {
	bad := func(format string, args ...any) (Options, error) {
		return Options{}, &brettspiel.Error{Op: kit.OpDecodeJSON, Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	var o Options
	terms := []string{"bands=" + r.Bands, "opening=" + r.Opening}
	if err := o.set(terms); err != nil {
		return bad("rules: %v", kit.ReasonOf(err))
	}
	fp := slices.Index(firstNames[:], r.FirstPlayer)
	if fp < 0 {
		return bad("rules: firstPlayer %s is none of %q", quote.Quote(r.FirstPlayer), firstNames)
	}
	o.BandLimit, o.HigherDie, o.FirstPlayer, o.TurnCap = r.BandLimit, r.HigherDie, brettspiel.FirstPlayer(fp), r.TurnCap
	if err := o.Validate(); err != nil {
		return Options{}, err
	}
	if r.Preset != "" {
		// the JSON is written by MarshalJSON: the name exactly as Presets has it
		p, ok := PresetNamed(r.Preset)
		if !ok || p.Name != r.Preset {
			return bad("rules: unknown preset %s", quote.Quote(r.Preset))
		}
		if p.Options != o {
			return bad("rules: the preset %s has the options %v, not %v", quote.Quote(r.Preset), p.Options, o)
		}
	}
	return o, nil
}

// pipCount is the pips a side still has to go, a stone off the board counting
// as 25 (it must enter, then go round).
func pipCount(s *board.Side) int {
	n := 0
	for i := 0; i <= 24; i++ {
		n += int(s[i]) * (25 - i)
	}
	return n
}

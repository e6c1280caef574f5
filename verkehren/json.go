package verkehren

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
)

//go:embed state.schema.json
var schema []byte

// JSONSchema returns the JSON Schema (draft 2020-12) of the JSON form of a
// Game, the file state.schema.json of this package. It is self-contained: a
// frontend in any language can validate the documents with it alone.
func JSONSchema() []byte { return slices.Clone(schema) }

// jsonState is the JSON form of a Game (see the package doc).
type jsonState struct {
	brettspiel.StateJSON
	Rules     jsonRules   `json:"rules"`
	Phase     string      `json:"phase"`
	TurnOf    int         `json:"turnOf"`
	Dice      []int       `json:"dice"`
	DrawTotal int         `json:"drawTotal"`
	Turns     int         `json:"turns"`
	Ending    string      `json:"ending"`
	Track     [][]int     `json:"track"`
	Points    []jsonPoint `json:"points"`
	OffBoard  []int       `json:"offBoard"`
	BorneOff  []int       `json:"borneOff"`
	Pips      []int       `json:"pips"`
	Junker    []bool      `json:"junker"`
}

type jsonRules struct {
	Preset      string `json:"preset"`
	Bands       string `json:"bands"`
	Opening     string `json:"opening"`
	BandLimit   int    `json:"bandLimit"`
	HigherDie   bool   `json:"higherDie"`
	FirstPlayer string `json:"firstPlayer"`
	TurnCap     int    `json:"turnCap"`
}

// jsonPoint is an occupied point of the board in absolute numbering (player
// 0's track), with its point in its owner's track.
type jsonPoint struct {
	Point  int `json:"point"`
	Player int `json:"player"`
	Count  int `json:"count"`
	Track  int `json:"track"`
}

var phaseNames = [...]string{"draw-first", "draw-second", "throw", "play", "over"}

var endingKeys = [...]string{"not-ended", "single-game", "conceded", "double-junker", "double-six-off", "double-point-24", "turn-cap", "drawn-both-junker"}

var firstNames = [...]string{"draw", "player-0", "player-1"}

// MarshalJSON writes the state of the game (see the package doc and
// JSONSchema): the rules, the board in absolute and track coordinates, the
// counts, whose turn it is, the dice, the legal moves with their notation and
// the events of the last Apply.
func (g *Game) MarshalJSON() ([]byte, error) {
	if g.zero() {
		return nil, errZero("encode JSON")
	}
	s := jsonState{StateJSON: brettspiel.NewStateJSON(g, Variant, g.ID())}
	if g.phase == phaseOver && g.winner != brettspiel.Nobody {
		w := int(g.winner)
		s.Winner = &w
	}
	o := g.opts
	fp := 0
	if p, ok := o.FirstPlayer.Seat(); ok {
		fp = int(p) + 1
	}
	s.Rules = jsonRules{Preset: presetOf(o), Bands: o.Bands.String(), Opening: o.Opening.String(), BandLimit: o.BandLimit,
		HigherDie: o.HigherDie, FirstPlayer: firstNames[fp], TurnCap: o.TurnCap}
	s.Phase, s.TurnOf = phaseNames[g.phase], -1
	if g.phase == phaseThrow || g.phase == phasePlay {
		s.TurnOf = int(g.toMove)
	}
	s.Dice = []int{}
	if g.phase == phasePlay {
		s.Dice = []int{int(g.dice[0]), int(g.dice[1])}
	}
	s.DrawTotal, s.Turns, s.Ending = int(g.draw0), g.turns, endingKeys[g.ending]
	s.Track = make([][]int, 2)
	for p := range 2 {
		s.Track[p] = make([]int, 26)
		for i, c := range g.b.Sides[p] {
			s.Track[p][i] = int(c)
		}
	}
	s.Points, s.OffBoard, s.BorneOff, s.Pips, s.Junker = g.derived()
	return json.Marshal(&s)
}

// derived returns the keys that follow from the board.
func (g *Game) derived() (points []jsonPoint, offBoard, borneOff, pips []int, junker []bool) {
	points = []jsonPoint{}
	for a := 1; a <= 24; a++ {
		for p := range 2 {
			t := board.SameDirection.FromAbsolute(p, a)
			if c := int(g.b.Sides[p][t]); c > 0 {
				points = append(points, jsonPoint{Point: a, Player: p, Count: c, Track: t})
			}
		}
	}
	for p := range 2 {
		offBoard = append(offBoard, int(g.b.Sides[p][bar]))
		borneOff = append(borneOff, int(g.b.Sides[p][off]))
		pips = append(pips, pipCount(&g.b.Sides[p]))
		junker = append(junker, g.Junker(brettspiel.Player(p)))
	}
	return
}

// UnmarshalJSON reads a state written by MarshalJSON. The rules and the
// position come from their keys ("rules", "phase", "turnOf", "dice",
// "drawTotal", "turns", "ending", "track"); every other key must agree with
// them: the ID, the absolute points, the counts, whose turn it is, the legal
// moves, the returns and the winner. The events are kept as the events of the
// last Apply once they pass the bounds of what one Apply of this game emits
// (brettspiel.StateJSON.CheckEvents): known kinds, this game's rules, points
// 1…24, an end only when the game is over. Keys are read exactly as written:
// an unknown key, a key in another case, a key given twice and data after
// the object are refused (see brettspiel.DecodeStrict). The error wraps
// brettspiel.ErrBadNotation for what is no JSON of this form,
// brettspiel.ErrBadPosition for a state that cannot arise (or does not agree
// with itself) and brettspiel.ErrBadOptions for bad rules, and names the
// problem. On error g is unchanged.
func (g *Game) UnmarshalJSON(data []byte) error {
	var s jsonState
	if err := brettspiel.DecodeStrict(data, &s); err != nil {
		return err
	}
	n, err := s.game()
	if err != nil {
		return err
	}
	*g = *n
	return nil
}

func (s *jsonState) game() (*Game, error) {
	const op = "decode JSON"
	bad := func(format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: op, Err: brettspiel.ErrBadPosition, Reason: fmt.Sprintf(format, args...)}
	}
	if err := s.Check(Variant, 2); err != nil {
		return nil, err
	}
	var st state
	var err error
	if st.opts, err = s.Rules.options(); err != nil {
		return nil, err
	}
	ph := slices.Index(phaseNames[:], s.Phase)
	if ph < 0 {
		return bad("phase %s is none of %q", brettspiel.Quote(s.Phase), phaseNames)
	}
	st.phase = phase(ph)
	switch {
	case st.phase == phaseThrow || st.phase == phasePlay:
		if s.TurnOf != 0 && s.TurnOf != 1 {
			return bad("turnOf %d: in phase %s it is a seat, 0 or 1", s.TurnOf, s.Phase)
		}
		st.toMove = brettspiel.Player(s.TurnOf)
	case s.TurnOf != -1:
		return bad("turnOf %d: it is -1 in phase %s", s.TurnOf, s.Phase)
	}
	switch len(s.Dice) {
	case 0:
	case 2:
		st.dice = [2]int{s.Dice[0], s.Dice[1]}
		if st.phase != phasePlay {
			return bad("dice %v, but no throw is being played in phase %s", s.Dice, s.Phase)
		}
	default:
		return bad("dice %v: two dice, or none", s.Dice)
	}
	if st.phase == phasePlay && len(s.Dice) == 0 {
		return bad("no dice, but a throw is being played")
	}
	st.draw0, st.turns = s.DrawTotal, s.Turns
	if s.Turns < 0 {
		return bad("turns %d is negative", s.Turns)
	}
	e := slices.Index(endingKeys[:], s.Ending)
	if e < 0 {
		return bad("ending %s is none of %q", brettspiel.Quote(s.Ending), endingKeys)
	}
	st.ending = Ending(e)
	st.winner = brettspiel.Nobody
	if s.Winner != nil {
		if *s.Winner != 0 && *s.Winner != 1 {
			return bad("winner %d is no seat of two", *s.Winner)
		}
		st.winner = brettspiel.Player(*s.Winner)
	}
	if len(s.Track) != 2 {
		return bad("track has %d sides, want 2", len(s.Track))
	}
	for p := range 2 {
		if len(s.Track[p]) != 26 {
			return bad("track[%d] has %d positions, want 26 (0 off the board, 1…24, 25 borne off)", p, len(s.Track[p]))
		}
		copy(st.sides[p][:], s.Track[p])
	}
	g, err := st.build(op)
	if err != nil {
		return nil, err
	}
	if err := s.CheckEvents(eventLimits); err != nil {
		return nil, err
	}
	if len(s.Events) > 0 {
		g.events = slices.Clone(s.Events)
	}
	// the keys that follow from the state must agree with it
	points, offBoard, borneOff, pips, junker := g.derived()
	for i, pt := range s.Points {
		if i >= len(points) || pt != points[i] {
			if pt.Point < 1 || pt.Point > 24 || pt.Player < 0 || pt.Player > 1 {
				return bad("points[%d]: no point %d of player %d", i, pt.Point, pt.Player)
			}
			t := board.SameDirection.FromAbsolute(pt.Player, pt.Point)
			return bad("points[%d]: point %d holds %d stones of player %d (his point %d), but the track has %d there", i, pt.Point, pt.Count, pt.Player, pt.Track, g.b.Sides[pt.Player][t])
		}
	}
	if len(s.Points) != len(points) {
		p := points[len(s.Points)]
		return bad("points: point %d with %d stones of player %d is missing", p.Point, p.Count, p.Player)
	}
	for _, k := range []struct {
		key       string
		got, want any
	}{
		{"offBoard", s.OffBoard, offBoard}, {"borneOff", s.BorneOff, borneOff}, {"pips", s.Pips, pips}, {"junker", s.Junker, junker},
		{"returns", s.Returns, g.Returns()},
	} {
		if !equalJSON(k.got, k.want) {
			return bad("%s is %v, but the position gives %v", k.key, k.got, k.want)
		}
	}
	want := brettspiel.NewStateJSON(g, Variant, g.ID())
	switch {
	case s.ID != want.ID:
		return bad("the id %s does not agree with the state, whose ID is %q", brettspiel.Quote(s.ID), want.ID)
	case s.Turn != want.Turn || s.Player != want.Player:
		return bad("turn %s, player %d, but the state gives %q, %d", brettspiel.Quote(s.Turn), s.Player, want.Turn, want.Player)
	case !slices.EqualFunc(s.Legal, want.Legal, brettspiel.LegalMove.Equal):
		return bad("the legal moves do not agree with the state")
	}
	if (s.Winner == nil) != (g.winner == brettspiel.Nobody) {
		return bad("winner given for a game without a winner, or missing")
	}
	return g, nil
}

// eventLimits bounds the events of one Apply, for the decoder: places are
// track points 1…24 (off the board and borne off are NoPlace); a number is a
// die, a total of two dice or a count of open entry points; an amount is
// stones (at most 15) or the points of the ending; an end leaves the game
// over.
var eventLimits = brettspiel.EventLimits{
	Kinds: []brettspiel.EventKind{
		brettspiel.EventThrow, brettspiel.EventDecide, brettspiel.EventPass, brettspiel.EventMove,
		brettspiel.EventEnter, brettspiel.EventBearOff, brettspiel.EventHit, brettspiel.EventEnd,
		EventJunker, EventConcede,
	},
	RulePrefix: "V-", MaxEvents: 32, MinPlace: 1, MaxPlace: 24, MaxNumber: 12, MaxAmount: 15,
}

func equalJSON(a, b any) bool {
	switch a := a.(type) {
	case []int:
		return slices.Equal(a, b.([]int))
	case []bool:
		return slices.Equal(a, b.([]bool))
	}
	return false
}

// options reads the rules; a named preset must have exactly these options
// (no preset named is fine).
func (r jsonRules) options() (Options, error) {
	bad := func(format string, args ...any) (Options, error) {
		return Options{}, &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	var o Options
	terms := []string{"bands=" + r.Bands, "opening=" + r.Opening}
	if err := o.set(terms); err != nil {
		return bad("rules: %v", err.(*brettspiel.Error).Reason)
	}
	fp := slices.Index(firstNames[:], r.FirstPlayer)
	if fp < 0 {
		return bad("rules: firstPlayer %s is none of %q", brettspiel.Quote(r.FirstPlayer), firstNames)
	}
	o.BandLimit, o.HigherDie, o.FirstPlayer, o.TurnCap = r.BandLimit, r.HigherDie, brettspiel.FirstPlayer(fp), r.TurnCap
	if err := o.Validate(); err != nil {
		return Options{}, err
	}
	if r.Preset != "" {
		// the JSON is written by MarshalJSON: the name exactly as Presets has it
		p, ok := PresetNamed(r.Preset)
		if !ok || p.Name != r.Preset {
			return bad("rules: unknown preset %s", brettspiel.Quote(r.Preset))
		}
		if p.Options != o {
			return bad("rules: the preset %s has the options %v, not %v", brettspiel.Quote(r.Preset), p.Options, o)
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

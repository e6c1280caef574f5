package toccateglio

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel"
)

//go:embed state.schema.json
var schema []byte

// JSONSchema returns the JSON Schema (draft 2020-12) of the JSON form of a
// Game, the file state.schema.json of this package. It is self-contained: a
// frontend in another language needs only this file to validate a state.
func JSONSchema() []byte { return slices.Clone(schema) }

// stateJSON is the JSON form of a Game (see the package doc).
type stateJSON struct {
	brettspiel.StateJSON
	Rules          rulesJSON    `json:"rules"`
	Phase          string       `json:"phase"`
	Seat           int          `json:"seat"`
	Dice           []int        `json:"dice"`
	DrawThrow      []int        `json:"drawThrow"`
	Partien        int          `json:"partien"`
	Turns          int          `json:"turns"`
	TurnCapReached bool         `json:"turnCapReached"`
	Resume         string       `json:"resume"`
	NextThrower    int          `json:"nextThrower"`
	Players        []playerJSON `json:"players"`
	Board          []pointJSON  `json:"board"`
}

type rulesJSON struct {
	Preset                 string `json:"preset,omitempty"`
	Stones                 int    `json:"stones"`
	EnterFromHand          bool   `json:"enterFromHand"`
	LowerBegins            bool   `json:"lowerBegins"`
	FirstPlayer            int    `json:"firstPlayer"`
	ThrowAgainAfterDoublet bool   `json:"throwAgainAfterDoublet"`
	ClosedOpponentHucke    bool   `json:"closedOpponentHucke"`
	HigherDie              bool   `json:"higherDie"`
	SinglesInForce         bool   `json:"singlesInForce"`
	HuckeForce             string `json:"huckeForce"`
	ExactBearOffAlways     bool   `json:"exactBearOffAlways"`
	NoSatz                 bool   `json:"noSatz"`
	SingleDieHitsOnly      bool   `json:"singleDieHitsOnly"`
	Multipliers            string `json:"multipliers"`
	Partien                int    `json:"partien"`
	TurnCap                int    `json:"turnCap"`
}

type playerJSON struct {
	Marks   int   `json:"marks"`
	Strokes int   `json:"strokes"`
	Hand    int   `json:"hand"`
	Off     int   `json:"off"`
	OnBoard int   `json:"onBoard"`
	Pips    int   `json:"pips"`
	Track   []int `json:"track"`
}

type pointJSON struct {
	Point  int   `json:"point"`
	Track  []int `json:"track"`
	Player int   `json:"player"`
	Count  int   `json:"count"`
}

var phaseNames = [...]string{
	phaseDraw0:  "draw-first",
	phaseDraw1:  "draw-second",
	phaseThrow:  "throw",
	phaseMove:   "play",
	phaseDecide: "decide",
	phaseOver:   "over",
}

var resumeNames = [...]string{resumeMove: "play", resumeSetup: "setup", resumeNext: "next"}

func rulesToJSON(o Options) rulesJSON {
	r := rulesJSON{
		Stones: o.Stones, EnterFromHand: o.EnterFromHand, LowerBegins: o.LowerBegins, FirstPlayer: -1,
		ThrowAgainAfterDoublet: o.ThrowAgainAfterDoublet, ClosedOpponentHucke: o.ClosedOpponentHucke,
		HigherDie: o.HigherDie, SinglesInForce: o.SinglesInForce, HuckeForce: huckeForceNames[o.HuckeForce],
		ExactBearOffAlways: o.ExactBearOffAlways, NoSatz: o.NoSatz, SingleDieHitsOnly: o.SingleDieHitsOnly,
		Multipliers: multipliersNames[o.Multipliers], Partien: o.Partien, TurnCap: o.TurnCap,
	}
	if p, ok := o.FirstPlayer.Seat(); ok {
		r.FirstPlayer = int(p)
	}
	if p, ok := presetOf(o); ok {
		r.Preset = p.Name
	}
	return r
}

// stateToJSON fills the JSON form of g.
func (g *Game) stateToJSON() stateJSON {
	s := stateJSON{
		StateJSON: brettspiel.NewStateJSON(g, Variant, g.ID()),
		Rules:     rulesToJSON(g.opts),
		Phase:     phaseNames[g.phase],
		Seat:      int(g.turn),
		Dice:      []int{int(g.dice[0]), int(g.dice[1])},
		DrawThrow: []int{int(g.draw0[0]), int(g.draw0[1])},
		Partien:   int(g.partien), Turns: int(g.turns), TurnCapReached: g.capped,
		Resume: resumeNames[g.resume], NextThrower: int(g.next),
	}
	if g.phase == phaseOver && g.strokes[0] != g.strokes[1] {
		w := 0
		if g.strokes[1] > g.strokes[0] {
			w = 1
		}
		s.Winner = &w
	}
	for p := 0; p < 2; p++ {
		side := &g.sides[p]
		pl := playerJSON{Marks: int(g.marks[p]), Strokes: int(g.strokes[p]), Hand: int(side[hand]), Off: int(side[off]),
			Track: make([]int, 24)}
		for i := 1; i <= 24; i++ {
			pl.Track[i-1] = int(side[i])
			pl.OnBoard += int(side[i])
			pl.Pips += (25 - i) * int(side[i])
		}
		pl.Pips += 25 * int(side[hand])
		s.Players = append(s.Players, pl)
	}
	for i := 1; i <= 24; i++ {
		pt := pointJSON{Point: i, Track: []int{i, 25 - i}, Player: -1}
		switch {
		case g.sides[0][i] > 0:
			pt.Player, pt.Count = 0, int(g.sides[0][i])
		case g.sides[1][25-i] > 0:
			pt.Player, pt.Count = 1, int(g.sides[1][25-i])
		}
		s.Board = append(s.Board, pt)
	}
	return s
}

// MarshalJSON writes the state of the game (see the package doc and
// state.schema.json): the rules, the board in absolute points and in each
// player's track, the counts, marks and strokes, whose turn it is and what is
// to be done, the dice, the legal moves in notation and the events of the
// last apply, with the position ID.
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(g.stateToJSON()) }

// UnmarshalJSON reads a state written by MarshalJSON. The rules and the state
// are read from their keys and checked as strictly as FromPosition checks a
// position; the keys that follow from them (the board in absolute points, the
// counts, "turn", "player", "legal", "returns", "winner" and the "id") must
// agree with them. Keys are read exactly as written: an unknown key, a key in
// another case, a key given twice and data after the object are refused
// (see brettspiel.DecodeStrict). The events are kept as the events of the
// last apply once they pass the bounds of what one Apply of this game emits
// (brettspiel.StateJSON.CheckEvents): known kinds, this game's rules, track
// points 0…25, an end only where a Partie or the match ended. On error,
// which names the problem, g is unchanged.
func (g *Game) UnmarshalJSON(data []byte) error {
	var s stateJSON
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

// lookup returns the index of name in names.
func lookup(names []string, name string) (int, bool) {
	for i, n := range names {
		if n == name {
			return i, true
		}
	}
	return 0, false
}

func (s *stateJSON) game() (*Game, error) {
	var sentinel error = brettspiel.ErrBadPosition
	bad := func(format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: "decode JSON", Err: sentinel, Reason: fmt.Sprintf(format, args...)}
	}
	if err := s.StateJSON.Check(Variant, 2); err != nil {
		return nil, err
	}
	// The rules.
	r := &s.Rules
	o := Options{Stones: r.Stones, EnterFromHand: r.EnterFromHand, LowerBegins: r.LowerBegins,
		ThrowAgainAfterDoublet: r.ThrowAgainAfterDoublet, ClosedOpponentHucke: r.ClosedOpponentHucke,
		HigherDie: r.HigherDie, SinglesInForce: r.SinglesInForce, ExactBearOffAlways: r.ExactBearOffAlways,
		NoSatz: r.NoSatz, SingleDieHitsOnly: r.SingleDieHitsOnly, Partien: r.Partien, TurnCap: r.TurnCap}
	sentinel = brettspiel.ErrBadOptions
	switch r.FirstPlayer {
	case -1:
	case 0, 1:
		o.FirstPlayer = brettspiel.Starts(brettspiel.Player(r.FirstPlayer))
	default:
		return bad("rules.firstPlayer is %d, want -1 (the draw), 0 or 1", r.FirstPlayer)
	}
	hf, ok := lookup(huckeForceNames, r.HuckeForce)
	if !ok {
		return bad("rules.huckeForce is %s, want one of %s", brettspiel.Quote(r.HuckeForce), strings.Join(huckeForceNames, ", "))
	}
	mu, ok := lookup(multipliersNames, r.Multipliers)
	if !ok {
		return bad("rules.multipliers is %s, want one of %s", brettspiel.Quote(r.Multipliers), strings.Join(multipliersNames, ", "))
	}
	o.HuckeForce, o.Multipliers = HuckeForce(hf), Multipliers(mu)
	o, err := o.normalized()
	if err != nil {
		return bad("rules: %s", err.(*brettspiel.Error).Reason)
	}
	if r.Preset != "" {
		p, ok := PresetNamed(r.Preset)
		if !ok {
			return bad("rules.preset: unknown preset %s", brettspiel.Quote(r.Preset))
		}
		if d := o.Settings(p.Options); !presetRules(d) {
			return bad("rules.preset is %s, but the rules differ from it: %s", brettspiel.Quote(r.Preset), strings.Join(d, " "))
		}
	}
	// The state.
	sentinel = brettspiel.ErrBadPosition
	g := &Game{opts: o}
	ph, ok := lookup(phaseNames[:], s.Phase)
	if !ok {
		return bad("phase is %s, want one of %s", brettspiel.Quote(s.Phase), strings.Join(phaseNames[:], ", "))
	}
	g.phase = phase(ph)
	res, ok := lookup(resumeNames[:], s.Resume)
	if !ok {
		return bad("resume is %s, want one of %s", brettspiel.Quote(s.Resume), strings.Join(resumeNames[:], ", "))
	}
	g.resume = resume(res)
	if s.Seat != 0 && s.Seat != 1 {
		return bad("seat is %d, want 0 or 1", s.Seat)
	}
	if s.NextThrower != 0 && s.NextThrower != 1 {
		return bad("nextThrower is %d, want 0 or 1", s.NextThrower)
	}
	g.turn, g.next, g.capped = brettspiel.Player(s.Seat), brettspiel.Player(s.NextThrower), s.TurnCapReached
	for _, d := range []struct {
		name string
		v    []int
		to   *[2]uint8
	}{{"dice", s.Dice, &g.dice}, {"drawThrow", s.DrawThrow, &g.draw0}} {
		if len(d.v) != 2 || d.v[0] < 0 || d.v[0] > 6 || d.v[1] < 0 || d.v[1] > 6 {
			return bad("%s is %v, want two dice 1…6, higher first, or [0, 0]", d.name, d.v)
		}
		*d.to = [2]uint8{uint8(d.v[0]), uint8(d.v[1])}
	}
	if s.Partien < 0 || s.Partien > o.Partien {
		return bad("partien is %d, the match has %d", s.Partien, o.Partien)
	}
	if s.Turns < 0 || s.Turns > o.TurnCap {
		return bad("turns is %d, the turn cap is %d", s.Turns, o.TurnCap)
	}
	g.partien, g.turns = int32(s.Partien), int32(s.Turns)
	if len(s.Players) != 2 {
		return bad("%d players, want 2", len(s.Players))
	}
	for p, pl := range s.Players {
		if pl.Marks < 0 || pl.Marks > 127 {
			return bad("players[%d].marks is %d", p, pl.Marks)
		}
		if pl.Strokes < 0 || pl.Strokes > 4*o.Partien {
			return bad("players[%d].strokes is %d, want 0…%d", p, pl.Strokes, 4*o.Partien)
		}
		g.marks[p], g.strokes[p] = int8(pl.Marks), int32(pl.Strokes)
		if len(pl.Track) != 24 {
			return bad("players[%d].track has %d points, want 24", p, len(pl.Track))
		}
		counts := append(append([]int{pl.Hand}, pl.Track...), pl.Off)
		for i, c := range counts {
			if c < 0 || c > o.Stones {
				where := fmt.Sprintf("track point %d", i)
				switch i {
				case hand:
					where = "hand"
				case off:
					where = "off"
				}
				return bad("player %d has %d stones at %s", p, c, where)
			}
			g.sides[p][i] = int8(c)
		}
	}
	if reason := g.check(); reason != "" {
		return bad("%s", reason)
	}
	// What follows from the state must agree with it.
	want := g.stateToJSON()
	for p := range s.Players {
		got, w := s.Players[p], want.Players[p]
		if got.OnBoard != w.OnBoard || got.Pips != w.Pips {
			return bad("players[%d]: onBoard %d and pips %d, but the track gives %d and %d", p, got.OnBoard, got.Pips, w.OnBoard, w.Pips)
		}
	}
	if len(s.Board) != 24 {
		return bad("the board has %d points, want 24", len(s.Board))
	}
	for i, pt := range s.Board {
		w := want.Board[i]
		if pt.Point != w.Point || !slices.Equal(pt.Track, w.Track) {
			return bad("board[%d] is point %d %v, want point %d %v", i, pt.Point, pt.Track, w.Point, w.Track)
		}
		if pt.Player != w.Player || pt.Count != w.Count {
			return bad("board[%d]: point %d holds %d of player %d, but the players' tracks give %d of player %d",
				i, pt.Point, pt.Count, pt.Player, w.Count, w.Player)
		}
	}
	switch {
	case s.Turn != want.Turn || s.Player != want.Player:
		return bad("turn %s and player %d, but the phase %s gives %q and %d", brettspiel.Quote(s.Turn), s.Player, brettspiel.Quote(s.Phase), want.Turn, want.Player)
	case !slices.Equal(s.Returns, want.Returns):
		return bad("returns %v, but the strokes give %v", s.Returns, want.Returns)
	case (s.Winner == nil) != (want.Winner == nil) || (s.Winner != nil && *s.Winner != *want.Winner):
		return bad("the winner does not agree with the strokes and the phase")
	case len(s.Legal) != len(want.Legal):
		return bad("%d legal moves listed, the position has %d", len(s.Legal), len(want.Legal))
	}
	for i, m := range s.Legal {
		if !m.Equal(want.Legal[i]) {
			return bad("legal[%d] is %s (weight %d), the position's is %q (weight %d)", i, brettspiel.Quote(m.Notation), m.Weight, want.Legal[i].Notation, want.Legal[i].Weight)
		}
	}
	if s.ID != want.ID {
		return bad("the id %s does not agree with the state, whose id is %q", brettspiel.Quote(s.ID), want.ID)
	}
	if err := s.CheckEvents(eventLimits(g)); err != nil {
		return nil, err
	}
	if len(s.Events) > 0 {
		g.events = slices.Clone(s.Events)
	}
	return g, nil
}

// eventKinds are the kinds of events a Game emits.
var eventKinds = []brettspiel.EventKind{
	brettspiel.EventThrow, brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff,
	brettspiel.EventPass, brettspiel.EventMark, brettspiel.EventDecide, brettspiel.EventEnd,
	EventBegin, EventSetup, EventSatz,
}

// eventLimits bounds the events of one Apply in g's match, for the decoder:
// places are track points 0 (the hand) to 25 (off); a number is a die, a
// total, a quarter or the loser's marks (at most 127, as the marks); an
// amount is marks or, at the end of the match, strokes (at most 4 a
// Partie). An end leaves the winner's decision or the end of the match.
func eventLimits(g *Game) brettspiel.EventLimits {
	return brettspiel.EventLimits{
		Kinds: eventKinds, RulePrefix: "T-", MaxEvents: 256,
		MinPlace: 0, MaxPlace: 25, MaxNumber: 127, MaxAmount: max(127, 4*g.opts.Partien),
		Ends: func() bool { return g.phase == phaseDecide || g.phase == phaseOver },
	}
}

// presetRules reports whether settings against a preset touch only the length
// of the match and the first player, so that the rules are the preset's.
func presetRules(settings []string) bool {
	for _, s := range settings {
		if k, _, _ := strings.Cut(s, "="); k != "partien" && k != "turn-cap" && k != "first-player" {
			return false
		}
	}
	return true
}

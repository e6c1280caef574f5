package toccateglio

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/board"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// stateJSON is the JSON form of a Game (see the package doc): the envelope,
// the rules, the race board that Toccateglio shares with Verkehren, and the
// object "toccateglio" for what only this game has.
type stateJSON struct {
	kit.StateJSON
	Rules rulesJSON `json:"rules"`
	kit.RaceJSON
	Own ownJSON `json:"toccateglio"`
}

type rulesJSON struct {
	Preset                 string `json:"preset,omitempty"`
	Stones                 int    `json:"stones"`
	EnterFromHand          bool   `json:"enterFromHand"`
	LowerBegins            bool   `json:"lowerBegins"`
	FirstPlayer            string `json:"firstPlayer"`
	ThrowAgainAfterDoublet bool   `json:"throwAgainAfterDoublet"`
	ClosedOpponentHucke    bool   `json:"closedOpponentHucke"`
	HigherDie              bool   `json:"higherDie"`
	SinglesInForce         bool   `json:"singlesInForce"`
	HuckeForce             string `json:"huckeForce"`
	ExactBearOffAlways     bool   `json:"exactBearOffAlways"`
	NoSatz                 bool   `json:"noSatz"`
	SingleDieHitsOnly      bool   `json:"singleDieHitsOnly"`
	Multipliers            string `json:"multipliers"`
	Schule                 bool   `json:"schule,omitempty"`
	Partien                int    `json:"partien"`
	TurnCap                int    `json:"turnCap"`
}

// ownJSON is what only Toccateglio has: the score in marks and strokes, the
// Partien, the draw for the start and how play goes on after a Partie.
type ownJSON struct {
	Marks          []int  `json:"marks"`
	Strokes        []int  `json:"strokes"`
	Partien        int    `json:"partien"`
	DrawThrow      []int  `json:"drawThrow"`
	Resume         string `json:"resume"`
	NextThrower    int    `json:"nextThrower"`
	TurnCapReached bool   `json:"turnCapReached"`
	LastSeat       int    `json:"lastSeat"`
	// Schule is the window of the Schule that is open (phase decide,
	// Options.Schule), absent when none is.
	Schule *schuleJSON `json:"schule,omitempty"`
}

// schuleJSON is an open window of the Schule (T-W5): the step of T-W1 whose
// points are declared, who declares, who declared or claimed what is in
// question (the question is to the other player, the seat), and what is
// due — which only the whole state holds, for the server that keeps it;
// a view for a player leaves it out (kit.JSONView.NoSecrets).
type schuleJSON struct {
	Step         int      `json:"step"`         // 2 hits, 4 unplayable numbers and opened quarters, 5 closed quarters, 6 Marsch
	Mover        int      `json:"mover"`        // the seat whose turn it is
	Declarer     int      `json:"declarer"`     // who declares the step's points
	Author       int      `json:"author"`       // who declared or claimed the item in question; -1 while the declaration is due
	Claims       int      `json:"claims"`       // claims made in the window
	Changes      int      `json:"changes"`      // declarations, claims and corrections made in the window
	Reached      []int    `json:"reached"`      // per seat, the change at which his marks last rose to 12 or more; 0 below 12
	Unplayed     int      `json:"unplayed"`     // numbers of the throw the play left unplayed (T-D7)
	UnusedDie    int      `json:"unusedDie"`    // the die a one-step play left, or 0
	ClosedBefore []int    `json:"closedBefore"` // the quarters (1, 2, 4) the mover held closed before the play
	Due          *dueJSON `json:"due,omitempty"`
}

// dueJSON is what was due in a window, the secret of the Schule.
type dueJSON struct {
	Owed   int   `json:"owed"`   // by how much the item in question is wrong
	Short  bool  `json:"short"`  // the item forgot points (else it marked too many)
	Extra  int   `json:"extra"`  // what is due beyond a declaration of 12, marked when the window closes
	Opened []int `json:"opened"` // the closed quarters the play opened that some play would have kept (T-J2)
}

// quarterList is a mask of quarters as the list of their numbers.
func quarterList(mask uint8) []int {
	out := []int{}
	for _, q := range [3]int{1, 2, 4} {
		if mask&(1<<q) != 0 {
			out = append(out, q)
		}
	}
	return out
}

// quarterMask reads a list of quarters, ascending, each 1, 2 or 4.
func quarterMask(qs []int) (uint8, bool) {
	var m uint8
	last := 0
	for _, q := range qs {
		if (q != 1 && q != 2 && q != 4) || q <= last {
			return 0, false
		}
		m |= 1 << q
		last = q
	}
	return m, true
}

// schuleToJSON is the open window of g, its secret included unless v
// leaves it out; nil when none is open.
func (g *Game) schuleToJSON(v kit.JSONView) *schuleJSON {
	if g.phase != phaseMark && g.phase != phaseSchule {
		return nil
	}
	c := &g.sch
	s := &schuleJSON{Step: int(c.step), Mover: int(g.turn), Declarer: int(g.declarer()), Author: -1, Claims: int(c.claims),
		Changes: int(c.seq), Reached: []int{int(c.reached[0]), int(c.reached[1])}, Unplayed: int(c.unplayed),
		UnusedDie: int(c.unusedDie), ClosedBefore: quarterList(c.closedBefore)}
	if g.phase == phaseSchule {
		s.Author = int(c.author)
	}
	if !v.NoSecrets {
		s.Due = &dueJSON{Owed: int(c.owed), Short: c.short, Extra: int(c.extra), Opened: quarterList(c.opened)}
	}
	return s
}

var phaseNames = [...]string{
	phaseZero:   "", // never written: a zero Game has no JSON
	phaseDraw0:  "draw-first",
	phaseDraw1:  "draw-second",
	phaseThrow:  "throw",
	phaseMove:   "play",
	phaseDecide: "decide",
	phaseOver:   "over",
	// the Schule's decisions are decisions of the race board; the object
	// toccateglio.schule tells them from the winner's
	phaseMark:   "",
	phaseSchule: "",
}

// phaseName is the JSON name of ph.
func phaseName(ph phase) string {
	if ph == phaseMark || ph == phaseSchule {
		return phaseNames[phaseDecide]
	}
	return phaseNames[ph]
}

var resumeNames = [...]string{resumeMove: "play", resumeSetup: "setup", resumeNext: "next"}

// firstNames are the values of rules.firstPlayer by brettspiel.FirstPlayer,
// the same in both race games.
var firstNames = [...]string{"draw", "player-0", "player-1"}

// rulesToJSON is "rules" of the JSON form of a game with options o.
func rulesToJSON(o Options) rulesJSON {
	rulesMemo.Lock()
	defer rulesMemo.Unlock()
	if !rulesMemo.ok || rulesMemo.o != o {
		rulesMemo.o, rulesMemo.r, rulesMemo.ok = o, newRulesJSON(o), true
	}
	return rulesMemo.r
}

// rulesMemo keeps the rules of the last options written: a game writes the
// same with every state, and finding their preset compares the options'
// settings with every preset's.
var rulesMemo struct {
	sync.Mutex
	o  Options
	r  rulesJSON
	ok bool
}

func newRulesJSON(o Options) rulesJSON {
	r := rulesJSON{
		Stones: o.Stones, EnterFromHand: o.EnterFromHand, LowerBegins: o.LowerBegins, FirstPlayer: firstNames[0],
		ThrowAgainAfterDoublet: o.ThrowAgainAfterDoublet, ClosedOpponentHucke: o.ClosedOpponentHucke,
		HigherDie: o.HigherDie, SinglesInForce: o.SinglesInForce, HuckeForce: huckeForceNames[o.HuckeForce],
		ExactBearOffAlways: o.ExactBearOffAlways, NoSatz: o.NoSatz, SingleDieHitsOnly: o.SingleDieHitsOnly,
		Multipliers: multipliersNames[o.Multipliers], Schule: o.Schule, Partien: o.Partien, TurnCap: o.TurnCap,
	}
	if p, ok := o.FirstPlayer.Seat(); ok {
		r.FirstPlayer = firstNames[p+1]
	}
	if p, ok := presetOf(o); ok {
		r.Preset = p.Name
	}
	return r
}

// throwJSON is a throw as JSON numbers, [] for none.
func throwJSON(d [2]uint8) []int {
	if d[0] == 0 {
		return []int{}
	}
	return []int{int(d[0]), int(d[1])}
}

// seatJSON is a seat in JSON, −1 for brettspiel.Nobody.
func seatJSON(p brettspiel.Player) int {
	if p == brettspiel.Nobody {
		return -1
	}
	return int(p)
}

// stateToJSON fills the JSON form of g.
func (g *Game) stateToJSON() stateJSON { return g.viewToJSON(kit.JSONView{}) }

// viewToJSON fills the JSON form of g in the parts v asks for.
func (g *Game) viewToJSON(v kit.JSONView) stateJSON {
	id := g.ID()
	if v.NoSecrets && g.sch.step != 0 {
		id = "" // the ID holds what was due
	}
	seat := g.Turn()
	if g.sch.step != 0 {
		seat = g.ToMove() // who decides
	}
	s := stateJSON{
		StateJSON: kit.NewStateJSONView(g, Variant, id, v),
		Rules:     rulesToJSON(g.opts),
		RaceJSON: kit.RaceJSON{
			Phase: phaseName(g.phase), Seat: seatJSON(seat), Dice: throwJSON(g.dice),
			Turns: int(g.turns), Waiting: "hand",
		},
		Own: ownJSON{
			Marks:   []int{int(g.marks[0]), int(g.marks[1])},
			Strokes: []int{int(g.strokes[0]), int(g.strokes[1])},
			Partien: int(g.partien), DrawThrow: throwJSON(g.draw0),
			Resume: resumeNames[g.resume], NextThrower: int(g.next), TurnCapReached: g.capped, LastSeat: -1,
			Schule: g.schuleToJSON(v),
		},
	}
	if g.phase == phaseOver {
		s.Own.LastSeat = int(g.turn)
	}
	if w, ok := g.Winner(); ok {
		n := int(w)
		s.Winner = &n
	}
	// one array for the lists of numbers of the sides and the points
	nums := make([]int, 2*len(g.sides[0])+2*24)
	s.Sides = make([]kit.RaceSideJSON, 0, 2)
	s.Points = make([]kit.RacePointJSON, 0, 24)
	for p := 0; p < 2; p++ {
		side := &g.sides[p]
		track := nums[p*len(side) : (p+1)*len(side) : (p+1)*len(side)]
		sd := kit.RaceSideJSON{Seat: p, Track: track, Waiting: int(side[hand]),
			BorneOff: int(side[off]), Score: int(g.strokes[p])}
		for i, c := range side {
			sd.Track[i] = int(c)
		}
		for i := 1; i <= 24; i++ {
			sd.OnBoard += int(side[i])
			sd.Pips += (25 - i) * int(side[i])
		}
		sd.Pips += 25 * int(side[hand])
		s.Sides = append(s.Sides, sd)
	}
	for i := 1; i <= 24; i++ {
		k := 2*len(g.sides[0]) + 2*(i-1)
		track := nums[k : k+2 : k+2]
		track[0], track[1] = i, 25-i
		pt := kit.RacePointJSON{Point: i, Owner: -1, Track: track, Hucke: -1, Home: -1}
		switch {
		case g.sides[0][i] > 0:
			pt.Owner, pt.Count = 0, int(g.sides[0][i])
		case g.sides[1][25-i] > 0:
			pt.Owner, pt.Count = 1, int(g.sides[1][25-i])
		}
		switch i {
		case ownHucke: // seat 0's Hucke; seat 1's is his 12, absolute 13
			pt.Hucke = 0
		case 25 - ownHucke:
			pt.Hucke = 1
		}
		switch {
		case i >= 19:
			pt.Home = 0
		case i <= 6:
			pt.Home = 1
		}
		s.Points = append(s.Points, pt)
	}
	return s
}

// MarshalJSON writes the state of the game (see the package doc and
// state.schema.json): the shared envelope with the legal moves taken apart
// and the events of the last apply in absolute points; the rules; the race
// board that Toccateglio shares with Verkehren (kit.RaceJSON: the
// phase, whose turn, the dice, the 24 points with the Huckes and home
// quarters marked, each side's stones, pips and strokes); and under
// "toccateglio" the marks, strokes, Partien and what only this game has.
// The zero Game has no JSON form: an error wrapping brettspiel.ErrZeroGame.
func (g *Game) MarshalJSON() ([]byte, error) {
	if g.phase == phaseZero {
		return nil, zeroGame(kit.OpEncodeJSON)
	}
	return json.Marshal(g.stateToJSON())
}

// UnmarshalJSON reads a state written by MarshalJSON, into any Game, the
// zero Game included. The rules and the state are read from their keys
// (rules, phase, seat, dice, turns, sides[].track and the object
// "toccateglio") and checked as strictly as FromPosition checks a position;
// the keys that follow from them (the points, the other keys of the sides,
// waiting, "turn", "player", "legal", "returns", "winner" and the "id") must
// agree with them. Keys are read exactly as written: an unknown key, a key
// in another case, a key given twice and data after the object are refused
// (see kit.DecodeStrict). A state of JSON version 1 is refused with
// the reason; its "id" still loads with ParseID. The events are kept as the
// events of the last apply once they pass the bounds of what one Apply of
// this game emits (kit.StateJSON.CheckEvents, and checkEvents: known
// kinds, this game's rules, places 0…25 that agree with the mover's track,
// the dice of a throw, an end only where a Partie or the match ended) and
// agree with the state: the Apply they report, made again from the state
// before it, gives exactly these events and this state (a Marsch that sets
// the stones up again loses the position it was played from; its events
// must leave the setup, the winner to throw). On error, which names the
// problem, g is unchanged.
func (g *Game) UnmarshalJSON(data []byte) error {
	return kit.UnmarshalState(data, g, (*stateJSON).game)
}

// lookup returns the index of name in names; "" names nothing.
func lookup(names []string, name string) (int, bool) {
	for i, n := range names {
		if n == name && n != "" {
			return i, true
		}
	}
	return 0, false
}

// readThrow reads a throw: [] for none, or two dice 1…6.
func readThrow(v []int) ([2]uint8, bool) {
	switch {
	case len(v) == 0:
		return [2]uint8{}, true
	case len(v) != 2 || v[0] < 1 || v[0] > 6 || v[1] < 1 || v[1] > 6:
		return [2]uint8{}, false
	}
	return [2]uint8{uint8(v[0]), uint8(v[1])}, true
}

func (s *stateJSON) game() (*Game, error) {
	if err := s.StateJSON.Check(Variant, 2); err != nil {
		return nil, err
	}
	o, err := s.Rules.options()
	if err != nil {
		return nil, err
	}
	g, err := s.state(o)
	if err != nil {
		return nil, err
	}
	if err := s.agrees(g); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) (*Game, error) {
		return nil, badJSON(brettspiel.ErrBadPosition, format, args...)
	}
	if err := s.CheckEvents(eventLimits(g)); err != nil {
		return nil, err
	}
	if reason := checkEvents(s.Events); reason != "" {
		return bad("%s", reason)
	}
	if reason := g.eventsAgainstState(s.Events); reason != "" {
		return bad("%s", reason)
	}
	if len(s.Events) > 0 {
		g.events = slices.Clone(s.Events)
	}
	return g, nil
}

// badJSON is the error of a state whose JSON form is refused.
func badJSON(sentinel error, format string, args ...any) error {
	return &brettspiel.Error{Op: kit.OpDecodeJSON, Err: sentinel, Reason: fmt.Sprintf(format, args...)}
}

// options reads the rules, checked as Options.Validate checks them, and
// their preset, which must be theirs.
func (r *rulesJSON) options() (Options, error) {
	bad := func(format string, args ...any) (Options, error) {
		return Options{}, badJSON(brettspiel.ErrBadOptions, format, args...)
	}
	o := Options{Stones: r.Stones, EnterFromHand: r.EnterFromHand, LowerBegins: r.LowerBegins,
		ThrowAgainAfterDoublet: r.ThrowAgainAfterDoublet, ClosedOpponentHucke: r.ClosedOpponentHucke,
		HigherDie: r.HigherDie, SinglesInForce: r.SinglesInForce, ExactBearOffAlways: r.ExactBearOffAlways,
		NoSatz: r.NoSatz, SingleDieHitsOnly: r.SingleDieHitsOnly, Schule: r.Schule, Partien: r.Partien, TurnCap: r.TurnCap}
	fp, ok := lookup(firstNames[:], r.FirstPlayer)
	if !ok {
		return bad("rules.firstPlayer is %s, want one of %s", quote.Quote(r.FirstPlayer), strings.Join(firstNames[:], ", "))
	}
	o.FirstPlayer = brettspiel.FirstPlayer(fp)
	hf, ok := lookup(huckeForceNames, r.HuckeForce)
	if !ok {
		return bad("rules.huckeForce is %s, want one of %s", quote.Quote(r.HuckeForce), strings.Join(huckeForceNames, ", "))
	}
	mu, ok := lookup(multipliersNames, r.Multipliers)
	if !ok {
		return bad("rules.multipliers is %s, want one of %s", quote.Quote(r.Multipliers), strings.Join(multipliersNames, ", "))
	}
	o.HuckeForce, o.Multipliers = HuckeForce(hf), Multipliers(mu)
	o, err := o.normalized()
	if err != nil {
		return bad("rules: %s", kit.ReasonOf(err))
	}
	if r.Preset != "" {
		p, ok := PresetNamed(r.Preset)
		if !ok {
			return bad("rules.preset: unknown preset %s", quote.Quote(r.Preset))
		}
		if d := o.Settings(p.Options); !presetRules(d) {
			return bad("rules.preset is %s, but the rules differ from it: %s", quote.Quote(r.Preset), strings.Join(d, " "))
		}
	}
	return o, nil
}

// state reads the state of the game under o from its keys, and checks it
// as FromPosition checks a position.
func (s *stateJSON) state(o Options) (*Game, error) {
	bad := func(format string, args ...any) (*Game, error) {
		return nil, badJSON(brettspiel.ErrBadPosition, format, args...)
	}
	own := &s.Own
	g := &Game{opts: o}
	ph, ok := lookup(phaseNames[:], s.Phase)
	if !ok {
		return bad("phase is %s, want one of %s", quote.Quote(s.Phase), strings.Join(phaseNames[phaseDraw0:], ", "))
	}
	g.phase = phase(ph)
	if w := own.Schule; w != nil {
		if reason := g.schuleFromJSON(w, s.Seat); reason != "" {
			return bad("%s", reason)
		}
		s.Seat = int(g.turn) // the mover's turn, read as the other phases read it
	}
	res, ok := lookup(resumeNames[:], own.Resume)
	if !ok {
		return bad("toccateglio.resume is %s, want one of %s", quote.Quote(own.Resume), strings.Join(resumeNames[:], ", "))
	}
	g.resume = resume(res)
	// Whose turn: the seat in the phases of a seat; seat 0 by rule in the
	// draw; after the end the last seat, which the position ID keeps.
	switch g.phase {
	case phaseDraw0, phaseDraw1:
		if s.Seat != -1 || own.LastSeat != -1 {
			return bad("seat %d and toccateglio.lastSeat %d in the draw for the start, want -1 and -1", s.Seat, own.LastSeat)
		}
	case phaseOver:
		if s.Seat != -1 || (own.LastSeat != 0 && own.LastSeat != 1) {
			return bad("seat %d and toccateglio.lastSeat %d after the end, want -1 and 0 or 1", s.Seat, own.LastSeat)
		}
		g.turn = brettspiel.Player(own.LastSeat)
	default:
		if (s.Seat != 0 && s.Seat != 1) || own.LastSeat != -1 {
			return bad("seat %d and toccateglio.lastSeat %d in phase %s, want 0 or 1 and -1", s.Seat, own.LastSeat, s.Phase)
		}
		g.turn = brettspiel.Player(s.Seat)
	}
	if own.NextThrower != 0 && own.NextThrower != 1 {
		return bad("toccateglio.nextThrower is %d, want 0 or 1", own.NextThrower)
	}
	g.next, g.capped = brettspiel.Player(own.NextThrower), own.TurnCapReached
	if g.dice, ok = readThrow(s.Dice); !ok {
		return bad("dice is %v, want two dice 1…6, higher first, or []", s.Dice)
	}
	if g.draw0, ok = readThrow(own.DrawThrow); !ok {
		return bad("toccateglio.drawThrow is %v, want two dice 1…6, higher first, or []", own.DrawThrow)
	}
	if own.Partien < 0 || own.Partien > o.Partien {
		return bad("toccateglio.partien is %d, the match has %d", own.Partien, o.Partien)
	}
	if s.Turns < 0 || s.Turns > o.TurnCap {
		return bad("turns is %d, the turn cap is %d", s.Turns, o.TurnCap)
	}
	g.partien, g.turns = int32(own.Partien), int32(s.Turns)
	if len(own.Marks) != 2 || len(own.Strokes) != 2 {
		return bad("toccateglio: %d marks and %d strokes, want 2 each", len(own.Marks), len(own.Strokes))
	}
	for p := range 2 {
		if own.Marks[p] < 0 || own.Marks[p] > 127 {
			return bad("toccateglio.marks[%d] is %d", p, own.Marks[p])
		}
		if own.Strokes[p] < 0 || own.Strokes[p] > 4*o.Partien {
			return bad("toccateglio.strokes[%d] is %d, want 0…%d", p, own.Strokes[p], 4*o.Partien)
		}
		g.marks[p], g.strokes[p] = int8(own.Marks[p]), int32(own.Strokes[p])
	}
	if len(s.Sides) != 2 {
		return bad("%d sides, want 2", len(s.Sides))
	}
	for p, sd := range s.Sides {
		if len(sd.Track) != len(board.Side{}) {
			return bad("sides[%d].track has %d places, want %d (the hand, points 1…24, off)", p, len(sd.Track), len(board.Side{}))
		}
		for i, c := range sd.Track {
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
	return g, nil
}

// schuleFromJSON reads an open window of the Schule into g, whose phase is
// decide, with seat, who is to decide; or it says why it cannot be.
func (g *Game) schuleFromJSON(w *schuleJSON, seat int) string {
	c := &g.sch
	switch {
	case g.phase != phaseDecide:
		return "toccateglio.schule: a window of the Schule outside phase decide"
	case w.Due == nil:
		return "toccateglio.schule has no \"due\": a player's view of the state leaves out what was due, and does not load"
	case w.Mover != 0 && w.Mover != 1:
		return fmt.Sprintf("toccateglio.schule.mover is %d, want 0 or 1", w.Mover)
	case w.Author < -1 || w.Author > 1:
		return fmt.Sprintf("toccateglio.schule.author is %d, want -1, 0 or 1", w.Author)
	case len(w.Reached) != 2:
		return fmt.Sprintf("toccateglio.schule.reached has %d entries, want 2", len(w.Reached))
	}
	ints := []int{w.Step, w.Claims, w.Changes, w.Reached[0], w.Reached[1], w.Unplayed, w.UnusedDie, w.Due.Owed, w.Due.Extra}
	for _, n := range ints {
		if n < 0 || n > 255 {
			return fmt.Sprintf("toccateglio.schule: a number %d out of range", n)
		}
	}
	if w.Due.Owed > 127 || w.Due.Extra > 127 {
		return "toccateglio.schule.due: a number out of range"
	}
	var ok1, ok2 bool
	c.closedBefore, ok1 = quarterMask(w.ClosedBefore)
	c.opened, ok2 = quarterMask(w.Due.Opened)
	if !ok1 || !ok2 {
		return "toccateglio.schule: quarters are listed ascending, each 1, 2 or 4"
	}
	g.turn = brettspiel.Player(w.Mover)
	g.phase = phaseMark
	if w.Author >= 0 {
		g.phase, c.author = phaseSchule, brettspiel.Player(w.Author)
	}
	c.step, c.claims, c.seq = uint8(w.Step), uint8(w.Claims), uint8(w.Changes)
	c.reached = [2]uint8{uint8(w.Reached[0]), uint8(w.Reached[1])}
	c.unplayed, c.unusedDie = uint8(w.Unplayed), uint8(w.UnusedDie)
	c.owed, c.short, c.extra = int8(w.Due.Owed), w.Due.Short, int8(w.Due.Extra)
	if seat != int(g.ToMove()) {
		return fmt.Sprintf("seat %d, but player %d is to decide in the window of the Schule", seat, g.ToMove())
	}
	if w.Declarer != int(g.declarer()) {
		return fmt.Sprintf("toccateglio.schule.declarer is %d, but step %d is player %d's", w.Declarer, w.Step, g.declarer())
	}
	return ""
}

// agrees checks that the keys that follow from the state of g (the sides'
// counts, the points, whose turn, the returns, the winner, the legal moves
// and the ID) agree with it.
func (s *stateJSON) agrees(g *Game) error {
	bad := func(format string, args ...any) error {
		return badJSON(brettspiel.ErrBadPosition, format, args...)
	}
	// What follows from the state must agree with it.
	want := g.stateToJSON()
	for p, sd := range s.Sides {
		w := want.Sides[p]
		if sd.Seat != w.Seat || sd.Waiting != w.Waiting || sd.OnBoard != w.OnBoard || sd.BorneOff != w.BorneOff || sd.Pips != w.Pips || sd.Score != w.Score {
			return bad("sides[%d]: seat %d, waiting %d, onBoard %d, borneOff %d, pips %d, score %d, but the track and strokes give %d, %d, %d, %d, %d, %d",
				p, sd.Seat, sd.Waiting, sd.OnBoard, sd.BorneOff, sd.Pips, sd.Score, w.Seat, w.Waiting, w.OnBoard, w.BorneOff, w.Pips, w.Score)
		}
	}
	if s.Waiting != want.Waiting {
		return bad("waiting is %s, want %q: Toccateglio's stones wait in the hand", quote.Quote(s.Waiting), want.Waiting)
	}
	if len(s.Points) != 24 {
		return bad("%d points, want 24", len(s.Points))
	}
	for i, pt := range s.Points {
		w := want.Points[i]
		if pt.Point != w.Point || !slices.Equal(pt.Track, w.Track) || pt.Hucke != w.Hucke || pt.Home != w.Home {
			return bad("points[%d] is point %d, track %v, hucke %d, home %d; want point %d, track %v, hucke %d, home %d",
				i, pt.Point, pt.Track, pt.Hucke, pt.Home, w.Point, w.Track, w.Hucke, w.Home)
		}
		if pt.Owner != w.Owner || pt.Count != w.Count {
			return bad("points[%d]: point %d holds %d of seat %d, but the sides' tracks give %d of seat %d",
				i, pt.Point, pt.Count, pt.Owner, w.Count, w.Owner)
		}
	}
	switch {
	case s.Turn != want.Turn || s.Player != want.Player:
		return bad("turn %s and player %d, but the phase %s gives %q and %d", quote.Quote(s.Turn), s.Player, quote.Quote(s.Phase), want.Turn, want.Player)
	case !slices.Equal(s.Returns, want.Returns):
		return bad("returns %v, but the strokes give %v", s.Returns, want.Returns)
	case (s.Winner == nil) != (want.Winner == nil) || (s.Winner != nil && *s.Winner != *want.Winner):
		return bad("the winner does not agree with the strokes and the phase")
	case len(s.Legal) != len(want.Legal):
		return bad("%d legal moves listed, the position has %d", len(s.Legal), len(want.Legal))
	}
	for i, m := range s.Legal {
		if !m.Equal(want.Legal[i]) {
			return bad("legal[%d] is %s (weight %d), the position's is %q (weight %d), or its parts differ", i, quote.Quote(m.Notation), m.Weight, want.Legal[i].Notation, want.Legal[i].Weight)
		}
	}
	if s.ID != want.ID {
		return bad("the id %s does not agree with the state, whose id is %q", quote.Quote(s.ID), want.ID)
	}
	return nil
}

// checkEvents returns what is wrong with decoded events beyond the bounds
// of eventLimits, or "": the places of an event are NoPlace together in
// both coordinates or agree between the absolute points and the track of
// its Player; only the hand is named "hand" and off "off"; a throw has two
// dice 1…6, higher first, that make its number and its note, and no other
// event has dice.
func checkEvents(events []brettspiel.Event) string {
	for i, e := range events {
		for _, pl := range [2]struct {
			abs, track int
			name, want string
			named      int
		}{{e.From, e.TrackFrom, e.FromName, handName, hand}, {e.To, e.TrackTo, e.ToName, offName, off}} {
			switch {
			case (pl.abs == brettspiel.NoPlace) != (pl.track == brettspiel.NoPlace):
				return fmt.Sprintf("events[%d]: place %d is track point %d", i, pl.abs, pl.track)
			case pl.abs != brettspiel.NoPlace && (e.Player < 0 || e.Player > 1):
				return fmt.Sprintf("events[%d]: a place, but %s has no track", i, e.Player)
			case pl.abs != brettspiel.NoPlace && (pl.track < 0 || pl.track > off || absPoint(e.Player, pl.track) != pl.abs):
				return fmt.Sprintf("events[%d]: place %d is not point %d of %s's track", i, pl.abs, pl.track, e.Player)
			case pl.name != "" && pl.name != pl.want, (pl.name == pl.want) != (pl.abs == pl.named):
				return fmt.Sprintf("events[%d]: place %d is named %s", i, pl.abs, quote.Quote(pl.name))
			}
		}
		if e.Kind != brettspiel.EventThrow {
			if len(e.Dice) != 0 {
				return fmt.Sprintf("events[%d]: dice %v, but only a throw has dice", i, e.Dice)
			}
			continue
		}
		if d, ok := readThrow(e.Dice); !ok || !validThrow(d) || e.Number != int(d[0]+d[1]) || e.Note != throwNote(d[0], d[1]) {
			return fmt.Sprintf("events[%d]: a throw of %v by %d (%s), want two dice 1…6, higher first, that make its number and its note", i, e.Dice, e.Number, quote.Quote(e.Note))
		}
	}
	return ""
}

// eventKinds are the kinds of events a Game emits.
var eventKinds = []brettspiel.EventKind{
	brettspiel.EventThrow, brettspiel.EventMove, brettspiel.EventEnter, brettspiel.EventBearOff,
	brettspiel.EventPass, brettspiel.EventMark, brettspiel.EventDecide, brettspiel.EventEnd,
	EventBegin, EventSetup, EventSatz, EventDeclare, EventSchule, EventRight, EventLetPass,
	EventGiveUp,
}

// eventLimits bounds the events of one Apply in g's match, for the decoder:
// places are absolute points 1…24, 0 (the hand) or 25 (off); a number is a die, a
// total, a quarter or the loser's marks (at most 127, as the marks); an
// amount is marks or, at the end of the match, strokes (at most 4 a
// Partie). An end leaves the winner's decision or the end of the match.
func eventLimits(g *Game) kit.EventLimits {
	return kit.EventLimits{
		Kinds: eventKinds, RulePrefix: "T-", MaxEvents: 256,
		MinPlace: 0, MaxPlace: 25, MaxNumber: 127, MaxAmount: max(127, 4*g.opts.Partien),
		MaxDice: 2, DiceSides: 6,
		Ends: func() bool { return g.phase == phaseDecide || g.phase == phaseOver },
	}
}

package festung

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// stateJSON is the JSON form of a Game: the envelope every variant shares,
// then the rules, whose turn it is, the dice, the seats and the plan.
type stateJSON struct {
	kit.StateJSON
	Rules         rulesJSON   `json:"rules"`
	Seat          int         `json:"seat"`
	Dice          []int       `json:"dice"`
	Turns         int         `json:"turns"`
	Capped        bool        `json:"capped"`
	Throw         *throwJSON  `json:"throw"`
	MarkersOnPlan int         `json:"markersOnPlan"`
	Seats         []seatJSON  `json:"seats"`
	Layout        layoutJSON  `json:"layout"`
	Fields        []fieldJSON `json:"fields"`
	// held are the fields of the lean form (kit.JSONView.NoStatic) in
	// place of Fields: those that hold a marker or squares.
	held []heldField
}

// heldField is a field of the lean form: its ID, marker and squares, all
// the lean form writes of a field.
type heldField struct {
	ID      int
	Marker  bool
	Squares []int
}

type rulesJSON struct {
	Players    int    `json:"players"`
	Stock      int    `json:"stock"`
	Stake      int    `json:"stake"`
	EmptyField string `json:"emptyField,omitempty"`
	TurnCap    int    `json:"turnCap"`
}

type throwJSON struct {
	Notation string   `json:"notation"`
	Offer    []string `json:"offer"`
}

type seatJSON struct {
	Seat           int    `json:"seat"`
	Balance        int    `json:"balance"`
	Bought         int    `json:"bought"`
	Pasches        int    `json:"pasches"`
	Return         int    `json:"return"`
	OpenFortresses int    `json:"openFortresses"`
	Fortress       string `json:"fortress,omitempty"`
	PaschField     string `json:"paschField,omitempty"`
}

// layoutJSON states the coordinate system of the fields' x and y.
type layoutJSON struct {
	Width     int `json:"width"`
	Height    int `json:"height"`
	FieldSize int `json:"fieldSize"`
}

// planLayout is the layout key, the same in every state.
var planLayout = layoutJSON{Width: LayoutSize, Height: LayoutSize, FieldSize: LayoutFieldSize}

type fieldJSON struct {
	ID         int     `json:"id"`
	Name       string  `json:"name"`
	Kind       string  `json:"kind"`
	Number     int     `json:"number"`
	Fortress   int     `json:"fortress"`
	Twin       int     `json:"twin"`
	Line       int     `json:"line"`
	Battery    int     `json:"battery"`
	Neighbours []int   `json:"neighbours,omitempty"`
	X          float64 `json:"x"`
	Y          float64 `json:"y"`
	Marker     bool    `json:"marker"`
	Squares    []int   `json:"squares,omitempty"`
}

// describe is the part of a field's JSON that the plan fixes: everything but
// the marker and the squares.
func describe(f Field) fieldJSON {
	j := fieldJSON{ID: int(f.ID), Name: f.Name, Kind: kindKeys[f.Kind], Number: f.Number, Fortress: f.Fortress,
		Twin: f.Twin, Line: f.Line, Battery: f.Battery, X: f.X, Y: f.Y}
	for _, n := range f.neighbours[:f.numNeigh] {
		j.Neighbours = append(j.Neighbours, int(n))
	}
	return j
}

// planJSON is the description of every field, index id-1, made once.
var planJSON = func() (out [NumFields]fieldJSON) {
	for i := range out {
		out[i] = describe(plan[i+1])
	}
	return out
}()

// sameDescription reports whether f describes the field as the plan does.
func sameDescription(f, want fieldJSON) bool {
	return f.ID == want.ID && f.Name == want.Name && f.Kind == want.Kind && f.Number == want.Number &&
		f.Fortress == want.Fortress && f.Twin == want.Twin && f.Line == want.Line && f.Battery == want.Battery &&
		slices.Equal(f.Neighbours, want.Neighbours) && f.X == want.X && f.Y == want.Y
}

// kindKeys are the kinds of fields as the JSON names them.
var kindKeys = [...]string{"", "outerWork", "lineField", "schanze", "battery", "fortress", "paschField"}

// squareFields returns the fields on which a seat with k Pasches has his
// fortress square and his Pasch square (NoField before the first Pasch; the
// fifth Pasch moves the fortress square only, to F5).
func squareFields(k int) (fortress, pasch FieldID) {
	if k == 0 {
		return NoField, NoField
	}
	return FortressID(k), PaschFieldID(min(k, 4))
}

func (g *Game) toJSON() stateJSON { return g.viewToJSON(kit.JSONView{}) }

// viewToJSON fills the JSON form of g in the parts v asks for; the plan is
// left to MarshalJSONView. Under v.NoStatic the fields carry their IDs,
// markers and squares only.
func (g *Game) viewToJSON(v kit.JSONView) stateJSON {
	s := stateJSON{
		StateJSON: kit.NewStateJSONView(g, Variant, g.ID(), v),
		Rules: rulesJSON{
			Players: g.opts.Players,
			Stock:   g.opts.Stock,
			Stake:   Stake(g.opts.Players),
			TurnCap: g.opts.TurnCap,
		},
		Seat:          -1,
		Dice:          []int{},
		Turns:         g.throws,
		Capped:        g.capped,
		MarkersOnPlan: g.MarkersOnPlan(),
		Seats:         make([]seatJSON, g.opts.Players),
		Layout:        planLayout,
	}
	if p := g.Turn(); p != brettspiel.Nobody {
		s.Seat = int(p)
	}
	if g.winner != brettspiel.Nobody {
		w := int(g.winner)
		s.Winner = &w
	}
	if g.opts.EmptyField != NoField {
		s.Rules.EmptyField = g.opts.EmptyField.String()
	}
	if t := g.throw; t.L != 0 {
		s.Dice = g.Dice()
		s.Throw = &throwJSON{Notation: throwNames[t.L][t.A][t.B], Offer: []string{}}
		for _, m := range g.LegalMoves() { // what s.Legal lists, under any view
			s.Throw.Offer = append(s.Throw.Offer, g.MoveString(m))
		}
	}
	for p := range s.Seats {
		k := int(g.pasch[p])
		f, pf := squareFields(k)
		s.Seats[p] = seatJSON{
			Seat:           p,
			Balance:        g.balance[p],
			Bought:         g.bought[p],
			Pasches:        k,
			Return:         g.balance[p] - g.opts.Stock,
			OpenFortresses: g.OpenFortresses(brettspiel.Player(p)),
		}
		if f != NoField {
			s.Seats[p].Fortress, s.Seats[p].PaschField = f.String(), pf.String()
		}
	}
	var squares [NumFields + 1][]int // the seats' squares by field
	for p := range s.Seats {
		f, pf := squareFields(int(g.pasch[p]))
		for _, id := range [2]FieldID{f, pf} {
			if id != NoField {
				squares[id] = append(squares[id], p)
			}
		}
	}
	if v.NoStatic {
		// The plan's description is left out, and the lean form writes
		// only the fields that hold a marker or squares: only they are
		// made, each with its ID, marker and squares (held; Fields stays
		// nil).
		held := func(i int) bool { return g.Marker(FieldID(i)) || squares[i] != nil }
		n := 0
		for i := 1; i <= NumFields; i++ {
			if held(i) {
				n++
			}
		}
		s.held = make([]heldField, 0, n)
		for i := 1; i <= NumFields; i++ {
			if held(i) {
				s.held = append(s.held, heldField{ID: i, Marker: g.Marker(FieldID(i)), Squares: squares[i]})
			}
		}
		return s
	}
	s.Fields = make([]fieldJSON, NumFields)
	copy(s.Fields, planJSON[:])
	for i := range s.Fields {
		s.Fields[i].Marker = g.Marker(FieldID(i + 1))
		s.Fields[i].Squares = squares[i+1]
	}
	return s
}

// MarshalJSON implements json.Marshaler: the state as a JSON object that
// frontends can show without knowing the rules, under stable lowerCamel keys
// (the schema is state.schema.json, also [JSONSchema]):
//
//   - the envelope every variant shares: "version" (kit.JSONVersion),
//     "game" ("festung"), "id" (the position ID), "turn" ("chance",
//     "player" or "over"), "player" (the seat to decide, else −1), "legal"
//     (the 126 throws with their weights of 216 and their dice, or the
//     fields to choose from with field ID and name), "events" (of the last
//     Apply, fields by ID and by name), "returns", and "winner" once a seat
//     has thrown the fifth Pasch;
//   - "rules": players, stock, stake (F-S1), emptyField (with five players)
//     and turnCap;
//   - the names the variants share: "seat" (whose turn it is: who throws
//     next or decides his throw; −1 once the game is over), "dice" (the
//     throw awaiting its thrower's decision as [L, a, b]; [] when none),
//     "turns" (throws made) and "capped" (the turn cap ended the game);
//   - "throw" (the notation of the throw awaiting a decision and the fields
//     on offer; null when none) and "markersOnPlan";
//   - "seats": each seat's balance, bought markers, Pasches, return, open
//     fortresses (F-A1) and the fields of his fortress and Pasch squares;
//   - "layout": the coordinate system of the fields' positions, {"width":
//     100, "height": 100, "fieldSize": 5} (see [LayoutSize]): origin top
//     left, y downwards;
//   - "fields": the 77 fields of the plan in ID order, all a renderer needs
//     to draw the plan without knowing the rules — the plan has no track,
//     so a field is given by its ID and name, kind ("outerWork",
//     "lineField", "schanze", "battery", "fortress", "paschField"), number,
//     fortress, twin, line, battery (9…12 for a battery and its Schanzen,
//     else 0), the IDs of its neighbours in the triangle (batteries and
//     Schanzen only), its centre "x" and "y" on the drawing — with "marker"
//     and, on fortresses and Pasch fields, the seats whose squares stand
//     there.
//
// A zero Game has no JSON form: the error wraps brettspiel.ErrZeroGame.
func (g *Game) MarshalJSON() ([]byte, error) {
	if g.zero() {
		return nil, zeroErr(kit.OpEncodeJSON)
	}
	return json.Marshal(g.toJSON())
}

// UnmarshalJSON implements json.Unmarshaler. It reads the rules and the
// position from the state keys — rules, seat, dice, turns, capped, each
// seat's balance, bought and Pasches, each field's marker — and checks them
// as FromPosition does; every other key must agree with them (the id, turn,
// player, winner, legal, returns, throw, markersOnPlan, the seats' derived
// values, the layout, the fields' description and squares), and the events
// are kept as the events of the last Apply once they pass the bounds of
// what one Apply of this game emits (kit.StateJSON.CheckEvents:
// known kinds, this game's rules, fields of the plan named by their names,
// dice on throws only, an end only when the game is over) and agree with the
// state: undone from it, they give the state before the Apply they report,
// and that Apply made again gives exactly these events and this state (a
// throw awaiting its thrower's decision has done nothing yet but be thrown;
// the events of the setup stand only before the first throw). Keys are read
// exactly as written: an unknown key, a key in another case, a key given
// twice and data after the object are refused (see
// kit.DecodeStrict); a state of JSON version 1 is refused with the
// reason (its "id" still loads with ParseID). The error names the problem
// and wraps brettspiel.ErrBadNotation (not this JSON form),
// brettspiel.ErrBadOptions or brettspiel.ErrBadPosition; on error g is
// unchanged. Reading into a zero Game is how one loads a state.
func (g *Game) UnmarshalJSON(data []byte) error {
	return kit.UnmarshalState(data, g, (*stateJSON).game)
}

// game builds the game the decoded JSON describes and checks that every key
// agrees with it.
func (s *stateJSON) game() (*Game, error) {
	o, err := s.options()
	if err != nil {
		return nil, err
	}
	pos, end, err := s.position(o.Players)
	if err != nil {
		return nil, err
	}
	g, err := load(o, pos, end)
	if err != nil {
		return nil, err
	}
	evs, err := s.events()
	if err != nil {
		return nil, err
	}
	if len(evs) > 0 {
		g.loaded = evs
	}
	if err := s.agrees(g.toJSON()); err != nil {
		return nil, err
	}
	if reason := g.eventsAgainstState(s.Events); reason != "" {
		return nil, badJSON(brettspiel.ErrBadPosition, "%s", reason)
	}
	if evs, ok := packEvents(g.loaded); ok && g.loaded != nil {
		g.events, g.loaded = evs, nil
	}
	return g, nil
}

// events returns the decoded events once they pass the bounds of what one
// Apply of this game emits (eventLimits) and name their places as this game
// does (checkEventPlaces).
func (s *stateJSON) events() ([]brettspiel.Event, error) {
	if err := s.CheckEvents(eventLimits); err != nil {
		return nil, err
	}
	return s.Events, checkEventPlaces(s.Events)
}

// badJSON is the error of a decoded state that is refused.
func badJSON(sentinel error, format string, args ...any) error {
	return &brettspiel.Error{Op: kit.OpDecodeJSON, Err: sentinel, Reason: fmt.Sprintf(format, args...)}
}

// options reads the rules, written in full, and checks the shared envelope
// for their number of players.
func (s *stateJSON) options() (Options, error) {
	bad := func(format string, args ...any) (Options, error) {
		return Options{}, badJSON(brettspiel.ErrBadOptions, format, args...)
	}
	if s.Rules.Players < 2 || s.Rules.Players > brettspiel.MaxPlayers {
		if err := s.Check(Variant, brettspiel.MaxPlayers); err != nil {
			return Options{}, err
		}
		return bad("rules.players: the game is for 2 to 6 players, not %d", s.Rules.Players)
	}
	if err := s.Check(Variant, s.Rules.Players); err != nil {
		return Options{}, err
	}
	o := Options{Players: s.Rules.Players, Stock: s.Rules.Stock, TurnCap: s.Rules.TurnCap}
	if s.Rules.EmptyField != "" {
		f, ok := FieldByName(s.Rules.EmptyField)
		if !ok || f.Kind != OuterWork {
			return bad("rules.emptyField %s is no outer-works field", quote.Quote(s.Rules.EmptyField))
		}
		o.EmptyField = f.ID
	}
	norm, err := o.normalized()
	if err != nil {
		return bad("rules: %s", kit.ReasonOf(err))
	}
	switch {
	case norm.Stock != o.Stock:
		return bad("rules.stock is missing (1…%d)", maxStock)
	case norm.TurnCap != o.TurnCap:
		return bad("rules.turnCap is missing (1…%d)", maxTurnCap)
	case norm.EmptyField != o.EmptyField:
		return bad("rules.emptyField is missing: with five players one outer-works field stays empty")
	case s.Rules.Stake != Stake(o.Players):
		return bad("rules.stake is %d, but %d players stake %d each (F-S1)", s.Rules.Stake, o.Players, Stake(o.Players))
	}
	return norm, nil
}

// position reads the position of n players from the seats, the fields, the
// seat to throw, the turns and the dice, and how the game has ended.
func (s *stateJSON) position(n int) (Position, ending, error) {
	bad := func(format string, args ...any) (Position, ending, error) {
		return Position{}, playing, badJSON(brettspiel.ErrBadPosition, format, args...)
	}
	if len(s.Seats) != n {
		return bad("%d seats for %d players", len(s.Seats), n)
	}
	if len(s.Fields) != NumFields {
		return bad("%d fields; the plan has %d, listed in ID order", len(s.Fields), NumFields)
	}
	pos := Position{Balances: make([]int, n), Bought: make([]int, n), Pasches: make([]int, n), Thrower: brettspiel.Player(s.Seat), Throws: s.Turns}
	for p, seat := range s.Seats {
		if seat.Pasches < 0 || seat.Pasches > 5 {
			return bad("seats[%d].pasches is %d; want 0…5", p, seat.Pasches)
		}
		pos.Balances[p], pos.Bought[p], pos.Pasches[p] = seat.Balance, seat.Bought, seat.Pasches
	}
	for i, f := range s.Fields {
		want := planJSON[i]
		if !sameDescription(f, want) {
			return bad("fields[%d] is %s, but field %d of the plan is %s (only marker and squares vary)", i, jsonText(f), want.ID, jsonText(want))
		}
		if f.Marker {
			if !plan[i+1].Markers {
				return bad("fields[%d]: %s is a %v and holds squares, not markers", i, f.Name, plan[i+1].Kind)
			}
			pos.Markers = append(pos.Markers, plan[i+1].ID)
		}
	}
	// seat is −1 once the game is over; the seat that threw last, which the
	// state keeps, then follows from the turns (seat 0 throws first and the
	// dice go round).
	end := playing
	switch {
	case s.Seat == -1 && s.Turns < 1:
		return bad("seat is -1 (the game is over), but no throw has been made")
	case s.Seat == -1 && s.Capped && s.Winner != nil:
		return bad("capped, but seat %d has won: a game ends by the turn cap or by a fifth Pasch", *s.Winner)
	case s.Seat == -1:
		pos.Thrower = brettspiel.Player((s.Turns - 1) % n)
		end = won
		if s.Capped {
			end = capped
		}
	case s.Capped:
		return bad("capped, but seat is %d: when the game is over, it is nobody's turn (-1)", s.Seat)
	}
	switch len(s.Dice) {
	case 0:
	case 3:
		t := dice.Throw3{}
		for i, d := range s.Dice {
			if d < 1 || d > 6 {
				return bad("dice[%d] is %d; a die shows 1…6", i, d)
			}
		}
		t.L, t.A, t.B = uint8(s.Dice[0]), uint8(s.Dice[1]), uint8(s.Dice[2])
		if t.A > t.B {
			return bad("dice %v: the small dice are written smaller first", s.Dice)
		}
		pos.Throw = t
	default:
		return bad("dice holds %d numbers; want [] or the large die and the two small ones", len(s.Dice))
	}
	return pos, end, nil
}

// agrees checks that every key that follows from the state, w, agrees with
// it.
func (s *stateJSON) agrees(w stateJSON) error {
	disagree := func(key string, got, want any) error {
		return badJSON(brettspiel.ErrBadPosition, "%s is %v, but the state gives %v", key, got, want)
	}
	switch {
	case s.ID != w.ID:
		return badJSON(brettspiel.ErrBadPosition, "id %s is not the position ID of the state the other keys give, %q", quote.Quote(s.ID), w.ID)
	case s.Turn != w.Turn:
		return disagree("turn", s.Turn, w.Turn)
	case s.Player != w.Player:
		return disagree("player", s.Player, w.Player)
	case (s.Winner == nil) != (w.Winner == nil) || (s.Winner != nil && *s.Winner != *w.Winner):
		return disagree("winner", jsonText(s.Winner), jsonText(w.Winner))
	case !slices.EqualFunc(s.Legal, w.Legal, brettspiel.LegalMove.Equal):
		return disagree("legal", jsonText(s.Legal), jsonText(w.Legal))
	case !slices.Equal(s.Returns, w.Returns):
		return disagree("returns", s.Returns, w.Returns)
	case s.MarkersOnPlan != w.MarkersOnPlan:
		return disagree("markersOnPlan", s.MarkersOnPlan, w.MarkersOnPlan)
	case (s.Throw == nil) != (w.Throw == nil) || (s.Throw != nil && (s.Throw.Notation != w.Throw.Notation || !slices.Equal(s.Throw.Offer, w.Throw.Offer))):
		return disagree("throw", jsonText(s.Throw), jsonText(w.Throw))
	case s.Layout != w.Layout:
		return disagree("layout", jsonText(s.Layout), jsonText(w.Layout))
	}
	for p := range s.Seats {
		if s.Seats[p] != w.Seats[p] {
			return disagree(fmt.Sprintf("seats[%d]", p), jsonText(s.Seats[p]), jsonText(w.Seats[p]))
		}
	}
	for i := range s.Fields {
		if !slices.Equal(s.Fields[i].Squares, w.Fields[i].Squares) {
			return disagree(fmt.Sprintf("fields[%d].squares (%s)", i, w.Fields[i].Name), jsonText(s.Fields[i].Squares), jsonText(w.Fields[i].Squares))
		}
	}
	return nil
}

// eventLimits bounds the events of one Apply, for the decoder: places are
// fields of the plan; a number is a die or a total of the three; an amount is
// markers; a throw carries three dice. The setup of New places a marker on
// every outer-works field, the most events one step emits.
var eventLimits = kit.EventLimits{
	Kinds: []brettspiel.EventKind{
		brettspiel.EventThrow, brettspiel.EventDecide, brettspiel.EventTake, brettspiel.EventPlace,
		brettspiel.EventPay, brettspiel.EventEnd, EventConquer, EventBuy,
	},
	RulePrefix: "F-", MaxEvents: 4 * NumFields, MinPlace: 1, MaxPlace: NumFields, MaxNumber: 18, MaxAmount: 4 * NumFields,
	MaxDice: 3, DiceSides: 6,
}

// checkEventPlaces refuses decoded events whose places do not read as this
// game writes them: the plan has no tracks, so TrackFrom and TrackTo equal
// From and To, and FromName and ToName are the names of those fields ("" for
// none). The error wraps brettspiel.ErrBadPosition.
func checkEventPlaces(evs []brettspiel.Event) error {
	for i, e := range evs {
		if e.TrackFrom != e.From || e.TrackTo != e.To || e.FromName != fieldName(e.From) || e.ToName != fieldName(e.To) {
			return badJSON(brettspiel.ErrBadPosition,
				"events[%d]: from %d (%s, track %d), to %d (%s, track %d); want the track as the field and the field's name",
				i, e.From, quote.Quote(e.FromName), e.TrackFrom, e.To, quote.Quote(e.ToName), e.TrackTo)
		}
		if want := 0; len(e.Dice) != 0 || e.Kind == brettspiel.EventThrow {
			if e.Kind == brettspiel.EventThrow {
				want = 3
			}
			if len(e.Dice) != want {
				return badJSON(brettspiel.ErrBadPosition,
					"events[%d]: a %s event with %d dice; a throw carries all three, no other event any", i, e.Kind, len(e.Dice))
			}
		}
	}
	return nil
}

// jsonText renders v as JSON for an error message.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(string(b))
}

package festung

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/dice"
)

//go:embed state.schema.json
var schema []byte

// JSONSchema returns the JSON Schema (draft 2020-12) of the JSON form of a
// Game, the file state.schema.json of this package. It is self-contained, so
// a frontend in another language needs only this file. The slice is the
// caller's.
func JSONSchema() []byte { return slices.Clone(schema) }

// stateJSON is the JSON form of a Game: the envelope every variant shares,
// then the rules, the seats and the plan.
type stateJSON struct {
	brettspiel.StateJSON
	Rules         rulesJSON   `json:"rules"`
	Thrower       int         `json:"thrower"`
	Throw         *throwJSON  `json:"throw"`
	Throws        int         `json:"throws"`
	Capped        bool        `json:"capped"`
	MarkersOnPlan int         `json:"markersOnPlan"`
	Seats         []seatJSON  `json:"seats"`
	Fields        []fieldJSON `json:"fields"`
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
	Large    int      `json:"large"`
	Small    []int    `json:"small"`
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

type fieldJSON struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Kind     string `json:"kind"`
	Number   int    `json:"number"`
	Fortress int    `json:"fortress"`
	Twin     int    `json:"twin"`
	Line     int    `json:"line"`
	Marker   bool   `json:"marker"`
	Squares  []int  `json:"squares,omitempty"`
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

func (g *Game) toJSON() stateJSON {
	s := stateJSON{
		StateJSON: brettspiel.NewStateJSON(g, Variant, g.ID()),
		Rules: rulesJSON{
			Players: g.opts.Players,
			Stock:   g.opts.Stock,
			Stake:   Stake(g.opts.Players),
			TurnCap: g.opts.TurnCap,
		},
		Thrower:       int(g.turn),
		Throws:        g.throws,
		Capped:        g.capped,
		MarkersOnPlan: g.MarkersOnPlan(),
		Seats:         make([]seatJSON, g.opts.Players),
		Fields:        make([]fieldJSON, NumFields),
	}
	if g.winner != brettspiel.Nobody {
		w := int(g.winner)
		s.Winner = &w
	}
	if g.opts.EmptyField != NoField {
		s.Rules.EmptyField = g.opts.EmptyField.String()
	}
	if t := g.throw; t.L != 0 {
		s.Throw = &throwJSON{Notation: throwNames[t.L][t.A][t.B], Large: int(t.L), Small: []int{int(t.A), int(t.B)}, Offer: []string{}}
		for _, l := range s.Legal {
			s.Throw.Offer = append(s.Throw.Offer, l.Notation)
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
	for i, f := range plan[1:] {
		s.Fields[i] = fieldJSON{ID: int(f.ID), Name: f.Name, Kind: kindKeys[f.Kind], Number: f.Number, Fortress: f.Fortress, Twin: f.Twin, Line: f.Line, Marker: g.Marker(f.ID)}
	}
	for p := range s.Seats {
		f, pf := squareFields(int(g.pasch[p]))
		for _, id := range [2]FieldID{f, pf} {
			if id != NoField {
				s.Fields[id-1].Squares = append(s.Fields[id-1].Squares, p)
			}
		}
	}
	return s
}

// MarshalJSON implements json.Marshaler: the state as a JSON object that
// frontends can show without knowing the rules, under stable lowerCamel keys
// (the schema is state.schema.json, also [JSONSchema]):
//
//   - the envelope every variant shares: "version", "game" ("festung"), "id"
//     (the position ID), "turn" ("chance", "player" or "over"), "player" (the
//     seat to decide, else −1), "legal" (the 126 throws with their weights of
//     216, or the fields to choose from), "events" (of the last Apply),
//     "returns", and "winner" once a seat has thrown the fifth Pasch;
//   - "rules": players, stock, stake (F-S1), emptyField (with five players)
//     and turnCap;
//   - "thrower" (whose throw is due or being decided; at the end the last
//     thrower), "throw" (a throw awaiting the thrower's decision, with the
//     notation of the fields on offer; null at a chance node), "throws" made,
//     "capped" (the turn cap ended the game) and "markersOnPlan";
//   - "seats": each seat's balance, bought markers, Pasches, return, open
//     fortresses (F-A1) and the fields of his fortress and Pasch squares;
//   - "fields": the 77 fields of the plan in ID order — the plan has no track,
//     so a field is given by its ID and name and by kind ("outerWork",
//     "lineField", "schanze", "battery", "fortress", "paschField"), number,
//     fortress, twin and line — with "marker" and, on fortresses and Pasch
//     fields, the seats whose squares stand there.
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(g.toJSON()) }

// UnmarshalJSON implements json.Unmarshaler. It reads the rules and the
// position from the state keys — rules, thrower, throw, throws, capped, each
// seat's balance, bought and Pasches, each field's marker — and checks them
// as FromPosition does; every other key must agree with them (the id, turn,
// player, winner, legal, returns, markersOnPlan, the seats' derived values,
// the fields' description and squares), and the events are kept as the events
// of the last Apply once they pass the bounds of what one Apply of this game
// emits (brettspiel.StateJSON.CheckEvents): known kinds, this game's rules,
// fields of the plan, an end only when the game is over. Keys are read
// exactly as written: an unknown key, a key in another case, a key given
// twice and data after the object are refused (see
// brettspiel.DecodeStrict). The error names the problem
// and wraps brettspiel.ErrBadNotation (not this JSON form),
// brettspiel.ErrBadOptions or brettspiel.ErrBadPosition; on error g is
// unchanged.
func (g *Game) UnmarshalJSON(data []byte) error {
	var s stateJSON
	if err := brettspiel.DecodeStrict(data, &s); err != nil {
		return err
	}
	ng, err := s.game()
	if err != nil {
		return err
	}
	*g = *ng
	return nil
}

// game builds the game the decoded JSON describes and checks that every key
// agrees with it.
func (s *stateJSON) game() (*Game, error) {
	bad := func(sentinel error, format string, args ...any) (*Game, error) {
		return nil, &brettspiel.Error{Op: "decode JSON", Err: sentinel, Reason: fmt.Sprintf(format, args...)}
	}
	if s.Rules.Players < 2 || s.Rules.Players > brettspiel.MaxPlayers {
		if err := s.Check(Variant, brettspiel.MaxPlayers); err != nil {
			return nil, err
		}
		return bad(brettspiel.ErrBadOptions, "rules.players: the game is for 2 to 6 players, not %d", s.Rules.Players)
	}
	if err := s.Check(Variant, s.Rules.Players); err != nil {
		return nil, err
	}

	// The rules, written in full.
	o := Options{Players: s.Rules.Players, Stock: s.Rules.Stock, TurnCap: s.Rules.TurnCap}
	if s.Rules.EmptyField != "" {
		f, ok := FieldByName(s.Rules.EmptyField)
		if !ok || f.Kind != OuterWork {
			return bad(brettspiel.ErrBadOptions, "rules.emptyField %s is no outer-works field", brettspiel.Quote(s.Rules.EmptyField))
		}
		o.EmptyField = f.ID
	}
	norm, err := o.Normalize()
	if err != nil {
		return bad(brettspiel.ErrBadOptions, "rules: %s", err.(*brettspiel.Error).Reason)
	}
	switch {
	case norm.Stock != o.Stock:
		return bad(brettspiel.ErrBadOptions, "rules.stock is missing (1…%d)", maxStock)
	case norm.TurnCap != o.TurnCap:
		return bad(brettspiel.ErrBadOptions, "rules.turnCap is missing (1…%d)", maxTurnCap)
	case norm.EmptyField != o.EmptyField:
		return bad(brettspiel.ErrBadOptions, "rules.emptyField is missing: with five players one outer-works field stays empty")
	case s.Rules.Stake != Stake(o.Players):
		return bad(brettspiel.ErrBadOptions, "rules.stake is %d, but %d players stake %d each (F-S1)", s.Rules.Stake, o.Players, Stake(o.Players))
	}
	n := o.Players

	// The position.
	if len(s.Seats) != n {
		return bad(brettspiel.ErrBadPosition, "%d seats for %d players", len(s.Seats), n)
	}
	if len(s.Fields) != NumFields {
		return bad(brettspiel.ErrBadPosition, "%d fields; the plan has %d, listed in ID order", len(s.Fields), NumFields)
	}
	pos := Position{Balances: make([]int, n), Bought: make([]int, n), Pasches: make([]int, n), Thrower: brettspiel.Player(s.Thrower), Throws: s.Throws}
	for p, seat := range s.Seats {
		if seat.Pasches < 0 || seat.Pasches > 5 {
			return bad(brettspiel.ErrBadPosition, "seats[%d].pasches is %d; want 0…5", p, seat.Pasches)
		}
		pos.Balances[p], pos.Bought[p], pos.Pasches[p] = seat.Balance, seat.Bought, seat.Pasches
	}
	for i, f := range s.Fields {
		want := plan[i+1]
		if f.ID != int(want.ID) || f.Name != want.Name || f.Kind != kindKeys[want.Kind] || f.Number != want.Number || f.Fortress != want.Fortress || f.Twin != want.Twin || f.Line != want.Line {
			return bad(brettspiel.ErrBadPosition, "fields[%d] is %s (id %d, %s %d of fortress %d, twin %d, line %d), but field %d of the plan is %s (%s %d of fortress %d, twin %d, line %d)",
				i, f.Name, f.ID, f.Kind, f.Number, f.Fortress, f.Twin, f.Line, want.ID, want.Name, kindKeys[want.Kind], want.Number, want.Fortress, want.Twin, want.Line)
		}
		if f.Marker {
			if !want.Markers {
				return bad(brettspiel.ErrBadPosition, "fields[%d]: %s is a %v and holds squares, not markers", i, want.Name, want.Kind)
			}
			pos.Markers = append(pos.Markers, want.ID)
		}
	}
	end := playing
	switch {
	case s.Capped && s.Winner != nil:
		return bad(brettspiel.ErrBadPosition, "capped, but seat %d has won: a game ends by the turn cap or by a fifth Pasch", *s.Winner)
	case s.Capped:
		end = capped
	case pos.Thrower >= 0 && int(pos.Thrower) < n && pos.Pasches[pos.Thrower] == 5:
		end = won
	}
	if s.Throw != nil {
		if len(s.Throw.Small) != 2 {
			return bad(brettspiel.ErrBadPosition, "throw.small holds %d dice, not 2", len(s.Throw.Small))
		}
		t := dice.Throw3{L: uint8(s.Throw.Large), A: uint8(s.Throw.Small[0]), B: uint8(s.Throw.Small[1])}
		pt, ok := parseThrow(s.Throw.Notation)
		if !ok || s.Throw.Notation != pt.String() {
			return bad(brettspiel.ErrBadNotation, "throw.notation %s: want L/a-b, the small dice smaller first, such as 2/3-4", brettspiel.Quote(s.Throw.Notation))
		}
		if pt != t || s.Throw.Large != int(t.L) || s.Throw.Small[0] != int(t.A) || s.Throw.Small[1] != int(t.B) {
			return bad(brettspiel.ErrBadPosition, "throw.notation %s, but throw.large %d and throw.small %v", s.Throw.Notation, s.Throw.Large, s.Throw.Small)
		}
		pos.Throw = t
	}
	g, err := load(norm, pos, end)
	if err != nil {
		return nil, err
	}
	if err := s.CheckEvents(eventLimits); err != nil {
		return nil, err
	}
	if len(s.Events) > 0 {
		g.events = s.Events
	}

	// Every other key follows from the state and must agree with it.
	w := g.toJSON()
	disagree := func(key string, got, want any) (*Game, error) {
		return bad(brettspiel.ErrBadPosition, "%s is %v, but the state gives %v", key, got, want)
	}
	switch {
	case s.ID != w.ID:
		return bad(brettspiel.ErrBadPosition, "id %s is not the position ID of the state the other keys give, %q", brettspiel.Quote(s.ID), w.ID)
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
	case s.Throw != nil && !slices.Equal(s.Throw.Offer, w.Throw.Offer):
		return disagree("throw.offer", jsonText(s.Throw.Offer), jsonText(w.Throw.Offer))
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
	return g, nil
}

// eventLimits bounds the events of one Apply, for the decoder: places are
// fields of the plan; a number is a die or a total of the three; an amount is
// markers. The setup of New places a marker on every outer-works field, the
// most events one step emits.
var eventLimits = brettspiel.EventLimits{
	Kinds: []brettspiel.EventKind{
		brettspiel.EventThrow, brettspiel.EventDecide, brettspiel.EventTake, brettspiel.EventPlace,
		brettspiel.EventPay, brettspiel.EventEnd, EventConquer, EventBuy,
	},
	RulePrefix: "F-", MaxEvents: 4 * NumFields, MinPlace: 1, MaxPlace: NumFields, MaxNumber: 18, MaxAmount: 4 * NumFields,
}

// jsonText renders v as JSON for an error message.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(string(b))
}

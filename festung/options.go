package festung

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// Defaults of the options.
const (
	DefaultPlayers = 2
	DefaultStock   = 25   // FS: "ungefähr 25" markers a player
	DefaultTurnCap = 5000 // throws; a game of six players takes 446 on average (ExactOdds), 1600 in a long one
	// DefaultEmptyField is the outer-works field left empty with five players
	// (F-S1): the VI field of fortress 4.
	DefaultEmptyField FieldID = 36

	// maxStock bounds Options.Stock: 2^20 markers, far beyond any table.
	maxStock = 1 << 20
	// maxTurnCap bounds Options.TurnCap (brettspiel.MaxTurnCap throws).
	maxTurnCap = brettspiel.MaxTurnCap
)

// Options are the rules of a game. Options is a plain value; the zero Options
// is a valid game of two players with stocks of 25 (see the field comments for
// what each zero means).
type Options struct {
	// Players is the number of seats, 2…6; 0 means 2. Seat 0 throws first and
	// the others follow in seat order (FS lets the order be drawn with a die; the
	// library takes it as given).
	Players int
	// Stock is each player's starting stock of markers, 1…2^20 (1,048,576);
	// 0 means 25. A stock below the stake (F-S1) is allowed: the player buys
	// the rest at once.
	Stock int
	// EmptyField is, with five players only, the outer-works field that stays
	// empty because 5 × 7 = 35 markers fill 35 of the 36 fields (F-S1); 0 means
	// W4.VI. It must be 0 for any other player count.
	EmptyField FieldID
	// TurnCap is the number of throws after which the game stops where it
	// stands (a safety net, never reached in normal play); 0 means 5000, at
	// most brettspiel.MaxTurnCap.
	TurnCap int
}

// ForPlayers returns the standard rules for n players: stocks of 25, the
// default empty field for five players, the default turn cap.
func ForPlayers(n int) Options { return Options{Players: n} }

// Validate checks o as every constructor does, its zero fields taking their
// defaults: nil, or an error wrapping brettspiel.ErrBadOptions that names
// what is out of range.
func (o Options) Validate() error {
	_, err := o.normalized()
	return err
}

// normalized returns o with every zero field replaced by its default, or the
// error of Validate.
func (o Options) normalized() (Options, error) {
	bad := func(format string, args ...any) (Options, error) {
		return Options{}, &brettspiel.Error{Op: kit.OpCheckOptions, Input: fmt.Sprintf("%+v", o), Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	if o.Players == 0 {
		o.Players = DefaultPlayers
	}
	if o.Stock == 0 {
		o.Stock = DefaultStock
	}
	if o.TurnCap == 0 {
		o.TurnCap = DefaultTurnCap
	}
	switch {
	case o.Players < 2 || o.Players > 6:
		return bad("the game is for 2 to 6 players, not %d", o.Players)
	case o.Stock < 1 || o.Stock > maxStock:
		return bad("the stock must be 1…%d markers, not %d", maxStock, o.Stock)
	case o.TurnCap < 1 || o.TurnCap > maxTurnCap:
		return bad("the turn cap must be 1…%d throws, not %d", maxTurnCap, o.TurnCap)
	}
	if o.Players == 5 {
		if o.EmptyField == NoField {
			o.EmptyField = DefaultEmptyField
		}
		if o.EmptyField > NumOuterWorks {
			return bad("the empty field must be an outer-works field (1…36), not %v", o.EmptyField)
		}
	} else if o.EmptyField != NoField {
		return bad("an empty field is only left with five players, not with %d", o.Players)
	}
	return o, nil
}

// Stake is the number of markers each player stakes on the outer works
// (F-S1): 18, 12, 9, 7 or 6 for 2…6 players; 0 for another count.
func Stake(players int) int {
	switch players {
	case 2, 3, 4, 6:
		return NumOuterWorks / players
	case 5:
		return 7
	}
	return 0
}

// The text form of Options, for game records and command lines, is a list of
// key=value settings separated by spaces, in any order, each key at most once:
//
//	players=5 stock=25 empty-field=W4.VI turn-cap=5000
//
// players, stock and turn-cap are decimal numbers, empty-field is the name of
// an outer-works field; a key left out (or 0) takes its default. String writes
// every field but an empty-field of 0 (its default), with the values as they
// are; ParseOptions reads it back to the same Options.

// optionKeys are the keys of the text form, in the order String writes them.
var optionKeys = [...]string{"players", "stock", "empty-field", "turn-cap"}

// String returns the text form of o: "players=2 stock=25 turn-cap=5000",
// with " empty-field=W4.VI" after the stock when EmptyField is set.
func (o Options) String() string {
	s := "players=" + strconv.Itoa(o.Players) + " stock=" + strconv.Itoa(o.Stock)
	if o.EmptyField != NoField {
		s += " empty-field=" + o.EmptyField.String()
	}
	return s + " turn-cap=" + strconv.Itoa(o.TurnCap)
}

// settings returns the settings of the text form of o, one "key=value" each,
// as String writes them.
func (o Options) settings() []string { return strings.Fields(o.String()) }

// ParseOptions reads the text form of Options (see [Options.String]), keys
// and field names in any case ("Players=3", "empty-field=w4.vi"). The
// options are checked as Validate checks them but returned as written (a
// key left out stays 0). Errors wrap brettspiel.ErrBadOptions and name the
// setting that is wrong.
func ParseOptions(s string) (Options, error) {
	o, err := parseSettings(s, kit.LowerKeys(strings.Fields(s)))
	if err != nil {
		return Options{}, err
	}
	return o.check(s)
}

// check returns o, or an error for the text input that says why Validate
// refuses o.
func (o Options) check(input string) (Options, error) {
	if err := o.Validate(); err != nil {
		return Options{}, &brettspiel.Error{Op: kit.OpParseOptions, Input: input, Err: brettspiel.ErrBadOptions, Reason: kit.ReasonOf(err)}
	}
	return o, nil
}

// parseSettings reads the settings of the text form input, without checking
// the values against each other (the shared rules of kit.ParseSettings:
// known keys, each at most once, decimal numbers).
func parseSettings(input string, terms []string) (Options, error) {
	const op = kit.OpParseOptions
	settings, err := kit.ParseSettings(op, input, terms, optionKeys[:])
	if err != nil {
		return Options{}, err
	}
	var o Options
	for _, s := range settings {
		if s.Key == "empty-field" {
			f, ok := FieldByName(s.Value)
			if !ok || f.Kind != OuterWork {
				return Options{}, &brettspiel.Error{Op: op, Input: input, Err: brettspiel.ErrBadOptions, Reason: quote.Cut(s.String(), quote.Max) + ": want the name of an outer-works field, such as W4.VI"}
			}
			o.EmptyField = f.ID
			continue
		}
		n, err := s.Int(op, input)
		if err != nil {
			return Options{}, err
		}
		switch s.Key {
		case "players":
			o.Players = n
		case "stock":
			o.Stock = n
		case "turn-cap":
			o.TurnCap = n
		}
	}
	return o, nil
}

// Preset is a named rule set, for a frontend's menu; its Options.Players is
// the default seat count, to be set for another.
type Preset = kit.Preset[Options]

// Presets lists the presets, the default first: "Standard", the rules of the
// booklet with stocks of 25 markers. The game has no other rule set; the
// seat count (2…6) is chosen apart, in Options.Players. Each call returns a
// fresh slice, so that a caller who changes it changes it for no one else.
func Presets() []Preset {
	return []Preset{{
		Name:    "Standard",
		Source:  "the rules booklet of a Nuremberg fortress game, c. 1760",
		Summary: "stocks of 25 markers; seat 0 throws first; with five players the field W4.VI stays empty",
		Options: Options{Players: DefaultPlayers, Stock: DefaultStock, TurnCap: DefaultTurnCap},
	}}
}

// PresetNamed returns the preset of that name, compared without regard to
// case, spaces and punctuation ("standard"; see kit.SameName), and
// false if there is none.
func PresetNamed(name string) (Preset, bool) { return kit.PresetNamed(Presets(), name) }

// maxRecordSteps bounds the steps of a game under o (normalized): at most
// TurnCap throws, each followed by at most one decision.
func maxRecordSteps(o Options) int { return 2 * o.TurnCap }

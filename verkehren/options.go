package verkehren

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// BandRule says where a player may not build a Band (two or more own stones on a
// point) on the opponent's side (rule V-B1).
type BandRule uint8

const (
	// BandsVK is the rule of the source VK and the default: on own points 2–11 a
	// point holds at most one own stone; the house (1) and the Hucke (12) any
	// number.
	BandsVK BandRule = iota
	// BandsCotton is Cotton's reading (1725, as Ludii's Verquere has it): no Band
	// on points 2–12, the Hucke included.
	BandsCotton
	// BandsFiske is the reading of the Swedish tables (Fiske 1905): no Band on
	// points 2–11 until a stone has reached 12, read from the position: some own
	// stone stands on 12–24 or has been borne off.
	BandsFiske
)

// bandNames are the band rules' names in the text form, by value.
var bandNames = []string{"vk", "cotton", "fiske"}

func (r BandRule) String() string {
	if int(r) < len(bandNames) {
		return bandNames[r]
	}
	return "BandRule(" + strconv.Itoa(int(r)) + ")"
}

// Opening is the convention the players agree on before the game (rule V-O1).
type Opening uint8

const (
	// FiveBlots is the default: no Band may be made outside the house (the
	// Hucke included) while the house still holds more than 10 stones, that is
	// until five stones have left it (the stones not on point 1, waiting and
	// borne-off stones included, counted before the move).
	FiveBlots Opening = iota
	// BandLimit: at most Options.BandLimit Bände (points 2–24 with two or more
	// own stones; the house is not counted) may stand at once. A single move
	// that would raise the number above the limit is illegal. (VK says the extra
	// Band "is hit"; we read that as "may not be made".)
	BandLimit
)

// openingNames are the openings' names in the text form, by value.
var openingNames = []string{"five-blots", "band-limit"}

func (o Opening) String() string {
	if int(o) < len(openingNames) {
		return openingNames[o]
	}
	return "Opening(" + strconv.Itoa(int(o)) + ")"
}

// DefaultTurnCap is the turn cap that Options.TurnCap 0 stands for.
const DefaultTurnCap = 5000

// maxBandLimit bounds Options.BandLimit by the number of stones (fifteen
// stones make at most seven Bände, so every limit from 7 up allows all).
const maxBandLimit = 15

// Options are the rules of a game of Verkehren, agreed before it starts. The
// zero value is VK's game: V-B1 as in VK, the "five blots" opening, either
// number playable when only one can be played, a draw for the start, and a
// turn cap of DefaultTurnCap turns.
type Options struct {
	// Bands selects the reading of V-B1.
	Bands BandRule
	// Opening selects the opening convention of V-O1.
	Opening Opening
	// BandLimit is N of the "band limit N" opening: 0 means 5; else 5…15 (VK:
	// "5 by default, 6 or more by agreement"). It must be 0 with FiveBlots.
	BandLimit int
	// HigherDie, when set, requires the higher number of a mixed throw to be
	// played when only one of the two numbers can be played (V-D2). Off in VK,
	// which says nothing of it.
	HigherDie bool
	// FirstPlayer skips the draw for the start (V-S1) when it names a seat.
	FirstPlayer brettspiel.FirstPlayer
	// TurnCap ends the game (terminal, all returns zero, an EventEnd with Note
	// "turn cap") when this many turns have been played: 0 means
	// DefaultTurnCap, at most brettspiel.MaxTurnCap (10⁷). A safety net for
	// bots and fuzzing that normal play does not reach.
	TurnCap int
}

// VK is the game of the source "Das Verkehren im Bretspiel": the zero
// Options.
func VK() Options { return Options{} }

// VKBandLimit is VK's game under the "band limit 5" opening.
func VKBandLimit() Options { return Options{Opening: BandLimit, BandLimit: 5} }

// Cotton is VK's game with Cotton's reading of V-B1 (no Band on 2–12).
func Cotton() Options { return Options{Bands: BandsCotton} }

// Fiske is VK's game with the Swedish tables' reading of V-B1.
func Fiske() Options { return Options{Bands: BandsFiske} }

// limit returns N of the band-limit opening.
func (o Options) limit() int {
	if o.BandLimit == 0 {
		return 5
	}
	return o.BandLimit
}

func (o Options) turnCap() int {
	if o.TurnCap == 0 {
		return DefaultTurnCap
	}
	return o.TurnCap
}

// maxRecordSteps bounds the steps of a game under o: every play, pass or
// concession, at most the turn cap of them, follows one throw, and the draw
// for the start takes two throws and up to brettspiel.MaxTiedDraws repeats.
func maxRecordSteps(o Options) int {
	return 2*o.turnCap() + 2*(brettspiel.MaxTiedDraws+1)
}

// Validate reports whether the options are consistent, with an error wrapping
// brettspiel.ErrBadOptions that says what is wrong.
func (o Options) Validate() error {
	bad := func(format string, args ...any) error {
		return &brettspiel.Error{Op: kit.OpCheckOptions, Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	switch {
	case o.Bands > BandsFiske:
		return bad("unknown band rule %d", o.Bands)
	case o.Opening > BandLimit:
		return bad("unknown opening %d", o.Opening)
	case o.BandLimit != 0 && (o.BandLimit < 5 || o.BandLimit > maxBandLimit):
		return bad("BandLimit %d is outside 5…%d: want the number of Bände allowed at once, or 0 for 5", o.BandLimit, maxBandLimit)
	case o.Opening == FiveBlots && o.BandLimit != 0:
		return bad("BandLimit %d given with the five-blots opening", o.BandLimit)
	case o.TurnCap < 0 || o.TurnCap > brettspiel.MaxTurnCap:
		return bad("TurnCap %d is outside 0…%d: want the number of turns, or 0 for %d", o.TurnCap, brettspiel.MaxTurnCap, DefaultTurnCap)
	}
	if err := o.FirstPlayer.Validate(2); err != nil {
		return bad("%s", kit.ReasonOf(err))
	}
	return nil
}

// String writes the options in their text form, the key=value terms of
// [ParseOptions] separated by spaces: always the band rule and the opening,
// then every other field that is not zero. ParseOptions(o.String()) gives o
// back exactly. For example:
//
//	bands=vk opening=five-blots
//	bands=cotton opening=band-limit band-limit=6 higher-die=true first=1 turn-cap=300
func (o Options) String() string {
	return strings.Join(append([]string{"bands=" + o.Bands.String(), "opening=" + o.Opening.String()}, o.diff(Options{Bands: o.Bands, Opening: o.Opening})...), " ")
}

// diff lists as key=value the fields in which o differs from base, in the
// order of the text form.
func (o Options) diff(base Options) []string {
	var kv []string
	if o.Bands != base.Bands {
		kv = append(kv, "bands="+o.Bands.String())
	}
	if o.Opening != base.Opening {
		kv = append(kv, "opening="+o.Opening.String())
	}
	if o.BandLimit != base.BandLimit {
		kv = append(kv, "band-limit="+strconv.Itoa(o.BandLimit))
	}
	if o.HigherDie != base.HigherDie {
		kv = append(kv, "higher-die="+strconv.FormatBool(o.HigherDie))
	}
	if o.FirstPlayer != base.FirstPlayer {
		kv = append(kv, "first="+firstName(o.FirstPlayer))
	}
	if o.TurnCap != base.TurnCap {
		kv = append(kv, "turn-cap="+strconv.Itoa(o.TurnCap))
	}
	return kv
}

func firstName(f brettspiel.FirstPlayer) string {
	if p, ok := f.Seat(); ok {
		return strconv.Itoa(int(p))
	}
	if f == brettspiel.DrawForStart {
		return "draw"
	}
	return strconv.Itoa(int(f) - 1)
}

// ParseOptions reads the text form of options: key=value terms separated by
// spaces, each key at most once, the fields not named left zero (VK's rules).
// Keys and values are read in any case ("Bands=Cotton"). The keys:
//
//	bands=vk|cotton|fiske          Options.Bands (V-B1)
//	opening=five-blots|band-limit  Options.Opening (V-O1)
//	band-limit=N                   Options.BandLimit: 5…15, or 0 for 5
//	higher-die=true|false          Options.HigherDie (V-D2)
//	first=draw|0|1                 Options.FirstPlayer: the draw, or the seat that begins
//	turn-cap=N                     Options.TurnCap: 0…10⁷, 0 for DefaultTurnCap
//
// The options must also pass [Options.Validate]. Errors wrap
// brettspiel.ErrBadOptions and name the term.
func ParseOptions(s string) (Options, error) {
	var o Options
	if err := o.set(strings.Fields(s)); err != nil {
		return Options{}, err
	}
	return o, o.Validate()
}

// optionKeys are the keys of the text form, in its order.
var optionKeys = []string{"bands", "opening", "band-limit", "higher-die", "first", "turn-cap"}

// set applies key=value terms to o (the shared rules of
// kit.ParseSettings: known keys, each at most once, decimal numbers;
// the ranges are Validate's).
func (o *Options) set(terms []string) error {
	const op = kit.OpParseOptions
	input := strings.Join(terms, " ")
	// every key and value of the text form is lower case: other cases are
	// read as if written so
	settings, err := kit.ParseSettings(op, input, kit.LowerAll(terms), optionKeys)
	if err != nil {
		return err
	}
	for _, s := range settings {
		if err := o.setOne(s, input); err != nil {
			return err
		}
	}
	return nil
}

// setOne applies one setting of the text form input to o.
func (o *Options) setOne(s kit.Setting, input string) error {
	bad := func(reason string) error {
		return &brettspiel.Error{Op: kit.OpParseOptions, Input: s.String(), Err: brettspiel.ErrBadOptions, Reason: reason}
	}
	var err error
	switch s.Key {
	case "bands":
		i := slices.Index(bandNames, s.Value)
		if i < 0 {
			return bad("bands is vk, cotton or fiske")
		}
		o.Bands = BandRule(i)
	case "opening":
		i := slices.Index(openingNames, s.Value)
		if i < 0 {
			return bad("opening is five-blots or band-limit")
		}
		o.Opening = Opening(i)
	case "band-limit":
		o.BandLimit, err = s.Int(kit.OpParseOptions, input)
	case "higher-die":
		if s.Value != "true" && s.Value != "false" {
			return bad("higher-die is true or false")
		}
		o.HigherDie = s.Value == "true"
	case "first":
		switch s.Value {
		case "draw":
			o.FirstPlayer = brettspiel.DrawForStart
		case "0", "1":
			o.FirstPlayer = brettspiel.Starts(brettspiel.Player(s.Value[0] - '0'))
		default:
			return bad("first is draw, 0 or 1")
		}
	case "turn-cap":
		o.TurnCap, err = s.Int(kit.OpParseOptions, input)
	}
	return err
}

// Preset is a named rule set for a frontend's menu and for game records.
type Preset = kit.Preset[Options]

// Presets lists the presets, the default first. The slice is new at every
// call: a caller may change it without changing the presets.
func Presets() []Preset {
	return []Preset{
		{Name: "VK", Source: "Das Verkehren im Bretspiel (VK)",
			Summary: "no Band on points 2–11 of the opponent's side; no Band outside the house until five stones have left it",
			Options: VK()},
		{Name: "VK band limit 5", Source: "Das Verkehren im Bretspiel (VK)",
			Summary: "VK's rules under the other opening it names: at most 5 Bände at once",
			Options: VKBandLimit()},
		{Name: "Cotton", Source: "Cotton (1725), as Ludii's Verquere reads it",
			Summary: "no Band on points 2–12, the Hucke included",
			Options: Cotton()},
		{Name: "Fiske", Source: "the Swedish tables (Fiske 1905)",
			Summary: "no Band on points 2–11 until a stone has reached point 12",
			Options: Fiske()},
	}
}

// PresetNamed returns the preset of that name (see Presets); case, spaces and
// punctuation do not matter (kit.SameName): "cotton" names "Cotton",
// "vk-band-limit-5" "VK band limit 5".
func PresetNamed(name string) (Preset, bool) { return kit.PresetNamed(Presets(), name) }

// presetOf returns the name of the preset whose options are exactly o, or "".
func presetOf(o Options) string {
	for _, p := range Presets() {
		if p.Options == o {
			return p.Name
		}
	}
	return ""
}

package verkehren

import (
	"fmt"
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

func (r BandRule) String() string {
	switch r {
	case BandsVK:
		return "vk"
	case BandsCotton:
		return "cotton"
	case BandsFiske:
		return "fiske"
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

func (o Opening) String() string {
	switch o {
	case FiveBlots:
		return "five-blots"
	case BandLimit:
		return "band-limit"
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

// Validate reports whether the options are consistent, with an error wrapping
// brettspiel.ErrBadOptions that says what is wrong.
func (o Options) Validate() error {
	bad := func(format string, args ...any) error {
		return &brettspiel.Error{Op: "verkehren options", Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
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
		return bad("%s", err.(*brettspiel.Error).Reason)
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
	const op = "verkehren options"
	input := strings.Join(terms, " ")
	// every key and value of the text form is lower case: other cases are
	// read as if written so
	terms = lowerAll(terms)
	settings, err := kit.ParseSettings(op, input, terms, optionKeys)
	if err != nil {
		return err
	}
	for _, s := range settings {
		bad := func(reason string) error {
			return &brettspiel.Error{Op: op, Input: s.String(), Err: brettspiel.ErrBadOptions, Reason: reason}
		}
		switch s.Key {
		case "bands":
			switch s.Value {
			case "vk":
				o.Bands = BandsVK
			case "cotton":
				o.Bands = BandsCotton
			case "fiske":
				o.Bands = BandsFiske
			default:
				return bad("bands is vk, cotton or fiske")
			}
		case "opening":
			switch s.Value {
			case "five-blots":
				o.Opening = FiveBlots
			case "band-limit":
				o.Opening = BandLimit
			default:
				return bad("opening is five-blots or band-limit")
			}
		case "band-limit":
			o.BandLimit, err = s.Int(op, input)
		case "higher-die":
			switch s.Value {
			case "true":
				o.HigherDie = true
			case "false":
				o.HigherDie = false
			default:
				return bad("higher-die is true or false")
			}
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
			o.TurnCap, err = s.Int(op, input)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// lowerAll returns terms in lower case, terms itself when they are already.
func lowerAll(terms []string) []string {
	for i, t := range terms {
		if l := strings.ToLower(t); l != t {
			out := make([]string, len(terms))
			copy(out, terms[:i])
			for j := i; j < len(terms); j++ {
				out[j] = strings.ToLower(terms[j])
			}
			return out
		}
	}
	return terms
}

// Preset is a named rule set for a frontend's menu and for game records.
type Preset struct {
	Name    string  // e.g. "VK"
	Source  string  // the source text it follows
	Summary string  // what distinguishes it from the others
	Options Options // its rules
}

// Presets lists the presets, the default first. The slice is new at every
// call: a caller may change it without changing the presets.
func Presets() []Preset {
	return []Preset{
		{"VK", "Das Verkehren im Bretspiel (VK)",
			"no Band on points 2–11 of the opponent's side; no Band outside the house until five stones have left it",
			VK()},
		{"VK band limit 5", "Das Verkehren im Bretspiel (VK)",
			"VK's rules under the other opening it names: at most 5 Bände at once",
			VKBandLimit()},
		{"Cotton", "Cotton (1725), as Ludii's Verquere reads it",
			"no Band on points 2–12, the Hucke included",
			Cotton()},
		{"Fiske", "the Swedish tables (Fiske 1905)",
			"no Band on points 2–11 until a stone has reached point 12",
			Fiske()},
	}
}

// PresetNamed returns the preset of that name (see Presets); case, spaces and
// punctuation do not matter (kit.SameName): "cotton" names "Cotton",
// "vk-band-limit-5" "VK band limit 5".
func PresetNamed(name string) (Preset, bool) {
	for _, p := range Presets() {
		if kit.SameName(p.Name, name) {
			return p, true
		}
	}
	return Preset{}, false
}

// presetOf returns the name of the preset whose options are exactly o, or "".
func presetOf(o Options) string {
	for _, p := range Presets() {
		if p.Options == o {
			return p.Name
		}
	}
	return ""
}

package toccateglio

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// Multipliers selects the table of T-W2: how many strokes a Partie is worth by
// the loser's marks when it ends.
type Multipliers uint8

const (
	// MultipliersTS is the table of Toccateglispiel and Tokkadille 1853: the
	// loser at 0 marks ×4 ("Matsch"), 1–2 ×3, 3–6 ×2, 7 or more ×1.
	MultipliersTS Multipliers = iota
	// MultipliersTD is the table of Toccadille: 0 ×4, 1–3 ×3, 4–6 ×2, 7+ ×1.
	MultipliersTD
)

// Multiplier returns the strokes a won Partie is worth when the loser has
// loserMarks marks.
func (m Multipliers) Multiplier(loserMarks int) int {
	switch {
	case loserMarks <= 0:
		return 4
	case loserMarks <= 2 || (m == MultipliersTD && loserMarks <= 3):
		return 3
	case loserMarks <= 6:
		return 2
	}
	return 1
}

// HuckeForce says who may take his own Hucke by force (T-H3).
type HuckeForce uint8

const (
	// ForceWithoutHucke: only a player who does not yet hold his own Hucke
	// (Toccateglispiel, Toccadille).
	ForceWithoutHucke HuckeForce = iota
	// ForceWithHucke: only a player who already holds his own Hucke (the literal
	// text of Tokkadille 1853).
	ForceWithHucke
	// ForceNever: the force play does not exist (a user's choice, in no preset).
	ForceNever
)

// Options are the rules of a game. Options is a plain value: copy it, change a
// field, and pass it to [New]. Every field's zero value is the rule of
// Toccateglispiel, so the zero Options is the Toccateglispiel preset; the other
// presets set the fields in which their sources differ.
type Options struct {
	// Stones per player, 15 or 16 (T-S1); 0 means 15. Tokkadille 1853 allows 16.
	Stones int
	// EnterFromHand: all stones start off the board and are entered, one per
	// die, before any stone on the board may move (T-S4, Toccadille). When false
	// all stones start on point 1 (Toccateglispiel, Tokkadille 1853).
	EnterFromHand bool
	// LowerBegins: in the draw for the start the lower total begins and that
	// throw is his first turn (T-S3, Tokkadille 1853). When false the higher
	// total begins and throws anew.
	LowerBegins bool
	// FirstPlayer skips the draw for the start (T-S3): the named seat throws
	// first. The zero value lets the draw decide by chance nodes. It decides the
	// start of every Partie begun afresh (T-W3).
	FirstPlayer brettspiel.FirstPlayer
	// ThrowAgainAfterDoublet: after playing a doublet the same player throws
	// again, a new turn with its own marking (T-D1, Toccadille).
	ThrowAgainAfterDoublet bool
	// ClosedOpponentHucke: the opponent's Hucke may never be touched, not even
	// as the intermediate point of a combined move or hit (T-D4, Tokkadille 1853
	// and Toccadille). When false an empty opponent's Hucke lends the pass
	// (Toccateglispiel's "den Pass daselbst borgen").
	ClosedOpponentHucke bool
	// HigherDie: when only one of the two numbers can be played, the higher must
	// be played if it can (T-D6). In no preset: the sources have no such rule.
	HigherDie bool
	// SinglesInForce lifts T-D8: a single stone may be set into the opponent's
	// second quarter (own points 13–18) even while he has his Force (Tokkadille
	// 1853, Toccadille). When false the restriction of Toccateglispiel holds.
	SinglesInForce bool
	// HuckeForce: who may take his own Hucke by force (T-H3).
	HuckeForce HuckeForce
	// ExactBearOffAlways lifts T-B2: a stone may be borne off by its exact number
	// even while the opponent still has a stone on his start point (Tokkadille
	// 1853, Toccadille). When false Toccateglispiel's restriction holds.
	ExactBearOffAlways bool
	// NoSatz: winning the Marsch with a doublet does not win the Partie outright
	// (T-B3; Tokkadille 1853, Toccadille). When false Toccateglispiel's Satz holds.
	NoSatz bool
	// SingleDieHitsOnly: hits are counted for each die alone, not for the two
	// dice combined (T-M4b: Ludii's reading of Tokkadille, in no preset).
	SingleDieHitsOnly bool
	// Multipliers is the table of T-W2.
	Multipliers Multipliers
	// Schule makes marking the players' own work, for games between people
	// (T-W5): wherever the rules score points the player they belong to
	// declares them as a move, and the other may send him to school for
	// points forgotten or marked too many before the next throw. Off in
	// every preset: the engine marks every point itself.
	Schule bool
	// Partien is the number of Partien of the match (T-W4), 1…1000; 0 means 1.
	Partien int
	// TurnCap ends the game after this many players' turns (a safety net; never
	// reached in normal play). 0 means 5000 turns for every Partie of the match.
	// A game ended by the cap is over with the strokes won so far. At most
	// brettspiel.MaxTurnCap (10⁷).
	TurnCap int
}

// Toccateglispiel returns the options of the German encyclopedia text on the
// Toccateglispiel (game books of 1769–1830), the default: the zero Options.
func Toccateglispiel() Options { return Options{} }

// Tokkadille1853 returns the options of Alvensleben's Tokkadille (1853) with
// stones 15 or 16 (any other value: 15).
func Tokkadille1853(stones int) Options {
	if stones != 16 {
		stones = 15
	}
	return Options{
		Stones:              stones,
		LowerBegins:         true,
		ClosedOpponentHucke: true,
		SinglesInForce:      true,
		HuckeForce:          ForceWithHucke,
		ExactBearOffAlways:  true,
		NoSatz:              true,
	}
}

// Toccadille returns the options of the later encyclopedia text on Toccadille:
// stones entered from the hand, a new throw after a doublet, its own
// multipliers; where it is silent it takes Toccateglispiel's values except that
// the opponent's Hucke is closed and TS's special rules (T-D8, T-B2, the Satz)
// are not applied.
func Toccadille() Options {
	return Options{
		EnterFromHand:          true,
		ThrowAgainAfterDoublet: true,
		ClosedOpponentHucke:    true,
		SinglesInForce:         true,
		ExactBearOffAlways:     true,
		NoSatz:                 true,
		Multipliers:            MultipliersTD,
	}
}

// Preset is a named rule set for a frontend's menu and for game records.
type Preset = kit.Preset[Options]

// Presets lists the presets, the default first.
func Presets() []Preset {
	return []Preset{
		{Name: "Toccateglispiel", Source: "encyclopedia text after the game books of 1769–1830",
			Summary: "15 stones on point 1; higher draw begins; an empty opposing Hucke lends the pass; no single stone into the opponent's second quarter while he has his Force; no exact bearing off while he stands on his start point; a Marsch won with a doublet wins the Partie (Satz)",
			Options: Toccateglispiel()},
		{Name: "Tokkadille 1853", Source: "Alvensleben, Encyclopädie der Spiele (1853)",
			Summary: "15 stones on point 1; the lower draw begins and plays that throw; the opposing Hucke is closed; the Hucke may be taken by force only while one holds it",
			Options: Tokkadille1853(15)},
		{Name: "Tokkadille 1853, 16 stones", Source: "Alvensleben, Encyclopädie der Spiele (1853)",
			Summary: "as Tokkadille 1853 with 16 stones each",
			Options: Tokkadille1853(16)},
		{Name: "Toccadille", Source: "later encyclopedia text on Toccadille",
			Summary: "stones entered from the hand; a new throw after every doublet; the loser's 1–3 marks give ×3, 4–6 ×2; the opposing Hucke is closed; none of Toccateglispiel's own rules (no single stone into the Force, no exact bearing off, the Satz), which this text never mentions",
			Options: Toccadille()},
	}
}

// maxTurnCap bounds Options.TurnCap: brettspiel.MaxTurnCap, twice the
// default cap of the longest match (5000 turns for each of 1000 Partien).
const maxTurnCap = brettspiel.MaxTurnCap

// maxRecordSteps bounds the steps of a match under o (normalized): every
// play or pass, at most TurnCap of them, follows one throw; a Partie adds at
// most the winner's decision, a throw that ends it before a play, and a draw
// for the start of two throws and up to brettspiel.MaxTiedDraws repeats.
func maxRecordSteps(o Options) int {
	n := 2*o.TurnCap + o.Partien*(2*(brettspiel.MaxTiedDraws+1)+2)
	if o.Schule {
		// every play has at most four windows of the Schule (T-W1 steps 2,
		// 4, 5, 6), and a throw that wins the Partie one more
		n += (4*o.TurnCap + o.Partien) * maxWindowMoves
	}
	return n
}

// maxPartienOption bounds Options.Partien: TS names matches of 6 or 8
// Partien; 1000 is far beyond any sitting.
const maxPartienOption = 1000

// Validate reports whether o are rules of the game: nil, or an error
// wrapping brettspiel.ErrBadOptions that names the field out of range. The
// zero value of a field stands for its default (see Options). New,
// FromPosition and the decoders of the state refuse what Validate refuses.
func (o Options) Validate() error {
	_, err := o.normalized()
	return err
}

// normalized fills the defaults and checks the ranges (see Validate).
func (o Options) normalized() (Options, error) {
	bad := func(format string, args ...any) (Options, error) {
		return o, &brettspiel.Error{Op: kit.OpCheckOptions, Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	if o.Stones == 0 {
		o.Stones = 15
	}
	if o.Partien == 0 {
		o.Partien = 1
	}
	switch {
	case o.Stones != 15 && o.Stones != 16:
		return bad("Stones is %d, want 15 or 16", o.Stones)
	case o.Partien < 0 || o.Partien > maxPartienOption:
		return bad("Partien is %d, want 1…%d (or 0 for 1)", o.Partien, maxPartienOption)
	case o.TurnCap < 0 || o.TurnCap > maxTurnCap:
		return bad("TurnCap is %d, want 0…%d", o.TurnCap, maxTurnCap)
	case o.HuckeForce > ForceNever:
		return bad("HuckeForce is %d", o.HuckeForce)
	case o.Multipliers > MultipliersTD:
		return bad("Multipliers is %d", o.Multipliers)
	}
	if err := o.FirstPlayer.Validate(2); err != nil {
		return bad("%s", kit.ReasonOf(err))
	}
	if o.TurnCap == 0 {
		o.TurnCap = 5000 * o.Partien
	}
	return o, nil
}

// setting is one option's key in the text form of Options, with its value in
// text and its parser.
type setting struct {
	key string
	get func(o *Options) string
	set func(o *Options, v string) bool
}

func boolSetting(key string, f func(o *Options) *bool) setting {
	return setting{key,
		func(o *Options) string { return strconv.FormatBool(*f(o)) },
		func(o *Options, v string) bool {
			b, err := strconv.ParseBool(v)
			if err != nil || (v != "true" && v != "false") {
				return false
			}
			*f(o) = b
			return true
		}}
}

func intSetting(key string, f func(o *Options) *int) setting {
	return setting{key,
		func(o *Options) string { return strconv.Itoa(*f(o)) },
		func(o *Options, v string) bool {
			n, err := strconv.Atoi(v)
			if err != nil || v != strconv.Itoa(n) {
				return false
			}
			*f(o) = n
			return true
		}}
}

func enumSetting(key string, names []string, f func(o *Options) *uint8) setting {
	return setting{key,
		func(o *Options) string {
			if i := int(*f(o)); i < len(names) {
				return names[i]
			}
			return strconv.Itoa(int(*f(o)))
		},
		func(o *Options, v string) bool {
			for i, n := range names {
				if v == n {
					*f(o) = uint8(i)
					return true
				}
			}
			return false
		}}
}

var huckeForceNames = []string{"without-hucke", "with-hucke", "never"}

var multipliersNames = []string{"ts", "td"}

// settings lists the keys of the text form of Options, in their order.
var settings = []setting{
	intSetting("stones", func(o *Options) *int { return &o.Stones }),
	boolSetting("enter-from-hand", func(o *Options) *bool { return &o.EnterFromHand }),
	boolSetting("lower-begins", func(o *Options) *bool { return &o.LowerBegins }),
	{"first-player",
		func(o *Options) string {
			if p, ok := o.FirstPlayer.Seat(); ok {
				return strconv.Itoa(int(p))
			}
			if o.FirstPlayer != brettspiel.DrawForStart {
				return strconv.Itoa(int(o.FirstPlayer) - 1)
			}
			return "draw"
		},
		func(o *Options, v string) bool {
			switch v {
			case "draw":
				o.FirstPlayer = brettspiel.DrawForStart
			case "0", "1":
				o.FirstPlayer = brettspiel.Starts(brettspiel.Player(v[0] - '0'))
			default:
				return false
			}
			return true
		}},
	boolSetting("throw-again-after-doublet", func(o *Options) *bool { return &o.ThrowAgainAfterDoublet }),
	boolSetting("closed-opponent-hucke", func(o *Options) *bool { return &o.ClosedOpponentHucke }),
	boolSetting("higher-die", func(o *Options) *bool { return &o.HigherDie }),
	boolSetting("singles-in-force", func(o *Options) *bool { return &o.SinglesInForce }),
	enumSetting("hucke-force", huckeForceNames, func(o *Options) *uint8 { return (*uint8)(&o.HuckeForce) }),
	boolSetting("exact-bear-off-always", func(o *Options) *bool { return &o.ExactBearOffAlways }),
	boolSetting("no-satz", func(o *Options) *bool { return &o.NoSatz }),
	boolSetting("single-die-hits-only", func(o *Options) *bool { return &o.SingleDieHitsOnly }),
	enumSetting("multipliers", multipliersNames, func(o *Options) *uint8 { return (*uint8)(&o.Multipliers) }),
	boolSetting("schule", func(o *Options) *bool { return &o.Schule }),
	intSetting("partien", func(o *Options) *int { return &o.Partien }),
	intSetting("turn-cap", func(o *Options) *int { return &o.TurnCap }),
}

// numberFields names the Options field of each numeric key.
var numberFields = map[string]string{"stones": "Stones", "partien": "Partien", "turn-cap": "TurnCap"}

// settingKeys are the keys of settings, in order.
var settingKeys = func() []string {
	keys := make([]string, len(settings))
	for i, s := range settings {
		keys[i] = s.key
	}
	return keys
}()

// canonical returns o with Stones and Partien filled in and TurnCap 0 when it
// is the default, so that equal rules have equal settings; invalid values
// are kept as they are.
func (o Options) canonical() Options {
	if o.Stones == 0 {
		o.Stones = 15
	}
	if o.Partien == 0 {
		o.Partien = 1
	}
	if o.TurnCap == 5000*o.Partien {
		o.TurnCap = 0
	}
	return o
}

// Settings returns the options in which o differs from base, as key=value
// settings in the order of the table in the package doc ("partien=3",
// "hucke-force=never"). Equal rules give no settings: 0 stones and 15 stones
// are the same, and so are TurnCap 0 and the default cap.
// base.Set(o.Settings(base)...) gives o again (with those defaults filled in).
func (o Options) Settings(base Options) []string {
	o, base = o.canonical(), base.canonical()
	var out []string
	for _, s := range settings {
		if v := s.get(&o); v != s.get(&base) {
			out = append(out, s.key+"="+v)
		}
	}
	return out
}

// Set returns o with the key=value settings applied, in order, keys and
// values in any case ("Partien=3", "HUCKE-FORCE=Never"). An unknown key,
// a key given twice, a value that is not one of the key's values, or options
// out of range give an error wrapping brettspiel.ErrBadOptions that names the
// setting (the shared rules of kit.ParseSettings).
func (o Options) Set(kv ...string) (Options, error) {
	// Keys and values are all lower case: any case is read as theirs.
	parsed, err := kit.ParseSettings(kit.OpParseOptions, strings.Join(kv, " "), kit.LowerAll(kv), settingKeys)
	if err != nil {
		return o, err
	}
	for _, in := range parsed {
		s := settings[slices.IndexFunc(settings, func(s setting) bool { return s.key == in.Key })]
		if field, ok := numberFields[in.Key]; ok {
			// A number beyond 32 bits is out of every range, alike on every
			// platform.
			if _, err := strconv.ParseInt(in.Value, 10, 32); errors.Is(err, strconv.ErrRange) {
				return o, &brettspiel.Error{Op: kit.OpParseOptions, Input: in.String(), Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf("%s is %s, out of range", field, in.Value)}
			}
		}
		if !s.set(&o, in.Value) {
			return o, &brettspiel.Error{Op: kit.OpParseOptions, Input: in.String(), Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf("%s is not a value of %s (%s)", quote.Quote(in.Value), in.Key, settingValues(in.Key))}
		}
	}
	if _, err := o.normalized(); err != nil {
		var e *brettspiel.Error
		if errors.As(err, &e) {
			e.Op, e.Input = kit.OpParseOptions, strings.Join(kv, " ")
		}
		return o, err
	}
	return o, nil
}

func settingValues(key string) string {
	switch key {
	case "stones":
		return "15 or 16"
	case "first-player":
		return "draw, 0 or 1"
	case "hucke-force":
		return strings.Join(huckeForceNames, ", ")
	case "multipliers":
		return strings.Join(multipliersNames, ", ")
	case "partien", "turn-cap":
		return "a number"
	}
	return "true or false"
}

// String writes the options as their settings against the zero Options
// (Toccateglispiel), separated by spaces: "" for Toccateglispiel,
// "enter-from-hand=true throw-again-after-doublet=true …" for Toccadille.
// ParseOptions reads it back.
func (o Options) String() string { return strings.Join(o.Settings(Options{}), " ") }

// ParseOptions reads the text form of Options written by String: key=value
// settings separated by spaces, in any case, applied to the zero Options.
func ParseOptions(s string) (Options, error) { return Options{}.Set(strings.Fields(s)...) }

// PresetNamed returns the preset of that name (see Presets); case, spaces and
// punctuation do not matter.
func PresetNamed(name string) (Preset, bool) { return kit.PresetNamed(Presets(), name) }

// presetOf returns the first preset whose rules o has, the length of the match
// (Partien, TurnCap), FirstPlayer and Schule aside: the Schule is a way of
// playing any preset, written beside it as a setting.
func presetOf(o Options) (Preset, bool) { return kit.PresetOf(Presets(), o, sameRules) }

// sameRules reports whether o has the rules of the preset's options p, the
// length of the match, FirstPlayer and Schule aside.
func sameRules(o, p Options) bool { return presetRules(o.Settings(p)) }

// presetRules reports whether settings against a preset touch only the length
// of the match, the first player and the Schule, so that the rules are the
// preset's.
func presetRules(settings []string) bool {
	for _, s := range settings {
		if k, _, _ := strings.Cut(s, "="); k != "partien" && k != "turn-cap" && k != "first-player" && k != "schule" {
			return false
		}
	}
	return true
}

package toccateglio

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

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
	lower := make([]string, len(kv))
	for i, t := range kv {
		lower[i] = strings.ToLower(t)
	}
	parsed, err := kit.ParseSettings("set option", strings.Join(kv, " "), lower, settingKeys)
	if err != nil {
		return o, err
	}
	for _, in := range parsed {
		s := settings[slices.IndexFunc(settings, func(s setting) bool { return s.key == in.Key })]
		if field, ok := numberFields[in.Key]; ok {
			// A number beyond 32 bits is out of every range, alike on every
			// platform.
			if _, err := strconv.ParseInt(in.Value, 10, 32); errors.Is(err, strconv.ErrRange) {
				return o, &brettspiel.Error{Op: "set option", Input: in.String(), Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf("%s is %s, out of range", field, in.Value)}
			}
		}
		if !s.set(&o, in.Value) {
			return o, &brettspiel.Error{Op: "set option", Input: in.String(), Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf("%s is not a value of %s (%s)", quote.Quote(in.Value), in.Key, settingValues(in.Key))}
		}
	}
	if _, err := o.normalized(); err != nil {
		e := err.(*brettspiel.Error)
		e.Op, e.Input = "set option", strings.Join(kv, " ")
		return o, e
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
func PresetNamed(name string) (Preset, bool) {
	for _, p := range Presets() {
		if kit.SameName(p.Name, name) {
			return p, true
		}
	}
	return Preset{}, false
}

// presetOf returns the first preset whose rules o has, the length of the match
// (Partien, TurnCap) and FirstPlayer aside.
func presetOf(o Options) (Preset, bool) {
	for _, p := range Presets() {
		if presetRules(o.Settings(p.Options)) {
			return p, true
		}
	}
	return Preset{}, false
}

// NewRecord starts the record of a game under opts: the game's name, the
// preset whose rules opts has (if any) and the further settings (see
// Options.Settings) against that preset, or against the zero Options when
// no preset fits. Keep it with brettspiel.Record.Append while playing and
// write it with WriteTo.
func NewRecord(opts Options) *brettspiel.Record {
	rec := &brettspiel.Record{Game: Variant}
	base := Options{}
	if p, ok := presetOf(opts); ok {
		rec.Preset, base = p.Name, p.Options
	}
	rec.Options = opts.Settings(base)
	return rec
}

// RecordOptions returns the options of a record: its preset (or the zero
// Options when it names none) with its settings applied. An unknown game,
// preset or option is refused with an error wrapping brettspiel.ErrBadOptions.
func RecordOptions(rec *brettspiel.Record) (Options, error) {
	bad := func(format string, args ...any) (Options, error) {
		return Options{}, &brettspiel.Error{Op: "load record", Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	if rec.Game != Variant {
		return bad("a record of %s, not of %s", quote.Quote(rec.Game), Variant)
	}
	if rec.Players != 0 && rec.Players != 2 {
		return bad("%d players; %s is for two", rec.Players, Variant)
	}
	var base Options
	if rec.Preset != "" {
		p, ok := PresetNamed(rec.Preset)
		if !ok {
			var names []string
			for _, p := range Presets() {
				names = append(names, p.Name)
			}
			return bad("unknown preset %s; the presets are %s", quote.Quote(rec.Preset), strings.Join(names, "; "))
		}
		base = p.Options
	}
	return base.Set(rec.Options...)
}

// LoadRecord builds the game of a record from its rules and replays its steps.
// Unknown rules are refused with an error wrapping brettspiel.ErrBadOptions; a
// step that is not legal where it stands is refused with its line (when the
// record was read by brettspiel.ParseRecord) and the game's own error. A
// record with more steps than a match under its rules can have (see
// maxRecordSteps), or whose draw for the start ties more than
// brettspiel.MaxTiedDraws times in a row, is refused with an error wrapping
// brettspiel.ErrBadNotation.
//
// A record with a "start:" header (see brettspiel.Record) begins at the
// position of that ID, read by ParseID, instead of at New's; its head names
// no other rules.
func LoadRecord(rec *brettspiel.Record) (*Game, error) {
	g, err := recordStart(rec)
	if err != nil {
		return nil, err
	}
	if err := rec.Replay(g); err != nil {
		return nil, err
	}
	return g, nil
}

// recordStart builds the game a record starts from: the position of its
// "start:" header (see brettspiel.Record.CheckStart), or a new game under its
// rules (RecordOptions).
func recordStart(rec *brettspiel.Record) (*Game, error) {
	if rec.Start != "" {
		if err := rec.CheckStart(Variant); err != nil {
			return nil, err
		}
		return ParseID(rec.Start)
	}
	opts, err := RecordOptions(rec)
	if err != nil {
		return nil, err
	}
	return New(opts)
}

// ReadRecord reads a record's text form (see brettspiel.ParseRecord) and
// replays it as it reads, as LoadRecord does: it stops at the first step that
// is refused, and its memory does not grow with the record.
func ReadRecord(r io.Reader) (*Game, error) {
	rr := brettspiel.NewRecordReader(r)
	head, err := rr.Header()
	if err != nil {
		return nil, err
	}
	g, err := recordStart(head)
	if err != nil {
		return nil, err
	}
	if err := rr.Replay(g, 0, nil); err != nil {
		return nil, err
	}
	return g, nil
}

// RecordLimits bounds the replay of a record into g (see
// kit.RecordLimiter): at most the steps a game under its rules can
// have (maxRecordSteps), and a draw for the start that ties at most
// brettspiel.MaxTiedDraws times in a row (drawCheck). Every loader of a
// record enforces them, a brettspiel.History's included.
func (g *Game) RecordLimits() (maxSteps int, check func() error) {
	return maxRecordSteps(g.opts), g.drawCheck()
}

// maxRecordSteps bounds the steps of a match under o (normalized): every
// play or pass, at most TurnCap of them, follows one throw; a Partie adds at
// most the winner's decision, a throw that ends it before a play, and a draw
// for the start of two throws and up to brettspiel.MaxTiedDraws repeats.
func maxRecordSteps(o Options) int {
	return 2*o.TurnCap + o.Partien*(2*(brettspiel.MaxTiedDraws+1)+2)
}

// drawCheck returns the check of LoadRecord that is called after every step:
// it counts the steps of the draw for the start in a row and refuses the
// brettspiel.MaxTiedDraws+1st tie.
func (g *Game) drawCheck() func() error {
	steps := 0
	return func() error {
		if g.phase != phaseDraw0 && g.phase != phaseDraw1 {
			steps = 0
			return nil
		}
		if steps++; steps > 2*brettspiel.MaxTiedDraws+1 {
			return &brettspiel.Error{Op: "load record", Err: brettspiel.ErrBadNotation,
				Reason: fmt.Sprintf("the draw for the start ties more than %d times in a row, which no real game does", brettspiel.MaxTiedDraws)}
		}
		return nil
	}
}

package kit

import (
	"fmt"
	"io"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
)

// Records loads the game records of one variant, given how the variant
// builds the game a record starts from. A variant keeps one in a package
// variable and offers its methods as its LoadRecord and ReadRecord.
type Records[G brettspiel.Game] struct {
	// Variant is the variant's name, the "game:" of its records.
	Variant string
	// ParseID reads a position ID of the variant, for a record with a
	// "start:" header.
	ParseID func(id string) (G, error)
	// New builds the game at the start of a record's rules, from its
	// preset, players and options.
	New func(rec *brettspiel.Record) (G, error)
}

// Start builds the game a record starts from: the position of its "start:"
// header (see [brettspiel.Record.CheckStart]), or a new game under its
// rules.
func (rs Records[G]) Start(rec *brettspiel.Record) (G, error) {
	if rec.Start != "" {
		if err := rec.CheckStart(rs.Variant); err != nil {
			var zero G
			return zero, err
		}
		return rs.ParseID(rec.Start)
	}
	return rs.New(rec)
}

// Load builds the game of a record and replays its steps
// ([brettspiel.Record.Replay], within the game's [RecordLimiter] bounds).
func (rs Records[G]) Load(rec *brettspiel.Record) (G, error) {
	var zero G
	g, err := rs.Start(rec)
	if err != nil {
		return zero, err
	}
	if err := rec.Replay(g); err != nil {
		return zero, err
	}
	return g, nil
}

// Read reads a record's text form (see [brettspiel.ParseRecord]) and
// replays it as it reads, as Load does: it stops at the first step that is
// refused, and its memory does not grow with the record.
func (rs Records[G]) Read(r io.Reader) (G, error) {
	var zero G
	rr := brettspiel.NewRecordReader(r)
	head, err := rr.Header()
	if err != nil {
		return zero, err
	}
	g, err := rs.Start(head)
	if err != nil {
		return zero, err
	}
	if err := rr.Replay(g, 0, nil); err != nil {
		return zero, err
	}
	return g, nil
}

// DrawCheck returns a check for [RecordLimiter.RecordLimits] that refuses a
// draw for the start that ties more than [brettspiel.MaxTiedDraws] times
// in a row. inDraw reports whether the game is in its draw for the start
// after the step just replayed; the draw takes two throws a round.
func DrawCheck(inDraw func() bool) func() error {
	steps := 0
	return func() error {
		if !inDraw() {
			steps = 0
			return nil
		}
		if steps++; steps > 2*brettspiel.MaxTiedDraws+1 {
			return &brettspiel.Error{Op: OpLoadRecord, Err: brettspiel.ErrBadNotation,
				Reason: fmt.Sprintf("the draw for the start ties more than %d times in a row, which no real game does", brettspiel.MaxTiedDraws)}
		}
		return nil
	}
}

// RecordPreset returns the options of the preset that a record of variant
// names, or the zero O when it names none. A record of another game or of
// an unknown preset is refused with an error wrapping
// [brettspiel.ErrBadOptions] that lists the presets there are, separated by
// "; " (a preset's name may hold a comma).
func RecordPreset[O any](rec *brettspiel.Record, variant string, presets []Preset[O]) (O, error) {
	var zero O
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.Name
	}
	i, err := recordPreset(rec, variant, names)
	if err != nil || i < 0 {
		return zero, err
	}
	return presets[i].Options, nil
}

// recordPreset is RecordPreset on the presets' names, apart from their
// options' type so that its code is not made again for every game: the
// index of the preset the record names, or −1 for none.
func recordPreset(rec *brettspiel.Record, variant string, names []string) (int, error) {
	bad := func(format string, args ...any) (int, error) {
		return -1, &brettspiel.Error{Op: OpLoadRecord, Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	if rec.Game != variant {
		return bad("a record of %s, not of %s", quote.Quote(rec.Game), variant)
	}
	if rec.Preset == "" {
		return -1, nil
	}
	for i, name := range names {
		if SameName(name, rec.Preset) {
			return i, nil
		}
	}
	return bad("unknown preset %s; the presets are %s", quote.Quote(rec.Preset), strings.Join(names, "; "))
}

// NewRecord starts the record of a game of variant under opts, for a
// variant's NewRecord: the first of presets whose rules opts has (same, see
// [PresetOf]) by name, and as its options the settings in which opts differs
// from that preset's options, or from the zero O when no preset has its
// rules; settings lists them as key=value.
func NewRecord[O any](variant string, opts O, presets []Preset[O], same func(o, preset O) bool, settings func(o, base O) []string) *brettspiel.Record {
	rec := &brettspiel.Record{Game: variant}
	var base O
	if p, ok := PresetOf(presets, opts, same); ok {
		rec.Preset, base = p.Name, p.Options
	}
	rec.Options = settings(opts, base)
	return rec
}

// RecordStart builds the game at the start of a record's rules, for
// [Records.New]: the options that options reads from the record (a
// variant's RecordOptions), given to build (its New).
func RecordStart[O any, G brettspiel.Game](options func(*brettspiel.Record) (O, error), build func(O) (G, error)) func(*brettspiel.Record) (G, error) {
	return func(rec *brettspiel.Record) (G, error) {
		o, err := options(rec)
		if err != nil {
			var zero G
			return zero, err
		}
		return build(o)
	}
}

package verkehren

import (
	"fmt"
	"io"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// NewRecord starts a game record (brettspiel.Record) under opts: the preset
// whose V-B1 and V-O1 rules opts has, by name, and every option in which
// opts differs from it as key=value (see ParseOptions); without such a preset
// the options differing from the zero Options. Keep it with Record.Append
// while playing a game made by New(opts).
func NewRecord(opts Options) *brettspiel.Record {
	return kit.NewRecord(Variant, opts, Presets(), sameBandRules, Options.diff)
}

// sameBandRules reports whether o has the V-B1 and V-O1 rules of the
// preset's options p.
func sameBandRules(o, p Options) bool {
	return o.Bands == p.Bands && o.Opening == p.Opening && o.BandLimit == p.BandLimit
}

// RecordOptions returns the rules of a record: its preset's options (the
// zero Options without a preset) changed by its option lines. Errors wrap
// brettspiel.ErrBadOptions: another game, an unknown preset, a seat count
// other than 2, an unknown or malformed option.
func RecordOptions(rec *brettspiel.Record) (Options, error) {
	o, err := kit.RecordPreset(rec, Variant, Presets())
	if err != nil {
		return Options{}, err
	}
	if rec.Players != 0 && rec.Players != 2 {
		return Options{}, &brettspiel.Error{Op: kit.OpLoadRecord, Err: brettspiel.ErrBadOptions,
			Reason: fmt.Sprintf("%d players; %s is played by 2", rec.Players, Variant)}
	}
	if err := o.set(rec.Options); err != nil {
		return Options{}, err
	}
	if err := o.Validate(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// records loads the records of the game: from a "start:" header's position
// ID, or from New under the record's rules (RecordOptions).
var records = kit.Records[*Game]{Variant: Variant, ParseID: ParseID, New: kit.RecordStart(RecordOptions, New)}

// LoadRecord builds the game of a record from its rules (RecordOptions) and
// replays its steps. A record that was tampered with is refused at its first
// illegal step, with its line (when it was read by brettspiel.ParseRecord)
// and the rules' reason. A record with more steps than a game under its
// rules can have (see maxRecordSteps), or whose draw for the start ties more
// than brettspiel.MaxTiedDraws times in a row, is refused with an error
// wrapping brettspiel.ErrBadNotation.
//
// A record with a "start:" header (see brettspiel.Record) begins at the
// position of that ID, read by ParseID, instead of at New's; its head names
// no other rules.
func LoadRecord(rec *brettspiel.Record) (*Game, error) { return records.Load(rec) }

// ReadRecord reads a record's text form (see brettspiel.ParseRecord) and
// replays it as it reads, as LoadRecord does: it stops at the first step that
// is refused, and its memory does not grow with the record.
func ReadRecord(r io.Reader) (*Game, error) { return records.Read(r) }

// RecordLimits bounds the replay of a record into g (see
// kit.RecordLimiter): at most the steps a game under its rules can
// have (maxRecordSteps), and a draw for the start that ties at most
// brettspiel.MaxTiedDraws times in a row (kit.DrawCheck). Every loader of a
// record enforces them, a brettspiel.History's included.
func (g *Game) RecordLimits() (maxSteps int, check func() error) {
	return maxRecordSteps(g.opts), kit.DrawCheck(func() bool { return g.phase == phaseDraw0 || g.phase == phaseDraw1 })
}

package toccateglio

import (
	"fmt"
	"io"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// NewRecord starts the record of a game under opts: the game's name, the
// preset whose rules opts has (if any) and the further settings (see
// Options.Settings) against that preset, or against the zero Options when
// no preset fits. Keep it with brettspiel.Record.Append while playing and
// write it with WriteTo.
func NewRecord(opts Options) *brettspiel.Record {
	return kit.NewRecord(Variant, opts, Presets(), sameRules, Options.Settings)
}

// RecordOptions returns the options of a record: its preset (or the zero
// Options when it names none) with its settings applied. An unknown game,
// preset or option is refused with an error wrapping brettspiel.ErrBadOptions.
func RecordOptions(rec *brettspiel.Record) (Options, error) {
	if rec.Game == Variant && rec.Players != 0 && rec.Players != 2 {
		return Options{}, &brettspiel.Error{Op: kit.OpLoadRecord, Err: brettspiel.ErrBadOptions,
			Reason: fmt.Sprintf("%d players; %s is for two", rec.Players, Variant)}
	}
	base, err := kit.RecordPreset(rec, Variant, Presets())
	if err != nil {
		return Options{}, err
	}
	return base.Set(rec.Options...)
}

// records loads the records of the game: from a "start:" header's position
// ID, or from New under the record's rules (RecordOptions).
var records = kit.Records[*Game]{Variant: Variant, ParseID: ParseID, New: kit.RecordStart(RecordOptions, New)}

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
func LoadRecord(rec *brettspiel.Record) (*Game, error) { return records.Load(rec) }

// ReadRecord reads a record's text form (see brettspiel.ParseRecord) and
// replays it as it reads, as LoadRecord does: it stops at the first step that
// is refused, and its memory does not grow with the record.
func ReadRecord(r io.Reader) (*Game, error) { return records.Read(r) }

// RecordLimits bounds the replay of a record into g (see
// kit.RecordLimiter): at most the steps a game under its rules can
// have (maxRecordSteps), and a draw for the start that ties at most
// brettspiel.MaxTiedDraws times in a row (kit.DrawCheck). Every loader of
// a record enforces them, a brettspiel.History's included.
func (g *Game) RecordLimits() (maxSteps int, check func() error) {
	return maxRecordSteps(g.opts), kit.DrawCheck(func() bool { return g.phase == phaseDraw0 || g.phase == phaseDraw1 })
}

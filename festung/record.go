package festung

import (
	"fmt"
	"io"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// NewRecord starts the record of a game under opts (see brettspiel.Record):
// game "festung", the number of players in its players header, and every
// other option, normalized, as key=value (stock, empty-field with five
// players, turn-cap). When the rules are those of the preset "Standard" for
// that seat count — the only preset, whose seat count is its default only —
// the record names it in its preset header, as the catalogue does; the
// options are written all the same. Keep it while playing
// with Record.Append; write it with [WriteRecord] (one line a throw) or
// Record.WriteTo, and load it with [LoadRecord].
func NewRecord(opts Options) *brettspiel.Record {
	o, err := opts.normalized()
	if err != nil {
		o = opts // LoadRecord will refuse it with the reason
	}
	rec := &brettspiel.Record{Game: Variant, Players: o.Players}
	if err == nil && isPreset(o) {
		rec.Preset = Presets()[0].Name
	}
	for _, kv := range o.settings() {
		if !strings.HasPrefix(kv, "players=") {
			rec.Options = append(rec.Options, kv)
		}
	}
	return rec
}

// isPreset reports whether o (normalized) has the rules of the preset
// "Standard" with its own seat count.
func isPreset(o Options) bool {
	p := Presets()[0].Options
	p.Players = o.Players
	p, err := p.normalized()
	return err == nil && p == o
}

// RecordOptions returns the options a record names: its preset, "Standard"
// or none (as older records have), with its players header and its
// key=value options (see [Options.String]) over it. A record of another
// game, another preset, an unknown or repeated option, or a players option
// that disagrees with the header is refused with an error wrapping
// brettspiel.ErrBadOptions.
func RecordOptions(rec *brettspiel.Record) (Options, error) {
	base, err := kit.RecordPreset(rec, Variant, Presets())
	if err != nil {
		return Options{}, err
	}
	base.Players = 0 // the preset's seat count is only its default
	o, err := parseSettings(strings.Join(rec.Options, " "), kit.LowerKeys(rec.Options))
	if err != nil {
		return Options{}, err
	}
	// Settings left out take the preset's values.
	if o.Stock == 0 {
		o.Stock = base.Stock
	}
	if o.TurnCap == 0 {
		o.TurnCap = base.TurnCap
	}
	if o.EmptyField == NoField {
		o.EmptyField = base.EmptyField
	}
	switch {
	case rec.Players != 0 && o.Players != 0 && rec.Players != o.Players:
		return Options{}, &brettspiel.Error{Op: kit.OpLoadRecord, Err: brettspiel.ErrBadOptions,
			Reason: fmt.Sprintf("the header says %d players, the option players=%d", rec.Players, o.Players)}
	case rec.Players != 0:
		o.Players = rec.Players
	}
	return o.check(strings.Join(append([]string{fmt.Sprintf("players=%d", o.Players)}, rec.Options...), " "))
}

// records loads the records of the game: from a "start:" header's position
// ID, or from New under the record's rules (RecordOptions).
var records = kit.Records[*Game]{Variant: Variant, ParseID: ParseID, New: kit.RecordStart(RecordOptions, New)}

// LoadRecord builds the game a record names (see [RecordOptions]) and replays
// its steps through the rules. A step that is no move of the game at that
// point — a tampered record — is refused with the line number of the record's
// text (when it was read by brettspiel.ParseRecord) and the game's reason; the
// error wraps the game's sentinel (ErrBadNotation, ErrIllegalMove, …). A
// record with more steps than a game under its rules can have — a throw and
// at most one decision for each of the turn cap's throws — is refused before
// it is replayed.
//
// A record with a "start:" header (see brettspiel.Record) begins at the
// position of that ID, read by ParseID, instead of at New's; its head names
// no other rules.
func LoadRecord(rec *brettspiel.Record) (*Game, error) { return records.Load(rec) }

// ReadRecord reads a record's text form (see brettspiel.ParseRecord) and
// replays it as it reads, as [LoadRecord] does: it stops at the first step
// that is refused, and its memory does not grow with the record.
func ReadRecord(r io.Reader) (*Game, error) { return records.Read(r) }

// RecordLimits bounds the replay of a record into g (see
// kit.RecordLimiter): at most the steps a game under its rules can
// have (maxRecordSteps). Every loader of a record enforces it, a
// brettspiel.History's included.
func (g *Game) RecordLimits() (maxSteps int, check func() error) {
	return maxRecordSteps(g.opts), nil
}

// WriteRecord writes the text form of rec (read by brettspiel.ParseRecord)
// with one line a throw: the throw, and after " ; " the thrower's decision
// when the throw left him one. It needs no game: in this notation a throw
// ("5/1-6") and a decision ("W2.V") cannot be mistaken for each other.
// (Record.WriteTo writes the same steps, but puts throws on one line until a
// decision.)
//
//	# brettspiel record
//	game: festung
//	players: 3
//	option: stock=25
//	option: turn-cap=5000
//
//	5/1-6
//	2/3-4 ; W2.II
func WriteRecord(w io.Writer, rec *brettspiel.Record) error {
	var b strings.Builder
	b.WriteString(rec.Header())
	for i, s := range rec.Steps {
		if i > 0 {
			if _, ok := parseThrow(s); ok {
				b.WriteByte('\n')
			} else {
				b.WriteString(" ; ")
			}
		}
		b.WriteString(s)
	}
	if len(rec.Steps) > 0 {
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

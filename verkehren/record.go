package verkehren

import (
	"fmt"
	"strings"

	"github.com/brettspiel/brettspiel"
)

// NewRecord starts a game record (brettspiel.Record) under opts: the preset
// whose V-B1 and V-O1 rules opts has, by name, and every option in which
// opts differs from it as key=value (see ParseOptions); without such a preset
// the options differing from the zero Options. Keep it with Record.Append
// while playing a game made by New(opts).
func NewRecord(opts Options) *brettspiel.Record {
	rec := &brettspiel.Record{Game: variant}
	base := Options{}
	for _, p := range Presets() {
		o := p.Options
		if o.Bands == opts.Bands && o.Opening == opts.Opening && o.BandLimit == opts.BandLimit {
			rec.Preset, base = p.Name, o
			break
		}
	}
	rec.Options = opts.diff(base)
	return rec
}

// RecordOptions returns the rules of a record: its preset's options (the
// zero Options without a preset) changed by its option lines. Errors wrap
// brettspiel.ErrBadOptions: another game, an unknown preset, a seat count
// other than 2, an unknown or malformed option.
func RecordOptions(rec *brettspiel.Record) (Options, error) {
	bad := func(reason string) (Options, error) {
		return Options{}, &brettspiel.Error{Op: "load record", Err: brettspiel.ErrBadOptions, Reason: reason}
	}
	if rec.Game != variant {
		return bad(fmt.Sprintf("the record is of the game %s, not %s", brettspiel.Quote(rec.Game), variant))
	}
	if rec.Players != 0 && rec.Players != 2 {
		return bad(fmt.Sprintf("%d players; %s is played by 2", rec.Players, variant))
	}
	var o Options
	if rec.Preset != "" {
		p, ok := presetNamed(rec.Preset)
		if !ok {
			var names []string
			for _, p := range Presets() {
				names = append(names, p.Name)
			}
			return bad(fmt.Sprintf("unknown preset %s; the presets are %s", brettspiel.Quote(rec.Preset), strings.Join(names, ", ")))
		}
		o = p.Options
	}
	if err := o.set(rec.Options); err != nil {
		return Options{}, err
	}
	if err := o.Validate(); err != nil {
		return Options{}, err
	}
	return o, nil
}

// LoadRecord builds the game of a record from its rules (RecordOptions) and
// replays its steps. A record that was tampered with is refused at its first
// illegal step, with its line (when it was read by brettspiel.ParseRecord)
// and the rules' reason.
func LoadRecord(rec *brettspiel.Record) (*Game, error) {
	opts, err := RecordOptions(rec)
	if err != nil {
		return nil, err
	}
	g, err := New(opts)
	if err != nil {
		return nil, err
	}
	if err := rec.Replay(g); err != nil {
		return nil, err
	}
	return g, nil
}

package verkehren

import (
	"fmt"
	"io"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
)

// NewRecord starts a game record (brettspiel.Record) under opts: the preset
// whose V-B1 and V-O1 rules opts has, by name, and every option in which
// opts differs from it as key=value (see ParseOptions); without such a preset
// the options differing from the zero Options. Keep it with Record.Append
// while playing a game made by New(opts).
func NewRecord(opts Options) *brettspiel.Record {
	rec := &brettspiel.Record{Game: Variant}
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
	if rec.Game != Variant {
		return bad(fmt.Sprintf("the record is of the game %s, not %s", quote.Quote(rec.Game), Variant))
	}
	if rec.Players != 0 && rec.Players != 2 {
		return bad(fmt.Sprintf("%d players; %s is played by 2", rec.Players, Variant))
	}
	var o Options
	if rec.Preset != "" {
		p, ok := PresetNamed(rec.Preset)
		if !ok {
			var names []string
			for _, p := range Presets() {
				names = append(names, p.Name)
			}
			return bad(fmt.Sprintf("unknown preset %s; the presets are %s", quote.Quote(rec.Preset), strings.Join(names, ", ")))
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
// and the rules' reason. A record with more steps than a game under its
// rules can have (see maxRecordSteps), or whose draw for the start ties more
// than brettspiel.MaxTiedDraws times in a row, is refused with an error
// wrapping brettspiel.ErrBadNotation.
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

// maxRecordSteps bounds the steps of a game under o: every play, pass or
// concession, at most the turn cap of them, follows one throw, and the draw
// for the start takes two throws and up to brettspiel.MaxTiedDraws repeats.
func maxRecordSteps(o Options) int {
	return 2*o.turnCap() + 2*(brettspiel.MaxTiedDraws+1)
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

package catalog

import (
	"encoding"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/order"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// Variant describes one game of the catalogue. Its JSON form (the keys of
// its tags) is what a frontend lists its games from.
type Variant struct {
	// Name is the game's name in records, position IDs and JSON, e.g.
	// "toccateglio"; it is what the functions of this package take.
	Name string `json:"name"`
	// Title is the game's name for a menu, e.g. "Festungsspiel".
	Title string `json:"title"`
	// Description says in a sentence what sort of game it is.
	Description string `json:"description"`
	// Presets are the rule sets the game offers, the default first.
	Presets []Preset `json:"presets"`
	// MinPlayers and MaxPlayers bound the number of seats.
	MinPlayers int `json:"minPlayers"`
	MaxPlayers int `json:"maxPlayers"`
}

// Preset is one named rule set of a [Variant].
type Preset struct {
	// Name is the preset's name as its game names it, e.g.
	// "Tokkadille 1853, 16 stones".
	Name string `json:"name"`
	// Title is the preset's name for a menu, in the language of the list
	// ([VariantsIn]); in English it is Name. A call names the preset by
	// Name, never by Title.
	Title string `json:"title"`
	// Description says what distinguishes it from the game's other presets.
	Description string `json:"description"`
	// Source names the text whose rules it follows.
	Source string `json:"source"`
}

// Preset returns the preset of v named name (see the package doc for how
// names match), and false when v has none of that name.
func (v Variant) Preset(name string) (Preset, bool) {
	for _, p := range v.Presets {
		if kit.SameName(p.Name, name) {
			return p, true
		}
	}
	return Preset{}, false
}

// decoder is what every game of the catalogue is: a Game that reads its
// position ID and its JSON.
type decoder interface {
	brettspiel.Game
	encoding.TextUnmarshaler
	json.Unmarshaler
}

// entry is a Variant with the means to build and load its games. The entries
// are never changed after init and never handed out; callers get copies.
type entry struct {
	v Variant
	// newGame and newRecord build the game and start the record of preset
	// number i of v.Presets for the given (checked) seat count.
	newGame   func(i, players int) (brettspiel.Game, error)
	newRecord func(i, players int) *brettspiel.Record
	// load builds a record's game at its start and replays its steps.
	load func(rec *brettspiel.Record) (brettspiel.Game, error)
	// zero returns a fresh game for a position ID or JSON to be read into.
	zero func() decoder
}

var entries = []entry{
	{
		v: Variant{
			Name: toccateglio.Variant, Title: "Toccateglio",
			Description: "a backgammon relative of the 18th and 19th centuries: hits are scored as marks, never carried out; the Hucke is taken by two stones together; a Partie runs to 12 marks",
			Presets:     presetsOf(toccateglio.Presets(), func(p toccateglio.Preset) Preset { return Preset{p.Name, p.Name, p.Summary, p.Source} }),
			MinPlayers:  2, MaxPlayers: 2,
		},
		newGame: func(i, _ int) (brettspiel.Game, error) {
			return toccateglio.New(toccateglio.Presets()[i].Options)
		},
		newRecord: func(i, _ int) *brettspiel.Record {
			return toccateglio.NewRecord(toccateglio.Presets()[i].Options)
		},
		load: func(rec *brettspiel.Record) (brettspiel.Game, error) { return toccateglio.LoadRecord(rec) },
		zero: func() decoder { return new(toccateglio.Game) },
	},
	{
		v: Variant{
			Name: "verkehren", Title: "Verkehren",
			Description: "both players set their stones on the other's side and run the same way round; hit stones leave the board and enter again; a player shut out is Junker",
			Presets:     presetsOf(verkehren.Presets(), func(p verkehren.Preset) Preset { return Preset{p.Name, p.Name, p.Summary, p.Source} }),
			MinPlayers:  2, MaxPlayers: 2,
		},
		newGame: func(i, _ int) (brettspiel.Game, error) {
			return verkehren.New(verkehren.Presets()[i].Options)
		},
		newRecord: func(i, _ int) *brettspiel.Record {
			return verkehren.NewRecord(verkehren.Presets()[i].Options)
		},
		load: func(rec *brettspiel.Record) (brettspiel.Game, error) { return verkehren.LoadRecord(rec) },
		zero: func() decoder { return new(verkehren.Game) },
	},
	{
		v: Variant{
			Name: festung.Variant, Title: "Festungsspiel",
			Description: "a fortress game for 2 to 6 players and three dice: markers are staked on a plan of works, taken and placed by the throws; the fifth Pasch takes the centre",
			Presets:     presetsOf(festung.Presets(), func(p festung.Preset) Preset { return Preset{p.Name, p.Name, p.Summary, p.Source} }),
			MinPlayers:  2, MaxPlayers: 6,
		},
		newGame: func(i, players int) (brettspiel.Game, error) {
			return festung.New(festungOptions(i, players))
		},
		newRecord: func(i, players int) *brettspiel.Record {
			return festung.NewRecord(festungOptions(i, players))
		},
		load: func(rec *brettspiel.Record) (brettspiel.Game, error) { return festung.LoadRecord(rec) },
		zero: func() decoder { return new(festung.Game) },
	},
}

// festungOptions are the rules of the Festungsspiel's preset i for the given
// seat count (a preset's own count is only its default).
func festungOptions(i, players int) festung.Options {
	o := festung.Presets()[i].Options
	o.Players = players
	return o
}

func presetsOf[P any](ps []P, f func(P) Preset) []Preset {
	out := make([]Preset, len(ps))
	for i, p := range ps {
		out[i] = f(p)
	}
	return out
}

func (e *entry) variant() Variant {
	v := e.v
	v.Presets = slices.Clone(v.Presets)
	return v
}

// Variants lists the games of the catalogue, sorted by name. The slice and
// its presets are the caller's: changing them changes nothing else.
func Variants() []Variant {
	out := make([]Variant, len(entries))
	for i := range entries {
		out[i] = entries[i].variant()
	}
	order.Stable(out, func(a, b Variant) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Names lists the names of the games, sorted.
func Names() []string {
	var names []string
	for _, v := range Variants() {
		names = append(names, v.Name)
	}
	return names
}

// Lookup returns the game of a name (its Name or its Title, see the package
// doc for how names match), and false when there is none. The Variant is a
// copy.
func Lookup(name string) (Variant, bool) {
	if e := find(name); e != nil {
		return e.variant(), true
	}
	return Variant{}, false
}

func find(name string) *entry {
	for i := range entries {
		if kit.SameName(entries[i].v.Name, name) || kit.SameName(entries[i].v.Title, name) {
			return &entries[i]
		}
	}
	return nil
}

// resolve finds the entry, the preset's index and the seat count of a
// request, or says what is wrong and what there is.
func resolve(op, variant, preset string, players int) (*entry, int, int, error) {
	e := find(variant)
	if e == nil {
		return nil, 0, 0, &brettspiel.Error{Op: op, Input: variant, Err: brettspiel.ErrBadOptions,
			Reason: "unknown game; the games are " + strings.Join(Names(), ", ")}
	}
	i := 0
	if preset != "" {
		i = slices.IndexFunc(e.v.Presets, func(p Preset) bool { return kit.SameName(p.Name, preset) })
		if i < 0 {
			var names []string
			for _, p := range e.v.Presets {
				names = append(names, strconv.Quote(p.Name))
			}
			return nil, 0, 0, &brettspiel.Error{Op: op, Input: preset, Err: brettspiel.ErrBadOptions,
				Reason: fmt.Sprintf("%s has no such preset; its presets are %s", e.v.Name, strings.Join(names, ", "))}
		}
	}
	if players == 0 {
		players = e.v.MinPlayers
	}
	if players < e.v.MinPlayers || players > e.v.MaxPlayers {
		span := strconv.Itoa(e.v.MinPlayers)
		if e.v.MaxPlayers != e.v.MinPlayers {
			span += " to " + strconv.Itoa(e.v.MaxPlayers)
		}
		return nil, 0, 0, &brettspiel.Error{Op: op, Input: strconv.Itoa(players) + " players", Err: brettspiel.ErrBadOptions,
			Reason: fmt.Sprintf("%s is played by %s", e.v.Name, span)}
	}
	return e, i, players, nil
}

// New builds a new game of a variant under one of its presets ("" for the
// default, the first) for a number of players (0 for the smallest the game
// allows). An unknown game or preset or a seat count the game does not allow
// is refused with an error wrapping brettspiel.ErrBadOptions that lists what
// there is.
func New(variant, preset string, players int) (brettspiel.Game, error) {
	e, i, n, err := resolve("new game", variant, preset, players)
	if err != nil {
		return nil, err
	}
	return e.newGame(i, n)
}

// NewRecord starts the record of the game that New(variant, preset, players)
// builds: the variant's own record, with its rules in its terms. Keep it with
// brettspiel.Record.Append while playing that game. Errors are New's.
func NewRecord(variant, preset string, players int) (*brettspiel.Record, error) {
	e, i, n, err := resolve("new record", variant, preset, players)
	if err != nil {
		return nil, err
	}
	return e.newRecord(i, n), nil
}

// NewHistory builds the game that New(variant, preset, players) builds,
// wrapped in a brettspiel.History whose record is the variant's own. Errors
// are New's.
func NewHistory(variant, preset string, players int) (*brettspiel.History, error) {
	e, i, n, err := resolve("new game", variant, preset, players)
	if err != nil {
		return nil, err
	}
	g, err := e.newGame(i, n)
	if err != nil {
		return nil, err
	}
	return brettspiel.NewHistory(g, e.newRecord(i, n))
}

// recordEntry finds the variant a record names; its name matches as all
// names of the catalogue do.
func recordEntry(rec *brettspiel.Record) (*entry, *brettspiel.Record, error) {
	if rec == nil {
		return nil, nil, &brettspiel.Error{Op: "load record", Err: brettspiel.ErrBadNotation, Reason: "no record"}
	}
	e := find(rec.Game)
	if e == nil {
		return nil, nil, &brettspiel.Error{Op: "load record", Input: rec.Game, Err: brettspiel.ErrBadOptions,
			Reason: "a record of an unknown game; the games are " + strings.Join(Names(), ", ")}
	}
	// The variant's loader wants its own spelling; the copy keeps the line
	// numbers of the steps for its errors.
	named := *rec
	named.Game = e.v.Name
	return e, &named, nil
}

// LoadRecord builds the game a record names in its "game:" header (see
// brettspiel.Record) and replays its steps through the variant's own loader,
// which refuses bad rules and the first illegal step with its line. A record
// of an unknown game is refused with an error wrapping
// brettspiel.ErrBadOptions.
func LoadRecord(rec *brettspiel.Record) (brettspiel.Game, error) {
	e, named, err := recordEntry(rec)
	if err != nil {
		return nil, err
	}
	return e.load(named)
}

// LoadHistory is [LoadRecord] into a brettspiel.History: every step of the
// record is an entry that can be undone, and the history's record has the
// record's header.
func LoadHistory(rec *brettspiel.Record) (*brettspiel.History, error) {
	e, named, err := recordEntry(rec)
	if err != nil {
		return nil, err
	}
	bare := *named
	bare.Steps = nil
	start, err := e.load(&bare)
	if err != nil {
		return nil, err
	}
	return brettspiel.NewHistory(start, named)
}

// ParseID loads a position ID (see kit.EncodeID) of any game: the
// prefix before the first colon names the game, whose package reads the
// rest. An ID of an unknown game is refused with an error wrapping
// brettspiel.ErrBadNotation that lists the games; the variant's own errors
// are passed on.
func ParseID(id string) (brettspiel.Game, error) {
	if len(id) > brettspiel.MaxIDSize {
		return nil, &brettspiel.Error{Op: "decode position ID", Input: id, Err: brettspiel.ErrBadNotation,
			Reason: fmt.Sprintf("%d bytes; a position ID is at most %d", len(id), brettspiel.MaxIDSize)}
	}
	name, _, ok := strings.Cut(id, ":")
	if !ok {
		return nil, &brettspiel.Error{Op: "decode position ID", Input: id, Err: brettspiel.ErrBadNotation, Reason: "want game:version:payload"}
	}
	e := exact(name)
	if e == nil {
		return nil, &brettspiel.Error{Op: "decode position ID", Input: id, Err: brettspiel.ErrBadNotation,
			Reason: "an ID of an unknown game " + quote.Quote(name) + "; the games are " + strings.Join(Names(), ", ")}
	}
	g := e.zero()
	if err := g.UnmarshalText([]byte(id)); err != nil {
		return nil, err
	}
	return g, nil
}

// exact finds the entry of a name as the formats write it: IDs and JSON are
// data written by the packages, so their names match exactly.
func exact(name string) *entry {
	for i := range entries {
		if entries[i].v.Name == name {
			return &entries[i]
		}
	}
	return nil
}

// UnmarshalJSON reads the JSON form of a state of any game (see
// kit.StateJSON): its "game" key names the game, whose package reads
// and checks the rest. Data that is no JSON object, or names no game of the
// catalogue, is refused with an error wrapping brettspiel.ErrBadNotation; the
// variant's own errors are passed on.
func UnmarshalJSON(data []byte) (brettspiel.Game, error) {
	if len(data) > kit.MaxJSONSize {
		return nil, &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadNotation,
			Reason: fmt.Sprintf("%d bytes; the JSON form of a state is at most %d", len(data), kit.MaxJSONSize)}
	}
	var head struct {
		Game *string `json:"game"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadNotation, Reason: err.Error()}
	}
	if head.Game == nil {
		return nil, &brettspiel.Error{Op: "decode JSON", Err: brettspiel.ErrBadNotation, Reason: "no \"game\" key"}
	}
	e := exact(*head.Game)
	if e == nil {
		return nil, &brettspiel.Error{Op: "decode JSON", Input: *head.Game, Err: brettspiel.ErrBadNotation,
			Reason: "an unknown game; the games are " + strings.Join(Names(), ", ")}
	}
	g := e.zero()
	if err := g.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return g, nil
}

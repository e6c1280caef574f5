// Package catalog names the games and presets the example programs offer and
// builds a new game from a name, a preset and a seat count.
package catalog

import (
	"fmt"
	"sort"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/internal/race"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// Entry is one game of the catalogue.
type Entry struct {
	Name     string
	Presets  []string // the first is the default
	Players  [2]int   // smallest and largest seat count
	New      func(preset string, players int) (brettspiel.Game, error)
	Describe string
	// Record starts the record of a new game of a preset (checked by New
	// before): the variant's own record, with its rules in its terms.
	Record func(preset string, players int) *brettspiel.Record
	// Load builds the game of a record, replayed to its end, and the same
	// game at its start.
	Load func(rec *brettspiel.Record) (start, end brettspiel.Game, err error)
}

var entries = []Entry{
	{
		Name: "toccateglio", Presets: toccateglioPresets(), Players: [2]int{2, 2},
		Describe: "Toccateglispiel, Tokkadille 1853, Toccadille: hits are marked, a Partie to 12",
		New: func(preset string, _ int) (brettspiel.Game, error) {
			for _, p := range toccateglio.Presets() {
				if slug(p.Name) == preset {
					return toccateglio.New(p.Options)
				}
			}
			return nil, fmt.Errorf("toccateglio has no preset %q", preset)
		},
		Record: func(preset string, _ int) *brettspiel.Record {
			for _, p := range toccateglio.Presets() {
				if slug(p.Name) == preset {
					return toccateglio.NewRecord(p.Options)
				}
			}
			return toccateglio.NewRecord(toccateglio.Toccateglispiel())
		},
		Load: func(rec *brettspiel.Record) (brettspiel.Game, brettspiel.Game, error) {
			return load(rec, toccateglio.LoadRecord)
		},
	},
	{
		Name: "verkehren", Presets: verkehrenPresets(), Players: [2]int{2, 2},
		Describe: "Verkehren: both run the same way round; hit stones re-enter; Junker and Jan",
		New: func(preset string, _ int) (brettspiel.Game, error) {
			for _, p := range verkehren.Presets() {
				if slug(p.Name) == preset {
					return verkehren.New(p.Options)
				}
			}
			return nil, fmt.Errorf("verkehren has no preset %q", preset)
		},
		Record: func(preset string, _ int) *brettspiel.Record {
			for _, p := range verkehren.Presets() {
				if slug(p.Name) == preset {
					return verkehren.NewRecord(p.Options)
				}
			}
			return verkehren.NewRecord(verkehren.VK)
		},
		Load: func(rec *brettspiel.Record) (brettspiel.Game, brettspiel.Game, error) {
			return load(rec, verkehren.LoadRecord)
		},
	},
	{
		Name: "festung", Presets: []string{"standard"}, Players: [2]int{2, 6},
		Describe: "the three-dice fortress game for 2–6 players",
		New: func(_ string, players int) (brettspiel.Game, error) {
			return festung.New(festung.ForPlayers(players))
		},
		Record: func(_ string, players int) *brettspiel.Record {
			return festung.NewRecord(festung.ForPlayers(players))
		},
		Load: func(rec *brettspiel.Record) (brettspiel.Game, brettspiel.Game, error) {
			return load(rec, festung.LoadRecord)
		},
	},
	{
		Name: "race", Presets: []string{"default"}, Players: [2]int{2, 4},
		Describe: "a one-die race, the module's small test game",
		New: func(_ string, players int) (brettspiel.Game, error) {
			return race.New(race.Rules{Players: players})
		},
		Record: func(preset string, players int) *brettspiel.Record {
			return &brettspiel.Record{Game: "race", Preset: preset, Players: players}
		},
		Load: func(rec *brettspiel.Record) (brettspiel.Game, brettspiel.Game, error) {
			return load(rec, func(rec *brettspiel.Record) (*race.Race, error) {
				g, err := race.New(race.Rules{Players: rec.Players})
				if err != nil {
					return nil, err
				}
				return g, rec.Replay(g)
			})
		},
	},
}

// load replays rec with the variant's loader, and loads it once more without
// its steps for the game's start.
func load[G brettspiel.Game](rec *brettspiel.Record, loader func(*brettspiel.Record) (G, error)) (start, end brettspiel.Game, err error) {
	bare := *rec
	bare.Steps = nil
	first, err := loader(&bare)
	if err != nil {
		return nil, nil, err
	}
	last, err := loader(rec)
	if err != nil {
		return nil, nil, err
	}
	return first, last, nil
}

func verkehrenPresets() []string {
	var names []string
	for _, p := range verkehren.Presets() {
		names = append(names, slug(p.Name))
	}
	return names
}

func toccateglioPresets() []string {
	var names []string
	for _, p := range toccateglio.Presets() {
		names = append(names, slug(p.Name))
	}
	return names
}

// slug writes a preset's name for the command line: "Tokkadille 1853, 16
// stones" is "tokkadille-1853-16-stones".
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// Entries lists the games, by name.
func Entries() []Entry {
	out := append([]Entry(nil), entries...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup finds a game by name.
func Lookup(name string) (Entry, error) {
	for _, e := range entries {
		if e.Name == name {
			return e, nil
		}
	}
	var names []string
	for _, e := range Entries() {
		names = append(names, e.Name)
	}
	return Entry{}, fmt.Errorf("unknown game %q (have %s)", name, strings.Join(names, ", "))
}

// NewGame builds a game; an empty preset is the default and players 0 the
// smallest seat count.
func (e Entry) NewGame(preset string, players int) (brettspiel.Game, error) {
	if preset == "" {
		preset = e.Presets[0]
	}
	found := false
	for _, p := range e.Presets {
		found = found || p == preset
	}
	if !found {
		return nil, fmt.Errorf("%s has no preset %q (have %s)", e.Name, preset, strings.Join(e.Presets, ", "))
	}
	if players == 0 {
		players = e.Players[0]
	}
	if players < e.Players[0] || players > e.Players[1] {
		return nil, fmt.Errorf("%s is for %d to %d players, not %d", e.Name, e.Players[0], e.Players[1], players)
	}
	return e.New(preset, players)
}

// Bot returns the bot of a name: random, greedy, search or expectimax.
func Bot(name string) (bot.Bot, error) {
	switch name {
	case "random":
		return bot.Random{}, nil
	case "greedy":
		return bot.Greedy{}, nil
	case "search":
		return bot.Searcher{}, nil
	case "expectimax":
		return bot.Expectimax{}, nil
	}
	return nil, fmt.Errorf("unknown bot %q (have random, greedy, search, expectimax)", name)
}

package catalog

import (
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// Setting is a rule a person may choose beside any preset of a game, for
// a menu: Name is the term that turns it on, as the game's options read it
// ("schule=true"), the same in every language.
type Setting struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
}

// settingsOf holds the settings of each game, in English and German.
var settingsOf = map[string][2][]Setting{
	toccateglio.Variant: {{{
		Name: "schule=true", Title: "Schule",
		Description: "the players mark their points themselves, and a point forgotten or marked too many may be claimed by the other before the next throw (T-W5); for games between people",
	}}, {{
		Name: "schule=true", Title: "Schule",
		Description: "die Spieler markieren ihre Points selbst, und einen vergessenen oder zu viel markierten Point kann der andere vor dem nächsten Wurf fordern (T-W5); für Partien zwischen Menschen",
	}}},
}

// Settings lists the settings a person may choose for a game beside its
// preset, in English or, for the tag "de", in German; nil for an unknown
// game or one without any. The slice is the caller's.
func Settings(variant, tag string) []Setting {
	e := find(variant)
	if e == nil {
		return nil
	}
	s := settingsOf[e.v.Name]
	if isGerman(tag) {
		return slices.Clone(s[1])
	}
	return slices.Clone(s[0])
}

// NewWith is [New] with settings of the game's [Settings] applied to the
// preset, each by its Name ("schule=true"); a setting the game does not
// offer is refused with an error wrapping brettspiel.ErrBadOptions that
// lists those it does.
func NewWith(variant, preset string, players int, settings ...string) (brettspiel.Game, error) {
	g, _, err := newWith("new game", variant, preset, players, settings)
	return g, err
}

// NewHistoryWith is [NewHistory] with the settings of [NewWith].
func NewHistoryWith(variant, preset string, players int, settings ...string) (*brettspiel.History, error) {
	g, rec, err := newWith("new game", variant, preset, players, settings)
	if err != nil {
		return nil, err
	}
	return brettspiel.NewHistory(g, rec)
}

// newWith builds the game and its record of NewWith.
func newWith(op, variant, preset string, players int, settings []string) (brettspiel.Game, *brettspiel.Record, error) {
	e, i, n, err := resolve(op, variant, preset, players)
	if err != nil {
		return nil, nil, err
	}
	offered := settingsOf[e.v.Name][0]
	for _, s := range settings {
		if !slices.ContainsFunc(offered, func(o Setting) bool { return kit.SameName(o.Name, s) }) {
			var names []string
			for _, o := range offered {
				names = append(names, o.Name)
			}
			reason := e.v.Name + " offers no settings"
			if len(names) > 0 {
				reason = e.v.Name + " offers the settings " + strings.Join(names, ", ")
			}
			return nil, nil, &brettspiel.Error{Op: op, Input: s, Err: brettspiel.ErrBadOptions, Reason: reason}
		}
	}
	if len(settings) == 0 {
		g, err := e.newGame(i, n)
		if err != nil {
			return nil, nil, err
		}
		return g, e.newRecord(i, n), nil
	}
	// Only Toccateglio offers settings so far.
	o, err := toccateglio.Presets()[i].Options.Set(settings...)
	if err != nil {
		return nil, nil, err
	}
	g, err := toccateglio.New(o)
	if err != nil {
		return nil, nil, err
	}
	return g, toccateglio.NewRecord(o), nil
}

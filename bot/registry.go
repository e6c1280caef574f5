package bot

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/order"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// Level is a bot of the registry by name: what a frontend offers in its
// list of opponents and what a session seats by name.
type Level struct {
	// Name is what [Named] takes: lower case, no spaces, e.g. "greedy".
	Name string
	// Strength orders the levels for a menu, weakest first; levels of equal
	// strength are ordered by name.
	Strength int
	// Description says in a phrase how the bot plays, in English.
	Description string
	// Descriptions holds Description in other languages by language tag,
	// e.g. "de" for German; see [Level.DescriptionIn].
	Descriptions map[string]string
	// Games names the variants the level is made for (catalog names, e.g.
	// "verkehren"); empty for a level that plays every game alike. A level
	// plays any game, but a menu offers it only for these ([For]).
	Games []string
	// New returns the bot, with the budget the level stands for. The bots
	// keep no state between calls, so one value may serve every game.
	New func() Bot
}

// ErrUnknownBot is wrapped by the error of [Named] for a name no level has.
var ErrUnknownBot = kit.NewSentinel("ErrUnknownBot", "unknown bot")

// registry holds the levels by name. It is filled by Register, which the
// package's own levels call in init and other packages (a learned
// evaluator's, say) in theirs.
var registry struct {
	mu     sync.RWMutex
	levels []Level
}

func init() {
	Register(Level{Name: "random", Strength: 0, Description: "plays any legal move at random",
		Descriptions: map[string]string{"de": "spielt irgendeinen erlaubten Zug, zufällig gewählt"},
		New:          func() Bot { return Random{} }})
	Register(Level{Name: "greedy", Strength: 10, Description: "takes the move that scores most at once",
		Descriptions: map[string]string{"de": "nimmt den Zug, der sofort am meisten einbringt"},
		New:          func() Bot { return Greedy{} }})
	Register(Level{Name: "search", Strength: 20, Description: "rolls each move out 400 times (Monte Carlo)",
		Descriptions: map[string]string{"de": "spielt jeden Zug 400-mal zufällig zu Ende (Monte Carlo)"},
		New:          func() Bot { return Searcher{} }})
	// Two plies within 4000 positions: about a second a move in a browser's
	// WebAssembly at most.
	Register(Level{Name: "expectimax", Strength: 30, Description: "looks two moves ahead over every throw",
		Descriptions: map[string]string{"de": "rechnet zwei Züge voraus, über jeden möglichen Wurf"},
		New:          func() Bot { return Expectimax{Plies: 2, Nodes: 4000} }})
}

// Register adds a level to the registry: one line in an init function of
// the package that makes the bot,
//
//	func init() { bot.Register(bot.Level{Name: "net-1", Strength: 40, Description: "…", New: newNet1}) }
//
// It panics on a name that is empty, not lower case without spaces, or
// taken already, and on a nil New: these are programming errors, found the
// first time the program starts. Register is safe for concurrent use.
func Register(l Level) {
	if l.Name == "" || l.Name != strings.ToLower(l.Name) || strings.ContainsAny(l.Name, " \t\n") || l.New == nil {
		panic("bot.Register: a level needs a lower-case name without spaces and a New function, got " + quote.Quote(l.Name))
	}
	registry.mu.Lock()
	defer registry.mu.Unlock()
	if slices.ContainsFunc(registry.levels, func(x Level) bool { return x.Name == l.Name }) {
		panic("bot.Register: the level " + quote.Quote(l.Name) + " is registered twice")
	}
	l.Descriptions = maps.Clone(l.Descriptions)
	registry.levels = append(registry.levels, l)
	order.Stable(registry.levels, func(a, b Level) int {
		if a.Strength != b.Strength {
			return a.Strength - b.Strength
		}
		return strings.Compare(a.Name, b.Name)
	})
}

// Levels returns the registered levels, weakest first. The slice is the
// caller's.
func Levels() []Level {
	registry.mu.RLock()
	defer registry.mu.RUnlock()
	return slices.Clone(registry.levels)
}

// DescriptionIn returns the level's description in the language of a tag
// ("de"; region subtags and case do not matter, "de-AT" is "de"), and
// Description, the English, for "en", "" or a language the level has no
// text in.
func (l Level) DescriptionIn(tag string) string {
	base, _, _ := strings.Cut(strings.ReplaceAll(tag, "_", "-"), "-")
	if d, ok := l.Descriptions[strings.ToLower(base)]; ok && d != "" {
		return d
	}
	return l.Description
}

// For reports whether the level is made for the variant: it names it in
// Games, or it names no game.
func (l Level) For(variant string) bool {
	return len(l.Games) == 0 || slices.Contains(l.Games, variant)
}

// LevelsFor returns the registered levels made for a variant ([Level.For]),
// weakest first: what a frontend's menu of opponents offers for it.
func LevelsFor(variant string) []Level {
	ls := Levels()
	return slices.DeleteFunc(ls, func(l Level) bool { return !l.For(variant) })
}

// Names returns the names of the registered levels, weakest first.
func Names() []string {
	ls := Levels()
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = l.Name
	}
	return names
}

// Named returns the bot of a level by its name; case and surrounding space
// do not matter. An unknown name is refused with an error that wraps
// [ErrUnknownBot], quotes the name (at most [quote.Max] bytes of
// it) and lists the names there are.
func Named(name string) (Bot, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	registry.mu.RLock()
	for _, l := range registry.levels {
		if l.Name == key {
			registry.mu.RUnlock()
			return l.New(), nil
		}
	}
	registry.mu.RUnlock()
	return nil, &brettspiel.Error{Op: "bot", Input: name, Err: ErrUnknownBot, Reason: "the bots are " + strings.Join(Names(), ", ")}
}

package rules

import "strings"

// The games a rule belongs to, the values of [Rule.Game]. The names of the
// variants are their package names.
const (
	Shared      = "shared"      // dice and board, common to the games
	Toccateglio = "toccateglio" // Toccateglispiel, Tokkadille 1853, Toccadille
	Verkehren   = "verkehren"   // Verkehren and the presets of other sources
	Festung     = "festung"     // the Festungsspiel
)

// Rule is one rule of the contract the games implement, in plain words.
type Rule struct {
	ID      string // the rule ID that events and errors name, e.g. "T-M3"
	Game    string // Shared, Toccateglio, Verkehren or Festung
	Section string // the part of the game's rules it belongs to, e.g. "Marking"
	Title   string // a few words, e.g. "Hitting the opponent's Hucke"
	Text    string // the rule in a few sentences, short enough for a tooltip
	// Source names the texts the rule comes from, each with its key in
	// brackets (see [Sources]), and says briefly what was decided where they
	// differ or are silent, e.g. "Toccateglispiel (TS), Alvensleben 1853 (AL)".
	Source string
}

// Source is one of the texts the rules were taken from.
type Source struct {
	Key   string // the short name that [Rule.Source] gives in brackets, e.g. "TS"
	Title string // the title of the text, e.g. "Toccateglispiel"
	About string // what the text is and how far it is followed
}

// index maps the upper-case ID of every rule to its place in table. It is
// built once and never changed.
var index = func() map[string]int {
	m := make(map[string]int, len(table))
	for i, r := range table {
		m[strings.ToUpper(r.ID)] = i
	}
	return m
}()

// Lookup returns the rule of an ID such as "T-M3", as events and errors name
// it. Case does not matter ("t-m4b" finds T-M4b). The second result is false
// for an ID that no rule has.
func Lookup(id string) (Rule, bool) {
	i, ok := index[strings.ToUpper(id)]
	if !ok {
		return Rule{}, false
	}
	return table[i], true
}

// All returns every rule in the order of the contract: the shared rules, then
// Toccateglio, Verkehren and the Festungsspiel. The slice is the caller's to
// change.
func All() []Rule {
	return append([]Rule(nil), table[:]...)
}

// Sources returns the source texts that [Rule.Source] names by their keys.
// The slice is the caller's to change.
func Sources() []Source {
	return append([]Source(nil), sources[:]...)
}

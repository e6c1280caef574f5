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

// The languages the rules are told in, by their ISO 639-1 codes, as [In]
// takes them.
const (
	English = "en"
	German  = "de"
)

// Book is the rules told in one language. Every language has the same rules
// with the same IDs and games in the same order; the sections, titles, texts
// and sources are in the book's language. The zero Book is English, the
// language of [Lookup], [All] and [Sources].
type Book struct {
	l *book
}

// book is the data of one language, built once and never changed.
type book struct {
	lang    string
	table   []Rule
	sources []Source
	index   map[string]int // the upper-case ID of every rule → its place in table
}

// books holds every language, English first.
var books = [...]*book{
	newBook(English, table[:], sources[:]),
	newBook(German, tableDE[:], sourcesDE[:]),
}

func newBook(lang string, t []Rule, s []Source) *book {
	m := make(map[string]int, len(t))
	for i, r := range t {
		m[strings.ToUpper(r.ID)] = i
	}
	return &book{lang, t, s, m}
}

// In returns the rules in the language of a code, [English] ("en") or
// [German] ("de"); case does not matter. The second result is false for a
// language the rules are not told in, and the Book is then English.
func In(lang string) (Book, bool) {
	for _, b := range books {
		if strings.EqualFold(lang, b.lang) {
			return Book{b}, true
		}
	}
	return Book{}, false
}

// Languages returns the codes of the languages the rules are told in,
// English first. The slice is the caller's to change.
func Languages() []string {
	out := make([]string, len(books))
	for i, b := range books {
		out[i] = b.lang
	}
	return out
}

func (b Book) book() *book {
	if b.l == nil {
		return books[0]
	}
	return b.l
}

// Lang returns the code of the book's language, such as "de".
func (b Book) Lang() string { return b.book().lang }

// Lookup returns the rule of an ID such as "T-M3" in the book's language.
// Case does not matter ("t-m4b" finds T-M4b). The second result is false for
// an ID that no rule has.
func (b Book) Lookup(id string) (Rule, bool) {
	l := b.book()
	i, ok := l.index[strings.ToUpper(id)]
	if !ok {
		return Rule{}, false
	}
	return l.table[i], true
}

// All returns every rule in the book's language, in the order of the
// contract. The slice is the caller's to change.
func (b Book) All() []Rule {
	return append([]Rule(nil), b.book().table...)
}

// Sources returns the source texts, described in the book's language. The
// slice is the caller's to change.
func (b Book) Sources() []Source {
	return append([]Source(nil), b.book().sources...)
}

// Lookup returns the rule of an ID such as "T-M3", as events and errors name
// it, in English; In(lang).Lookup gives it in another language. Case does
// not matter ("t-m4b" finds T-M4b). The second result is false for an ID
// that no rule has.
func Lookup(id string) (Rule, bool) {
	return Book{}.Lookup(id)
}

// All returns every rule in English in the order of the contract: the shared
// rules, then Toccateglio, Verkehren and the Festungsspiel. The slice is the
// caller's to change.
func All() []Rule {
	return Book{}.All()
}

// Sources returns, in English, the source texts that [Rule.Source] names by
// their keys. The slice is the caller's to change.
func Sources() []Source {
	return Book{}.Sources()
}

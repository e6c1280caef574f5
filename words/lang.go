package words

import (
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// Lang is a language in which the package writes. The zero Lang is
// [English].
type Lang uint8

// The languages of the package.
const (
	English Lang = iota // "en"
	German              // "de"
)

// Langs lists the languages of the package, in the order of their values.
func Langs() []Lang { return []Lang{English, German} }

// String returns the language's tag: "en" or "de".
func (l Lang) String() string {
	if l == German {
		return "de"
	}
	if l == English {
		return "en"
	}
	return "Lang(" + strconv.Itoa(int(l)) + ")"
}

// ErrUnknownLang is wrapped by the error of [Parse] for a tag of a
// language the package does not write.
var ErrUnknownLang = kit.NewSentinel("ErrUnknownLang", "unknown language")

// Parse reads a language tag in the manner of BCP 47: "en" or "de", in any
// case, with or without a region or other subtags ("de-AT", "en_GB"). The
// empty tag is [English]. Any other language is refused with an error
// wrapping [ErrUnknownLang].
func Parse(tag string) (Lang, error) {
	if tag == "" {
		return English, nil
	}
	base := tag // the language of "de-AT" or "de_AT"
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		base = tag[:i]
	}
	switch strings.ToLower(base) {
	case "en":
		return English, nil
	case "de":
		return German, nil
	}
	return English, &brettspiel.Error{Op: "parse language", Input: tag, Err: ErrUnknownLang, Reason: `the languages are "en" and "de"`}
}

// MarshalText writes the language's tag.
func (l Lang) MarshalText() ([]byte, error) {
	if l > German {
		return nil, &brettspiel.Error{Op: "marshal language", Input: l.String(), Err: ErrUnknownLang}
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads a tag as [Parse] does.
func (l *Lang) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// de reports whether l writes German; every other value writes English.
func (l Lang) de() bool { return l == German }

// Seat names a seat for a person: seats count from 1, as players at a
// table count ("Player 1" is seat 0); [brettspiel.Chance] is the dice and
// anything else nobody.
func (l Lang) Seat(p brettspiel.Player) string {
	switch {
	case p >= 0:
		if l.de() {
			return "Spieler " + strconv.Itoa(int(p)+1)
		}
		return "Player " + strconv.Itoa(int(p)+1)
	case p == brettspiel.Chance:
		if l.de() {
			return "Die Würfel"
		}
		return "The dice"
	}
	if l.de() {
		return "Niemand"
	}
	return "Nobody"
}

// count writes n with its noun: "1 mark", "3 marks".
func count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}

// and joins words as a person lists them: "6", "6 and 5", "4, 4 and 4".
func (l Lang) and(xs []string) string {
	conj := " and "
	if l.de() {
		conj = " und "
	}
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + conj + xs[len(xs)-1]
}

func numbers(ns []int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = strconv.Itoa(n)
	}
	return out
}

// ordinal writes n as an ordinal for small n: "second" in English, and in
// German the form after a definite article ("das zweite Viertel", "der
// zweite Pasch"); "7th", "7." beyond.
func (l Lang) ordinal(n int) string {
	en := [...]string{"", "first", "second", "third", "fourth", "fifth", "sixth"}
	de := [...]string{"", "erste", "zweite", "dritte", "vierte", "fünfte", "sechste"}
	switch {
	case n >= 1 && n < len(en) && l.de():
		return de[n]
	case n >= 1 && n < len(en):
		return en[n]
	case l.de():
		return strconv.Itoa(n) + "."
	}
	return strconv.Itoa(n) + "th"
}

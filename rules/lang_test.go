package rules

import (
	"slices"
	"strings"
	"testing"
)

// TestLanguagesAgree checks that every language tells the same rules: the
// English IDs are all in German and the German ones all in English, in the
// same order and games, with a title and a text of their own, and the
// sections of one language match those of the other one to one.
func TestLanguagesAgree(t *testing.T) {
	en := books[0]
	if en.lang != English {
		t.Fatalf("the first book is %q, want English", en.lang)
	}
	for _, b := range books[1:] {
		t.Run(b.lang, func(t *testing.T) {
			for _, r := range en.table {
				o, ok := Book{b}.Lookup(r.ID)
				if !ok {
					t.Errorf("%s is in English, not in %s", r.ID, b.lang)
					continue
				}
				if o.Title == "" || o.Text == "" {
					t.Errorf("%s: empty title or text in %s", r.ID, b.lang)
				}
				if o.Text == r.Text {
					t.Errorf("%s: the %s text is the English one", r.ID, b.lang)
				}
			}
			for _, r := range b.table {
				if _, ok := Lookup(r.ID); !ok {
					t.Errorf("%s is in %s, not in English", r.ID, b.lang)
				}
			}
			if len(b.table) != len(en.table) {
				t.Fatalf("%d rules in %s, %d in English", len(b.table), b.lang, len(en.table))
			}
			section := map[string]string{} // English section → this language's
			back := map[string]string{}
			for i, r := range en.table {
				o := b.table[i]
				if o.ID != r.ID || o.Game != r.Game {
					t.Errorf("rule %d: %s of %s in %s, %s of %s in English", i, o.ID, o.Game, b.lang, r.ID, r.Game)
				}
				k, ko := r.Game+"/"+r.Section, o.Game+"/"+o.Section
				if s, ok := section[k]; ok && s != ko {
					t.Errorf("%s: section %q is %q here, %q before", r.ID, r.Section, o.Section, s)
				}
				if s, ok := back[ko]; ok && s != k {
					t.Errorf("%s: section %q stands for %q here, %q before", r.ID, o.Section, r.Section, s)
				}
				section[k], back[ko] = ko, k
			}
			if len(b.sources) != len(en.sources) {
				t.Fatalf("%d sources in %s, %d in English", len(b.sources), b.lang, len(en.sources))
			}
			for i, s := range en.sources {
				if o := b.sources[i]; o.Key != s.Key || o.About == s.About {
					t.Errorf("source %d: %s in %s, %s in English, or the same words", i, o.Key, b.lang, s.Key)
				}
			}
		})
	}
}

func TestIn(t *testing.T) {
	for _, c := range []struct {
		code, lang string
	}{{"en", English}, {"EN", English}, {"de", German}, {"De", German}} {
		b, ok := In(c.code)
		if !ok || b.Lang() != c.lang {
			t.Errorf("In(%q) = %q, %v; want %q", c.code, b.Lang(), ok, c.lang)
		}
	}
	for _, code := range []string{"", "fr", "deu", "de-DE", " de", "german"} {
		if b, ok := In(code); ok || b != (Book{}) {
			t.Errorf("In(%q) = %q, %v; want nothing", code, b.Lang(), ok)
		}
	}
	de, _ := In(German)
	r, ok := de.Lookup("t-m3")
	if !ok || r.ID != "T-M3" || r.Title != "Die Hucke des Gegners schlagen" || r.Game != Toccateglio {
		t.Errorf(`In("de").Lookup("t-m3") = %+v, %v`, r, ok)
	}
}

// TestZeroBookIsEnglish checks that the zero Book and the package's own
// functions tell the English rules.
func TestZeroBookIsEnglish(t *testing.T) {
	var b Book
	en, _ := In(English)
	if b.Lang() != English || !slices.Equal(b.All(), All()) || !slices.Equal(en.All(), All()) ||
		!slices.Equal(b.Sources(), Sources()) || !slices.Equal(en.Sources(), Sources()) {
		t.Error("the zero Book or In(\"en\") differs from the English rules")
	}
	if r, _ := b.Lookup("V-J1"); r.Title != "Junker" || r.Text != table[indexOf(t, "V-J1")].Text {
		t.Errorf("Book{}.Lookup(V-J1) = %+v", r)
	}
}

func indexOf(t *testing.T, id string) int {
	t.Helper()
	for i, r := range table {
		if r.ID == id {
			return i
		}
	}
	t.Fatalf("no rule %s", id)
	return -1
}

func TestLanguages(t *testing.T) {
	l := Languages()
	if !slices.Equal(l, []string{English, German}) {
		t.Fatalf("Languages() = %q", l)
	}
	for _, code := range l {
		if _, ok := In(code); !ok {
			t.Errorf("In(%q) fails", code)
		}
	}
	l[0] = "xx"
	if Languages()[0] != English {
		t.Error("changing the result of Languages changed the languages")
	}
}

func TestBookIsTheCallersCopy(t *testing.T) {
	de, _ := In(German)
	a := de.All()
	first := a[0]
	a[0].Text = "geändert"
	if de.All()[0] != first {
		t.Error("changing the result of All changed the German rules")
	}
	if r, _ := de.Lookup(first.ID); r != first {
		t.Errorf("changing the result of All changed Lookup: %+v", r)
	}
	s := de.Sources()
	was := s[0]
	s[0].About = "geändert"
	if de.Sources()[0] != was {
		t.Error("changing the result of Sources changed the German sources")
	}
}

// TestNoNotesForDevelopers checks that no rule, in any language, speaks of
// other programs or of how the library reads a text against them: the
// texts are for players.
func TestNoNotesForDevelopers(t *testing.T) {
	for _, b := range books {
		for _, r := range b.table {
			for _, s := range []string{r.Title, r.Text, r.Source} {
				for _, note := range []string{"Ludii", "the library follows", "die Bibliothek folgt", "misreading", "Lesefehler"} {
					if strings.Contains(s, note) {
						t.Errorf("%s (%s): %q in %q", r.ID, b.lang, note, s)
					}
				}
			}
		}
	}
}

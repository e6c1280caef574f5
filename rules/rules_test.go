package rules

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// idPattern is the shape of a rule ID: the game's letter, a dash, capitals or
// digits, and at most one lower-case letter for a sub-rule (T-M4b).
var idPattern = regexp.MustCompile(`^[DBTVF]-[A-Z0-9]+[a-z]?$`)

// gameOfPrefix says which game the letter of an ID stands for.
var gameOfPrefix = map[byte]string{'D': Shared, 'B': Shared, 'T': Toccateglio, 'V': Verkehren, 'F': Festung}

// maxText bounds a rule's text: it is meant for a tooltip beside an event.
const maxText = 450

// eachBook runs f as a subtest for the rules of every language.
func eachBook(t *testing.T, f func(t *testing.T, b *book)) {
	t.Helper()
	for _, b := range books {
		t.Run(b.lang, func(t *testing.T) { f(t, b) })
	}
}

func TestTableWellFormed(t *testing.T) {
	eachBook(t, func(t *testing.T, b *book) { tableWellFormed(t, b.table) })
}

func tableWellFormed(t *testing.T, table []Rule) {
	if len(table) == 0 {
		t.Fatal("no rules")
	}
	seen := map[string]bool{}
	for _, r := range table {
		if !idPattern.MatchString(r.ID) {
			t.Errorf("%q is not a rule ID", r.ID)
			continue
		}
		if key := strings.ToUpper(r.ID); seen[key] {
			t.Errorf("%s appears twice", r.ID)
		} else {
			seen[key] = true
		}
		if want := gameOfPrefix[r.ID[0]]; r.Game != want {
			t.Errorf("%s: game %q, want %q", r.ID, r.Game, want)
		}
		for field, v := range map[string]string{"Section": r.Section, "Title": r.Title, "Text": r.Text, "Source": r.Source} {
			if strings.TrimSpace(v) != v || v == "" {
				t.Errorf("%s: %s %q is empty or has spaces at its ends", r.ID, field, v)
			}
			if strings.ContainsAny(v, "\n\t") {
				t.Errorf("%s: %s holds a line break or tab", r.ID, field)
			}
		}
		if !strings.HasSuffix(r.Text, ".") {
			t.Errorf("%s: the text does not end with a full stop: %q", r.ID, r.Text)
		}
		if strings.HasSuffix(r.Title, ".") || strings.HasSuffix(r.Source, ".") {
			t.Errorf("%s: title or source ends with a full stop (the document adds its own)", r.ID)
		}
		if n := utf8.RuneCountInString(r.Text); n > maxText {
			t.Errorf("%s: the text has %d characters, more than %d for a tooltip", r.ID, n, maxText)
		}
	}
}

// TestTableGrouped checks the order the document relies on: the games in
// the contract's order, each game's rules together, and each section's rules
// together within its game.
func TestTableGrouped(t *testing.T) {
	eachBook(t, func(t *testing.T, b *book) { tableGrouped(t, b.table) })
}

func tableGrouped(t *testing.T, table []Rule) {
	order := map[string]int{Shared: 0, Toccateglio: 1, Verkehren: 2, Festung: 3}
	closed := map[string]bool{} // game+section pairs already left behind
	for i := 1; i < len(table); i++ {
		prev, r := table[i-1], table[i]
		if order[r.Game] < order[prev.Game] {
			t.Errorf("%s (%s) comes after %s (%s)", r.ID, r.Game, prev.ID, prev.Game)
		}
		if prev.Game != r.Game || prev.Section != r.Section {
			closed[prev.Game+"/"+prev.Section] = true
			if closed[r.Game+"/"+r.Section] {
				t.Errorf("%s: section %q of %s appears twice, not together", r.ID, r.Section, r.Game)
			}
		}
	}
}

func TestSourcesNamed(t *testing.T) {
	eachBook(t, func(t *testing.T, b *book) { sourcesNamed(t, b.table, b.sources) })
}

func sourcesNamed(t *testing.T, table []Rule, sources []Source) {
	keys := map[string]bool{}
	for _, s := range sources {
		if s.Key == "" || s.Title == "" || s.About == "" {
			t.Errorf("incomplete source %+v", s)
		}
		keys[s.Key] = true
	}
	// Every key a rule gives in brackets must be one of the listed sources,
	// and every listed source must be used.
	used := map[string]bool{}
	bracket := regexp.MustCompile(`\(([A-Z]{2})\)`)
	for _, r := range table {
		for _, m := range bracket.FindAllStringSubmatch(r.Source, -1) {
			if !keys[m[1]] {
				t.Errorf("%s names source %s, which is not listed", r.ID, m[1])
			}
			used[m[1]] = true
		}
	}
	for k := range keys {
		if !used[k] {
			t.Errorf("source %s is named by no rule", k)
		}
	}
}

func TestLookup(t *testing.T) {
	eachBook(t, func(t *testing.T, b *book) {
		lookup := Book{b}.Lookup
		if b.lang == English {
			lookup = Lookup
		}
		for _, r := range b.table {
			for _, id := range []string{r.ID, strings.ToLower(r.ID), strings.ToUpper(r.ID)} {
				got, ok := lookup(id)
				if !ok || got != r {
					t.Errorf("Lookup(%q) = %+v, %v; want %s", id, got, ok, r.ID)
				}
			}
		}
		for _, id := range []string{"", "T-", "T-M", "T-M33", " T-M3", "T-M3 ", "TM3", "X-1", "V-W3 c", "t_m3"} {
			if r, ok := lookup(id); ok || r != (Rule{}) {
				t.Errorf("Lookup(%q) = %+v, %v; want nothing", id, r, ok)
			}
		}
	})
}

func TestAllIsTheCallersCopy(t *testing.T) {
	a := All()
	if len(a) != len(table) {
		t.Fatalf("All has %d rules, the table %d", len(a), len(table))
	}
	for i := range a {
		if a[i] != table[i] {
			t.Fatalf("All()[%d] = %s, want %s", i, a[i].ID, table[i].ID)
		}
	}
	first := a[0]
	a[0].Text = "changed"
	a = append(a[:0], a[1:]...)
	if b := All(); b[0] != first || len(b) != len(table) {
		t.Errorf("changing the result of All changed the rules: %+v", b[0])
	}
	if r, _ := Lookup(first.ID); r != first {
		t.Errorf("changing the result of All changed Lookup: %+v", r)
	}

	s := Sources()
	was := s[0]
	s[0].About = "changed"
	if Sources()[0] != was {
		t.Error("changing the result of Sources changed the sources")
	}
}

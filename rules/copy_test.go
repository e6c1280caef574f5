package rules_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/brettspiel/brettspiel/rules"
)

// copiedRun is how many words in a row a rule's text may share with the
// rules contract or an old source before it counts as copied, not retold.
const copiedRun = 8

// names are words a retelling must share with the old texts: the names of the
// dice's numbers and doublets (D-2). With numbers, they make up runs such as
// "Aß (1), Daus (2), …" or the steps of a table, which are facts, not
// sentences; a run counts as copied only when most of its words are neither.
var names = map[string]bool{}

func init() {
	for _, w := range wordsOf("Aß Daus Tres Quatuor Cinque Sechs Seß Bezet Ambesas Double Deux Ternes Carnes Quines Sonnes") {
		names[w] = true
	}
}

// sentenceLike says whether most words of a run are ordinary words, not
// numbers or names.
func sentenceLike(run string) bool {
	words := strings.Fields(run)
	plain := 0
	for _, w := range words {
		if !names[w] && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) >= 0 {
			plain++
		}
	}
	return 2*plain > len(words)
}

// quoted matches a passage in double quotes, such as a title or an old
// term, which a retelling quotes on purpose.
var quoted = regexp.MustCompile(`"[^"]*"`)

// wordsOf splits a text into lower-case words of letters and digits, so that
// punctuation, line breaks and hyphens at line ends do not hide a copy.
func wordsOf(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// runs returns every run of n words in a row of a text, joined by spaces.
func runs(words []string, n int) []string {
	var out []string
	for i := 0; i+n <= len(words); i++ {
		out = append(out, strings.Join(words[i:i+n], " "))
	}
	return out
}

// originals reads the texts the rules must not copy: the rules contract,
// RULES.md, and the transcribed sources in its seeds folder, both in the
// shared folder beside the module. It returns every run of copiedRun words of
// them, each with the file it is in.
func originals(t *testing.T) map[string]string {
	t.Helper()
	shared := filepath.Join(filepath.Dir(moduleRoot(t)), "shared")
	files, err := filepath.Glob(filepath.Join(shared, "seeds", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(shared, "RULES.md"))
	seen := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range runs(wordsOf(string(src)), copiedRun) {
			seen[r] = filepath.Base(f)
		}
	}
	if len(seen) == 0 {
		t.Skipf("neither the rules contract nor the sources are beside the module (no %s)", shared)
	}
	return seen
}

// TestTextsNotCopied checks, in every language, that no rule's title, text or
// source and no description of a source repeats copiedRun words in a row of
// the rules contract or of an old source: the texts are the module's own.
func TestTextsNotCopied(t *testing.T) {
	seen := originals(t)
	for _, lang := range rules.Languages() {
		book, _ := rules.In(lang)
		check := func(what, text string) {
			for _, r := range runs(wordsOf(quoted.ReplaceAllString(text, " ")), copiedRun) {
				if f, ok := seen[r]; ok && sentenceLike(r) {
					t.Errorf("%s %s repeats %q of %s", lang, what, r, f)
				}
			}
		}
		for _, r := range book.All() {
			check(r.ID, r.Title+" "+r.Text)
			check(r.ID+" source", r.Source)
		}
		for _, s := range book.Sources() {
			check("source "+s.Key, s.Title+" "+s.About)
		}
	}
}

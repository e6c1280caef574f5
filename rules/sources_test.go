package rules_test

import (
	"bufio"
	"bytes"
	"errors"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/rules/internal/ruledoc"
)

// moduleRoot returns the directory of the module's go.mod, found upwards
// from the package directory the test runs in.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = up
	}
}

// ruleInText finds rule IDs inside a text, such as the reason of an error
// "… (V-W3 c)" or a literal "T-M3".
var ruleInText = regexp.MustCompile(`\b[DBTVF]-[A-Z0-9]+[a-z]?\b`)

// TestRulesNamedInCodeHaveText scans the string literals of the module's Go
// sources (tests and this package left out) for rule IDs — the rules of
// events, errors and endings that games may not reach at random — and looks
// each up.
func TestRulesNamedInCodeHaveText(t *testing.T) {
	root := moduleRoot(t)
	found := map[string]string{} // ID → the first file and line naming it
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			rel, _ := filepath.Rel(root, path)
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || rel == "rules") {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		file := fset.AddFile(path, -1, len(src))
		var s scanner.Scanner
		s.Init(file, src, nil, 0) // comments are skipped
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok != token.STRING {
				continue
			}
			for _, id := range ruleInText.FindAllString(lit, -1) {
				if _, ok := found[id]; !ok {
					rel, _ := filepath.Rel(root, path)
					found[id] = rel + ":" + strconv.Itoa(fset.Position(pos).Line)
				}
			}
		}
		if s.ErrorCount > 0 {
			return errors.New(path + ": the scanner failed")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The variants name their rules in their code; if the scan found none
	// of a game's, it is looking in the wrong place.
	for _, prefix := range []string{"T-", "V-", "F-"} {
		n := 0
		for id := range found {
			if strings.HasPrefix(id, prefix) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("no rule %s… found in the module's sources under %s", prefix, root)
		}
	}
	var missing []string
	for id, where := range found {
		if _, ok := rules.Lookup(id); !ok {
			missing = append(missing, id+" ("+where+")")
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("rule IDs in the code without text in package rules:\n%s", strings.Join(missing, "\n"))
	}
	t.Logf("%d rule IDs named in the code", len(found))
}

// contractRule is a rule's definition in the contract: a list item that
// begins with its ID.
var contractRule = regexp.MustCompile(`^ *- ([DBTVF]-[A-Z0-9]+[a-z]?)\b`)

// TestContractRulesHaveText reads the rules contract, RULES.md in the shared
// folder beside the module, and checks that package rules has every rule it
// defines, no other, in its order. A checkout without the contract skips it.
func TestContractRulesHaveText(t *testing.T) {
	path := filepath.Join(filepath.Dir(moduleRoot(t)), "shared", "RULES.md")
	src, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("the rules contract is not beside the module (no %s)", path)
	}
	if err != nil {
		t.Fatal(err)
	}
	var want []string // the IDs in the order the contract defines them
	defined := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		// A later list item may begin with an ID already defined, to add a
		// fine point to it; the first is the definition.
		if m := contractRule.FindStringSubmatch(sc.Text()); m != nil && !defined[m[1]] {
			defined[m[1]] = true
			want = append(want, m[1])
		}
	}
	if len(want) == 0 {
		t.Fatalf("%s defines no rule", path)
	}
	var got []string
	for _, r := range rules.All() {
		got = append(got, r.ID)
	}
	for _, id := range want {
		if _, ok := rules.Lookup(id); !ok {
			t.Errorf("contract rule %s has no text", id)
		}
	}
	for _, id := range got {
		if !defined[id] {
			t.Errorf("rule %s is not in the contract", id)
		}
	}
	if !slices.Equal(got, want) && !t.Failed() {
		t.Errorf("All is not in the contract's order:\n got %v\nwant %v", got, want)
	}
}

// TestMarkdownIsCurrent checks that rules.md and regeln.md are what the
// tables give.
func TestMarkdownIsCurrent(t *testing.T) {
	for _, lang := range rules.Languages() {
		file, ok := ruledoc.File(lang)
		if !ok {
			t.Errorf("no document for language %q", lang)
			continue
		}
		t.Run(file, func(t *testing.T) { markdownIsCurrent(t, lang, file) })
	}
}

func markdownIsCurrent(t *testing.T, lang, file string) {
	want, err := ruledoc.Markdown(lang)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v; run `go generate ./rules` to write it", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	line := 0
	for line < len(g) && line < len(w) && g[line] == w[line] {
		line++
	}
	at := func(ls []string) string {
		if line < len(ls) {
			return ls[line]
		}
		return "(end of file)"
	}
	t.Errorf("%s is not current; run `go generate ./rules` and commit it.\nline %d is\n\t%s\nand should be\n\t%s", file, line+1, at(g), at(w))
}

// TestMarkdownEntries checks each document's shape: every rule has one
// anchor and one entry with its ID, title, text and source, and every game
// one heading.
func TestMarkdownEntries(t *testing.T) {
	for _, c := range []struct {
		lang, source string
		headings     []string
	}{
		{rules.English, "Source", []string{"## Shared: dice and board\n", "## Toccateglio\n", "## Verkehren\n", "## Festungsspiel\n", "## Sources\n"}},
		{rules.German, "Quelle", []string{"## Gemeinsam: Würfel und Brett\n", "## Toccateglio\n", "## Verkehren\n", "## Festungsspiel\n", "## Quellen\n"}},
	} {
		t.Run(c.lang, func(t *testing.T) {
			doc, err := ruledoc.Markdown(c.lang)
			if err != nil {
				t.Fatal(err)
			}
			book, _ := rules.In(c.lang)
			s := string(doc)
			for _, r := range book.All() {
				anchor := `<a id="` + ruledoc.Anchor(r.ID) + `"></a>`
				if n := strings.Count(s, anchor); n != 1 {
					t.Errorf("%s: anchor %s appears %d times", r.ID, anchor, n)
					continue
				}
				entry := anchor + "\n#### " + r.ID + " " + r.Title + "\n\n" + r.Text + "\n\n*" + c.source + ":* " + r.Source + ".\n"
				if !strings.Contains(s, entry) {
					t.Errorf("%s: no entry\n%s", r.ID, entry)
				}
			}
			for _, h := range c.headings {
				if n := strings.Count(s, "\n"+h); n != 1 {
					t.Errorf("heading %q appears %d times", h, n)
				}
			}
		})
	}
	if _, err := ruledoc.Markdown("fr"); err == nil {
		t.Error(`Markdown("fr") gives a document`)
	}
}

// ruleTableLink is a link to an entry of the document from the rule table.
var ruleTableLink = regexp.MustCompile(`\[([^\]]+)\]\(\.\./rules/rules\.md#([^)]*)\)`)

// ruleTable is the table of every rule ID with its code and tests.
const ruleTable = "doc/rule-table.md"

// TestRuleTableLinksToRules checks that the rule table links each rule's
// ID to its entry in rules.md.
func TestRuleTableLinksToRules(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), filepath.FromSlash(ruleTable)))
	if err != nil {
		t.Fatal(err)
	}
	links := 0
	for i, line := range strings.Split(string(src), "\n") {
		for _, m := range ruleTableLink.FindAllStringSubmatch(line, -1) {
			links++
			r, ok := rules.Lookup(m[1])
			if !ok || r.ID != m[1] || ruledoc.Anchor(r.ID) != m[2] {
				t.Errorf("%s:%d: link %s goes to no rule's entry", ruleTable, i+1, m[0])
			}
		}
		// A row of a rule table begins with the rule's ID.
		if id := strings.TrimSpace(strings.SplitN(strings.TrimPrefix(line, "|"), "|", 2)[0]); strings.HasPrefix(line, "| ") && contractRule.MatchString("- "+id) {
			t.Errorf("%s:%d: %s is not linked; write it as [%s](../rules/rules.md#%s)", ruleTable, i+1, id, id, ruledoc.Anchor(id))
		}
	}
	if links == 0 {
		t.Errorf("%s links to no rule", ruleTable)
	}
}

// TestRuleTableHasEveryRule checks that every rule of the package has its
// row in the rule table, a rule left out on purpose included: a row that
// begins with the rule's ID linked to its entry.
func TestRuleTableHasEveryRule(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(moduleRoot(t), filepath.FromSlash(ruleTable)))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if m := ruleTableLink.FindStringSubmatchIndex(line); m != nil && strings.HasPrefix(line, "| ") && strings.TrimSpace(line[1:m[0]]) == "" {
			rows[line[m[2]:m[3]]] = true
		}
	}
	for _, r := range rules.All() {
		if !rows[r.ID] {
			t.Errorf("%s has no row for %s", ruleTable, r.ID)
		}
	}
}

// TestImportsNoGame keeps the package free of the game packages, so that
// they may import it.
func TestImportsNoGame(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); strings.Contains(path, ".") {
				t.Errorf("%s imports %s; package rules uses the standard library only", name, path)
			}
		}
	}
	if checked == 0 {
		t.Error("no source file of package rules found")
	}
}

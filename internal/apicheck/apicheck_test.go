package apicheck

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/api.txt from the code (refused while a removal is not in CHANGELOG.md)")

const recordFile = "testdata/api.txt"

// TestAPI checks the module's exported API against testdata/api.txt and
// CHANGELOG.md's Unreleased section.
func TestAPI(t *testing.T) {
	root := filepath.Join("..", "..")
	current, err := Extract(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(current) == 0 {
		t.Fatal("no exported identifier found in the module")
	}
	changelog, err := os.ReadFile(filepath.Join(root, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := Unreleased(changelog); !ok {
		t.Fatal(`CHANGELOG.md has no "## [Unreleased]" section: the check reads the removals there`)
	}
	data, err := os.ReadFile(recordFile)
	if err != nil && !(*update && os.IsNotExist(err)) {
		t.Fatalf("%v: write it with %s", err, UpdateCommand)
	}
	r := Compare(Parse(data), current, changelog)
	if err := r.UnnamedError(); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(recordFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(recordFile, Format(current), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s written: %d lines (%d new, %d gone)", recordFile, len(current), len(r.Added), len(r.Removed))
		return
	}
	if err := r.StaleError(recordFile); err != nil {
		t.Fatal(err)
	}
}

// module writes a module of one package, lib, with the given source, and
// returns its folder.
func module(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":                "module example.com/game\n\ngo 1.23\n",
		"lib/lib.go":            src,
		"lib/lib_test.go":       "package lib\n\nfunc TestOnly() {}\n",
		"internal/x/x.go":       "package x\n\nfunc Hidden() {}\n",
		"examples/run/main.go":  "package main\n\nfunc Exported() {}\nfunc main() {}\n",
		"lib/wasm.go":           "//go:build js\n\npackage lib\n\nfunc OnlyInTheBrowser() {}\n",
		"tools/nested/go.mod":   "module example.com/tools\n",
		"tools/nested/tools.go": "package nested\n\nfunc Elsewhere() {}\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const libSource = `package lib

import "math/rand/v2"

// Kind is an enum.
type Kind int

const (
	First Kind = iota
	Second
	hidden
)

const Limit = 64

var ErrBad = errorString("bad")

var Default Options

type errorString string

func (e errorString) Error() string { return string(e) }

// Options has fields, one of them unexported.
type Options struct {
	Seats, Turns int
	Name         string
	secret       bool
	*rand.Rand
}

type Game interface {
	Apply(m string) error
	Clone() Game
}

type Pair[K comparable, V any] struct{ Key K; Value V }

func Roll(r *rand.Rand, n int) (a, b int) { return 0, 0 }

func Keys[K comparable, V any](m map[K]V) []K { return nil }

func (o *Options) Valid() error { return nil }

func (o Options) String() string { return "" }

func (e errorString) Exported() {}

type Alias = Options
`

func TestExtractRecordsSignaturesNotNames(t *testing.T) {
	got, err := Extract(module(t, libSource))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"game/lib.Alias type = Options",
		"game/lib.Default var Options",
		"game/lib.ErrBad var",
		"game/lib.First const Kind",
		"game/lib.Game type interface",
		"game/lib.Game.Apply interface method func(string) error",
		"game/lib.Game.Clone interface method func() Game",
		"game/lib.Keys func[K comparable, V any](map[K]V) []K",
		"game/lib.Kind type int",
		"game/lib.Limit const untyped int",
		"game/lib.Options type struct",
		"game/lib.Options.Name field string",
		"game/lib.Options.Rand embedded *rand.Rand",
		"game/lib.Options.Seats field int",
		"game/lib.Options.String method (Options) func() string",
		"game/lib.Options.Turns field int",
		"game/lib.Options.Valid method (*Options) func() error",
		"game/lib.Pair type[K comparable, V any] struct",
		"game/lib.Pair.Key field K",
		"game/lib.Pair.Value field V",
		"game/lib.Roll func(*rand.Rand, int) (int, int)",
		"game/lib.Second const Kind",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Extract:\n got %q\nwant %q", got, want)
	}
}

// changelog is a changelog whose Unreleased section says unreleased and
// whose last version names Roll (which must not count).
func changelog(unreleased string) []byte {
	return []byte("# Changelog\n\n## [Unreleased]\n\n" + unreleased + "\n## [0.1.0] - 2026-11-22\n\n### Added\n- `lib.Roll`, `lib.Options.Turns`, `lib.Options.Valid`\n")
}

// check runs the comparison the package's test runs: a record of src, then
// the code changed by edit, against the changelog's Unreleased section.
func check(t *testing.T, edit func(string) string, unreleased string) Result {
	t.Helper()
	recorded, err := Extract(module(t, libSource))
	if err != nil {
		t.Fatal(err)
	}
	current, err := Extract(module(t, edit(libSource)))
	if err != nil {
		t.Fatal(err)
	}
	return Compare(Parse(Format(recorded)), current, changelog(unreleased))
}

func TestARemovedIdentifierNotInTheChangelogFails(t *testing.T) {
	r := check(t, func(s string) string {
		return strings.Replace(s, "func Roll(r *rand.Rand, n int) (a, b int) { return 0, 0 }", "", 1)
	}, "### Added\n- `lib.Rolls`, to throw several dice\n")
	err := r.UnnamedError()
	if err == nil {
		t.Fatal("Roll removed, the changelog silent: no error")
	}
	for _, want := range []string{"lib.Roll", "CHANGELOG.md", "## [Unreleased]", UpdateCommand} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if !slices.Equal(r.Unnamed, []string{"game/lib.Roll func(*rand.Rand, int) (int, int)"}) {
		t.Errorf("Unnamed = %q", r.Unnamed)
	}
}

func TestARemovedIdentifierInTheChangelogPassesOnceRecorded(t *testing.T) {
	edit := func(s string) string {
		return strings.Replace(s, "func Roll(r *rand.Rand, n int) (a, b int) { return 0, 0 }", "", 1)
	}
	r := check(t, edit, "### Removed\n- `lib.Roll`: use `Throw` instead.\n")
	if err := r.UnnamedError(); err != nil {
		t.Fatalf("Roll named in Unreleased: %v", err)
	}
	// Named, the record still lists it: out of date until -update.
	err := r.StaleError(recordFile)
	if err == nil || !strings.Contains(err.Error(), UpdateCommand) {
		t.Fatalf("the record still lists Roll: StaleError = %v, want the command %q", err, UpdateCommand)
	}
	// After -update the record is the code's API: nothing to report.
	current, err2 := Extract(module(t, edit(libSource)))
	if err2 != nil {
		t.Fatal(err2)
	}
	after := Compare(Parse(Format(current)), current, changelog(""))
	if after.UnnamedError() != nil || after.StaleError(recordFile) != nil {
		t.Fatalf("after the update: %v, %v", after.UnnamedError(), after.StaleError(recordFile))
	}
}

func TestAChangedSignatureIsARemoval(t *testing.T) {
	edit := func(s string) string {
		return strings.Replace(s, "func (o *Options) Valid() error", "func (o *Options) Valid(strict bool) error", 1)
	}
	r := check(t, edit, "")
	if !slices.Equal(r.Unnamed, []string{"game/lib.Options.Valid method (*Options) func() error"}) {
		t.Fatalf("Unnamed = %q", r.Unnamed)
	}
	if !slices.Equal(r.Added, []string{"game/lib.Options.Valid method (*Options) func(bool) error"}) {
		t.Fatalf("Added = %q", r.Added)
	}
	// A member may be named with or without its package.
	for _, text := range []string{"- `lib.Options.Valid` takes strict", "- Options.Valid(strict) checks more"} {
		if r := check(t, edit, "### Changed\n"+text+"\n"); r.UnnamedError() != nil {
			t.Errorf("Unreleased %q: %v", text, r.UnnamedError())
		}
	}
}

func TestARenamedParameterChangesNothing(t *testing.T) {
	r := check(t, func(s string) string {
		return strings.Replace(s, "func Roll(r *rand.Rand, n int) (a, b int)", "func Roll(src *rand.Rand, dice int) (x int, y int)", 1)
	}, "")
	if len(r.Removed)+len(r.Added) != 0 {
		t.Fatalf("removed %q, added %q", r.Removed, r.Added)
	}
}

func TestANewIdentifierMakesTheRecordStale(t *testing.T) {
	r := check(t, func(s string) string { return s + "\nfunc Throw() int { return 0 }\n" }, "")
	if r.UnnamedError() != nil {
		t.Fatal(r.UnnamedError())
	}
	err := r.StaleError(recordFile)
	if err == nil {
		t.Fatal("Throw added: the record is not reported out of date")
	}
	if !strings.Contains(err.Error(), "+ game/lib.Throw func() int") || !strings.Contains(err.Error(), UpdateCommand) {
		t.Errorf("the error does not name the line and the command:\n%v", err)
	}
}

func TestNamedNeedsTheWholeName(t *testing.T) {
	line := "brettspiel/bot/neural.Evaluator.Games method (*Evaluator) func() int"
	for text, want := range map[string]bool{
		"`neural.Evaluator.Games` removed":      true,
		"Evaluator.Games() gone":                true,
		"neural.Evaluator.GamesPlayed is new":   false,
		"neural.Evaluator changed":              false,
		"Games removed":                         false,
		"the bot/neural.Evaluator.Games method": true,
	} {
		if got := Named(text, line); got != want {
			t.Errorf("Named(%q) = %v, want %v", text, got, want)
		}
	}
	if !Named("- `brettspiel.MaxJSONSize` removed", "brettspiel.MaxJSONSize const untyped int") {
		t.Error("a root package identifier not named")
	}
	if Named("- `MaxJSONSize` removed", "brettspiel.MaxJSONSize const untyped int") {
		t.Error("a package's identifier named without its package")
	}
}

func TestUnreleasedIsTheSectionOnly(t *testing.T) {
	text, ok := Unreleased(changelog("### Removed\n- `lib.Kind`\n"))
	if !ok || !strings.Contains(text, "lib.Kind") || strings.Contains(text, "lib.Roll") {
		t.Fatalf("Unreleased = %q, %v", text, ok)
	}
	if _, ok := Unreleased([]byte("# Changelog\n\n## [0.1.0]\n")); ok {
		t.Fatal("a changelog without the section has one")
	}
}

func TestARemovedTypeNamedCoversItsMembers(t *testing.T) {
	removeOptions := func(s string) string {
		s = strings.Replace(s, "var Default Options\n", "", 1)
		s = strings.Replace(s, "func (o *Options) Valid() error { return nil }\n", "", 1)
		s = strings.Replace(s, "func (o Options) String() string { return \"\" }\n", "", 1)
		s = strings.Replace(s, "type Alias = Options\n", "", 1)
		return strings.Replace(s, "type Options struct {", "type options struct {", 1)
	}
	r := check(t, removeOptions, "### Removed\n- `lib.Options`, `lib.Default` and `lib.Alias`: the defaults are built in.\n")
	if err := r.UnnamedError(); err != nil {
		t.Fatalf("the type named, its fields and methods not: %v", err)
	}
	// A field removed while its type stays needs its own name.
	r = check(t, func(s string) string {
		return strings.Replace(s, "Name         string\n", "", 1)
	}, "### Changed\n- `lib.Options` checks its seats.\n")
	if !slices.Equal(r.Unnamed, []string{"game/lib.Options.Name field string"}) {
		t.Fatalf("Unnamed = %q, want the field Options.Name", r.Unnamed)
	}
}

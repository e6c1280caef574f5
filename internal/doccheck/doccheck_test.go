package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// moduleRoot returns the folder of the module's go.mod and its path.
func moduleRoot(t *testing.T) (root, modulePath string) {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			m := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(data)
			if m == nil {
				t.Fatalf("%s/go.mod names no module", dir)
			}
			return dir, string(m[1])
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}

// documents returns the checked Markdown files, relative to root, with
// their text.
func documents(t *testing.T, root string) map[string]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(root, "doc", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	names = append([]string{filepath.Join(root, "README.md")}, names...)
	docs := map[string]string{}
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, n)
		docs[filepath.ToSlash(rel)] = string(data)
	}
	if len(docs) < 2 {
		t.Fatalf("found %d documents; want README.md and doc/*.md", len(docs))
	}
	return docs
}

// plans returns the plans of every block of the documents, failing the
// test for every command that matches no rule.
func plans(t *testing.T) (root string, all []Plan) {
	t.Helper()
	root, modulePath := moduleRoot(t)
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	docs := documents(t, root)
	files := make([]string, 0, len(docs))
	for f := range docs {
		files = append(files, f)
	}
	slices.Sort(files)
	for _, f := range files {
		blocks, errs := ParseMarkdown(f, docs[f])
		for _, err := range errs {
			t.Error(err)
		}
		for _, b := range blocks {
			p, err := PlanBlock(b, modulePath)
			if err != nil {
				t.Error(err)
				continue
			}
			for _, text := range p.CI {
				if !strings.Contains(string(ci), text) {
					t.Errorf("%s:%d: marked ci, but .ci/run does not run %q", b.File, b.Line, text)
				}
			}
			all = append(all, p)
		}
	}
	return root, all
}

func TestEveryCommandHasARule(t *testing.T) {
	_, all := plans(t)
	steps, ci := 0, 0
	for _, p := range all {
		steps += len(p.Steps)
		ci += len(p.CI)
	}
	if steps < 10 {
		t.Errorf("%d commands to run in the documents; the documents hold more", steps)
	}
	t.Logf("%d blocks: %d commands to run, %d run by CI", len(all), steps, ci)
}

func TestLinks(t *testing.T) {
	root, _ := moduleRoot(t)
	docs := documents(t, root)
	anchors := map[string]map[string]bool{}
	for f, src := range docs {
		for _, l := range Links(f, src) {
			target := f
			if l.Target != "" {
				target = filepath.ToSlash(filepath.Join(filepath.Dir(f), l.Target))
			}
			if strings.HasPrefix(target, "../") {
				t.Errorf("%s:%d: %q leaves the repository", f, l.Line, l.Target)
				continue
			}
			data, err := os.ReadFile(filepath.Join(root, target))
			if err != nil {
				if fi, serr := os.Stat(filepath.Join(root, target)); serr == nil && fi.IsDir() && l.Anchor == "" {
					continue
				}
				t.Errorf("%s:%d: %q: no such file", f, l.Line, l.Target)
				continue
			}
			if l.Anchor == "" {
				continue
			}
			if !strings.HasSuffix(target, ".md") {
				t.Errorf("%s:%d: %q: an anchor into a file that is not Markdown", f, l.Line, l.Target+"#"+l.Anchor)
				continue
			}
			if anchors[target] == nil {
				anchors[target] = Anchors(string(data))
			}
			if !anchors[target][l.Anchor] {
				t.Errorf("%s:%d: %s has no heading #%s", f, l.Line, target, l.Anchor)
			}
		}
	}
}

// TestRules shows that a command matching no rule, or a marker that does
// not fit, fails the check, and what a marker makes of a command.
func TestRules(t *testing.T) {
	const mod = "github.com/brettspiel/brettspiel"
	plan := func(md string) (Plan, error) {
		t.Helper()
		blocks, errs := ParseMarkdown("x.md", md)
		if len(errs) > 0 {
			return Plan{}, errs[0]
		}
		if len(blocks) != 1 {
			t.Fatalf("%d blocks in %q", len(blocks), md)
		}
		return PlanBlock(blocks[0], mod)
	}
	refused := map[string]string{
		"an untagged block":          "```\ngo run ./examples/play\n```\n",
		"an unknown program":         "```sh\nmake all\n```\n",
		"go get unmarked":            "```sh\ngo get " + mod + "\n```\n",
		"go test ./... run":          "```sh\ngo test -race ./...\n```\n",
		"this package's test run":    "```sh\ngo test ./internal/doccheck\n```\n",
		"curl without a server":      "```sh\ncurl localhost:8080/api/\n```\n",
		"set of an absent flag":      "<!-- doccheck: set -games 2 -->\n```sh\ngo run ./examples/dice-tables\n```\n",
		"help without go run":        "<!-- doccheck: help -->\n```sh\ngo test ./dice\n```\n",
		"an unknown directive":       "<!-- doccheck: skip -->\n```sh\ngo run ./examples/play\n```\n",
		"two kinds":                  "<!-- doccheck: help; vet -->\n```sh\ngo run ./examples/play\n```\n",
		"a marker far from a block":  "<!-- doccheck: vet -->\n\n```sh\ngo run ./examples/play\n```\n",
		"a clone of another module":  "<!-- doccheck: clone -->\n```sh\ngit clone https://github.com/other/brettspiel\ncd brettspiel\n```\n",
		"git clone unmarked":         "```sh\ngit clone https://" + mod + "\n```\n",
		"a transcript's unknown one": "```text\n$ make\nout\n```\n",
	}
	for name, md := range refused {
		if p, err := plan(md); err == nil {
			t.Errorf("%s: accepted, as %+v", name, p.Steps)
		}
	}
	made := []struct{ md, want string }{
		{"```sh\ngo run ./examples/dice-tables  # the tables\n```\n", "go run ./examples/dice-tables"},
		{"<!-- doccheck: set -games 2 -->\n```sh\ngo run ./examples/selfplay -games 2000 -seed 1\n```\n", "go run ./examples/selfplay -games 2 -seed 1"},
		{"<!-- doccheck: set -exact false -->\n```sh\ngo run ./examples/festung-policy -exact=true\n```\n", "go run ./examples/festung-policy -exact=false"},
		{"<!-- doccheck: add -benchtime 1x -->\n```sh\ngo test -run '^$' -bench 'A|B' ./kit | tail -3\n```\n", "go test -run '^$' -bench 'A|B' ./kit -benchtime 1x | tail -3"},
		{"<!-- doccheck: help -->\n```sh\ngo run ./examples/train -game toccateglio -games 1000000\n```\n", "go run ./examples/train -game toccateglio -games 1000000 -h"},
		{"<!-- doccheck: vet -->\n```sh\nBRETTSPIEL_LONG=1 go test -run X ./festung ./verkehren\n```\n", "go vet ./festung ./verkehren"},
		{"<!-- doccheck: vet -->\n```sh\ncd examples/frontend && go run . -addr :80\n```\n", "cd examples/frontend && go vet ."},
		{"<!-- doccheck: stdin quit -->\n```text\n$ go run ./examples/play -i\n> quit\n```\n", "go run ./examples/play -i"},
		{"<!-- doccheck: vet -->\n```sh\ngo test -race ./...\n```\n", "go vet ./..."},
	}
	for _, m := range made {
		p, err := plan(m.md)
		if err != nil {
			t.Errorf("%q: %v", m.md, err)
			continue
		}
		if len(p.Steps) != 1 || p.Steps[0].Command != m.want {
			t.Errorf("%q: steps %+v, want the command %q", m.md, p.Steps, m.want)
		}
	}
	p, err := plan("<!-- doccheck: serve serving on -->\n```sh\ncd examples/frontend && go run . -addr localhost:8080\ncurl -d '{}' localhost:8080/api/newGame\n```\n")
	if err != nil || len(p.Steps) != 2 || p.Steps[0].Serve != "serving on" || p.Steps[1].Serve != "" {
		t.Errorf("serve: %+v, %v; want the first step served, the second run", p.Steps, err)
	}
	p, err = plan("<!-- doccheck: ci -->\n```sh\ngo test -race ./...\n```\n")
	if err != nil || len(p.Steps) != 0 || !slices.Equal(p.CI, []string{"go test -race ./..."}) {
		t.Errorf("ci: %+v, %v; want nothing run and the command looked for in .ci/run", p, err)
	}
	if _, err := plan("<!-- doccheck: clone -->\n```sh\ngit clone https://" + mod + "\ncd brettspiel\n```\n"); err != nil {
		t.Errorf("clone of the module: %v", err)
	}
}

func TestSlugAndAnchors(t *testing.T) {
	for heading, want := range map[string]string{
		" The Festungsspiel's levels":                            "the-festungsspiels-levels",
		" Moves as data, click by click":                         "moves-as-data-click-by-click",
		" The engine: JSON lines over standard input and output": "the-engine-json-lines-over-standard-input-and-output",
		" Go: package session":                                   "go-package-session",
		" Festungsspiel odds":                                    "festungsspiel-odds",
	} {
		if got := Slug(heading); got != want {
			t.Errorf("Slug(%q) = %q, want %q", heading, got, want)
		}
	}
	a := Anchors("# Title\n## Part\n```sh\n# not a heading\n```\n## Part\n<a id=\"t-m4b\"></a>\n")
	for _, want := range []string{"title", "part", "part-1", "t-m4b"} {
		if !a[want] {
			t.Errorf("no anchor %q in %v", want, a)
		}
	}
	if a["not-a-heading"] {
		t.Error("a comment in a code block made an anchor")
	}
}

package doccheck

import (
	"fmt"
	"path"
	"regexp"
	"strings"
	"time"
)

// DefaultTimeout bounds a command that its marker gives no timeout.
const DefaultTimeout = 3 * time.Minute

// A Plan is what the test does with a block's commands.
type Plan struct {
	Block Block
	Steps []Step   // run in order; a serving step keeps running until the last is done
	CI    []string // texts .ci/run must contain
}

// A Step is one command to run.
type Step struct {
	Doc     Command // the command of the document it checks
	Command string  // the bash command line; $TMP stands for the block's folder
	Env     []string
	Stdin   string
	Timeout time.Duration
	Help    bool   // -h: the output must be the usage, with no unknown flag
	Serve   string // a server: started, ready once its output says this
}

// The kinds of marker: at most one a block; none means run.
const (
	kindRun   = "run"
	kindHelp  = "help"
	kindVet   = "vet"
	kindServe = "serve"
	kindExec  = "exec"
	kindCI    = "ci"
	kindClone = "clone"
)

type directives struct {
	kind, arg string // the kind and its argument
	sets      [][2]string
	add       []string
	env       []string
	stdin     string
	hasStdin  bool
	timeout   time.Duration
}

// parseMarker reads a marker's directives.
func parseMarker(m string) (directives, error) {
	d := directives{kind: kindRun, timeout: DefaultTimeout}
	setKind := func(k, arg string) error {
		if d.kind != kindRun {
			return fmt.Errorf("two kinds of check in one marker: %s and %s", d.kind, k)
		}
		d.kind, d.arg = k, arg
		return nil
	}
	for _, part := range strings.Split(m, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, arg, _ := strings.Cut(part, " ")
		arg = strings.TrimSpace(arg)
		var err error
		switch name {
		case "set":
			flag, value, ok := strings.Cut(arg, " ")
			if !ok || !strings.HasPrefix(flag, "-") || strings.TrimSpace(value) == "" {
				return d, fmt.Errorf("set wants -FLAG VALUE, not %q", arg)
			}
			d.sets = append(d.sets, [2]string{strings.TrimLeft(flag, "-"), strings.TrimSpace(value)})
		case "add":
			if arg == "" {
				return d, fmt.Errorf("add wants arguments")
			}
			d.add = append(d.add, arg)
		case "env":
			for _, kv := range strings.Fields(arg) {
				if !envRE.MatchString(kv) {
					return d, fmt.Errorf("env wants NAME=VALUE, not %q", kv)
				}
				d.env = append(d.env, kv)
			}
		case "stdin":
			d.stdin, d.hasStdin = arg+"\n", true
		case "timeout":
			if d.timeout, err = time.ParseDuration(arg); err != nil || d.timeout <= 0 {
				return d, fmt.Errorf("timeout wants a duration such as 5m, not %q", arg)
			}
		case kindHelp, kindVet, kindClone:
			if arg != "" {
				return d, fmt.Errorf("%s takes no argument", name)
			}
			err = setKind(name, "")
		case kindServe, kindExec:
			if arg == "" {
				return d, fmt.Errorf("%s wants its text", name)
			}
			err = setKind(name, arg)
		case kindCI:
			err = setKind(name, arg)
		default:
			return d, fmt.Errorf("unknown directive %q (set, add, env, stdin, timeout, help, vet, serve, exec, ci, clone)", name)
		}
		if err != nil {
			return d, err
		}
	}
	if (d.kind == kindCI || d.kind == kindClone) && (len(d.sets) > 0 || len(d.add) > 0 || len(d.env) > 0 || d.hasStdin) {
		return d, fmt.Errorf("%s runs nothing here: set, add, env and stdin do not go with it", d.kind)
	}
	if d.kind == kindExec && (len(d.sets) > 0 || len(d.add) > 0) {
		return d, fmt.Errorf("exec names its own command: set and add do not go with it")
	}
	return d, nil
}

var envRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// PlanBlock decides what the test does with a block's commands, or says
// why a command matches no rule. modulePath is the module's path (go.mod).
func PlanBlock(b Block, modulePath string) (Plan, error) {
	p := Plan{Block: b}
	where := func(line int) string { return fmt.Sprintf("%s:%d", b.File, line) }
	if len(b.Commands) == 0 {
		if b.HasMarker {
			return p, fmt.Errorf("%s: a doccheck marker above a block without commands", where(b.MarkerLine))
		}
		return p, nil
	}
	d, err := parseMarker(b.Marker)
	if err != nil {
		return p, fmt.Errorf("%s: %v", where(b.MarkerLine), err)
	}
	switch d.kind {
	case kindCI:
		if d.arg != "" {
			p.CI = []string{d.arg}
		} else {
			for _, c := range b.Commands {
				p.CI = append(p.CI, c.Text)
			}
		}
		return p, nil
	case kindClone:
		return p, checkClone(b, modulePath)
	case kindExec:
		p.Steps = []Step{{Doc: b.Commands[0], Command: d.arg, Env: d.env, Stdin: d.stdin, Timeout: d.timeout}}
		return p, nil
	}
	for i, c := range b.Commands {
		s, err := planCommand(c, d, i == 0)
		if err != nil {
			return p, fmt.Errorf("%s: %q: %v", where(c.Line), c.Text, err)
		}
		p.Steps = append(p.Steps, s)
	}
	return p, nil
}

// planCommand makes the step of one command under the directives d; first
// says whether it is the block's first command (the server under serve).
func planCommand(c Command, d directives, first bool) (Step, error) {
	s := Step{Doc: c, Env: d.env, Stdin: d.stdin, Timeout: d.timeout}
	toks, err := tokenize(c.Text)
	if err != nil {
		return s, err
	}
	serving := d.kind == kindServe
	if serving && first {
		s.Serve = d.arg
	}
	for _, seg := range segments(toks) {
		if err := admit(seg, serving && !first); err != nil {
			return s, err
		}
	}
	for _, kv := range d.sets {
		if toks, err = setFlag(toks, kv[0], kv[1]); err != nil {
			return s, err
		}
	}
	if len(d.add) > 0 {
		i := lastGo(toks, "")
		if i < 0 {
			return s, fmt.Errorf("add: no go command to add to")
		}
		toks = insertAt(toks, segmentEnd(toks, i), d.add...)
	}
	switch d.kind {
	case kindHelp:
		i := lastGo(toks, "run")
		if i < 0 {
			return s, fmt.Errorf("help: no go run to ask for its flags")
		}
		toks = insertAt(toks, segmentEnd(toks, i), "-h")
		s.Help = true
	case kindVet:
		if toks, err = vetOf(toks); err != nil {
			return s, err
		}
	}
	if d.kind != kindVet && d.kind != kindHelp {
		if i := lastGo(toks, "test"); i >= 0 && testsThisPackage(toks, i) {
			return s, fmt.Errorf("a go test of ./... or of internal/doccheck would run this test again: mark it ci or vet")
		}
	}
	s.Command = join(toks)
	return s, nil
}

// goSubcommands are the go commands a document may run as they stand; go
// get changes go.mod and needs an exec marker.
var goSubcommands = map[string]bool{"run": true, "test": true, "build": true, "vet": true, "doc": true, "list": true, "version": true, "env": true}

// programs are the other programs a document may run (head, tail and wc
// in a pipe).
var programs = map[string]bool{"node": true, "python3": true, "gzip": true, "bash": true, "cd": true, "wc": true, "head": true, "tail": true}

// admit says whether a segment of a command (between && and |) matches a
// rule; asServed admits curl, the client of a served block.
func admit(seg []string, asServed bool) error {
	i := 0
	for i < len(seg) && envRE.MatchString(seg[i]) {
		i++
	}
	if i == len(seg) {
		return fmt.Errorf("no command after the variables")
	}
	switch prog := seg[i]; {
	case prog == "go":
		if i+1 == len(seg) || !goSubcommands[seg[i+1]] {
			return fmt.Errorf("no rule for this go command (a marker: exec, ci or vet)")
		}
	case prog == "curl":
		if !asServed {
			return fmt.Errorf("curl needs a server: put it in the block of one marked serve")
		}
	case !programs[prog]:
		return fmt.Errorf("no rule for %q: mark the block (exec, ci, clone, …)", prog)
	}
	return nil
}

// checkClone checks a clone block: git clone of the module, cd into it.
func checkClone(b Block, modulePath string) error {
	want := []string{"git clone https://" + modulePath, "cd " + path.Base(modulePath)}
	if len(b.Commands) != len(want) {
		return fmt.Errorf("%s:%d: clone wants the two lines %q", b.File, b.Line, want)
	}
	for i, c := range b.Commands {
		text := strings.TrimSuffix(strings.TrimSpace(c.Text), ".git")
		if text != want[i] {
			return fmt.Errorf("%s:%d: %q, the module's clone is %q", b.File, c.Line, c.Text, want[i])
		}
	}
	return nil
}

// tokenize splits a command line into words and operators (&&, ||, |, ;),
// quotes kept in the words; a # at a word's start begins a comment.
func tokenize(s string) ([]string, error) {
	var toks []string
	var cur strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			toks = append(toks, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			flush()
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("an unclosed quote")
			}
			cur.WriteString(s[i : i+j+2])
			inWord = true
			i += j + 1
		case c == '\\' && i+1 < len(s):
			cur.WriteString(s[i : i+2])
			inWord = true
			i++
		case c == '#' && !inWord:
			flush()
			return toks, nil
		case c == '&' && i+1 < len(s) && s[i+1] == '&', c == '|' && i+1 < len(s) && s[i+1] == '|':
			flush()
			toks = append(toks, s[i:i+2])
			i++
		case c == '|' || c == ';':
			flush()
			toks = append(toks, string(c))
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	flush()
	return toks, nil
}

func isOp(t string) bool { return t == "&&" || t == "||" || t == "|" || t == ";" }

// segments splits tokens at the operators.
func segments(toks []string) [][]string {
	var segs [][]string
	start := 0
	for i, t := range toks {
		if isOp(t) {
			segs = append(segs, toks[start:i])
			start = i + 1
		}
	}
	return append(segs, toks[start:])
}

// lastGo returns the index of the last "go" word followed by sub (any go
// command for ""), or -1.
func lastGo(toks []string, sub string) int {
	for i := len(toks) - 2; i >= 0; i-- {
		if toks[i] == "go" && (i == 0 || isOp(toks[i-1]) || envRE.MatchString(toks[i-1])) && (sub == "" || toks[i+1] == sub) {
			return i
		}
	}
	return -1
}

// segmentEnd returns the index just after the segment that holds toks[i].
func segmentEnd(toks []string, i int) int {
	for ; i < len(toks); i++ {
		if isOp(toks[i]) {
			return i
		}
	}
	return i
}

func insertAt(toks []string, i int, words ...string) []string {
	out := append([]string{}, toks[:i]...)
	out = append(out, words...)
	return append(out, toks[i:]...)
}

// setFlag gives flag the value in a command that has it.
func setFlag(toks []string, flag, value string) ([]string, error) {
	out := append([]string{}, toks...)
	for i, t := range out {
		for _, dash := range []string{"-", "--"} {
			switch {
			case t == dash+flag && i+1 < len(out) && !isOp(out[i+1]):
				out[i+1] = value
				return out, nil
			case strings.HasPrefix(t, dash+flag+"="):
				out[i] = dash + flag + "=" + value
				return out, nil
			}
		}
	}
	return nil, fmt.Errorf("set -%s: the command has no -%s", flag, flag)
}

// vetOf turns the command's go test or go run into a go vet of its
// packages, keeping what comes before it (variables, a cd).
func vetOf(toks []string) ([]string, error) {
	i := lastGo(toks, "test")
	if i < 0 {
		i = lastGo(toks, "run")
	}
	if i < 0 {
		return nil, fmt.Errorf("vet: no go test or go run to vet")
	}
	end := segmentEnd(toks, i)
	var pkgs []string
	for j := i + 2; j < end; j++ {
		t := toks[j]
		if t == "." || strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") {
			pkgs = append(pkgs, t)
			if toks[i+1] == "run" {
				break
			}
		}
	}
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	head := toks[:i]
	// Variables before go (BRETTSPIEL_LONG=1) mean nothing to vet.
	for len(head) > 0 && envRE.MatchString(head[len(head)-1]) {
		head = head[:len(head)-1]
	}
	out := append(append([]string{}, head...), "go", "vet")
	return append(out, pkgs...), nil
}

// testsThisPackage says whether the go test at toks[i] names ./... or this
// package, so that running it would run this test again.
func testsThisPackage(toks []string, i int) bool {
	end := segmentEnd(toks, i)
	for j := i + 2; j < end; j++ {
		t := strings.Trim(toks[j], `'"`)
		if t == "./..." || strings.HasSuffix(t, "internal/doccheck") || strings.HasSuffix(t, "internal/...") {
			return true
		}
	}
	return false
}

func join(toks []string) string { return strings.Join(toks, " ") }

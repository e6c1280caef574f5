package apicheck

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Extract returns the exported API of the packages of the module rooted at
// dir, one line per identifier, sorted (see the package doc for the form).
// The packages under internal/ and examples/, testdata, folders starting
// with "." or "_" and nested modules are left out.
func Extract(dir string) ([]string, error) {
	modulePath, err := readModulePath(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, err
	}
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "linux", "amd64", false
	ctx.BuildTags, ctx.ToolTags, ctx.ReleaseTags = nil, nil, nil
	ctx.Dir = dir

	var lines []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel != "." {
			name := d.Name()
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" ||
				rel == "internal" || rel == "examples" || path.Base(rel) == "internal" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
		}
		pkgLines, err := extractPackage(&ctx, p, modulePath, rel)
		if err != nil {
			return err
		}
		lines = append(lines, pkgLines...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(lines)
	return slices.Compact(lines), nil
}

func readModulePath(goMod string) (string, error) {
	data, err := os.ReadFile(goMod)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`), nil
		}
	}
	return "", fmt.Errorf("%s: no module line", goMod)
}

// extractPackage returns the lines of the package in dir (none if dir holds
// no Go package for linux/amd64, or a command).
func extractPackage(ctx *build.Context, dir, modulePath, rel string) ([]string, error) {
	bp, err := ctx.ImportDir(dir, 0)
	if err != nil {
		if _, ok := err.(*build.NoGoError); ok {
			return nil, nil
		}
		return nil, fmt.Errorf("apicheck: %s: %w", dir, err)
	}
	if bp.Name == "main" {
		return nil, nil
	}
	importPath := modulePath
	if rel != "." {
		importPath += "/" + rel
	}
	if bp.Name != path.Base(importPath) {
		return nil, fmt.Errorf("apicheck: package %s is named %s: the record's names take a package's name from its folder", importPath, bp.Name)
	}
	// The key is the import path from the module's last element on:
	// "brettspiel/dice" for github.com/brettspiel/brettspiel/dice.
	key := path.Base(modulePath)
	if rel != "." {
		key += "/" + rel
	}
	fset := token.NewFileSet()
	x := &extractor{fset: fset, key: key}
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("apicheck: %w", err)
		}
		x.file(f)
	}
	return x.lines, nil
}

type extractor struct {
	fset  *token.FileSet
	key   string
	lines []string
}

func (x *extractor) add(name, decl string) {
	x.lines = append(x.lines, x.key+"."+name+" "+decl)
}

// expr prints a type expression on one line.
func (x *extractor) expr(e ast.Expr) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, x.fset, e); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// types prints a field list's types without the names, one per name.
func (x *extractor) types(fl *ast.FieldList) []string {
	var out []string
	if fl == nil {
		return out
	}
	for _, f := range fl.List {
		t := x.expr(f.Type)
		for n := max(1, len(f.Names)); n > 0; n-- {
			out = append(out, t)
		}
	}
	return out
}

// typeParams prints type parameters with their names, which the signature
// refers to: "[K comparable, V any]".
func (x *extractor) typeParams(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 {
		return ""
	}
	var parts []string
	for _, f := range fl.List {
		var names []string
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		parts = append(parts, strings.Join(names, ", ")+" "+x.expr(f.Type))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// signature prints "func[T any](int, ...string) (T, error)" without the
// parameter names.
func (x *extractor) signature(typeParams *ast.FieldList, ft *ast.FuncType) string {
	s := "func" + x.typeParams(typeParams) + "(" + strings.Join(x.types(ft.Params), ", ") + ")"
	switch res := x.types(ft.Results); len(res) {
	case 0:
	case 1:
		s += " " + res[0]
	default:
		s += " (" + strings.Join(res, ", ") + ")"
	}
	return s
}

func (x *extractor) file(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			x.funcDecl(d)
		case *ast.GenDecl:
			x.genDecl(d)
		}
	}
}

func (x *extractor) funcDecl(d *ast.FuncDecl) {
	if !d.Name.IsExported() {
		return
	}
	if d.Recv == nil {
		x.add(d.Name.Name, x.signature(d.Type.TypeParams, d.Type))
		return
	}
	if len(d.Recv.List) != 1 {
		return
	}
	recv := d.Recv.List[0].Type
	base := recv
	if star, ok := base.(*ast.StarExpr); ok {
		base = star.X
	}
	switch b := base.(type) {
	case *ast.IndexExpr:
		base = b.X
	case *ast.IndexListExpr:
		base = b.X
	}
	id, ok := base.(*ast.Ident)
	if !ok || !id.IsExported() {
		return // a method of an unexported type is not reached by name
	}
	x.add(id.Name+"."+d.Name.Name, "method ("+x.expr(recv)+") "+x.signature(nil, d.Type))
}

func (x *extractor) genDecl(d *ast.GenDecl) {
	// In a const group a spec without type and values repeats the last
	// spec's (iota).
	var lastType string
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			x.typeSpec(s)
		case *ast.ValueSpec:
			var typ string
			switch {
			case s.Type != nil:
				typ = x.expr(s.Type)
			case d.Tok == token.CONST && len(s.Values) == 0:
				typ = lastType
			case d.Tok == token.CONST:
				typ = "untyped"
				if lit, ok := s.Values[0].(*ast.BasicLit); ok && len(s.Values) == 1 {
					typ = "untyped " + map[token.Token]string{
						token.INT: "int", token.FLOAT: "float", token.IMAG: "complex",
						token.CHAR: "rune", token.STRING: "string",
					}[lit.Kind]
				}
			}
			if d.Tok == token.CONST {
				lastType = typ
			}
			for _, n := range s.Names {
				if !n.IsExported() {
					continue
				}
				decl := strings.TrimSpace(d.Tok.String() + " " + typ)
				x.add(n.Name, decl)
			}
		}
	}
}

func (x *extractor) typeSpec(s *ast.TypeSpec) {
	if !s.Name.IsExported() {
		return
	}
	name := s.Name.Name
	head := "type" + x.typeParams(s.TypeParams)
	if s.Assign.IsValid() {
		x.add(name, head+" = "+x.expr(s.Type))
		return
	}
	switch t := s.Type.(type) {
	case *ast.StructType:
		x.add(name, head+" struct")
		for _, f := range t.Fields.List {
			typ := x.expr(f.Type)
			if len(f.Names) == 0 { // embedded: the field is named by its type
				base := f.Type
				if star, ok := base.(*ast.StarExpr); ok {
					base = star.X
				}
				if sel, ok := base.(*ast.SelectorExpr); ok {
					base = sel.Sel
				}
				if id, ok := base.(*ast.Ident); ok && id.IsExported() {
					x.add(name+"."+id.Name, "embedded "+typ)
				}
				continue
			}
			for _, n := range f.Names {
				if n.IsExported() {
					x.add(name+"."+n.Name, "field "+typ)
				}
			}
		}
	case *ast.InterfaceType:
		x.add(name, head+" interface")
		unexported := false
		for _, m := range t.Methods.List {
			if len(m.Names) == 0 { // an embedded interface or a type set
				x.add(name, "interface embeds "+x.expr(m.Type))
				continue
			}
			for _, n := range m.Names {
				if !n.IsExported() {
					unexported = true
					continue
				}
				if ft, ok := m.Type.(*ast.FuncType); ok {
					x.add(name+"."+n.Name, "interface method "+x.signature(nil, ft))
				}
			}
		}
		if unexported {
			x.add(name, "interface has unexported methods")
		}
	default:
		x.add(name, head+" "+x.expr(s.Type))
	}
}

// Name returns the recorded line's identifier as CHANGELOG.md names it,
// with its package's name: "neural.Evaluator.Games" for the line
// "brettspiel/bot/neural.Evaluator.Games method …".
func Name(line string) string {
	key, _, _ := strings.Cut(line, " ")
	return path.Base(key)
}

// Diff returns the lines of old missing from current (removed, or changed)
// and those of current missing from old (added).
func Diff(old, current []string) (removed, added []string) {
	inOld := make(map[string]bool, len(old))
	for _, l := range old {
		inOld[l] = true
	}
	inCurrent := make(map[string]bool, len(current))
	for _, l := range current {
		inCurrent[l] = true
		if !inOld[l] {
			added = append(added, l)
		}
	}
	for _, l := range old {
		if !inCurrent[l] {
			removed = append(removed, l)
		}
	}
	return removed, added
}

// Unreleased returns the text of the "## [Unreleased]" section of a
// changelog in the Keep a Changelog form, up to the next "## " heading, and
// whether there is one.
func Unreleased(changelog []byte) (string, bool) {
	var b strings.Builder
	in, found := false, false
	sc := bufio.NewScanner(bytes.NewReader(changelog))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			if in {
				break
			}
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(line[3:])), "[unreleased]") {
				in, found = true, true
			}
			continue
		}
		if in {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String(), found
}

// Named reports whether text names the identifier of the recorded line: as
// "pkg.Name", or a member ("pkg.Type.Member") also as "Type.Member", not
// as a part of a longer name.
func Named(text, line string) bool {
	name := Name(line)
	forms := []string{name}
	if parts := strings.Split(name, "."); len(parts) == 3 {
		forms = append(forms, parts[1]+"."+parts[2])
	}
	for _, form := range forms {
		re := regexp.MustCompile(`(^|[^\p{L}\p{N}_])` + regexp.QuoteMeta(form) + `($|[^\p{L}\p{N}_])`)
		if re.MatchString(text) {
			return true
		}
	}
	return false
}

// Unnamed returns the removed lines whose identifiers text does not name.
// A field or method of a type whose own line is removed too (the type is
// gone, or changed its kind) is named with its type: "pkg.Type" covers
// "pkg.Type.Field" then.
func Unnamed(text string, removed []string) []string {
	gone := make(map[string]bool, len(removed))
	for _, l := range removed {
		key, _, _ := strings.Cut(l, " ")
		gone[key] = true
	}
	var out []string
	for _, l := range removed {
		if Named(text, l) {
			continue
		}
		key, _, _ := strings.Cut(l, " ")
		if i := strings.LastIndex(key, "."); i > strings.LastIndex(key, "/") && strings.Count(Name(l), ".") == 2 {
			if typeKey := key[:i]; gone[typeKey] && Named(text, typeKey) {
				continue
			}
		}
		out = append(out, l)
	}
	return out
}

// Format returns the record's text: a header and the lines.
func Format(lines []string) []byte {
	var b bytes.Buffer
	b.WriteString("# The exported API of the module's packages, one identifier a line (see internal/apicheck).\n")
	b.WriteString("# Written by: go test ./internal/apicheck -update\n")
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Parse returns the lines of a record Format wrote.
func Parse(data []byte) []string {
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines
}

// UpdateCommand is the one command that rewrites the record.
const UpdateCommand = "go test ./internal/apicheck -update"

// Result is the comparison of the code's API with the record.
type Result struct {
	Removed []string // recorded lines gone from the code (removed or changed)
	Added   []string // lines of the code not in the record
	Unnamed []string // the removed lines the Unreleased section does not name
}

// Compare compares the code's API (current) with the record, and the
// removals with the Unreleased section of the changelog.
func Compare(recorded, current []string, changelog []byte) Result {
	var r Result
	r.Removed, r.Added = Diff(recorded, current)
	unreleased, _ := Unreleased(changelog)
	r.Unnamed = Unnamed(unreleased, r.Removed)
	return r
}

// UnnamedError is the error of removals CHANGELOG.md does not name, nil
// if there are none.
func (r Result) UnnamedError() error {
	if len(r.Unnamed) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("exported identifiers are gone from the code (removed, or their declaration changed)\n")
	b.WriteString("and the \"## [Unreleased]\" section of CHANGELOG.md does not name them:\n")
	for _, l := range r.Unnamed {
		fmt.Fprintf(&b, "\t%s\t(was: %s)\n", Name(l), l)
	}
	b.WriteString("Write each in that section by the name shown (under ### Removed, or ### Changed for a\n")
	fmt.Fprintf(&b, "changed signature, e.g. \"- `%s` removed: use … instead\"), then run: %s\n", Name(r.Unnamed[0]), UpdateCommand)
	b.WriteString("If the removal was not meant, bring the identifier back.")
	return fmt.Errorf("%s", b.String())
}

// StaleError is the error of a record that differs from the code, nil if
// it does not.
func (r Result) StaleError(recordName string) error {
	if len(r.Removed) == 0 && len(r.Added) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s is out of date (%d lines new, %d gone):\n", recordName, len(r.Added), len(r.Removed))
	const most = 20
	for i, l := range r.Added {
		if i == most {
			fmt.Fprintf(&b, "\t… and %d more\n", len(r.Added)-most)
			break
		}
		fmt.Fprintf(&b, "\t+ %s\n", l)
	}
	for i, l := range r.Removed {
		if i == most {
			fmt.Fprintf(&b, "\t… and %d more\n", len(r.Removed)-most)
			break
		}
		fmt.Fprintf(&b, "\t- %s\n", l)
	}
	b.WriteString("Write the new identifiers in CHANGELOG.md's Unreleased section (### Added) and rewrite the record with:\n\t")
	b.WriteString(UpdateCommand)
	return fmt.Errorf("%s", b.String())
}

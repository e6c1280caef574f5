// Command gen writes protocol.d.ts, the TypeScript declarations of every
// answer of the session protocol, for the JavaScript package (the folder
// above): from the JSON Schemas that are their source of truth,
// session/protocol.schema.json (every answer, the error object) and each
// variant's state.schema.json (the "state" of an answer, which the
// protocol's schema leaves to them).
//
//	go generate ./examples/web/npm/gen   # or: go run ./examples/web/npm/gen -o examples/web/npm/protocol.d.ts
//
// Its test fails while the checked-in protocol.d.ts differs from what it
// writes, so that a schema that grows says to run it again.
//
// # The mapping
//
// Each $defs entry becomes a declaration: an object with properties an
// interface (a $ref beside them the interface it extends), anything else a
// type. "type", "enum", "const", "items", "properties", "required",
// "additionalProperties", "anyOf", "oneOf", "allOf" and "$ref" give the
// types; constraints (minimum, pattern, maxItems, not, if/then/else …) are
// left to the schema; a property that only constrains one of the base it
// extends is left to the base; "description" becomes the comment. Names: a
// table below for the protocol's definitions (new ones get their own name
// in PascalCase); the variants' definitions shared by several of them
// (the envelope, a legal move, an event, a step, the race board) once by
// their own name, the others with the variant's name before theirs
// (ToccateglioRules). The protocol's loose "gameState", "event",
// "legalMove" and "boardStep" are the variants' definitions of them.
//
// The variants' schemas describe the full form of a state; an answer sends
// the parts its view asks for (session.View). The lean parts are written
// in below as edits of the schemas (views), so that the types hold for
// every answer; the test checks real answers of every variant in several
// views against the edited schemas.
package main

//go:generate go run . -o ../protocol.d.ts

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/session"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

func main() {
	out := flag.String("o", "protocol.d.ts", "the file to write")
	flag.Parse()
	b, err := Generate()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
}

// doc is one schema file.
type doc struct {
	name  string // "session", "toccateglio", …
	title string // the prefix of its own definitions' names, "Toccateglio"
	root  *node
}

func (d *doc) defs() *node { return d.root.get("$defs") }

// variants are the games whose state.schema.json types the "state" of an
// answer, in the order of the union GameState.
var variants = []struct {
	name, title string
	schema      func() []byte
}{
	{"toccateglio", "Toccateglio", toccateglio.JSONSchema},
	{"verkehren", "Verkehren", verkehren.JSONSchema},
	{"festung", "Festung", festung.JSONSchema},
}

// sessionNames names the protocol's definitions; one not here is named in
// PascalCase.
var sessionNames = map[string]string{
	"failure": "ErrorResult", "error": "ErrorObject", "refusal": "Refusal", "rule": "Rule",
	"result": "AnyResult", "empty": "EmptyResult", "seed": "SeedString", "state": "StateResult",
	"gameState": "GameState", "step": "LogStep", "legal": "LegalResult", "next": "NextResult",
	"hints": "HintsResult", "text": "TextResult", "id": "IDResult", "version": "VersionResult",
	"games": "GamesResult", "analysis": "Analysis", "rollout": "RolloutResult", "plan": "PlanResult",
}

// byVariants are the protocol's definitions that the variants' schemas give
// in full: each is the variants' definition of the name here ("" for the
// union of their states).
var byVariants = map[string]string{"gameState": "", "event": "event", "legalMove": "legalMove", "boardStep": "step"}

// sharedNames names the definitions the variants share.
var sharedNames = map[string]string{"envelope": "StateEnvelope", "legalMove": "LegalMove", "event": "Event", "step": "Step"}

// Schemas returns the protocol's schema and the variants', with the edits
// of views applied: the schemas the declarations are made from.
func Schemas() ([]*doc, error) {
	s, err := parse(session.Schema())
	if err != nil {
		return nil, fmt.Errorf("session/protocol.schema.json: %w", err)
	}
	docs := []*doc{{name: "session", root: s}}
	for _, v := range variants {
		r, err := parse(v.schema())
		if err != nil {
			return nil, fmt.Errorf("%s/state.schema.json: %w", v.name, err)
		}
		docs = append(docs, &doc{name: v.name, title: v.title, root: r})
	}
	for _, e := range views {
		d := find(docs, e.doc)
		if d == nil {
			return nil, fmt.Errorf("view %q: no schema %s", e.why, e.doc)
		}
		if err := e.edit(d); err != nil {
			return nil, fmt.Errorf("view %q on %s: %w (the schema changed: edit the view in examples/web/npm/gen)", e.why, e.doc, err)
		}
	}
	return docs, nil
}

func find(docs []*doc, name string) *doc {
	for _, d := range docs {
		if d.name == name {
			return d
		}
	}
	return nil
}

// view is an edit of a variant's schema for the parts of a state that an
// answer's view leaves out.
type view struct {
	doc, why string
	edit     func(*doc) error
}

// views are the lean parts of states as the session sends them by default
// (View.static false: package festung's lean form), and the answer of plan,
// which the protocol's schema leaves loose: the Festungsspiel's layout and
// its fields without what changes in play.
var views = []view{
	{"festung", "plan's fields are the plan's part of the fields", func(d *doc) error {
		field := d.defs().get("field")
		if field == nil {
			return fmt.Errorf("no field")
		}
		plan := field.clone()
		for _, k := range []string{"marker", "squares"} {
			if !plan.get("properties").has(k) {
				return fmt.Errorf("field has no %s", k)
			}
			delete(plan.get("properties").vals, k)
			plan.get("properties").keys = slices.DeleteFunc(plan.get("properties").keys, func(s string) bool { return s == k })
		}
		if err := optional(plan, "marker"); err != nil {
			return err
		}
		for _, k := range []string{"if", "then", "else"} {
			delete(plan.vals, k)
			plan.keys = slices.DeleteFunc(plan.keys, func(s string) bool { return s == k })
		}
		plan.set("description", &node{kind: 's', str: "a field of the plan as the method plan gives it: what stays the same in every game"})
		d.defs().set("planField", plan)
		return nil
	}},
	{"session", "plan gives the Festungsspiel's layout and the plan's part of its fields", func(d *doc) error {
		plan := d.defs().get("plan")
		props := plan.get("properties")
		if !props.has("layout") || !props.has("fields") {
			return fmt.Errorf("plan has no layout or fields")
		}
		const festungSchema = "https://github.com/brettspiel/brettspiel/festung/state.schema.json"
		props.set("layout", mustParse(`{"$ref":"`+festungSchema+`#/$defs/layout"}`))
		props.get("fields").set("items", mustParse(`{"$ref":"`+festungSchema+`#/$defs/planField"}`))
		return nil
	}},
	{"festung", "the lean form leaves out the plan's layout", func(d *doc) error {
		return optional(d.root, "layout")
	}},
	{"festung", "the lean form lists only the fields that hold a marker or squares, each with its ID, marker and squares", func(d *doc) error {
		fields := d.root.get("properties").get("fields")
		if fields == nil || fields.get("items").get("$ref").text() != "#/$defs/field" {
			return fmt.Errorf("no fields of #/$defs/field")
		}
		field := d.defs().get("field")
		held := mustParse(`{"type":"object","additionalProperties":false,"required":["id","marker"],
			"description":"a field in the lean form (without the view's static): its ID, marker and squares; the rest is the plan's, which the method plan gives once"}`)
		props := &node{kind: 'o', vals: map[string]*node{}}
		for _, k := range []string{"id", "marker", "squares"} {
			p := field.get("properties").get(k)
			if p == nil {
				return fmt.Errorf("field has no %s", k)
			}
			props.set(k, p.clone())
		}
		held.set("properties", props)
		d.defs().set("heldField", held)
		fields.set("items", mustParse(`{"anyOf":[{"$ref":"#/$defs/field"},{"$ref":"#/$defs/heldField"}]}`))
		for _, k := range []string{"minItems", "maxItems"} {
			delete(fields.vals, k)
			fields.keys = slices.DeleteFunc(fields.keys, func(s string) bool { return s == k })
		}
		fields.set("description", &node{kind: 's', str: "the fields of the plan in ID order: all 77 with the view's static, else only those that hold a marker or squares (heldField)"})
		return nil
	}},
}

// The Festungsspiel's lean events leave out trackFrom and trackTo, which are
// their from and to there; the event every variant shares says so for all.
func init() {
	for _, v := range variants {
		views = append(views, view{v.name, "the Festungsspiel's lean events leave out trackFrom and trackTo", func(d *doc) error {
			return optional(d.defs().get("event"), "trackFrom", "trackTo")
		}})
	}
}

// optional drops keys from the "required" of the object schema s.
func optional(s *node, keys ...string) error {
	req := s.get("required")
	for _, k := range keys {
		i := slices.IndexFunc(req.items, func(n *node) bool { return n.text() == k })
		if i < 0 {
			return fmt.Errorf("%s is not required", k)
		}
		req.items = slices.Delete(req.items, i, i+1)
	}
	return nil
}

func mustParse(s string) *node {
	n, err := parse([]byte(s))
	if err != nil {
		panic(err)
	}
	return n
}

// Generate returns protocol.d.ts.
func Generate() ([]byte, error) {
	docs, err := Schemas()
	if err != nil {
		return nil, err
	}
	g := &generator{names: map[string]string{}, owner: map[string]string{}, byID: map[string]*doc{}}
	for _, d := range docs {
		g.byID[d.root.get("$id").text()] = d
	}
	if err := g.name(docs); err != nil {
		return nil, err
	}
	g.b.WriteString(header)
	if err := g.emit(docs); err != nil {
		return nil, err
	}
	return g.b.Bytes(), nil
}

const header = `// Code generated by examples/web/npm/gen from session/protocol.schema.json
// and the variants' state.schema.json; DO NOT EDIT.
//
// The types of every answer of the brettspiel engine's JSON protocol
// (Table.Call of the Go package session). index.d.ts gives the methods,
// their arguments and the loader, with these.

`

// generator writes the declarations.
type generator struct {
	b bytes.Buffer
	// names maps "doc#def" to the declaration's name.
	names map[string]string
	// owner maps a declaration's name to the "doc#def" it is written for.
	owner map[string]string
	// shared are the variants' definitions written once.
	shared []string
	// byID are the schemas by their $id.
	byID map[string]*doc
}

func key(d *doc, def string) string { return d.name + "#" + def }

// name names every definition, or says which two would share a name.
func (g *generator) name(docs []*doc) error {
	add := func(k, name string) error {
		if o, ok := g.owner[name]; ok && o != k {
			return fmt.Errorf("%s and %s would both be named %s: name one in examples/web/npm/gen", o, k, name)
		}
		g.owner[name] = k
		g.names[k] = name
		return nil
	}
	vars := docs[1:]
	// A definition that several variants have alike is written once.
	seen := map[string]bool{}
	for _, d := range vars {
		for _, def := range d.defs().keys {
			if seen[def] {
				continue
			}
			seen[def] = true
			var alike []*doc
			for _, e := range vars {
				if x := e.defs().get(def); x != nil {
					if !equal(x, d.defs().get(def)) {
						alike = nil
						break
					}
					alike = append(alike, e)
				}
			}
			if len(alike) < 2 {
				continue
			}
			name := sharedNames[def]
			if name == "" {
				name = pascal(def)
			}
			for _, e := range alike {
				g.names[key(e, def)] = name
			}
			g.owner[name] = key(d, def)
			g.shared = append(g.shared, def)
		}
	}
	for _, d := range vars {
		if err := add(key(d, ""), d.title+"State"); err != nil {
			return err
		}
		for _, def := range d.defs().keys {
			if _, ok := g.names[key(d, def)]; !ok {
				if err := add(key(d, def), d.title+pascal(def)); err != nil {
					return err
				}
			}
		}
	}
	s := docs[0]
	if err := add(key(s, ""), "Answer"); err != nil {
		return err
	}
	for _, def := range s.defs().keys {
		if v, ok := byVariants[def]; ok && v != "" {
			// the variants' own, checked to have every key of the protocol's
			name := g.names[key(vars[0], v)]
			if name == "" || !slices.Contains(g.shared, v) {
				return fmt.Errorf("the protocol's %s is the variants' %s, which they do not share alike", def, v)
			}
			for _, p := range s.defs().get(def).get("properties").keys {
				if !vars[0].defs().get(v).get("properties").has(p) {
					return fmt.Errorf("the protocol's %s has the key %s, the variants' %s not", def, p, v)
				}
			}
			g.names[key(s, def)] = name
			continue
		}
		name := sessionNames[def]
		if name == "" {
			name = pascal(def)
		}
		if err := add(key(s, def), name); err != nil {
			return err
		}
	}
	return nil
}

// emit writes the declarations: the protocol's, the variants' shared ones,
// then each variant's.
func (g *generator) emit(docs []*doc) error {
	s, vars := docs[0], docs[1:]
	g.section("the answers")
	if err := g.decl(s, "", s.root); err != nil {
		return err
	}
	for _, def := range s.defs().keys {
		if v, ok := byVariants[def]; ok {
			if v == "" {
				var states []string
				for _, d := range vars {
					states = append(states, g.names[key(d, "")])
				}
				g.comment(s.defs().get(def).get("description").text()+" Its keys are the variant's (game).", "")
				fmt.Fprintf(&g.b, "export type %s = %s;\n\n", g.names[key(s, def)], strings.Join(states, " | "))
			}
			continue
		}
		if err := g.decl(s, def, s.defs().get(def)); err != nil {
			return err
		}
	}
	g.section("what every variant's state shares")
	for _, def := range g.shared {
		for _, d := range vars {
			if x := d.defs().get(def); x != nil {
				if err := g.decl(d, def, x); err != nil {
					return err
				}
				break
			}
		}
	}
	for _, d := range vars {
		g.section(d.title + ": " + d.name + "/state.schema.json")
		if err := g.decl(d, "", d.root); err != nil {
			return err
		}
		for _, def := range d.defs().keys {
			if slices.Contains(g.shared, def) {
				continue
			}
			if err := g.decl(d, def, d.defs().get(def)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *generator) section(title string) {
	fmt.Fprintf(&g.b, "// ---- %s ----\n\n", title)
}

// decl writes the declaration of the definition def of d ("" for its root).
func (g *generator) decl(d *doc, def string, s *node) error {
	name := g.names[key(d, def)]
	desc := s.get("description").text()
	if t := s.get("title").text(); def == "" && t != "" {
		desc = strings.TrimSpace(t + ". " + desc)
	}
	g.comment(desc, "")
	if isObject(s) && !s.has("anyOf") && !s.has("oneOf") && !s.has("allOf") {
		base := ""
		var baseSchema *node
		if ref := s.get("$ref").text(); ref != "" {
			b, bs, err := g.ref(d, ref)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			base, baseSchema = " extends "+b, bs
		}
		fmt.Fprintf(&g.b, "export interface %s%s ", name, base)
		body, err := g.object(d, s, baseSchema, "")
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		g.b.WriteString(body + "\n\n")
		return nil
	}
	t, err := g.ts(d, s, "")
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	fmt.Fprintf(&g.b, "export type %s = %s;\n\n", name, t)
	return nil
}

// isObject reports whether s is an object with properties (or listed
// required keys).
func isObject(s *node) bool {
	return s.has("properties") || (s.get("type").text() == "object" && s.has("required"))
}

// ref returns the name a "$ref" of d names, and its schema: a definition
// of d ("#/$defs/x") or of another schema by its $id ("…/state.schema.json#/$defs/x").
func (g *generator) ref(d *doc, ref string) (string, *node, error) {
	if id, frag, ok := strings.Cut(ref, "#"); ok && id != "" {
		d = g.byID[id]
		if d == nil {
			return "", nil, fmt.Errorf("a $ref %q to no schema of the generator", ref)
		}
		ref = "#" + frag
	}
	def, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok || d.defs().get(def) == nil {
		return "", nil, fmt.Errorf("a $ref %q that is no definition of %s", ref, d.name)
	}
	name := g.names[key(d, def)]
	if name == "" {
		return "", nil, fmt.Errorf("no name for %s", key(d, def))
	}
	target := d.defs().get(def)
	if v, ok := byVariants[def]; ok && d.name == "session" && v != "" {
		target = nil // the variants' definition, with every key
	}
	return name, target, nil
}

// typeKeys are the keywords that say something of a value's type.
var typeKeys = []string{"$ref", "type", "enum", "const", "properties", "items", "prefixItems", "anyOf", "oneOf", "allOf", "additionalProperties"}

func typed(s *node) bool {
	if s == nil || s.kind == 'b' {
		return false
	}
	for _, k := range typeKeys {
		if s.has(k) {
			return true
		}
	}
	return false
}

// ts returns the type of the schema s of d, written at the indentation ind.
func (g *generator) ts(d *doc, s *node, ind string) (string, error) {
	if s == nil || s.kind == 'b' {
		return "unknown", nil
	}
	if ref := s.get("$ref").text(); ref != "" {
		name, _, err := g.ref(d, ref)
		if err != nil {
			return "", err
		}
		if s.has("properties") {
			body, err := g.object(d, s, nil, ind)
			return name + " & " + body, err
		}
		return name, nil
	}
	if c := s.get("const"); c != nil {
		return literal(c)
	}
	if e := s.get("enum"); e != nil {
		var alts []string
		for _, it := range e.items {
			l, err := literal(it)
			if err != nil {
				return "", err
			}
			alts = append(alts, l)
		}
		return strings.Join(alts, " | "), nil
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if alts := s.get(k); alts != nil {
			var ts []string
			for _, a := range alts.items {
				if !typed(a) {
					continue // a constraint only
				}
				t, err := g.ts(d, a, ind)
				if err != nil {
					return "", err
				}
				ts = append(ts, paren(t))
			}
			if len(ts) > 0 {
				return strings.Join(ts, " | "), nil
			}
		}
	}
	if all := s.get("allOf"); all != nil {
		var ts []string
		for _, a := range all.items {
			if typed(a) {
				t, err := g.ts(d, a, ind)
				if err != nil {
					return "", err
				}
				ts = append(ts, paren(t))
			}
		}
		if len(ts) > 0 {
			return strings.Join(ts, " & "), nil
		}
	}
	var types []string
	switch t := s.get("type"); {
	case t == nil:
		switch {
		case s.has("properties"):
			types = []string{"object"}
		case s.has("items") || s.has("prefixItems"):
			types = []string{"array"}
		}
	case t.kind == 'a':
		types = t.strings()
	default:
		types = []string{t.text()}
	}
	if len(types) == 0 {
		return "unknown", nil
	}
	var out []string
	for _, t := range types {
		switch t {
		case "string":
			out = append(out, "string")
		case "integer", "number":
			if !slices.Contains(out, "number") {
				out = append(out, "number")
			}
		case "boolean":
			out = append(out, "boolean")
		case "null":
			out = append(out, "null")
		case "array":
			if p := s.get("prefixItems"); p != nil {
				var ts []string
				for _, it := range p.items {
					t, err := g.ts(d, it, ind)
					if err != nil {
						return "", err
					}
					ts = append(ts, t)
				}
				out = append(out, "["+strings.Join(ts, ", ")+"]")
				continue
			}
			it, err := g.ts(d, s.get("items"), ind)
			if err != nil {
				return "", err
			}
			out = append(out, paren(it)+"[]")
		case "object":
			if !s.has("properties") && !s.has("required") {
				if m := s.get("maxProperties"); m != nil && m.num == "0" {
					out = append(out, "Record<string, never>")
					continue
				}
				ap := s.get("additionalProperties")
				if ap != nil && ap.kind == 'o' {
					t, err := g.ts(d, ap, ind)
					if err != nil {
						return "", err
					}
					out = append(out, "Record<string, "+t+">")
				} else {
					out = append(out, "Record<string, unknown>")
				}
				continue
			}
			body, err := g.object(d, s, nil, ind)
			if err != nil {
				return "", err
			}
			out = append(out, body)
		default:
			return "", fmt.Errorf("unknown type %q", t)
		}
	}
	return strings.Join(out, " | "), nil
}

// paren puts a union in parentheses, for [] or & after it.
func paren(t string) string {
	if strings.Contains(t, " | ") && !strings.HasPrefix(t, "{") {
		return "(" + t + ")"
	}
	return t
}

var ident = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// object writes the members of the object schema s of d in braces; base is
// the schema it extends (its properties that only constrain are left out,
// its required keys stay required).
func (g *generator) object(d *doc, s, base *node, ind string) (string, error) {
	required := s.get("required").strings()
	if base != nil {
		required = append(required, base.get("required").strings()...)
	}
	props := s.get("properties")
	var b strings.Builder
	b.WriteString("{\n")
	in := ind + "  "
	member := func(k string, p *node) error {
		if base != nil && !typed(p) && base.get("properties").has(k) {
			return nil // a constraint on the base's key
		}
		t, err := g.ts(d, p, in)
		if err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		if desc := p.get("description").text(); desc != "" {
			b.WriteString(jsdoc(desc, in))
		}
		name := k
		if !ident.MatchString(k) {
			name = fmt.Sprintf("%q", k)
		}
		opt := "?"
		if slices.Contains(required, k) {
			opt = ""
		}
		fmt.Fprintf(&b, "%s%s%s: %s;\n", in, name, opt, t)
		return nil
	}
	if props != nil {
		for _, k := range props.keys {
			if err := member(k, props.get(k)); err != nil {
				return "", err
			}
		}
	}
	for _, k := range s.get("required").strings() {
		if !props.has(k) && (base == nil || !base.get("properties").has(k)) {
			if err := member(k, nil); err != nil {
				return "", err
			}
		}
	}
	if ap := s.get("additionalProperties"); ap != nil && ap.kind == 'o' {
		t, err := g.ts(d, ap, in)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%s[key: string]: %s;\n", in, t)
	}
	b.WriteString(ind + "}")
	return b.String(), nil
}

// literal writes a JSON value as a TypeScript literal type.
func literal(n *node) (string, error) {
	switch n.kind {
	case 's', 'n', 'b', 'z':
		b, err := n.MarshalJSON()
		return string(b), err
	}
	return "", fmt.Errorf("a const or enum value that is no string, number, boolean or null")
}

// comment writes a JSDoc comment of text at the top level.
func (g *generator) comment(text, ind string) {
	if text != "" {
		g.b.WriteString(jsdoc(text, ind))
	}
}

// jsdoc returns text as a JSDoc comment at the indentation ind, its lines
// wrapped at about 100 columns.
func jsdoc(text, ind string) string {
	text = strings.ReplaceAll(text, "*/", "*\\/")
	words := strings.Fields(text)
	if len(ind)+len(text)+7 <= 100 {
		return ind + "/** " + strings.Join(words, " ") + " */\n"
	}
	var b strings.Builder
	b.WriteString(ind + "/**\n")
	line := ""
	for _, w := range words {
		if line != "" && len(ind)+3+len(line)+1+len(w) > 100 {
			b.WriteString(ind + " * " + line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		b.WriteString(ind + " * " + line + "\n")
	}
	b.WriteString(ind + " */\n")
	return b.String()
}

// pascal returns a definition's name in PascalCase: "racePoint" →
// "RacePoint".
func pascal(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r == '-' || r == '_' || r == ' ':
			up = true
		case up:
			b.WriteString(strings.ToUpper(string(r)))
			up = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

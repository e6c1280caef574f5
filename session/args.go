//go:build !js

package session

import "strconv"

// fastArgs reads args into in, an argument struct, where fastDecode can;
// false leaves in as it was, for decode. (The WebAssembly build leaves it
// out, for its size: there decode reads every call.)
func fastArgs(in any, args []byte) bool {
	f, ok := in.(fastDecoder)
	return ok && f.fastDecode(args)
}

// The arguments of the calls made most often ("legal", "apply", "throw",
// "state", …) are flat objects of plain values: {"handle":1,"since":7,
// "legal":false}. fastDecode reads such an object without reflection; for
// anything else — a nested value, an escape in a string, a fraction, null,
// a key unknown, misspelt or given twice, bad JSON — it gives up, and
// decode reads the arguments as ever, with its errors. Where it succeeds
// the arguments are the same as decode's.

// flatArg is one key and value of a flat object: a string's bytes (without
// quotes; plain ASCII without escapes), a whole number's digits, or true
// or false.
type flatArg struct {
	key  string
	kind byte // 's' string, 'n' number, 'b' true or false
	val  []byte
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// flatObject splits a flat object into its keys and values, at most
// len(buf) of them; ok is false for anything else.
func flatObject(b []byte, buf []flatArg) (out []flatArg, ok bool) {
	i := 0
	space := func() {
		for i < len(b) && isSpace(b[i]) {
			i++
		}
	}
	str := func() ([]byte, bool) { // after the opening quote
		start := i
		for ; i < len(b); i++ {
			switch c := b[i]; {
			case c == '"':
				i++
				return b[start : i-1], true
			case c < 0x20 || c == '\\' || c >= 0x80:
				return nil, false
			}
		}
		return nil, false
	}
	space()
	if i == len(b) || b[i] != '{' {
		return nil, false
	}
	i++
	space()
	out = buf[:0]
	if i < len(b) && b[i] == '}' {
		i++
	} else {
		for {
			if i == len(b) || b[i] != '"' || len(out) == cap(out) {
				return nil, false
			}
			i++
			key, ok := str()
			if !ok {
				return nil, false
			}
			space()
			if i == len(b) || b[i] != ':' {
				return nil, false
			}
			i++
			space()
			if i == len(b) {
				return nil, false
			}
			a := flatArg{key: string(key)}
			switch c := b[i]; {
			case c == '"':
				i++
				if a.val, ok = str(); !ok {
					return nil, false
				}
				a.kind = 's'
			case c == 't' || c == 'f':
				w := "false"
				if c == 't' {
					w = "true"
				}
				if len(b)-i < len(w) || string(b[i:i+len(w)]) != w {
					return nil, false
				}
				a.kind, a.val = 'b', b[i:i+len(w)]
				i += len(w)
			case c == '-' || c >= '0' && c <= '9':
				start := i
				if c == '-' {
					i++
				}
				switch {
				case i < len(b) && b[i] == '0':
					i++
				case i < len(b) && b[i] >= '1' && b[i] <= '9':
					for i < len(b) && b[i] >= '0' && b[i] <= '9' {
						i++
					}
				default:
					return nil, false
				}
				if i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E' || b[i] >= '0' && b[i] <= '9') {
					return nil, false
				}
				a.kind, a.val = 'n', b[start:i]
			default:
				return nil, false
			}
			for _, o := range out {
				if o.key == a.key {
					return nil, false
				}
			}
			out = append(out, a)
			space()
			if i < len(b) && b[i] == ',' {
				i++
				space()
				continue
			}
			if i < len(b) && b[i] == '}' {
				i++
				break
			}
			return nil, false
		}
	}
	space()
	return out, i == len(b)
}

func (a flatArg) int() (int, bool) {
	if a.kind != 'n' {
		return 0, false
	}
	n, err := strconv.Atoi(string(a.val))
	return n, err == nil
}

func (a flatArg) bool() (bool, bool) { return a.kind == 'b' && a.val[0] == 't', a.kind == 'b' }

func (a flatArg) intPtr(p **int) bool {
	n, ok := a.int()
	*p = &n
	return ok
}

func (a flatArg) boolPtr(p **bool) bool {
	v, ok := a.bool()
	*p = &v
	return ok
}

func (a flatArg) string(p *string) bool {
	*p = string(a.val)
	return a.kind == 's'
}

func (a flatArg) stringPtr(p **string) bool {
	s := string(a.val)
	*p = &s
	return a.kind == 's'
}

// fastDecode reads args with set, which takes one key and value and
// reports whether it knows the key and the value has its type; on failure
// it calls reset and the arguments are decode's to read.
func fastDecode(args []byte, set func(flatArg) bool, reset func()) bool {
	var buf [12]flatArg
	pairs, ok := flatObject(args, buf[:])
	if ok {
		for _, p := range pairs {
			if !set(p) {
				ok = false
				break
			}
		}
	}
	if !ok {
		reset()
	}
	return ok
}

// fastDecoder is an argument struct that fastDecode reads.
type fastDecoder interface {
	fastDecode(args []byte) bool
}

func (h *handleArgs) set(p flatArg) bool { return p.key == "handle" && p.intPtr(&h.Handle) }

func (v *View) set(p flatArg) bool {
	switch p.key {
	case "since":
		n, ok := p.int()
		v.Since = n
		return ok
	case "log":
		return p.boolPtr(&v.Log)
	case "legal":
		return p.boolPtr(&v.Legal)
	case "chance":
		b, ok := p.bool()
		v.Chance = b
		return ok
	case "rules":
		b, ok := p.bool()
		v.Rules = b
		return ok
	case "static":
		b, ok := p.bool()
		v.Static = b
		return ok
	case "lang":
		return p.string(&v.Lang)
	}
	return false
}

func (a *stateArgs) fastDecode(args []byte) bool {
	return fastDecode(args, func(p flatArg) bool { return a.handleArgs.set(p) || a.View.set(p) }, func() { *a = stateArgs{} })
}

func (a *throwArgs) fastDecode(args []byte) bool {
	return fastDecode(args, func(p flatArg) bool { return a.handleArgs.set(p) || a.View.set(p) }, func() { *a = throwArgs{} })
}

func (a *legalArgs) fastDecode(args []byte) bool {
	return fastDecode(args, func(p flatArg) bool {
		return a.handleArgs.set(p) || p.key == "parts" && p.boolPtr(&a.Parts)
	}, func() { *a = legalArgs{} })
}

func (a *applyArgs) fastDecode(args []byte) bool {
	return fastDecode(args, func(p flatArg) bool {
		return a.handleArgs.set(p) || p.key == "notation" && p.stringPtr(&a.Notation) || a.View.set(p)
	}, func() { *a = applyArgs{} })
}

func (a *advanceArgs) fastDecode(args []byte) bool {
	return fastDecode(args, func(p flatArg) bool {
		if p.key == "limit" {
			n, ok := p.int()
			a.Limit = n
			return ok
		}
		return a.handleArgs.set(p) || a.View.set(p)
	}, func() { *a = advanceArgs{} })
}

func (a *botMoveArgs) fastDecode(args []byte) bool {
	return fastDecode(args, func(p flatArg) bool {
		return a.handleArgs.set(p) || p.key == "bot" && p.stringPtr(&a.Bot) || a.View.set(p)
	}, func() { *a = botMoveArgs{} })
}

package session

import "strconv"

// The arguments of the calls made most often ("legal", "apply", "throw",
// "state", …) are flat objects of plain values: {"handle":1,"since":7,
// "legal":false}. fastArgs reads such an object without reflection; for
// anything else — a nested value, an escape or a byte beyond ASCII in a
// string, a fraction, null, a key unknown, misspelt or given twice, bad
// JSON — it gives up, and decode reads the arguments as ever, with its
// errors. Where it succeeds the arguments are what decode would make.

// The keys fastArgs knows, as bits.
const (
	kHandle = 1 << iota
	kSince
	kLog
	kLegal
	kChance
	kRules
	kStatic
	kLang
	kParts
	kNotation
	kLimit
	kBot
	kSecret
	kView = kSince | kLog | kLegal | kChance | kRules | kStatic | kLang
)

var flatKeys = [...]string{"handle", "since", "log", "legal", "chance", "rules", "static", "lang", "parts", "notation", "limit", "bot", "secret"}

// flatArgs are the values of a flat object, by key.
type flatArgs struct {
	seen                              int // the keys given
	handle, since, limit              int
	log, legal, chance, rules, static bool
	parts                             bool
	lang, notation, bot, secret       string
}

// scan reads a flat object of the keys flatKeys into a; false for anything
// else.
func (a *flatArgs) scan(b []byte) bool {
	i := skipSpace(b, 0)
	if i == len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return skipSpace(b, i+1) == len(b)
	}
	for {
		bit, at := a.key(b, i)
		if at < 0 {
			return false
		}
		i = a.value(b, at, bit)
		if i < 0 {
			return false
		}
		i = skipSpace(b, i)
		if i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
			continue
		}
		return i < len(b) && b[i] == '}' && skipSpace(b, i+1) == len(b)
	}
}

// key reads the key that starts at i, one of flatKeys not given before,
// and the colon after it. It returns the key's bit and the index of its
// value, or −1 for anything else.
func (a *flatArgs) key(b []byte, i int) (bit, at int) {
	if i == len(b) || b[i] != '"' {
		return 0, -1
	}
	end := plainString(b, i+1)
	if end < 0 {
		return 0, -1
	}
	k := -1
	for n, name := range flatKeys {
		if string(b[i+1:end]) == name {
			k = n
		}
	}
	if k < 0 || a.seen&(1<<k) != 0 {
		return 0, -1
	}
	a.seen |= 1 << k
	i = skipSpace(b, end+1)
	if i == len(b) || b[i] != ':' {
		return 0, -1
	}
	i = skipSpace(b, i+1)
	if i == len(b) {
		return 0, -1
	}
	return 1 << k, i
}

// value reads the value of the key bit that starts at i (not at the end of
// b), of the key's type, into a. It returns the index after it, or −1 for
// a value of another type or form.
func (a *flatArgs) value(b []byte, i, bit int) int {
	switch bit {
	case kHandle, kSince, kLimit:
		n, end := plainInt(b, i)
		if end < 0 {
			return -1
		}
		switch bit {
		case kHandle:
			a.handle = n
		case kSince:
			a.since = n
		default:
			a.limit = n
		}
		return end
	case kLang, kNotation, kBot, kSecret:
		if b[i] != '"' {
			return -1
		}
		end := plainString(b, i+1)
		if end < 0 {
			return -1
		}
		s := string(b[i+1 : end])
		switch bit {
		case kLang:
			a.lang = s
		case kNotation:
			a.notation = s
		case kSecret:
			a.secret = s
		default:
			a.bot = s
		}
		return end + 1
	}
	v, end := plainBool(b, i)
	if end < 0 {
		return -1
	}
	switch bit {
	case kLog:
		a.log = v
	case kLegal:
		a.legal = v
	case kChance:
		a.chance = v
	case kRules:
		a.rules = v
	case kStatic:
		a.static = v
	default:
		a.parts = v
	}
	return end
}

// plainInt reads the whole number that starts at i (not at the end of b)
// and returns it with the index after it, or −1 for a fraction, an
// exponent, a leading zero, or a number too large for an int.
func plainInt(b []byte, i int) (n, end int) {
	start := i
	if b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else {
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	}
	if i < len(b) && (b[i] == '.' || b[i] == 'e' || b[i] == 'E' || b[i] >= '0' && b[i] <= '9') {
		return 0, -1
	}
	n, err := strconv.Atoi(string(b[start:i]))
	if err != nil {
		return 0, -1
	}
	return n, i
}

// plainBool reads true or false at i and returns it with the index after
// it, or −1 for anything else.
func plainBool(b []byte, i int) (v bool, end int) {
	switch {
	case len(b)-i >= 4 && string(b[i:i+4]) == "true":
		return true, i + 4
	case len(b)-i >= 5 && string(b[i:i+5]) == "false":
		return false, i + 5
	}
	return false, -1
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString returns the index of the quote that ends the string whose
// bytes start at i, or −1 for a string with an escape, a control character
// or a byte beyond ASCII, or none.
func plainString(b []byte, i int) int {
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i
		case c < 0x20 || c == '\\' || c >= 0x80:
			return -1
		}
	}
	return -1
}

func (a *flatArgs) gameArgs() gameArgs {
	var g gameArgs
	if a.seen&kHandle != 0 {
		h := a.handle
		g.Handle = &h
	}
	if a.seen&kSecret != 0 {
		s := a.secret
		g.Secret = &s
	}
	return g
}

func (a *flatArgs) view() View {
	v := View{Chance: a.chance, Rules: a.rules, Static: a.static, Lang: a.lang}
	if a.seen&kSince != 0 {
		since := a.since
		v.Since = &since
	}
	if a.seen&kLog != 0 {
		l := a.log
		v.Log = &l
	}
	if a.seen&kLegal != 0 {
		l := a.legal
		v.Legal = &l
	}
	return v
}

// fastArgs reads args into in, an argument struct of the calls it knows;
// false leaves in as it was, for decode.
func fastArgs(in any, args []byte) bool {
	var a flatArgs
	allowed := kHandle | kSecret | kView
	switch in.(type) {
	case *stateArgs, *throwArgs, *actArgs:
	case *legalArgs:
		allowed = kHandle | kSecret | kParts
	case *applyArgs:
		allowed |= kNotation
	case *advanceArgs:
		allowed |= kLimit
	case *botMoveArgs:
		allowed |= kBot
	default:
		return false
	}
	if !a.scan(args) || a.seen&^allowed != 0 {
		return false
	}
	switch p := in.(type) {
	case *stateArgs:
		*p = stateArgs{a.gameArgs(), a.view()}
	case *throwArgs:
		*p = throwArgs{a.gameArgs(), a.view()}
	case *actArgs:
		*p = actArgs{a.gameArgs(), a.view()}
	case *legalArgs:
		*p = legalArgs{gameArgs: a.gameArgs()}
		if a.seen&kParts != 0 {
			parts := a.parts
			p.Parts = &parts
		}
	case *applyArgs:
		*p = applyArgs{gameArgs: a.gameArgs(), View: a.view()}
		if a.seen&kNotation != 0 {
			n := a.notation
			p.Notation = &n
		}
	case *advanceArgs:
		*p = advanceArgs{gameArgs: a.gameArgs(), Limit: a.limit, View: a.view()}
	case *botMoveArgs:
		*p = botMoveArgs{gameArgs: a.gameArgs(), View: a.view()}
		if a.seen&kBot != 0 {
			n := a.bot
			p.Bot = &n
		}
	}
	return true
}

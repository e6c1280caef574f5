package kit

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/internal/quote"
)

// The text form of every variant's options is a list of key=value settings
// separated by white space, in any order. The rules are the same for all of
// them: every key is one the variant knows, and it is given at most once;
// numbers are decimal, written as strconv.Itoa writes them ("5000", "-1"; not
// "+5", "05" or "0x10"); each variant checks the values' ranges as its
// options' validation does, and every error wraps ErrBadOptions and quotes
// what the user wrote.

// Setting is one key=value term of the text form of options.
type Setting struct {
	Key, Value string
}

func (s Setting) String() string { return s.Key + "=" + s.Value }

// ParseSettings splits the terms of the text form of options (input split at
// white space, e.g. by strings.Fields) into settings, in order. A term
// without "=", a key that is not among keys, or a key given a second time is
// refused with an *Error wrapping ErrBadOptions, with Op op and Input input;
// spaces around a key or a value are dropped. The values are not checked.
func ParseSettings(op, input string, terms, keys []string) ([]Setting, error) {
	bad := func(format string, args ...any) ([]Setting, error) {
		return nil, &brettspiel.Error{Op: op, Input: input, Err: brettspiel.ErrBadOptions, Reason: fmt.Sprintf(format, args...)}
	}
	out := make([]Setting, 0, len(terms))
	for _, t := range terms {
		key, value, ok := strings.Cut(t, "=")
		if !ok {
			return bad("%s: want key=value", quote.Quote(t))
		}
		s := Setting{strings.TrimSpace(key), strings.TrimSpace(value)}
		known := false
		for _, k := range keys {
			known = known || k == s.Key
		}
		if !known {
			return bad("unknown option %s; the options are %s", quote.Quote(s.Key), strings.Join(keys, ", "))
		}
		for _, prev := range out {
			if prev.Key == s.Key {
				return bad("option %s given twice (%s, then %s)", s.Key, quote.Cut(prev.String(), quote.Max), quote.Cut(s.String(), quote.Max))
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// Int returns the value of s as a decimal number, written as strconv.Itoa
// writes it. Every bound of an option of this module fits 32 bits, so a
// number beyond them is refused here as out of range, alike on every
// platform. The error is an *Error wrapping ErrBadOptions with Op op and
// Input input, that quotes the setting. The option's own range is for the
// caller to check.
func (s Setting) Int(op, input string) (int, error) {
	n, err := strconv.ParseInt(s.Value, 10, 32)
	if err == nil && s.Value == strconv.FormatInt(n, 10) {
		return int(n), nil
	}
	reason := quote.Cut(s.String(), quote.Max) + ": want a decimal number"
	if errors.Is(err, strconv.ErrRange) {
		reason = quote.Cut(s.String(), quote.Max) + ": the number is out of range"
	}
	return 0, &brettspiel.Error{Op: op, Input: input, Err: brettspiel.ErrBadOptions, Reason: reason}
}

// SameName reports whether two names of a variant or a preset name the same
// thing: case, spaces and punctuation do not count, so "Tokkadille 1853, 16
// stones" and "tokkadille-1853-16-stones" (from a command line) agree. Letters
// beyond ASCII count as written, lower-cased. An empty name names nothing.
func SameName(a, b string) bool {
	ka, kb := nameKey(a), nameKey(b)
	return ka != "" && ka == kb
}

func nameKey(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 0x7f {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// LowerAll returns terms in lower case, for options whose keys and values
// are read in any case; terms itself when they are lower case already.
func LowerAll(terms []string) []string {
	for i, t := range terms {
		if l := strings.ToLower(t); l != t {
			out := make([]string, len(terms))
			copy(out, terms[:i])
			for j := i; j < len(terms); j++ {
				out[j] = strings.ToLower(terms[j])
			}
			return out
		}
	}
	return terms
}

// LowerKeys returns terms with the key of each key=value term in lower
// case, for options whose keys are read in any case and whose values keep
// theirs (such as the names of fields).
func LowerKeys(terms []string) []string {
	out := make([]string, len(terms))
	for i, t := range terms {
		if k, v, ok := strings.Cut(t, "="); ok {
			t = strings.ToLower(k) + "=" + v
		}
		out[i] = t
	}
	return out
}

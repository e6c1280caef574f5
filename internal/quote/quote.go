// Package quote quotes input for error messages, cut to a bounded length, so
// that a huge input does not make a huge message. Every package of the module
// quotes input this way.
package quote

import (
	"strconv"
	"unicode/utf8"
)

// Max is the most bytes of an input that [Quote] repeats.
const Max = 64

// Quote returns s quoted as strconv.Quote does, for an error message: an s
// longer than [Max] bytes is cut at a character boundary and followed
// by an ellipsis and its length in bytes, e.g. "xxxx…" (10485760 bytes).
// Every message of this module that repeats input quotes it this way.
func Quote(s string) string {
	if len(s) <= Max {
		return strconv.Quote(s)
	}
	return strconv.Quote(Cut(s, Max)) + " (" + strconv.Itoa(len(s)) + " bytes)"
}

// Cut returns s shortened to at most n bytes at a character boundary, with
// "…" appended when it was shortened.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

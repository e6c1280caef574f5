//go:build js && wasm && !nets

package main

import "github.com/brettspiel/brettspiel/session"

// tableOptions reads the table's options from the program's arguments
// after the global object's name: "-max-games=N" (N ≥ 1) sets
// Options.MaxGames. The loader passes its option maxGames this way. ok is
// false for any other argument.
func tableOptions(args []string) (o session.Options, ok bool) {
	const flag = "-max-games="
	for _, a := range args {
		if len(a) <= len(flag) || len(a) > len(flag)+9 || a[:len(flag)] != flag {
			return o, false
		}
		// The digits by hand: strconv's parsing would add a kilobyte
		// (gzipped) to a module at its size bound.
		n := 0
		for _, c := range []byte(a[len(flag):]) {
			if c < '0' || c > '9' {
				return o, false
			}
			n = 10*n + int(c-'0')
		}
		if n < 1 {
			return o, false
		}
		o.MaxGames = n
	}
	return o, true
}

//go:build js

package session

import "errors"

// A js/wasm build leaves owned seats out: a game of owned seats is a
// server's, and crypto/rand with SHA-256 would add some 55 KB gzipped
// (the whole FIPS module) to the WebAssembly that embedders load for the
// rules. There a game of owned seats is refused where it would be made
// (newGame, Restore of its snapshot) with ErrBadCall.
const ownedSeatsBuilt = false

func newSecret() (string, error) {
	return "", errors.New("owned seats are not in the WebAssembly build")
}

func hashSecret(string) [hashSize]byte { return [hashSize]byte{} }

func sameHash(a, b [hashSize]byte) bool { return false }

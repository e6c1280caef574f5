//go:build js

package session

import (
	"errors"
	"math/rand/v2"
)

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

// freshSeed returns a new seed from math/rand/v2's generator, which the
// runtime seeds at random: no game here keeps its seed secret.
func freshSeed() (uint64, error) { return rand.Uint64(), nil }

// Commit is left out of the WebAssembly build, with the SHA-256 it takes:
// no game there has secret dice, so nothing calls it.
func Commit(seed Seed, salt []byte) string { return "" }

// SaltSize is the length of the salt of a commitment, in bytes.
const SaltSize = 32

func newSalt() ([]byte, error) {
	return nil, errors.New("secret dice are not in the WebAssembly build")
}

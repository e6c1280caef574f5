//go:build !js

package session

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
)

// ownedSeatsBuilt: this build makes owned seats (a js/wasm build leaves
// them out, see secret_js.go).
const ownedSeatsBuilt = true

// newSecret returns a seat's new secret: secretBytes from crypto/rand in
// base64url.
func newSecret() (string, error) {
	b := make([]byte, secretBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// hashSecret is what a game keeps of a secret: its SHA-256.
func hashSecret(secret string) [hashSize]byte { return sha256.Sum256([]byte(secret)) }

// sameHash compares two hashes in constant time.
func sameHash(a, b [hashSize]byte) bool { return subtle.ConstantTimeCompare(a[:], b[:]) == 1 }

// freshSeed returns a new seed from crypto/rand.
func freshSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint64(b[:]), nil
}

// newSalt is NewSalt, for a game of secret dice.
func newSalt() ([]byte, error) { return NewSalt() }

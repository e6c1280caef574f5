//go:build !js

package session

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
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

// SaltSize is the length of the salt of a commitment ([Commit]), in bytes.
const SaltSize = 32

// newSalt returns a new salt from crypto/rand.
func newSalt() ([]byte, error) {
	b := make([]byte, SaltSize)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	return b, nil
}

// Commit returns the commitment to a seed with a salt: the SHA-256, in
// lowercase hex, of the bytes of "brettspiel dice 1\n", the salt, and the
// seed as 8 bytes, most significant first.
func Commit(seed Seed, salt []byte) string {
	h := sha256.New()
	h.Write([]byte("brettspiel dice 1\n"))
	h.Write(salt)
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(seed)))
	return hex.EncodeToString(h.Sum(nil))
}

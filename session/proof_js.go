//go:build js

package session

import "context"

// A js/wasm build leaves the check of dice out (proof.go): its commitment
// is a SHA-256, which would bring the FIPS module into the WebAssembly
// that embedders load for the rules (see secret_js.go), and checking a
// finished game is no task of a game's page. "verifyDice" is refused
// there.
func verifyDiceCall(_ context.Context, _ *Table, name string, _ []byte) ([]byte, error) {
	return nil, bad(name, "", ErrUnknownMethod, "the check of dice is not in this build")
}

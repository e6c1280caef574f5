//go:build wasm && !nets

package session

import "context"

// A WebAssembly build without the tag nets leaves the analysis out with the
// learned nets it judges by (see levels.go): "analyze" is refused there.
func analyzeMethod(_ context.Context, name string, _ []byte, _ locator) ([]byte, error) {
	return nil, bad(name, "", ErrUnknownMethod, "the analysis is not in this build")
}

// "rollout" is refused there for the same reason.
func rolloutMethod(_ context.Context, name string, _ []byte, _ locator) ([]byte, error) {
	return nil, bad(name, "", ErrUnknownMethod, "the rollouts are not in this build")
}

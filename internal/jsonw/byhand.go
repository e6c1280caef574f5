//go:build !js

package jsonw

// ByHand says whether the states are written by this package's functions.
// The WebAssembly build leaves them to encoding/json, which writes the same
// bytes, to keep its size down; there the speed is in the arguments.
const ByHand = true

//go:build js

package jsonw

// ByHand says whether the states are written by this package's functions
// (see byhand.go): not in the WebAssembly build, whose size it keeps down.
const ByHand = false

//go:build js

package session

// fastArgs is false in the WebAssembly build, which keeps its size down by
// leaving out the reader of flat arguments (args.go): decode reads every
// call there.
func fastArgs(in any, args []byte) bool { return false }

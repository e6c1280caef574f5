//go:build js && wasm && !nets

package main

import "unsafe"

var (
	// in holds the method name followed by the arguments, written there
	// by JavaScript at the address buffer gives.
	in []byte
	// out is the last answer, kept until the next call so that
	// JavaScript can read it at the address answer gives.
	out []byte
)

// maxBuffer bounds the buffer a call may ask for: three bytes (UTF-8's
// most for a UTF-16 code unit) for each of the 65,536 code units of the
// longest call the loader passes this way. A longer call goes through the
// global call function.
const maxBuffer = 3 << 16

// buffer makes room for n bytes of a call, the method name and the
// arguments together, and returns the address where JavaScript writes
// them (valid until the next buffer); nil, and the buffer kept as it was,
// when n is negative or over maxBuffer.
//
//go:wasmexport brettspielBuffer
func buffer(n int32) unsafe.Pointer {
	if n < 0 || n > maxBuffer {
		return nil
	}
	if n > int32(cap(in)) {
		in = make([]byte, n)
	}
	in = in[:cap(in)]
	return unsafe.Pointer(unsafe.SliceData(in))
}

// callIn runs the call whose method name is the first methodLen bytes of
// the buffer and whose arguments are the argsLen bytes after it, as
// session.Table.Call, and returns the length of its answer (which answer
// locates), or −1 when the lengths do not fit the buffer.
//
//go:wasmexport brettspielCall
func callIn(methodLen, argsLen int32) int32 {
	if methodLen < 0 || argsLen < 0 || int(methodLen)+int(argsLen) > len(in) {
		return -1
	}
	out = table.Call(string(in[:methodLen]), in[methodLen:methodLen+argsLen])
	return int32(len(out))
}

// answer returns the address of the last call's answer.
//
//go:wasmexport brettspielAnswer
func answer() unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(out)) }

//go:build unix

package main

import "syscall"

// readable is the test of syscall.RawConn.Read for conn.idle: true when
// the socket has a byte to read, has ended or failed (the WebSocket's
// Read says which); false, to wait, when nothing has come. It looks
// without taking: the byte stays for the WebSocket.
func readable(fd uintptr) bool {
	var b [1]byte
	_, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
	return err != syscall.EAGAIN && err != syscall.EWOULDBLOCK && err != syscall.EINTR
}

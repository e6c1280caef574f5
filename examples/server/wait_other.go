//go:build !linux

package main

// wait waits for the client of a connection whose reader holds nothing,
// on a goroutine parked on the socket.
func (cn *conn) wait() { cn.waitParked() }

// wake has nothing to do here: closing the socket ends the parked wait.
func (cn *conn) wake() {}

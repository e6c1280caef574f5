//go:build !linux

package gametest

import "testing"

// CPUClock reports nothing where the thread's CPU time is not measured.
type CPUClock struct{}

// Start does nothing here.
func (c *CPUClock) Start() {}

// Report does nothing here.
func (c *CPUClock) Report(b *testing.B, unit string, per float64) {}

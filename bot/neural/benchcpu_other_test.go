//go:build !linux

package neural

import "testing"

// cpuClock reports nothing where the thread's CPU time is not measured.
type cpuClock struct{}

func (c *cpuClock) start()                                        {}
func (c *cpuClock) report(b *testing.B, unit string, per float64) {}

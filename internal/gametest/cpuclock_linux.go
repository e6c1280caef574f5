package gametest

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// CPUClock measures the CPU time of a benchmark's thread, which on a busy
// machine is a steadier figure than the wall clock: Start locks the
// goroutine to its thread, and Report adds the metric.
type CPUClock struct{ t0 time.Duration }

func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Start starts the clock on the calling goroutine's thread.
func (c *CPUClock) Start() {
	runtime.LockOSThread()
	c.t0 = threadCPU()
}

// Report reports the CPU time since Start divided by per as the metric
// unit (e.g. "cpu-ns/op") and unlocks the thread.
func (c *CPUClock) Report(b *testing.B, unit string, per float64) {
	d := threadCPU() - c.t0
	runtime.UnlockOSThread()
	if d > 0 && per > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/per, unit)
	}
}

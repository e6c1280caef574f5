package neural

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// cpuClock measures the CPU time of the benchmark's thread, which on a busy
// machine is a steadier figure than the wall clock: start locks the
// goroutine to its thread, and report adds the metric cpu-ns/op.
type cpuClock struct{ t0 time.Duration }

func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func (c *cpuClock) start() {
	runtime.LockOSThread()
	c.t0 = threadCPU()
}

func (c *cpuClock) report(b *testing.B, unit string, per float64) {
	d := threadCPU() - c.t0
	runtime.UnlockOSThread()
	if d > 0 && per > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/per, unit)
	}
}

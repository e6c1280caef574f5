package verkehren

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestZZCPU(t *testing.T) {
	runtime.LockOSThread()
	mixed, doublets := benchPositions(t, 5000)
	all := append(append([]*Game{}, mixed...), doublets...)
	dst := make([]brettspiel.Move, 0, 4096)
	for _, ref := range []bool{false, true} {
		for _, c := range []struct {
			name string
			set  []*Game
		}{{"all", all}, {"mixed", mixed}, {"doublets", doublets}} {
			best := time.Hour
			for rep := 0; rep < 5; rep++ {
				t0 := threadCPU()
				for k := 0; k < 4; k++ {
					for _, g := range c.set {
						if ref {
							p := g.toMove
							dst = g.opts.refAppendPlays(dst[:0], p, &g.b.Sides[p], &g.b.Sides[1-p], int(g.dice[0]), int(g.dice[1]))
						} else {
							dst = g.AppendLegalMoves(dst[:0])
						}
					}
				}
				best = min(best, (threadCPU()-t0)/time.Duration(4*len(c.set)))
			}
			fmt.Printf("%-9s ref=%v %v\n", c.name, ref, best)
		}
	}
}

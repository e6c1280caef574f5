package session

import (
	"context"
	"testing"
)

// BenchmarkFourWatchersWriteAStep is a step of a game with four watchers
// (two people and two onlookers, as at a server), each writing the delta
// it gets as a frame of JSON, as the game server's transport does.
func BenchmarkFourWatchersWriteAStep(b *testing.B) {
	var g *Game
	ws := make([]*Watcher, 4)
	seed := uint64(0)
	start := func() {
		seed++
		var err error
		if g, err = New(Config{Variant: "verkehren", Seats: []string{"random", "random"}, Seed: (*Seed)(&seed)}); err != nil {
			b.Fatal(err)
		}
		for i := range ws {
			ws[i], _ = g.Watch(0)
			if _, err := ws[i].Next(nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	start()
	bytes := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		steps, err := g.Advance(context.Background(), 1)
		if err != nil {
			b.Fatal(err)
		}
		if len(steps) == 0 { // over: another game
			b.StopTimer()
			start()
			b.StartTimer()
			continue
		}
		for _, w := range ws {
			d, err := w.Next(nil)
			if err != nil {
				b.Fatal(err)
			}
			m := append(d.AppendJSON(append(make([]byte, 0, 1024), `{"delta":`...)), '}')
			bytes += len(m)
		}
	}
	b.ReportMetric(float64(bytes)/float64(b.N), "B/step")
}

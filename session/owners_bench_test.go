package session

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel"
)

// cpuTime is the CPU time of the process so far, user and system.
func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// benchWatchers measures one step of a Verkehren game of two random bots
// (Advance of one step) told to n watchers, each read by a goroutine of
// its own; cpu-ns/op is the CPU time of the whole process per step, the
// readers' included.
func benchWatchers(b *testing.B, n int) {
	seed := 0
	var g *Game
	var watchers []*Watcher
	var wg sync.WaitGroup
	start := func() {
		for _, w := range watchers {
			w.Close()
		}
		wg.Wait()
		seed++
		var err error
		g, err = New(Config{Variant: "verkehren", Seed: Seed(seed), Seats: []string{"random", "random"}})
		if err != nil {
			b.Fatal(err)
		}
		watchers = watchers[:0]
		for range n {
			w, _ := g.Watch(0)
			watchers = append(watchers, w)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range w.Deltas() {
				}
			}()
		}
	}
	start()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		if g.Position().ToMove() == brettspiel.Terminal {
			b.StopTimer()
			start()
			b.StartTimer()
		}
		if _, err := g.Advance(context.Background(), 1); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	for _, w := range watchers {
		w.Close()
		if w.Err() != nil {
			b.Fatalf("a watcher was dropped: %v", w.Err())
		}
	}
	wg.Wait()
}

func BenchmarkStepTo0Watchers(b *testing.B)   { benchWatchers(b, 0) }
func BenchmarkStepTo100Watchers(b *testing.B) { benchWatchers(b, 100) }

// BenchmarkCallOwned… are benchCall's "legal" and "apply" pairs in a game
// of owned seats, each call of a seat with its secret, while three
// watchers read every step. pairs/s counts the time in the two calls, as
// benchCall does; cpu-pairs/s the CPU time of the whole process (the
// throws between the turns, the benchmark's decoding and the watchers'
// goroutines included).
func benchCallOwned(b *testing.B, variant string, players int) {
	t := NewTable(Options{})
	var s struct {
		Handle int
		Length int
		State  struct {
			Turn   string
			Player int
		}
	}
	var secrets []string
	var watchers []*Watcher
	var wg sync.WaitGroup
	start := func(seed int) {
		out := t.Call("newGame", []byte(`{"variant":"`+variant+`","players":`+strconv.Itoa(players)+`,"seed":`+strconv.Itoa(seed)+`,"legal":false,"owned":true}`))
		if err := json.Unmarshal(out, &s); err != nil {
			b.Fatal(err)
		}
		secrets = secrets[:0]
		for i := range players {
			var c ClaimJSON
			json.Unmarshal(t.Call("claim", []byte(`{"handle":`+strconv.Itoa(s.Handle)+`,"seat":`+strconv.Itoa(i)+`}`)), &c)
			secrets = append(secrets, c.Secret)
		}
		g, _ := t.Game(s.Handle)
		for range 3 {
			w, _ := g.Watch(0)
			watchers = append(watchers, w)
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range w.Deltas() {
				}
			}()
		}
	}
	start(0)
	var legal struct {
		Legal []struct{ Notation string }
	}
	b.ReportAllocs()
	b.ResetTimer()
	var calls time.Duration
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		for s.State.Turn != "player" {
			if s.State.Turn == "over" {
				t.Call("close", []byte(`{"handle":`+strconv.Itoa(s.Handle)+`,"secret":"`+secrets[0]+`"}`))
				start(i)
				continue
			}
			out := t.Call("throw", []byte(`{"handle":`+strconv.Itoa(s.Handle)+`,"since":`+strconv.Itoa(s.Length)+`,"legal":false,"secret":"`+secrets[0]+`"}`))
			if err := json.Unmarshal(out, &s); err != nil {
				b.Fatal(err)
			}
		}
		h := strconv.Itoa(s.Handle)
		args := []byte(`{"handle":` + h + `,"parts":false}`)
		t0 := time.Now()
		out := t.Call("legal", args)
		calls += time.Since(t0)
		if err := json.Unmarshal(out, &legal); err != nil || len(legal.Legal) == 0 {
			b.Fatal(err, legal)
		}
		m := legal.Legal[i%len(legal.Legal)].Notation
		arg, _ := json.Marshal(m)
		args = []byte(`{"handle":` + h + `,"notation":` + string(arg) + `,"since":` + strconv.Itoa(s.Length) + `,"legal":false,"secret":"` + secrets[s.State.Player] + `"}`)
		t0 = time.Now()
		out = t.Call("apply", args)
		calls += time.Since(t0)
		if err := json.Unmarshal(out, &s); err != nil || s.Handle == 0 {
			b.Fatalf("%v %.300s", err, out)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/(cpuTime()-cpu).Seconds(), "cpu-pairs/s")
	b.ReportMetric(float64(calls.Nanoseconds())/float64(b.N), "ns/pair")
	b.ReportMetric(float64(b.N)/calls.Seconds(), "pairs/s")
	for _, w := range watchers {
		w.Close()
	}
	wg.Wait()
}

func BenchmarkCallOwnedToccateglio(b *testing.B) { benchCallOwned(b, "toccateglio", 2) }
func BenchmarkCallOwnedVerkehren(b *testing.B)   { benchCallOwned(b, "verkehren", 2) }
func BenchmarkCallOwnedFestung3(b *testing.B)    { benchCallOwned(b, "festung", 3) }

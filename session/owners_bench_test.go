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
		g, err = New(Config{Variant: "verkehren", Seed: SeedOf(uint64(seed)), Seats: []string{"random", "random"}})
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
				for {
					if _, err := w.Next(nil); err != nil {
						return
					}
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
	}
	wg.Wait()
}

func BenchmarkStepTo0Watchers(b *testing.B)   { benchWatchers(b, 0) }
func BenchmarkStepTo100Watchers(b *testing.B) { benchWatchers(b, 100) }

// BenchmarkCallOwned… are benchCall's "legal" and "apply" pairs in a game
// of owned seats, each call of a seat with its secret, while three
// watchers read every step; BenchmarkCallUnowned… the same without owners
// and watchers, to compare with. pairs/s counts the time in the two calls,
// as benchCall does; cpu-pairs/s the CPU time of the whole process during
// them (getrusage around each call: the collector and the watchers'
// goroutines on the other core included).
func benchCallOwned(b *testing.B, variant string, players int) {
	benchOwners(b, variant, players, true)
}

func benchOwners(b *testing.B, variant string, players int, owned bool) {
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
		out := t.Call("newGame", []byte(`{"variant":"`+variant+`","players":`+strconv.Itoa(players)+`,"seed":`+strconv.Itoa(seed)+`,"legal":false,"owned":`+strconv.FormatBool(owned)+`}`))
		if err := json.Unmarshal(out, &s); err != nil {
			b.Fatal(err)
		}
		secrets = secrets[:0]
		if !owned {
			secrets = make([]string, players)
			return
		}
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
				for {
					if _, err := w.Next(nil); err != nil {
						return
					}
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
	var calls, cpu time.Duration
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
		t0, c0 := time.Now(), cpuTime()
		out := t.Call("legal", args)
		calls, cpu = calls+time.Since(t0), cpu+cpuTime()-c0
		if err := json.Unmarshal(out, &legal); err != nil || len(legal.Legal) == 0 {
			b.Fatal(err, legal)
		}
		m := legal.Legal[i%len(legal.Legal)].Notation
		arg, _ := json.Marshal(m)
		args = []byte(`{"handle":` + h + `,"notation":` + string(arg) + `,"since":` + strconv.Itoa(s.Length) + `,"legal":false,"secret":"` + secrets[s.State.Player] + `"}`)
		t0, c0 = time.Now(), cpuTime()
		out = t.Call("apply", args)
		calls, cpu = calls+time.Since(t0), cpu+cpuTime()-c0
		if err := json.Unmarshal(out, &s); err != nil || s.Handle == 0 {
			b.Fatalf("%v %.300s", err, out)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/cpu.Seconds(), "cpu-pairs/s")
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

func BenchmarkCallUnownedToccateglio(b *testing.B) { benchOwners(b, "toccateglio", 2, false) }
func BenchmarkCallUnownedVerkehren(b *testing.B)   { benchOwners(b, "verkehren", 2, false) }
func BenchmarkCallUnownedFestung3(b *testing.B)    { benchOwners(b, "festung", 3, false) }

// benchIdleWatchers measures a change of a game of 300 steps with n
// watchers that never read: an undo and a redo, each made under the
// game's lock into one delta that the watchers share (the cost of a
// change does not grow with them).
func benchIdleWatchers(b *testing.B, n int) {
	g, err := New(Config{Variant: "festung", Players: 3, Seed: SeedOf(3), Seats: []string{"random", "random", "random"}, MaxWatchers: max(n, 1)})
	if err != nil {
		b.Fatal(err)
	}
	for g.Len() < 300 && g.Position().ToMove() != brettspiel.Terminal {
		g.Advance(context.Background(), 1)
	}
	for range n {
		if _, err := g.Watch(0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if g.Undo() != nil || g.Redo() != nil {
			b.Fatal("no undo or redo")
		}
	}
}

func BenchmarkChangeTo0IdleWatchers(b *testing.B)     { benchIdleWatchers(b, 0) }
func BenchmarkChangeTo10000IdleWatchers(b *testing.B) { benchIdleWatchers(b, 10000) }

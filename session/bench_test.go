package session

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"
)

// benchCall measures the round trip of the protocol as a transport drives
// it, JSON in and out: per iteration one "legal" and one "apply" of the
// seat to move (the throws before it, from the seed, included), with the
// lean view a frontend asks for: the log since the last step it has, no
// legal moves in the state (it asks "legal" for them). "legal" lists the
// notations only; the BenchmarkCallParts… ask for the moves' parts too.
// BenchmarkCallThrow
// measures the throws.
func benchCall(b *testing.B, variant string, players int, parts bool) {
	t := NewTable(Options{})
	var s struct {
		Handle int
		Length int
		State  struct{ Turn string }
	}
	start := func(seed int) {
		out := t.Call("newGame", []byte(`{"variant":"`+variant+`","players":`+strconv.Itoa(players)+`,"seed":`+strconv.Itoa(seed)+`,"legal":false}`))
		if err := json.Unmarshal(out, &s); err != nil {
			b.Fatal(err)
		}
	}
	start(0)
	var legal struct {
		Legal []struct{ Notation string }
	}
	b.ReportAllocs()
	b.ResetTimer()
	var calls time.Duration // the time in the measured calls
	for i := 0; i < b.N; i++ {
		// The throws between two turns of a seat are not what is measured:
		// the Festungsspiel has dozens of them per decision. ns/op counts
		// them and the decoding of the answers; ns/pair is the time in
		// the two calls alone.
		for s.State.Turn != "player" {
			if s.State.Turn == "over" {
				t.Call("close", []byte(`{"handle":`+strconv.Itoa(s.Handle)+`}`))
				start(i)
				continue
			}
			out := t.Call("throw", []byte(`{"handle":`+strconv.Itoa(s.Handle)+`,"since":`+strconv.Itoa(s.Length)+`,"legal":false}`))
			if err := json.Unmarshal(out, &s); err != nil {
				b.Fatal(err)
			}
		}
		h := strconv.Itoa(s.Handle)
		args := []byte(`{"handle":` + h + `,"parts":` + strconv.FormatBool(parts) + `}`)
		t0 := time.Now()
		out := t.Call("legal", args)
		calls += time.Since(t0)
		if err := json.Unmarshal(out, &legal); err != nil || len(legal.Legal) == 0 {
			b.Fatal(err, legal)
		}
		m := legal.Legal[i%len(legal.Legal)].Notation
		arg, _ := json.Marshal(m)
		args = []byte(`{"handle":` + h + `,"notation":` + string(arg) + `,"since":` + strconv.Itoa(s.Length) + `,"legal":false}`)
		t0 = time.Now()
		out = t.Call("apply", args)
		calls += time.Since(t0)
		if err := json.Unmarshal(out, &s); err != nil || s.Handle == 0 {
			b.Fatalf("%v %.300s", err, out)
		}
	}
	b.ReportMetric(float64(calls.Nanoseconds())/float64(b.N), "ns/pair")
	b.ReportMetric(float64(b.N)/calls.Seconds(), "pairs/s")
}

func BenchmarkCallToccateglio(b *testing.B)      { benchCall(b, "toccateglio", 2, false) }
func BenchmarkCallVerkehren(b *testing.B)        { benchCall(b, "verkehren", 2, false) }
func BenchmarkCallFestung3(b *testing.B)         { benchCall(b, "festung", 3, false) }
func BenchmarkCallFestung6(b *testing.B)         { benchCall(b, "festung", 6, false) }
func BenchmarkCallPartsToccateglio(b *testing.B) { benchCall(b, "toccateglio", 2, true) }
func BenchmarkCallPartsVerkehren(b *testing.B)   { benchCall(b, "verkehren", 2, true) }
func BenchmarkCallPartsFestung3(b *testing.B)    { benchCall(b, "festung", 3, true) }

// BenchmarkCallThrow measures "throw" of the Festungsspiel for three, with
// the log since the last step: the call a frontend makes most often there.
func BenchmarkCallThrow(b *testing.B) {
	t := NewTable(Options{})
	var s struct {
		Handle int
		Length int
		State  struct{ Turn string }
	}
	json.Unmarshal(t.Call("newGame", []byte(`{"variant":"festung","players":3}`)), &s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := t.Call("throw", []byte(`{"handle":`+strconv.Itoa(s.Handle)+`,"since":`+strconv.Itoa(s.Length)+`}`))
		if err := json.Unmarshal(out, &s); err != nil || s.Handle == 0 {
			b.Fatalf("%v %.300s", err, out)
		}
		if s.State.Turn != "chance" {
			b.StopTimer()
			t.Call("close", []byte(`{"handle":`+strconv.Itoa(s.Handle)+`}`))
			json.Unmarshal(t.Call("newGame", []byte(`{"variant":"festung","players":3,"seed":`+strconv.Itoa(i)+`}`)), &s)
			b.StartTimer()
		}
	}
}

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"github.com/brettspiel/brettspiel/session"
)

// BenchmarkRoundTrip measures the engine as a client drives it, over
// pipes, one request at a time: per iteration one "legal" (notations only)
// and one "apply" of the seat to move, with the lean view of
// session.BenchmarkCall (the throws before the turn included in ns/op).
func BenchmarkRoundTrip(b *testing.B) {
	for _, c := range []struct {
		variant string
		players int
	}{{"toccateglio", 2}, {"verkehren", 2}, {"festung", 3}} {
		b.Run(c.variant, func(b *testing.B) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			go func() { Serve(inR, outW, session.NewTable(session.Options{})); outW.Close() }()
			defer inW.Close()
			lines := bufio.NewScanner(outR)
			lines.Buffer(nil, 4<<20)
			id := 0
			call := func(method, args string, v any) {
				id++
				fmt.Fprintf(inW, `{"id":%d,"method":%q,"args":%s}`+"\n", id, method, args)
				if !lines.Scan() {
					b.Fatal(lines.Err())
				}
				var a struct {
					Result json.RawMessage
					Error  any
				}
				if err := json.Unmarshal(lines.Bytes(), &a); err != nil || a.Error != nil {
					b.Fatalf("%s: %v %.300s", method, err, lines.Bytes())
				}
				if v != nil {
					json.Unmarshal(a.Result, v)
				}
			}
			var s struct {
				Handle int
				Length int
				State  struct{ Turn string }
			}
			start := func(seed int) {
				call("newGame", fmt.Sprintf(`{"variant":%q,"players":%d,"seed":%d,"legal":false}`, c.variant, c.players, seed), &s)
			}
			start(0)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for s.State.Turn != "player" {
					if s.State.Turn == "over" {
						call("close", fmt.Sprintf(`{"handle":%d}`, s.Handle), nil)
						start(i)
						continue
					}
					call("throw", fmt.Sprintf(`{"handle":%d,"since":%d,"legal":false}`, s.Handle, s.Length), &s)
				}
				var legal struct{ Legal []struct{ Notation string } }
				call("legal", fmt.Sprintf(`{"handle":%d,"parts":false}`, s.Handle), &legal)
				m, _ := json.Marshal(legal.Legal[i%len(legal.Legal)].Notation)
				call("apply", fmt.Sprintf(`{"handle":%d,"notation":%s,"since":%d,"legal":false}`, s.Handle, m, s.Length), &s)
			}
		})
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/brettspiel/brettspiel/session"
)

// A heavy request: the most a request costs that this test could find.
type heavy struct {
	name   string
	path   string   // below /api/
	paths  []string // or these in turn
	body   string
	header string // the value of a header X-Pad, if any
}

// heavies makes the games the heavy requests are about and returns the
// requests: arguments of the most bytes, headers of a megabyte, states
// with the whole log of a Festungsspiel for six played to its end with
// every part of the view, and of a match of 9,000 steps (which the server
// refuses: more than -log steps) and 1,000 steps of it, watches from the
// start, advances that play a whole game, 100 hints, the analysis of the
// Festungsspiel, the load of a record of 9,000 steps.
func heavies(t testing.TB, base string) []heavy {
	c := client{t: t, base: base}
	bots := []string{"random", "random", "random", "random", "random", "random"}
	fest, _ := c.newGame("newGame", map[string]any{"variant": "festung", "players": 6, "seed": 3, "seats": bots, "owned": false})
	var s state
	c.post("games/"+fest+"/advance", `{"limit":10000,"log":false}`, &s)
	match := "# brettspiel record\ngame: toccateglio\npreset: Toccateglispiel\noption: partien=1000\n\n"
	long, _ := c.newGame("loadRecord", map[string]any{"text": match, "seats": bots[:2], "seed": 1, "owned": false})
	var m state
	c.post("games/"+long+"/advance", `{"limit":9000,"log":false}`, &m)
	var rec struct{ Text string }
	c.post("games/"+long+"/saveRecord", nil, &rec)
	if !s.over() || s.Length < 500 || m.Length < 9000 || rec.Text == "" {
		t.Fatalf("the Festungsspiel has %d steps, over %v; the match %d", s.Length, s.over(), m.Length)
	}
	var advances []string
	for seed := range 8 {
		id, _ := c.newGame("newGame", map[string]any{"variant": "festung", "players": 6, "seed": seed, "seats": bots, "owned": false})
		advances = append(advances, "games/"+id+"/advance")
	}
	hints, _ := c.newGame("newGame", map[string]any{"variant": "verkehren", "seed": 5, "seats": []string{"person", "random"}, "owned": false})
	c.post("games/"+hints+"/advance", `{"log":false}`, nil)
	recBody, _ := json.Marshal(map[string]any{"text": rec.Text, "seats": bots[:2], "owned": false, "log": false})
	everything := `,"rules":true,"static":true,"chance":true,"events":true,"lang":"de"}`
	// the first analysis of a Festungsspiel makes the judge's tables, once
	// (five seconds under -race): before the requests
	c.post("games/"+fest+"/analyze", nil, nil)
	return []heavy{
		{name: "arguments of 1 MiB", path: "games/" + fest + "/state", body: `{"pad":"` + strings.Repeat("x", session.MaxArgs-10) + `"}`},
		{name: "a header of 1 MiB", path: "games/" + fest + "/state", body: `{}`, header: strings.Repeat("x", 1<<20)},
		{name: "the whole log of a Festungsspiel for six", path: "games/" + fest + "/state", body: `{"since":0` + everything},
		{name: "the whole log of a match of 9,000 steps", path: "games/" + long + "/state", body: `{"since":0` + everything},
		{name: "1,000 steps of a match's log", path: "games/" + long + "/state", body: fmt.Sprintf(`{"since":%d`, m.Length-1000) + everything},
		{name: "a watch of a Festungsspiel from the start", path: "games/" + fest + "/watch", body: `{"rev":0,"lang":"de"}`},
		{name: "a watch of a match from the start", path: "games/" + long + "/watch", body: `{"rev":0,"lang":"de"}`},
		{name: "an advance of a whole game", paths: advances, body: `{"rules":true}`},
		{name: "100 hints", path: "games/" + hints + "/hint", body: `{"count":100}`},
		{name: "the analysis of a Festungsspiel for six", path: "games/" + fest + "/analyze", body: `{}`},
		{name: "the load of a record of 9,000 steps", path: "loadRecord", body: string(recBody)},
	}
}

// flood sends n requests at once, the i-th of them reqs[i%len(reqs)], and
// returns the peak of the Go heap and stacks in use while they are
// served, above and with what was in use before, and the statuses by
// request.
func flood(t testing.TB, base string, n int, reqs []heavy) (peak, above, alloc uint64, codes map[string]map[int]int) {
	tr := &http.Transport{DisableKeepAlives: true, MaxConnsPerHost: 0}
	defer tr.CloseIdleConnections()
	cl := &http.Client{Transport: tr, Timeout: time.Minute}
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	before, allocated := m.HeapInuse+m.StackInuse, m.TotalAlloc
	stop, sampled := make(chan struct{}), make(chan uint64)
	go func() {
		most := before
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			most = max(most, m.HeapInuse+m.StackInuse)
			select {
			case <-stop:
				sampled <- most
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	var mu sync.Mutex
	codes = map[string]map[int]int{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		h := reqs[i%len(reqs)]
		path := h.path
		if h.paths != nil {
			path = h.paths[i/len(reqs)%len(h.paths)]
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, err := http.NewRequest("POST", base+"/api/"+path, strings.NewReader(h.body))
			if err != nil {
				t.Error(err)
				return
			}
			if h.header != "" {
				req.Header.Set("X-Pad", h.header)
			}
			<-start
			code := -1 // no answer: the server closed the connection
			if resp, err := cl.Do(req); err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				code = resp.StatusCode
			}
			mu.Lock()
			if codes[h.name] == nil {
				codes[h.name] = map[int]int{}
			}
			codes[h.name][code]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	close(stop)
	peak = <-sampled
	runtime.ReadMemStats(&m)
	return peak, peak - before, m.TotalAlloc - allocated, codes
}

// TestFloodStaysSmall: 400 of the heaviest requests at once keep the
// process's Go heap and stacks under 200 MB — the requests' clients in
// this process included.
func TestFloodStaysSmall(t *testing.T) {
	// the server's defaults, but for the wait of a request beyond those
	// served at once: it changes how many are served in the end, not how
	// many at once, and the test is over sooner
	_, srv := testServer(t, func(o *options) { o.wait = 500 * time.Millisecond })
	reqs := heavies(t, srv.URL)
	start := time.Now()
	peak, above, _, codes := flood(t, srv.URL, 400, reqs)
	t.Logf("400 requests in %v: peak of heap and stacks %.1f MB (%.1f MB above the games held)", time.Since(start).Round(time.Millisecond), float64(peak)/1e6, float64(above)/1e6)
	names := make([]string, 0, len(codes))
	for name := range codes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Logf("  %s: %v", name, codes[name])
	}
	if peak > 200e6 {
		t.Errorf("the flood's peak of heap and stacks is %.1f MB; want under 200 MB", float64(peak)/1e6)
	}
}

// BenchmarkRequest measures what each heavy request costs while it is
// served: an operation is 16 requests of a kind at once, each served at
// once (as far as the CPUs let them); held-B/req is the peak of the heap
// and stacks above what was in use before, alloc-B/req the bytes
// allocated, per request — the server's and its client's.
//
//	go test -run '^$' -bench Request -benchtime 5x
func BenchmarkRequest(b *testing.B) {
	_, srv := testServer(b, func(o *options) { o.wait = time.Minute })
	for _, h := range heavies(b, srv.URL) {
		if h.path == "loadRecord" {
			continue // it would fill the table
		}
		b.Run(strings.ReplaceAll(h.name, " ", "_"), func(b *testing.B) {
			var held, alloc uint64
			for range b.N {
				_, above, a, _ := flood(b, srv.URL, 16, []heavy{h})
				held, alloc = max(held, above), alloc+a
			}
			b.ReportMetric(float64(held)/16, "held-B/req")
			b.ReportMetric(float64(alloc)/float64(b.N)/16, "alloc-B/req")
		})
	}
}

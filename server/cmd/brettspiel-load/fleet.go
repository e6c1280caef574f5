package main

// The server processes the load runs against: started from the binary
// built for the run, on one SQLite file or one PostgreSQL database, and
// read for their memory and CPU.

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

type server struct {
	cmd   *exec.Cmd
	base  string
	pprof string // the address of the server's profiles
}

// fleet is the server processes sharing the games.
type fleet []*server

func startFleet(n int, bin, db, syncMode, pg string) (fleet, error) {
	var f fleet
	for range n {
		s, err := start(bin, db, syncMode, pg)
		if err != nil {
			f.stop()
			return nil, err
		}
		f = append(f, s)
	}
	return f, nil
}

func (f fleet) base(i int) string { return f[i%len(f)].base }

func (f fleet) rss() (n int64) {
	for _, s := range f {
		n += s.rss()
	}
	return n
}

func (f fleet) live() (n int64) {
	for _, s := range f {
		heap, stack := s.held()
		n += heap + stack
	}
	return n
}

// objects is the memory of the live objects and the stacks, without the
// free room in the heap's spans in use.
func (f fleet) objects() (n int64) {
	for _, s := range f {
		_, alloc, stack := s.heap()
		n += alloc + stack
	}
	return n
}

func (f fleet) stacks() (n int64) {
	for _, s := range f {
		_, stack := s.held()
		n += stack
	}
	return n
}

func (f fleet) cpu() (d time.Duration) {
	for _, s := range f {
		d += s.cpu()
	}
	return d
}

func (f fleet) stop() error {
	var err error
	for _, s := range f {
		if e := s.stop(); e != nil {
			err = e
		}
	}
	return err
}

func start(bin, db, syncMode, pg string) (*server, error) {
	args := []string{"-addr", "127.0.0.1:0", "-db", db, "-sync", syncMode, "-no-page", "-idle", "0",
		"-conn-rate", "1000", "-addr-rate", "1000000", "-max-conns", "100000", "-max-conns-per-addr", "100000",
		"-games-per-hour", "100000000", "-waiting-per-net", "100000000"}
	if pg != "" {
		args = append(args, "-postgres", pg)
	}
	// the server's profiles, for the memory it holds (and to profile it
	// under the load: go tool pprof http://ADDR/debug/pprof/profile)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	pprof := ln.Addr().String()
	ln.Close()
	args = append(args, "-pprof", pprof)
	cmd := exec.Command(bin, args...)
	cmd.Stderr = os.Stderr // its log: a failure or a crash is seen
	dieWithUs(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		return nil, fmt.Errorf("the server did not start: %w", err)
	}
	go io.Copy(io.Discard, out)
	_, rest, _ := strings.Cut(line, "http://")
	host, _, _ := strings.Cut(rest, "/")
	return &server{cmd: cmd, base: "http://" + host, pprof: pprof}, nil
}

// saveHeap writes the server's heap profile to path.
func (s *server) saveHeap(path string) error {
	resp, err := http.Get("http://" + s.pprof + "/debug/pprof/heap?gc=1")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// held is the memory the server's program holds after a collection: the
// heap in use and the goroutines' stacks (RSS holds besides what the
// collector has freed and not given back, and its own reserve).
func (s *server) held() (heap, stack int64) {
	heap, _, stack = s.heap()
	return heap, stack
}

// heap reads the server's heap after a collection: the spans in use
// (inuse), the objects live in them (alloc), and the goroutines' stacks.
func (s *server) heap() (inuse, alloc, stack int64) {
	resp, err := http.Get("http://" + s.pprof + "/debug/pprof/heap?debug=1&gc=1")
	if err != nil {
		return 0, 0, 0
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if v, ok := strings.CutPrefix(l, "# HeapInuse = "); ok {
			inuse, _ = strconv.ParseInt(v, 10, 64)
		} else if v, ok := strings.CutPrefix(l, "# HeapAlloc = "); ok {
			alloc, _ = strconv.ParseInt(v, 10, 64)
		} else if v, ok := strings.CutPrefix(l, "# Stack = "); ok {
			v, _, _ = strings.Cut(v, " ")
			stack, _ = strconv.ParseInt(v, 10, 64)
		}
	}
	return inuse, alloc, stack
}

func (s *server) stop() error {
	s.cmd.Process.Signal(syscall.SIGTERM)
	return s.cmd.Wait()
}

// rss is the server's resident memory in bytes.
func (s *server) rss() int64 {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n << 10
		}
	}
	return 0
}

// cpu is the server's CPU time, user and system.
func (s *server) cpu() time.Duration {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	u, _ := strconv.ParseInt(f[11], 10, 64)
	k, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+k) * 10 * time.Millisecond // 100 ticks a second
}

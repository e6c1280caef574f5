//go:build unix

package doccheck

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestDocCommands runs the commands of the documents as their markers say
// (see the package doc). It runs under BRETTSPIEL_DOCS=1: CI sets it; by
// hand, BRETTSPIEL_DOCS=1 go test -count=1 -run TestDocCommands ./internal/doccheck.
func TestDocCommands(t *testing.T) {
	if os.Getenv("BRETTSPIEL_DOCS") != "1" {
		t.Skip("runs the documents' commands under BRETTSPIEL_DOCS=1 (CI sets it)")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash to run the documents' commands in")
	}
	root, all := plans(t)
	if t.Failed() {
		t.FailNow()
	}
	for _, p := range all {
		if len(p.Steps) == 0 {
			continue
		}
		tmp := t.TempDir()
		var servers []*server
		for _, s := range p.Steps {
			start := time.Now()
			where := fmt.Sprintf("%s:%d", p.Block.File, s.Doc.Line)
			if s.Serve != "" {
				srv, err := startServer(root, tmp, s)
				if err != nil {
					t.Errorf("%s: %s: %v", where, s.Doc.Text, err)
					break
				}
				servers = append(servers, srv)
				t.Logf("%s: serving after %v: %s", where, time.Since(start).Round(time.Millisecond), s.Command)
				continue
			}
			out, err := runStep(root, tmp, s)
			if err == nil && s.Help {
				err = checkUsage(out)
			}
			if err != nil {
				t.Errorf("%s: %s\nran: %s\n%v\n%s", where, s.Doc.Text, expand(s.Command, tmp), err, tail(out, 30))
				continue
			}
			t.Logf("%s: %v: %s", where, time.Since(start).Round(time.Millisecond), expand(s.Command, tmp))
		}
		for _, srv := range servers {
			srv.stop()
		}
	}
}

// expand puts the block's folder for $TMP.
func expand(s, tmp string) string { return strings.ReplaceAll(s, "$TMP", tmp) }

// command makes the bash process of a step, in a process group of its own
// so that go run's child goes with it.
func command(ctx context.Context, root, tmp string, s Step) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "bash", "-c", "set -o pipefail; "+expand(s.Command, tmp))
	cmd.Dir = root
	cmd.Env = environment(tmp, s)
	cmd.Stdin = strings.NewReader(s.Stdin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	return cmd
}

// environment is the test's environment without BRETTSPIEL_DOCS (a
// command's own go test does not run the documents again), with the step's
// variables.
func environment(tmp string, s Step) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "BRETTSPIEL_DOCS=") {
			env = append(env, kv)
		}
	}
	for _, kv := range s.Env {
		env = append(env, expand(kv, tmp))
	}
	return env
}

func runStep(root, tmp string, s Step) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.Timeout)
	defer cancel()
	cmd := command(ctx, root, tmp, s)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return out, fmt.Errorf("not done within %v", s.Timeout)
	}
	if s.Help {
		// -h ends a program with a status of its own (0 or 2); what
		// counts is the usage, checked after.
		return out, nil
	}
	return out, err
}

// checkUsage checks the output of a command run with -h: the usage, and no
// flag the program does not know.
func checkUsage(out []byte) error {
	for _, bad := range []string{"flag provided but not defined", "invalid value", "invalid boolean"} {
		if bytes.Contains(out, []byte(bad)) {
			return fmt.Errorf("a flag of the command is wrong: %s", bad)
		}
	}
	if !bytes.Contains(out, []byte("Usage")) {
		return errors.New("-h printed no usage: the program did not start")
	}
	return nil
}

// A server is a served step's running command.
type server struct {
	cmd  *exec.Cmd
	done chan struct{}
}

// lockedBuffer collects a running command's output.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServer starts a served step and returns once its output says
// s.Serve, or fails when it ends or the time bound passes first.
func startServer(root, tmp string, s Step) (*server, error) {
	cmd := command(context.Background(), root, tmp, s)
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	srv := &server{cmd: cmd, done: make(chan struct{})}
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(srv.done) }()
	deadline := time.After(s.Timeout)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		if strings.Contains(out.String(), s.Serve) {
			return srv, nil
		}
		select {
		case <-srv.done:
			return nil, fmt.Errorf("ended (%v) before it said %q:\n%s", waitErr, s.Serve, tail([]byte(out.String()), 30))
		case <-deadline:
			srv.stop()
			return nil, fmt.Errorf("did not say %q within %v:\n%s", s.Serve, s.Timeout, tail([]byte(out.String()), 30))
		case <-tick.C:
		}
	}
}

// stop ends a server and its children: an interrupt first, as a person
// stops it, then a kill.
func (s *server) stop() {
	_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGINT)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-s.done
	}
}

// tail returns the last n lines of out.
func tail(out []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

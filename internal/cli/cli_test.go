package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
)

func TestFlagSetReturnsErrorsAndPrintsToStderr(t *testing.T) {
	var stderr bytes.Buffer
	fs := FlagSet("demo", &stderr)
	fs.Int("n", 1, "a number")
	err := fs.Parse([]string{"-n", "x"})
	if err == nil {
		t.Fatal("bad value accepted")
	}
	if !strings.Contains(stderr.String(), "invalid value") || !strings.Contains(stderr.String(), "Usage of demo") {
		t.Fatalf("stderr = %q", stderr.String())
	}
	stderr.Reset()
	if err := fs.Parse([]string{"-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v, want flag.ErrHelp", err)
	}
}

func TestParseRefusesLeftOverArguments(t *testing.T) {
	fs := FlagSet("demo", new(bytes.Buffer))
	n := fs.Int("n", 1, "a number")
	err := Parse(fs, []string{"-n", "3", "extra", "more"})
	if err == nil || err.Error() != `unexpected arguments ["extra" "more"]` {
		t.Fatalf("err = %v", err)
	}
	fs = FlagSet("demo", new(bytes.Buffer))
	n = fs.Int("n", 1, "a number")
	if err := Parse(fs, []string{"-n", "3"}); err != nil || *n != 3 {
		t.Fatalf("err = %v, n = %d", err, *n)
	}
	fs = FlagSet("demo", new(bytes.Buffer))
	if err := Parse(fs, []string{"-bogus"}); err == nil {
		t.Fatal("unknown flag accepted")
	}
}

func TestReport(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
		out  string
	}{
		{nil, 0, ""},
		{flag.ErrHelp, 2, ""},
		{fmt.Errorf("wrapped: %w", flag.ErrHelp), 2, ""},
		{errors.New("no such game"), 2, "demo: no such game\n"},
	} {
		var w bytes.Buffer
		if code := report(&w, "demo", c.err); code != c.code || w.String() != c.out {
			t.Errorf("report(%v) = %d, %q; want %d, %q", c.err, code, w.String(), c.code, c.out)
		}
	}
}

func TestBar(t *testing.T) {
	for _, c := range []struct {
		done, total uint64
		fill        int
	}{
		{0, 0, 0}, {0, 10, 0}, {1, 10, 4}, {5, 10, 20}, {39, 40, 39}, {10, 10, 40}, {15, 10, 40}, {1, 1 << 62, 0},
	} {
		want := "[" + strings.Repeat("#", c.fill) + strings.Repeat(".", 40-c.fill) + "]"
		if got := Bar(c.done, c.total); got != want {
			t.Errorf("Bar(%d, %d) = %s, want %s", c.done, c.total, got, want)
		}
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func train(t *testing.T, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(args, &out, &errOut); err != nil {
		t.Fatalf("run %v: %v\n%s", args, err, errOut.String())
	}
	return out.String()
}

// TestSeededResumableReproducible: the same seed gives the same weights
// with one worker or two, and a run stopped at a checkpoint and resumed
// ends with the weights of a run straight through.
func TestSeededResumableReproducible(t *testing.T) {
	dir := t.TempDir()
	file := func(name string) string { return filepath.Join(dir, name) }
	base := []string{"-game", "toccateglio", "-hidden", "4", "-batch", "8", "-seed", "3"}
	train(t, append(base, "-games", "16", "-workers", "1", "-out", file("a.bin"))...)
	train(t, append(base, "-games", "16", "-workers", "2", "-out", file("b.bin"))...)
	out := train(t, append(base, "-games", "8", "-workers", "2", "-every", "8", "-ckpt", file("c.ckpt"))...)
	if !strings.Contains(out, "8 games") {
		t.Errorf("no checkpoint line:\n%s", out)
	}
	out = train(t, append(base, "-games", "16", "-workers", "1", "-ckpt", file("c.ckpt"), "-resume", "-out", file("c.bin"))...)
	if !strings.Contains(out, "resumed from") {
		t.Errorf("not resumed:\n%s", out)
	}
	a, _ := os.ReadFile(file("a.bin"))
	for _, other := range []string{"b.bin", "c.bin"} {
		if b, _ := os.ReadFile(file(other)); len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs from a.bin", other)
		}
	}
}

func TestCheckAndMeasure(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "w.bin")
	out := train(t, "-game", "verkehren", "-hidden", "4", "-batch", "4", "-games", "4", "-check", "4", "-check-games", "2", "-out", w)
	if !strings.Contains(out, "check after 4 games: net (one ply) won") {
		t.Errorf("no strength check:\n%s", out)
	}
	out = train(t, "-game", "verkehren", "-measure", "2", "-rollouts", "1", "-weights", w)
	if !strings.Contains(out, "net equity: MAE") || !strings.Contains(out, "Evaluate:   MAE") {
		t.Errorf("no measurement:\n%s", out)
	}
}

func TestBadArguments(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.ckpt")
	os.WriteFile(junk, []byte("not weights"), 0o644)
	for _, args := range [][]string{
		{"-game", "festung", "-games", "0"},
		{"-workers", "0"},
		{"-vs", "oracle"},
		{"-ckpt", junk, "-resume"},
		{"-measure", "1", "-weights", junk},
	} {
		var out, errOut bytes.Buffer
		if err := run(args, &out, &errOut); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

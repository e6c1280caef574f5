package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRunPrintsTables(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-games", "300", "-players", "3", "-seed", "5"}, &out, &errs, true); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"Throws per game", "| 3 | ", "fifth Pasch", "winner's gain", "seat 2"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if errs.Len() != 0 {
		t.Errorf("a short run drew a progress bar: %q", errs.String())
	}
	var again bytes.Buffer
	if err := run([]string{"-games", "300", "-players", "3", "-seed", "5"}, &again, &errs, false); err != nil || again.String() != s {
		t.Errorf("the same seed printed other tables (%v)", err)
	}
	if err := run([]string{"-players", "7"}, &out, &errs, false); err == nil {
		t.Error("7 players accepted")
	}
}

func TestProgressBar(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-games", "500", "-players", "2", "-progress"}, &out, &errs, false); err != nil {
		t.Fatal(err)
	}
	if errs.Len() != 0 {
		t.Errorf("bar drawn below 10000 games: %q", errs.String())
	}
	b := newBar(&errs, 10, true)
	b.set(5)
	b.finish()
	if !strings.Contains(errs.String(), "[####################....................]  50% 5/10 games") || !strings.HasSuffix(errs.String(), "\n") {
		t.Errorf("bar: %q", errs.String())
	}
}

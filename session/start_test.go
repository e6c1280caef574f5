package session

import (
	"context"
	"strings"
	"testing"
)

// A Festungsspiel loaded from a position ID is saved with its start; the
// record loads again without a preset, as the game from the ID has none.
func TestRecordOfGameFromID(t *testing.T) {
	g, err := New(Config{Variant: "festung", Players: 4, Seed: SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Throw(); err != nil {
		t.Fatal(err)
	}
	id, _ := g.PositionID()
	from, err := LoadID(id, Config{Seed: SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	if !from.HasRecord() {
		t.Fatal("a game from an ID has no record")
	}
	if _, err := from.Advance(context.Background(), 3); err != nil {
		t.Fatal(err)
	}
	text, err := from.Record()
	if err != nil || !strings.Contains(text, "\nstart: "+id+"\n") {
		t.Fatalf("Record() = %q, %v", text, err)
	}
	back, err := LoadRecord(text, Config{Seed: SeedOf(3)})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := from.PositionID()
	got, _ := back.PositionID()
	if got != want || back.Len() != from.Len() || back.Info().Preset != "" || from.Info().Preset != "" {
		t.Errorf("loaded %s at %d, preset %q; want %s at %d, no preset", got, back.Len(), back.Info().Preset, want, from.Len())
	}
}

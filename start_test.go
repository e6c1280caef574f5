package brettspiel_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/race"
)

// The head of a record that starts at a position has its "start:" line
// after the game's, and ParseRecord reads it back.
func TestRecordStartHeader(t *testing.T) {
	rec := &brettspiel.Record{Game: "verkehren", Start: "verkehren:1:abc"}
	want := brettspiel.RecordHeader + "\ngame: verkehren\nstart: verkehren:1:abc\n\n"
	if got := rec.Header(); got != want {
		t.Fatalf("Header() = %q, want %q", got, want)
	}
	back, err := brettspiel.ParseRecord(strings.NewReader(want + "5-1\n"))
	if err != nil || back.Start != rec.Start || back.Game != rec.Game || len(back.Steps) != 1 {
		t.Fatalf("ParseRecord: %+v, %v", back, err)
	}
	// Without a start the head is as it always was.
	plain := &brettspiel.Record{Game: "toccateglio", Preset: "P", Players: 2, Options: []string{"a=1"}}
	if got, want := plain.Header(), brettspiel.RecordHeader+"\ngame: toccateglio\npreset: P\nplayers: 2\noption: a=1\n\n"; got != want {
		t.Errorf("Header() = %q, want %q", got, want)
	}
}

// A start that is empty, given twice or longer than MaxIDSize is refused
// before anything is loaded.
func TestRecordStartHeaderRefused(t *testing.T) {
	long := "verkehren:1:" + strings.Repeat("A", brettspiel.MaxIDSize)
	for _, text := range []string{
		"game: verkehren\nstart:\n\n",
		"game: verkehren\nstart: verkehren:1:a\nstart: verkehren:1:b\n\n",
		"game: verkehren\nstart: " + long + "\n\n",
	} {
		_, err := brettspiel.ParseRecord(strings.NewReader(text))
		if !errors.Is(err, brettspiel.ErrBadNotation) {
			t.Errorf("ParseRecord(%.60q…): %v, want ErrBadNotation", text, err)
		}
		if len(err.Error()) > 400 {
			t.Errorf("an error of %d bytes: %.100s…", len(err.Error()), err)
		}
	}
}

func TestRecordCheckStart(t *testing.T) {
	for _, rec := range []brettspiel.Record{
		{Game: "festung", Start: "verkehren:1:a"},
		{Game: "verkehren"},
		{Game: "verkehren", Start: "verkehren:1:a", Preset: "Fiske"},
		{Game: "verkehren", Start: "verkehren:1:a", Players: 2},
		{Game: "verkehren", Start: "verkehren:1:a", Options: []string{"x=1"}},
	} {
		if err := rec.CheckStart("verkehren"); !errors.Is(err, brettspiel.ErrBadOptions) {
			t.Errorf("CheckStart(%+v) = %v, want ErrBadOptions", rec, err)
		}
	}
	ok := brettspiel.Record{Game: "verkehren", Start: "verkehren:1:a"}
	if err := ok.CheckStart("verkehren"); err != nil {
		t.Errorf("CheckStart(%+v) = %v", ok, err)
	}
}

// A history started without a record at a game that has a position ID
// keeps a record from that position; one of a game without an ID has none.
func TestHistoryRecordFromPosition(t *testing.T) {
	g, err := catalog.New("toccateglio", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := g.Apply(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	start, err := catalog.ParseID(g.ID())
	if err != nil {
		t.Fatal(err)
	}
	h, err := brettspiel.NewHistory(start, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Apply(h.Game().LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	rec := h.Record()
	if rec == nil || rec.Start != g.ID() || rec.Game != "toccateglio" || len(rec.Steps) != 1 {
		t.Fatalf("Record() = %+v, want a record from %s with one step", rec, g.ID())
	}
	var b strings.Builder
	if _, err := rec.WriteTo(&b, h.Start()); err != nil {
		t.Fatal(err)
	}
	back, err := brettspiel.ParseRecord(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := catalog.LoadHistory(back)
	if err != nil {
		t.Fatalf("LoadHistory of\n%s: %v", b.String(), err)
	}
	if got, want := loaded.Game().ID(), h.Game().ID(); got != want || loaded.Len() != 1 || loaded.Record().Start != g.ID() {
		t.Errorf("loaded %s after %d steps, want %s after 1", got, loaded.Len(), want)
	}
	if loaded.Start().ID() != g.ID() {
		t.Errorf("loaded start %s, want %s", loaded.Start().ID(), g.ID())
	}

	r, _ := race.New(race.Rules{})
	if h, err := brettspiel.NewHistory(r, nil); err != nil || h.Record() != nil || brettspiel.NewRecordAt(r) != nil {
		t.Errorf("a game without an ID: %v, record %v", err, h.Record())
	}
}

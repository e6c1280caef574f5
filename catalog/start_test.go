package catalog_test

import (
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
)

// readers are the variants' streaming loaders of a record's text.
var readers = map[string]func(io.Reader) (brettspiel.Game, error){
	toccateglio.Variant: func(r io.Reader) (brettspiel.Game, error) { return toccateglio.ReadRecord(r) },
	verkehren.Variant:   func(r io.Reader) (brettspiel.Game, error) { return verkehren.ReadRecord(r) },
	festung.Variant:     func(r io.Reader) (brettspiel.Game, error) { return festung.ReadRecord(r) },
}

// A game loaded from a position ID, and one read from JSON, is saved as a
// record that starts at that position, and every loader plays it again to
// the same position.
func TestRecordFromPositionRoundTrip(t *testing.T) {
	for _, name := range catalog.Names() {
		for seed := uint64(0); seed < 4; seed++ {
			g, err := catalog.New(name, "", 0)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 7))
			for i := 0; i < 10+int(seed)*7 && g.ToMove() != brettspiel.Terminal; i++ {
				legal := g.LegalMoves()
				if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
			from := g.ID()
			data, err := g.(interface{ MarshalJSON() ([]byte, error) }).MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			fromJSON, err := catalog.UnmarshalJSON(data)
			if err != nil {
				t.Fatal(err)
			}
			fromID, err := catalog.ParseID(from)
			if err != nil {
				t.Fatal(err)
			}
			for how, start := range map[string]brettspiel.Game{"ID": fromID, "JSON": fromJSON} {
				h, err := brettspiel.NewHistory(start, nil)
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i < 12 && h.ToMove() != brettspiel.Terminal; i++ {
					legal := h.Game().LegalMoves()
					if err := h.Apply(legal[r.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
				rec := h.Record()
				if rec == nil || rec.Start != from {
					t.Fatalf("%s from %s: Record() = %+v, want one from %s", name, how, rec, from)
				}
				var b strings.Builder
				if _, err := rec.WriteTo(&b, h.Start()); err != nil {
					t.Fatal(err)
				}
				text, want := b.String(), h.Game().ID()
				if !strings.Contains(text, "\nstart: "+from+"\n") {
					t.Fatalf("%s: the record has no start line:\n%s", name, text)
				}
				parsed, err := brettspiel.ParseRecord(strings.NewReader(text))
				if err != nil {
					t.Fatal(err)
				}
				if g, err := catalog.LoadRecord(parsed); err != nil || g.ID() != want {
					t.Fatalf("%s: LoadRecord of\n%s= %v, %v; want %s", name, text, g, err, want)
				}
				lh, err := catalog.LoadHistory(parsed)
				if err != nil || lh.Game().ID() != want || lh.Len() != h.Len() || lh.Start().ID() != from {
					t.Fatalf("%s: LoadHistory: %v", name, err)
				}
				if g, err := readers[name](strings.NewReader(text)); err != nil || g.ID() != want {
					t.Fatalf("%s: ReadRecord of\n%s= %v, %v; want %s", name, text, g, err, want)
				}
			}
		}
	}
}

// A record with a start names its rules by the ID alone: a preset or
// options beside it, an ID of another game or a bad ID are refused.
func TestRecordFromPositionRefused(t *testing.T) {
	g, _ := catalog.New("verkehren", "", 0)
	id := g.ID()
	other, _ := catalog.New("festung", "", 0)
	for text, want := range map[string]error{
		"game: verkehren\nstart: " + id + "\npreset: Fiske\n\n":  brettspiel.ErrBadOptions,
		"game: verkehren\nstart: " + id + "\nplayers: 2\n\n":     brettspiel.ErrBadOptions,
		"game: verkehren\nstart: " + id + "\noption: x=1\n\n":    brettspiel.ErrBadOptions,
		"game: verkehren\nstart: " + other.ID() + "\n\n":         brettspiel.ErrBadNotation,
		"game: verkehren\nstart: " + id[:len(id)-2] + "xx\n\n":   brettspiel.ErrBadNotation,
		"game: verkehren\nstart: " + id + "\n\n1-1 ; nonsense\n": brettspiel.ErrBadNotation,
	} {
		rec, err := brettspiel.ParseRecord(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := catalog.LoadHistory(rec); !errors.Is(err, want) {
			t.Errorf("LoadHistory of %q: %v, want %v", text, err, want)
		}
		if _, err := verkehren.ReadRecord(strings.NewReader(text)); !errors.Is(err, want) {
			t.Errorf("ReadRecord of %q: %v, want %v", text, err, want)
		}
	}
}

package catalog_test

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/internal/hostile"
	"github.com/brettspiel/brettspiel/internal/quote"
	"github.com/brettspiel/brettspiel/kit"
)

// maxDecodeAlloc is what loading one document of at most MaxJSONSize may
// allocate, whatever its shape.
const maxDecodeAlloc = 50 << 20

func TestUnmarshalJSONCostIsLinearForAnyShape(t *testing.T) {
	var most uint64
	mostName := ""
	defer func() { t.Logf("the most allocated: %.1f MB, %s", float64(most)/(1<<20), mostName) }()
	for name, doc := range hostile.Shapes(kit.MaxJSONSize) {
		decoders := map[string]func() error{
			"catalog": func() error { _, err := catalog.UnmarshalJSON(doc); return err },
		}
		for _, v := range catalog.Variants() {
			decoders[v.Name] = func() error {
				g, err := catalog.New(v.Name, "", 0)
				if err != nil {
					return err
				}
				return g.(json.Unmarshaler).UnmarshalJSON(doc)
			}
		}
		for decoder, decode := range decoders {
			var err error
			alloc := hostile.Allocated(func() { err = decode() })
			if alloc > most {
				most, mostName = alloc, name+" through "+decoder
			}
			if alloc > maxDecodeAlloc {
				t.Errorf("%s through %s (%d bytes): allocated %d MB, want at most %d MB", name, decoder, len(doc), alloc>>20, maxDecodeAlloc>>20)
			}
			if err == nil {
				t.Errorf("%s through %s: accepted", name, decoder)
			}
		}
	}
}

func TestOversizedInputIsRefusedUnread(t *testing.T) {
	g, _ := catalog.New("verkehren", "", 0)
	doc, _ := g.(json.Marshaler).MarshalJSON()
	big := append([]byte(`{"game":"verkehren","pad":"`+strings.Repeat("x", kit.MaxJSONSize)+`",`), doc[1:]...)
	var err error
	alloc := hostile.Allocated(func() { _, err = catalog.UnmarshalJSON(big) })
	if !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "bytes") {
		t.Errorf("UnmarshalJSON of %d bytes: %v, want it refused for its size", len(big), err)
	}
	if alloc > 1<<20 {
		t.Errorf("UnmarshalJSON of %d bytes allocated %d KB before refusing it", len(big), alloc>>10)
	}

	id := id(t, g)
	long := id + strings.Repeat("A", 10<<20)
	alloc = hostile.Allocated(func() { _, err = catalog.ParseID(long) })
	if !errors.Is(err, brettspiel.ErrBadNotation) {
		t.Errorf("ParseID of %d bytes: %v", len(long), err)
	}
	if alloc > 1<<20 {
		t.Errorf("ParseID of %d bytes allocated %d KB before refusing it", len(long), alloc>>10)
	}
}

// TestErrorsQuoteLittleOfTheInput gives every loader of the catalogue a long
// input where each kind of mistake sits, and checks that no message repeats
// more than MaxQuoted bytes of it.
func TestErrorsQuoteLittleOfTheInput(t *testing.T) {
	long := strings.Repeat("z", 1000)
	loaders := map[string]func() error{
		"ParseID, game":    func() error { _, err := catalog.ParseID(long + ":1:AAAA"); return err },
		"ParseID, version": func() error { _, err := catalog.ParseID("verkehren:" + long + ":AAAA"); return err },
		"ParseID, payload": func() error { _, err := catalog.ParseID("verkehren:1:" + long); return err },
		"JSON, game":       func() error { _, err := catalog.UnmarshalJSON([]byte(`{"game":"` + long + `"}`)); return err },
		"JSON, key": func() error {
			_, err := catalog.UnmarshalJSON([]byte(`{"game":"festung","` + long + `":1}`))
			return err
		},
		"record, game": func() error { _, err := catalog.LoadRecord(&brettspiel.Record{Game: long}); return err },
		"record, preset": func() error {
			_, err := catalog.LoadRecord(&brettspiel.Record{Game: "festung", Preset: long})
			return err
		},
		"New, game":   func() error { _, err := catalog.New(long, "", 0); return err },
		"New, preset": func() error { _, err := catalog.New("verkehren", long, 0); return err },
	}
	for _, v := range catalog.Variants() {
		for _, option := range []string{long, long + "=1", "turn-cap=" + long, "stones=" + long} {
			loaders["record option of "+v.Name+" "+option[:10]] = func() error {
				_, err := catalog.LoadRecord(&brettspiel.Record{Game: v.Name, Options: []string{option}})
				return err
			}
			text := brettspiel.RecordHeader + "\ngame: " + v.Name + "\noption: " + option + "\n\n"
			loaders["record text option of "+v.Name+" "+option[:10]] = func() error {
				rec, err := brettspiel.ParseRecord(strings.NewReader(text))
				if err != nil {
					return err
				}
				_, err = catalog.LoadHistory(rec)
				return err
			}
		}
	}
	for name, load := range loaders {
		err := load()
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, long[:quote.Max+1]) {
			t.Errorf("%s: the message repeats more than %d bytes of the input (%d bytes): %.200s…", name, quote.Max, len(msg), msg)
		}
	}
}

// TestLoadHistoryRefusesWhatLoadRecordRefuses: the history of a record is
// loaded under the same limits as the game, so that neither can be made to
// replay an unbounded record.
func TestLoadHistoryRefusesWhatLoadRecordRefuses(t *testing.T) {
	records := map[string]string{
		"33 ties in the draw":  "game: toccateglio\n\n" + strings.Repeat("6-5 ; 6-5\n", 40),
		"33 ties in Verkehren": "game: verkehren\n\n" + strings.Repeat("3-4 ; 4-3\n", 40),
		"more steps than the turn cap allows": "game: verkehren\noption: turn-cap=1\n\n" +
			"6-5 ; 1-2\n" + strings.Repeat("6-5 ; 1/7 1/6\n", 5),
		"more steps than the Festungsspiel's turn cap": "game: festung\nplayers: 2\noption: turn-cap=1\n\n" +
			strings.Repeat("1-2-3\n", 5),
	}
	for name, text := range records {
		rec, err := brettspiel.ParseRecord(strings.NewReader(brettspiel.RecordHeader + "\n" + text))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, errRecord := catalog.LoadRecord(rec)
		_, errHistory := catalog.LoadHistory(rec)
		if errRecord == nil {
			t.Errorf("%s: LoadRecord accepted it", name)
			continue
		}
		if errHistory == nil || errHistory.Error() != errRecord.Error() {
			t.Errorf("%s: LoadRecord refused it (%v) but LoadHistory gave %v", name, errRecord, errHistory)
		}
	}
}

// TestNothingHandedOutIsShared writes into everything a game or a history
// hands out, and checks that no other game, and not the history, changes.
func TestNothingHandedOutIsShared(t *testing.T) {
	for _, v := range catalog.Variants() {
		g1, _ := catalog.New(v.Name, "", 0)
		g2, _ := catalog.New(v.Name, "", 0)
		want := g2.ChanceOutcomes()[0]
		outs := g1.ChanceOutcomes()
		outs[0].Weight, outs[0].Move = 99, outs[1].Move
		if got := g2.ChanceOutcomes()[0]; got != want {
			t.Errorf("%s: writing into one game's ChanceOutcomes changed another's: %v, want %v", v.Name, got, want)
		}
		if got := g1.ChanceOutcomes()[0]; got != want {
			t.Errorf("%s: writing into ChanceOutcomes changed the game's: %v, want %v", v.Name, got, want)
		}

		h, err := catalog.NewHistory(v.Name, "", 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Apply(h.Game().LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
		first, _ := h.Entry(0)
		if len(first.Events) == 0 || len(first.Events[0].Dice) == 0 {
			t.Fatalf("%s: the first throw's entry has no dice: %+v", v.Name, first)
		}
		dice := slices.Clone(first.Events[0].Dice)
		first.Events[0].Dice[0] = 99
		for _, e := range h.All() {
			e.Events[0].Dice[1] = 99
		}
		again, _ := h.Entry(0)
		if !slices.Equal(again.Events[0].Dice, dice) {
			t.Errorf("%s: writing into a history entry's dice changed the history: %v, want %v", v.Name, again.Events[0].Dice, dice)
		}
		evs := h.Game().Events()
		if !slices.Equal(evs[0].Dice, dice) {
			t.Errorf("%s: writing into a history entry's dice changed the game's events: %v, want %v", v.Name, evs[0].Dice, dice)
		}
	}
}

// FuzzLoadHistoryAgreesWithLoadRecord reads record texts, the seeds real
// games and draws that tie, and checks that the two loaders of a record
// judge it alike: both refuse it with the same message, or both load the
// same position.
func FuzzLoadHistoryAgreesWithLoadRecord(f *testing.F) {
	f.Add(brettspiel.RecordHeader + "\ngame: toccateglio\n\n" + strings.Repeat("6-5 ; 6-5\n", 40))
	f.Add(brettspiel.RecordHeader + "\ngame: verkehren\n\n" + strings.Repeat("3-4 ; 4-3\n", 40))
	f.Add(brettspiel.RecordHeader + "\ngame: verkehren\noption: turn-cap=1\n\n6-5 ; 1-2\n6-5 ; 1/7 1/6\n")
	f.Add(brettspiel.RecordHeader + "\ngame: festung\nplayers: 2\noption: turn-cap=2\n\n1-2-3\n4-4-4 ; W1.I\n")
	for _, v := range catalog.Variants() {
		h, _ := catalog.NewHistory(v.Name, "", 0)
		r := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 60 && h.ToMove() != brettspiel.Terminal; i++ {
			g := h.Game()
			var m brettspiel.Move
			if g.ToMove() == brettspiel.Chance {
				m, _ = brettspiel.SampleChance(g, r)
			} else {
				m = brettspiel.RandomPolicy(g, g.LegalMoves(), r)
			}
			if err := h.Apply(m); err != nil {
				f.Fatal(err)
			}
		}
		var b strings.Builder
		if _, err := h.Record().WriteTo(&b, h.Start()); err != nil {
			f.Fatal(err)
		}
		f.Add(b.String())
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := brettspiel.ParseRecord(strings.NewReader(text))
		if err != nil {
			return
		}
		g, errRecord := catalog.LoadRecord(rec)
		h, errHistory := catalog.LoadHistory(rec)
		switch {
		case errRecord != nil && errHistory != nil:
			if errRecord.Error() != errHistory.Error() {
				t.Fatalf("LoadRecord: %v\nLoadHistory: %v", errRecord, errHistory)
			}
		case errRecord != nil || errHistory != nil:
			t.Fatalf("one loader refused the record: LoadRecord: %v, LoadHistory: %v", errRecord, errHistory)
		default:
			if a, b := id(t, g), id(t, h.Game()); a != b {
				t.Fatalf("LoadRecord reached %s, LoadHistory %s", a, b)
			}
		}
	})
}

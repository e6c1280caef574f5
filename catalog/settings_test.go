package catalog_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/toccateglio"
)

// TestT_W5_SchuleIsASettingOfEveryPreset: the Schule is offered beside
// Toccateglio's presets, in English and German, and turned on by NewWith;
// its record names the preset and the setting and loads again.
func TestT_W5_SchuleIsASettingOfEveryPreset(t *testing.T) {
	en, de := catalog.Settings("toccateglio", "en"), catalog.Settings("Toccateglio", "de")
	if len(en) != 1 || en[0].Name != "schule=true" || len(de) != 1 || de[0].Name != en[0].Name || de[0].Description == en[0].Description {
		t.Fatalf("settings: %+v, %+v", en, de)
	}
	if s := catalog.Settings("verkehren", "en"); len(s) != 0 {
		t.Errorf("Verkehren's settings: %+v", s)
	}
	for _, p := range []string{"", "Tokkadille 1853, 16 stones", "Toccadille"} {
		g, err := catalog.NewWith("toccateglio", p, 2, "Schule=true")
		if err != nil {
			t.Fatal(err)
		}
		if o := g.(*toccateglio.Game).Options(); !o.Schule {
			t.Errorf("%q: the Schule is off", p)
		}
		plain, _ := catalog.New("toccateglio", p, 2)
		if plain.(*toccateglio.Game).Options().Schule {
			t.Errorf("%q: the Schule is on without the setting", p)
		}
	}
	h, err := catalog.NewHistoryWith("toccateglio", "Tokkadille 1853", 2, "schule=true")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12 && h.Game().ToMove() != brettspiel.Terminal; i++ {
		if err := h.Apply(h.Game().LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	rec := h.Record()
	if head := rec.Header(); !strings.Contains(head, "preset: Tokkadille 1853") || !strings.Contains(head, "schule=true") {
		t.Errorf("the record's head:\n%s", head)
	}
	back, err := catalog.LoadRecord(rec)
	if err != nil || back.(*toccateglio.Game).ID() != h.Game().(*toccateglio.Game).ID() {
		t.Errorf("the record does not load back: %v", err)
	}
	if _, err := catalog.NewWith("toccateglio", "", 2, "stones=16"); !errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(err.Error(), "schule=true") {
		t.Errorf("a setting not offered: %v", err)
	}
	if _, err := catalog.NewWith("verkehren", "", 2, "schule=true"); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("Verkehren with the Schule: %v", err)
	}
}

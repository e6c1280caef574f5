package catalog_test

import (
	"testing"

	"github.com/brettspiel/brettspiel/catalog"
)

// Every game and preset has its own German description and a source; the
// names stay those the package takes.
func TestVariantsInGerman(t *testing.T) {
	en, de := catalog.Variants(), catalog.VariantsIn("de")
	if len(de) != len(en) {
		t.Fatalf("German lists %d games, English %d", len(de), len(en))
	}
	for i, v := range en {
		d := de[i]
		if d.Name != v.Name || d.Title != v.Title || len(d.Presets) != len(v.Presets) {
			t.Fatalf("German %s differs in name, title or presets from English %s", d.Name, v.Name)
		}
		if d.Description == "" || d.Description == v.Description {
			t.Errorf("%s: German description %q", v.Name, d.Description)
		}
		for j, p := range v.Presets {
			q := d.Presets[j]
			if q.Name != p.Name {
				t.Errorf("%s: German preset %q for %q", v.Name, q.Name, p.Name)
			}
			if q.Description == "" || q.Description == p.Description {
				t.Errorf("%s/%s: German description %q", v.Name, p.Name, q.Description)
			}
			if p.Title != p.Name || q.Title == "" {
				t.Errorf("%s/%s: titles %q (English), %q (German)", v.Name, p.Name, p.Title, q.Title)
			}
			if q.Source == "" {
				t.Errorf("%s/%s: no German source", v.Name, p.Name)
			}
		}
	}
}

// English is Variants, and the German list is the caller's to change.
func TestVariantsInEnglishAndCopies(t *testing.T) {
	en := catalog.VariantsIn("en")
	if en[0].Description != catalog.Variants()[0].Description {
		t.Fatalf("English VariantsIn differs from Variants")
	}
	de := catalog.VariantsIn("de")
	de[0].Presets[0].Description = "x"
	if catalog.VariantsIn("de")[0].Presets[0].Description == "x" {
		t.Fatal("changing a returned preset changed the catalogue")
	}
}

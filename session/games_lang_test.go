package session

import "testing"

// games with lang "de" describes every game, preset and level in German;
// without lang it is English; another language is refused.
func TestGamesInGerman(t *testing.T) {
	a := NewTable(Options{})
	var en, de GamesJSON
	call(t, a, "games", map[string]any{}, &en)
	call(t, a, "games", map[string]any{"lang": "de-AT"}, &de)
	if len(de.Games) != len(en.Games) || len(de.Levels) != len(en.Levels) || len(de.Levels) == 0 {
		t.Fatalf("German answer has %d games, %d levels; English %d, %d", len(de.Games), len(de.Levels), len(en.Games), len(en.Levels))
	}
	for i, v := range en.Games {
		d := de.Games[i]
		if d.Name != v.Name || d.Description == v.Description || d.Description == "" {
			t.Errorf("game %s: German %q, English %q", v.Name, d.Description, v.Description)
		}
		for j, p := range v.Presets {
			if q := d.Presets[j]; q.Name != p.Name || q.Description == p.Description || q.Description == "" {
				t.Errorf("preset %s/%s: German %q", v.Name, p.Name, q.Description)
			}
		}
	}
	for i, l := range en.Levels {
		d := de.Levels[i]
		if d.Name != l.Name || d.Description == l.Description || d.Description == "" {
			t.Errorf("level %s: German %q, English %q", l.Name, d.Description, l.Description)
		}
	}
	if e := fail(t, a, "games", `{"lang":"fr"}`); e.Name != "ErrBadCall" {
		t.Errorf("games with lang fr: %s %s", e.Name, e.Message)
	}
}

package session

import (
	"testing"

	"github.com/brettspiel/brettspiel/rules"
)

// TestRuleLang checks the "lang" argument of "rule": English by default and
// for "en", German for "de", and a clear ErrBadCall for any other language.
func TestRuleLang(t *testing.T) {
	a := NewTable(Options{})
	de, _ := rules.In(rules.German)
	for _, id := range []string{"T-M3", "V-J1", "F-C4", "d-1"} {
		en, _ := rules.Lookup(id)
		want := map[string]rules.Rule{"": en, "en": en, "de": {}}
		want["de"], _ = de.Lookup(id)
		for lang, w := range want {
			args := map[string]any{"id": id}
			if lang != "" {
				args["lang"] = lang
			}
			var r RuleJSON
			call(t, a, "rule", args, &r)
			if r != (RuleJSON{w.ID, w.Title, w.Text, w.Source}) {
				t.Errorf("rule %s in %q: %+v, want %s %q", id, lang, r, w.ID, w.Title)
			}
		}
	}
	var r RuleJSON
	call(t, a, "rule", map[string]any{"id": "T-M3", "lang": "de"}, &r)
	if r.Title != "Die Hucke des Gegners schlagen" {
		t.Errorf("rule T-M3 in German: %+v", r)
	}
	for _, c := range []struct{ args, name string }{
		{`{"id":"T-M3","lang":"fr"}`, "ErrBadCall"},
		{`{"id":"T-M3","lang":""}`, "ErrBadCall"},
		{`{"id":"T-M3","lang":"de-DE"}`, "ErrBadCall"},
		{`{"id":"T-M3","lang":7}`, "ErrBadCall"},
		{`{"id":"T-M3","lang":null,"lang":"de"}`, "ErrBadCall"},
		{`{"id":"T-M3","Lang":"de"}`, "ErrBadCall"},
		{`{"lang":"de"}`, "ErrBadCall"},
		{`{"id":"X-9","lang":"de"}`, "ErrUnknownRule"},
	} {
		if e := fail(t, a, "rule", c.args); e.Name != c.name || e.Message == "" {
			t.Errorf("rule(%s): %s %q, want %s", c.args, e.Name, e.Message, c.name)
		}
	}
}

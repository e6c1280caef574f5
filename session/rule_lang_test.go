package session

import (
	"testing"

	"github.com/brettspiel/brettspiel/rules"
	"github.com/brettspiel/brettspiel/words"
)

// TestRuleLang checks the "lang" argument of "rule": English by default and
// for "en", German for "de" (read as words.Parse reads a tag), and a clear
// ErrBadCall for any other language.
func TestRuleLang(t *testing.T) {
	a := NewTable(Options{})
	de, _ := rules.In(rules.German)
	for _, id := range []string{"T-M3", "V-J1", "F-C4", "d-1"} {
		en, _ := rules.Lookup(id)
		ger, _ := de.Lookup(id)
		for lang, w := range map[string]rules.Rule{"-": en, "": en, "en": en, "en-GB": en, "de": ger, "DE": ger, "de-AT": ger} {
			args := map[string]any{"id": id}
			if lang != "-" {
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
		{`{"id":"T-M3","lang":"deu"}`, "ErrBadCall"},
		{`{"id":"T-M3","lang":7}`, "ErrBadCall"},
		{`{"id":"T-M3","lang":"en","lang":"de"}`, "ErrBadCall"},
		{`{"id":"T-M3","Lang":"de"}`, "ErrBadCall"},
		{`{"lang":"de"}`, "ErrBadCall"},
		{`{"id":"X-9","lang":"de"}`, "ErrUnknownRule"},
	} {
		if e := fail(t, a, "rule", c.args); e.Name != c.name || e.Message == "" {
			t.Errorf("rule(%s): %s %q, want %s", c.args, e.Name, e.Message, c.name)
		}
	}
}

// TestRuleTextsOfTheLogInTheAnswersLanguage checks that the rules of the
// log's events (the view's "rules") are in the language of the log's
// sentences: the game's, or the call's "lang".
func TestRuleTextsOfTheLogInTheAnswersLanguage(t *testing.T) {
	a := NewTable(Options{})
	var s StateJSON
	call(t, a, "newGame", map[string]any{"variant": "toccateglio", "seed": 5, "lang": "de", "seats": []string{"random", "random"}}, &s)
	call(t, a, "advance", map[string]any{"handle": s.Handle, "limit": 6}, &s)
	de, _ := rules.In(rules.German)
	for _, c := range []struct {
		lang string
		book rules.Book
	}{{"", de}, {"de", de}, {"en", rules.Book{}}} {
		args := map[string]any{"handle": s.Handle, "rules": true, "since": 0}
		if c.lang != "" {
			args["lang"] = c.lang
		}
		var st StateJSON
		call(t, a, "state", args, &st)
		n := 0
		for _, step := range st.Log {
			for _, e := range step.Events {
				if e.Event.Rule == "" {
					continue
				}
				n++
				w, _ := c.book.Lookup(e.Event.Rule)
				if e.Rule == nil || e.Rule.Title != w.Title || e.Rule.Text != w.Text {
					t.Errorf("lang %q: event %s has rule %+v, want %q", c.lang, e.Event.Rule, e.Rule, w.Title)
				}
			}
		}
		if n == 0 {
			t.Fatalf("lang %q: no event of %d steps names a rule", c.lang, len(st.Log))
		}
	}
}

// TestWordsLanguagesHaveRules checks that every language of the players'
// sentences has the rules' texts, so that no answer mixes languages.
func TestWordsLanguagesHaveRules(t *testing.T) {
	for _, l := range words.Langs() {
		if b, ok := rules.In(l.String()); !ok || b.Lang() != l.String() {
			t.Errorf("no rules in %v", l)
		}
	}
}

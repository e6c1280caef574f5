package bot

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
)

func TestRegistryNamesEveryLevelWeakestFirst(t *testing.T) {
	if got, want := strings.Join(Names(), ","), "random,greedy,search,expectimax"; got != want {
		t.Errorf("Names() = %s, want %s", got, want)
	}
	for _, name := range Names() {
		b, err := Named(name)
		if err != nil || b == nil {
			t.Errorf("Named(%q) = %v, %v", name, b, err)
		}
	}
	if b, err := Named(" Greedy "); err != nil || b != (Greedy{}) {
		t.Errorf("Named(\" Greedy \") = %v, %v", b, err)
	}
	if b, _ := Named("expectimax"); b != (Expectimax{Plies: 2, Nodes: 4000}) {
		t.Errorf("expectimax level = %#v", b)
	}
}

func TestNamedRefusesUnknownNamesBriefly(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	_, err := Named(long)
	if !errors.Is(err, ErrUnknownBot) || brettspiel.ErrorName(err) != "ErrUnknownBot" {
		t.Fatalf("Named(long) = %v", err)
	}
	if len(err.Error()) > 300 || !strings.Contains(err.Error(), "random, greedy") {
		t.Errorf("message of %d bytes: %.300s", len(err.Error()), err)
	}
}

// keepLevels puts the registry back as it is now when the test ends.
func keepLevels(t *testing.T) {
	saved := Levels()
	t.Cleanup(func() {
		registry.mu.Lock()
		registry.levels = registry.levels[:0:0]
		registry.mu.Unlock()
		for _, l := range saved {
			Register(l)
		}
	})
}

func TestRegisterAddsALevelInOneLine(t *testing.T) {
	keepLevels(t)
	Register(Level{Name: "zz-test", Strength: 15, New: func() Bot { return Random{} }})
	if got := strings.Join(Names(), ","); got != "random,greedy,zz-test,search,expectimax" {
		t.Errorf("Names() = %s", got)
	}
	for _, bad := range []Level{
		{Name: "", New: func() Bot { return Random{} }},
		{Name: "Upper", New: func() Bot { return Random{} }},
		{Name: "two words", New: func() Bot { return Random{} }},
		{Name: "nil-new"},
		{Name: "greedy", New: func() Bot { return Random{} }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q) did not panic", bad.Name)
				}
			}()
			Register(bad)
		}()
	}
}

// A level made for some variants is offered for those only; a level that
// names no game is offered for every one.
func TestLevelsForOffersALevelForItsGames(t *testing.T) {
	keepLevels(t)
	Register(Level{Name: "zz-race", Strength: 35, Games: []string{"toccateglio", "verkehren"}, New: func() Bot { return Greedy{} }})
	Register(Level{Name: "zz-fort", Strength: 36, Games: []string{"festung"}, New: func() Bot { return Greedy{} }})
	names := func(ls []Level) string {
		var s []string
		for _, l := range ls {
			s = append(s, l.Name)
		}
		return strings.Join(s, ",")
	}
	for variant, want := range map[string]string{
		"verkehren":   "random,greedy,search,expectimax,zz-race",
		"toccateglio": "random,greedy,search,expectimax,zz-race",
		"festung":     "random,greedy,search,expectimax,zz-fort",
		"other":       "random,greedy,search,expectimax",
	} {
		if got := names(LevelsFor(variant)); got != want {
			t.Errorf("LevelsFor(%q) = %s, want %s", variant, got, want)
		}
	}
	if !(Level{}).For("anything") || (Level{Games: []string{"festung"}}).For("verkehren") {
		t.Error("Level.For disagrees with Games")
	}
}

// DescriptionIn gives a level's German text for "de" (any region or case)
// and the English for "en", "" and a language it has no text in.
func TestDescriptionIn(t *testing.T) {
	for _, l := range Levels() {
		if l.Descriptions["de"] == "" || l.Descriptions["de"] == l.Description {
			t.Errorf("%s: German %q", l.Name, l.Descriptions["de"])
		}
		for _, tag := range []string{"de", "DE-at", "de_CH"} {
			if got := l.DescriptionIn(tag); got != l.Descriptions["de"] {
				t.Errorf("%s in %q: %q", l.Name, tag, got)
			}
		}
		for _, tag := range []string{"", "en", "fr"} {
			if got := l.DescriptionIn(tag); got != l.Description {
				t.Errorf("%s in %q: %q", l.Name, tag, got)
			}
		}
	}
}

package catalog_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/bot"
	"github.com/brettspiel/brettspiel/catalog"
	"github.com/brettspiel/brettspiel/festung"
	"github.com/brettspiel/brettspiel/toccateglio"
	"github.com/brettspiel/brettspiel/verkehren"
	"github.com/google/go-cmp/cmp"
)

func id(t *testing.T, g brettspiel.Game) string {
	t.Helper()
	text, err := g.(encoding.TextMarshaler).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestVariantsDescribeEveryGame(t *testing.T) {
	vs := catalog.Variants()
	if len(vs) != 3 {
		t.Fatalf("%d variants, want toccateglio, verkehren and festung", len(vs))
	}
	for i, v := range vs {
		if i > 0 && vs[i-1].Name >= v.Name {
			t.Errorf("not sorted by name: %q before %q", vs[i-1].Name, v.Name)
		}
		if v.Name == "" || v.Title == "" || v.Description == "" || len(v.Presets) == 0 || v.MinPlayers < 2 || v.MaxPlayers < v.MinPlayers || v.MaxPlayers > brettspiel.MaxPlayers {
			t.Errorf("incomplete variant %+v", v)
		}
		seen := map[string]bool{}
		for _, p := range v.Presets {
			if p.Name == "" || p.Description == "" || p.Source == "" {
				t.Errorf("%s: incomplete preset %+v", v.Name, p)
			}
			// Every preset must be reachable by its name in any spelling.
			for _, name := range []string{p.Name, strings.ToUpper(p.Name), strings.ReplaceAll(strings.ToLower(p.Name), " ", "-")} {
				got, ok := v.Preset(name)
				if !ok || got != p {
					t.Errorf("%s: Preset(%q) = %+v, %v; want %+v", v.Name, name, got, ok, p)
				}
			}
			if seen[strings.ToLower(p.Name)] {
				t.Errorf("%s: two presets named %q", v.Name, p.Name)
			}
			seen[strings.ToLower(p.Name)] = true
		}
		for _, name := range []string{v.Name, strings.ToUpper(v.Name), v.Title, strings.ToLower(v.Title)} {
			got, ok := catalog.Lookup(name)
			if !ok || !cmp.Equal(got, v) {
				t.Errorf("Lookup(%q) = %+v, %v; want %+v", name, got, ok, v)
			}
		}
	}
	if _, ok := vs[0].Preset("no such preset"); ok {
		t.Error("Preset found a preset that does not exist")
	}
	if d := cmp.Diff([]string{"festung", "toccateglio", "verkehren"}, catalog.Names()); d != "" {
		t.Errorf("Names (-want +got):\n%s", d)
	}
}

// The presets are the variants' own, in their order: the catalogue builds
// the same game as the variant's package does from the preset's options.
func TestPresetsAreTheVariantsOwn(t *testing.T) {
	type built struct{ name, id string }
	var want []built
	for _, p := range toccateglio.Presets() {
		g, err := toccateglio.New(p.Options)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, built{"toccateglio/" + p.Name, g.ID()})
	}
	for _, p := range verkehren.Presets() {
		g, err := verkehren.New(p.Options)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, built{"verkehren/" + p.Name, id(t, g)})
	}
	for n := 2; n <= 6; n++ {
		g, err := festung.New(festung.ForPlayers(n))
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, built{"festung/" + string(rune('0'+n)), id(t, g)})
	}
	var got []built
	for _, v := range []string{"toccateglio", "verkehren"} {
		vv, _ := catalog.Lookup(v)
		for _, p := range vv.Presets {
			g, err := catalog.New(v, p.Name, 2)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, built{v + "/" + p.Name, id(t, g)})
		}
	}
	for n := 2; n <= 6; n++ {
		g, err := catalog.New("festung", "", n)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, built{"festung/" + string(rune('0'+n)), id(t, g)})
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(built{})); d != "" {
		t.Errorf("catalogue games differ from the variants' (-want +got):\n%s", d)
	}
}

func TestValuesAreCopies(t *testing.T) {
	before := catalog.Variants()
	vs := catalog.Variants()
	vs[0].Name = "changed"
	vs[0].Presets[0].Name = "changed"
	v, _ := catalog.Lookup(before[1].Name)
	v.Presets[0].Description = "changed"
	v.Presets = append(v.Presets[:0], catalog.Preset{Name: "mine"})
	if d := cmp.Diff(before, catalog.Variants()); d != "" {
		t.Errorf("changing returned values changed the catalogue:\n%s", d)
	}
}

// Every preset at every seat count, built by name, played some seeded steps
// by bots while a record and a history are kept; the position's ID, JSON and
// record round-trip through the catalogue's loaders.
func TestEveryPresetByNameRoundTrips(t *testing.T) {
	for _, v := range catalog.Variants() {
		for _, p := range v.Presets {
			for n := v.MinPlayers; n <= v.MaxPlayers; n++ {
				t.Run(v.Name+"/"+p.Name+"/"+string(rune('0'+n)), func(t *testing.T) {
					g, rec, h := playByName(t, v.Name, p.Name, n)
					checkLoaders(t, v.Name, p.Name, n, g, rec, h)
				})
			}
		}
	}
}

// playByName builds the game, a record and a history by name and plays 40
// seeded steps of random play (fewer if the game ends) into all three.
func playByName(t *testing.T, variant, preset string, n int) (brettspiel.Game, *brettspiel.Record, *brettspiel.History) {
	t.Helper()
	g, err := catalog.New(variant, preset, n)
	if err != nil {
		t.Fatal(err)
	}
	if g.NumPlayers() != n {
		t.Fatalf("%d seats, want %d", g.NumPlayers(), n)
	}
	rec, err := catalog.NewRecord(variant, preset, n)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.EqualFold(rec.Game, variant) {
		t.Fatalf("record of %q", rec.Game)
	}
	h, err := catalog.NewHistory(strings.ToUpper(variant), preset, n)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(n), 7))
	for step := 0; step < 40 && g.ToMove() != brettspiel.Terminal; step++ {
		var m brettspiel.Move
		if g.ToMove() == brettspiel.Chance {
			m, err = brettspiel.SampleChance(g, r)
		} else {
			m = bot.Random{}.Choose(g, g.LegalMoves(), r)
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Apply(m); err != nil {
			t.Fatalf("history, step %d: %v", step, err)
		}
		if err := rec.Append(g, m); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
	}
	return g, rec, h
}

// checkLoaders checks that g's position comes back the same from the
// history, from its ID, from its JSON, and from the record written as text
// (loaded as a game and as a history), and that the history kept the same
// record as rec.
func checkLoaders(t *testing.T, variant, preset string, n int, g brettspiel.Game, rec *brettspiel.Record, h *brettspiel.History) {
	t.Helper()
	want := id(t, g)
	if got := id(t, h.Game()); got != want {
		t.Errorf("history at %s, game at %s", got, want)
	}

	fromID, err := catalog.ParseID(want)
	if err != nil {
		t.Fatal(err)
	}
	if got := id(t, fromID); got != want {
		t.Errorf("ParseID(%s) gave %s", want, got)
	}

	data, err := g.(json.Marshaler).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	fromJSON, err := catalog.UnmarshalJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := id(t, fromJSON); got != want {
		t.Errorf("UnmarshalJSON gave %s, want %s", got, want)
	}

	var text strings.Builder
	start, _ := catalog.New(variant, preset, n)
	if _, err := rec.WriteTo(&text, start); err != nil {
		t.Fatal(err)
	}
	parsed, err := brettspiel.ParseRecord(strings.NewReader(text.String()))
	if err != nil {
		t.Fatal(err)
	}
	fromRec, err := catalog.LoadRecord(parsed)
	if err != nil {
		t.Fatalf("%v\n%s", err, text.String())
	}
	if got := id(t, fromRec); got != want {
		t.Errorf("LoadRecord gave %s, want %s", got, want)
	}
	if d := cmp.Diff(rec, h.Record(), cmp.AllowUnexported(brettspiel.Record{})); d != "" {
		t.Errorf("the history's record differs from the one kept by hand (-kept +history):\n%s", d)
	}

	loaded, err := catalog.LoadHistory(parsed)
	if err != nil {
		t.Fatal(err)
	}
	if got := id(t, loaded.Game()); got != want || loaded.Len() != len(rec.Steps) {
		t.Errorf("LoadHistory: %d steps to %s; want %d to %s", loaded.Len(), got, len(rec.Steps), want)
	}
	if got, want := id(t, loaded.Start()), id(t, start); got != want {
		t.Errorf("LoadHistory starts at %s, want %s", got, want)
	}
}

func TestBadNamesAreRefused(t *testing.T) {
	for _, c := range []struct {
		variant, preset string
		players         int
		want            string // in the error: what exists
	}{
		{"chess", "", 2, "festung, toccateglio, verkehren"},
		{"", "", 0, "festung, toccateglio, verkehren"},
		{"toccateglio", "Backgammon", 2, `"Toccateglispiel", "Tokkadille 1853"`},
		{"verkehren", "VK band limit 6", 2, `"VK", "VK band limit 5"`},
		{"festung", "Toccateglispiel", 3, `"Standard"`},
		{"toccateglio", "", 3, "played by 2"},
		{"verkehren", "", 1, "played by 2"},
		{"festung", "", 7, "played by 2 to 6"},
		{"festung", "", -1, "played by 2 to 6"},
	} {
		_, err := catalog.New(c.variant, c.preset, c.players)
		_, rerr := catalog.NewRecord(c.variant, c.preset, c.players)
		_, herr := catalog.NewHistory(c.variant, c.preset, c.players)
		for _, err := range []error{err, rerr, herr} {
			if !errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("New(%q, %q, %d): %v; want an error wrapping ErrBadOptions that says %q", c.variant, c.preset, c.players, err, c.want)
			}
		}
	}
	if _, ok := catalog.Lookup("chess"); ok {
		t.Error("Lookup found chess")
	}
	if _, ok := catalog.Lookup(""); ok {
		t.Error("Lookup found the empty name")
	}
}

func TestLoadersRefuseBadInput(t *testing.T) {
	g, _ := catalog.New("toccateglio", "", 2)
	good := id(t, g)
	for _, in := range []string{"", "toccateglio", "chess:1:AAAA", ":1:AAAA", "Toccateglio" + good[len("toccateglio"):], good[:len(good)-3]} {
		if _, err := catalog.ParseID(in); !errors.Is(err, brettspiel.ErrBadNotation) {
			t.Errorf("ParseID(%q): %v; want an error wrapping ErrBadNotation", in, err)
		}
	}
	if _, err := catalog.ParseID("chess:1:AAAA"); err == nil || !strings.Contains(err.Error(), "festung, toccateglio, verkehren") {
		t.Errorf("ParseID of an unknown game: %v; want the games listed", err)
	}

	data, _ := g.(json.Marshaler).MarshalJSON()
	for _, in := range []string{"", "null", "[]", "{}", `{"game":"chess"}`, `{"game":"Toccateglio"}`, `{"game":7}`, string(data[:len(data)/2])} {
		if _, err := catalog.UnmarshalJSON([]byte(in)); !errors.Is(err, brettspiel.ErrBadNotation) {
			t.Errorf("UnmarshalJSON(%q): %v; want an error wrapping ErrBadNotation", in, err)
		}
	}
	// The variant's own checks: a state that names toccateglio but is not one.
	if _, err := catalog.UnmarshalJSON([]byte(`{"game":"toccateglio","version":1}`)); err == nil {
		t.Error("UnmarshalJSON accepted an empty toccateglio state")
	}

	if _, err := catalog.LoadRecord(nil); !errors.Is(err, brettspiel.ErrBadNotation) {
		t.Errorf("LoadRecord(nil): %v", err)
	}
	if _, err := catalog.LoadHistory(&brettspiel.Record{Game: "chess"}); !errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(err.Error(), "festung, toccateglio, verkehren") {
		t.Errorf("LoadHistory of chess: %v", err)
	}
	// Names in records match as the catalogue's do; the rest is the
	// variant's: an unknown preset, and a tampered step with its line.
	if g, err := catalog.LoadRecord(&brettspiel.Record{Game: "Festungsspiel", Players: 4}); err != nil || g.NumPlayers() != 4 {
		t.Errorf("LoadRecord of a Festungsspiel for 4: %v", err)
	}
	if _, err := catalog.LoadRecord(&brettspiel.Record{Game: "verkehren", Preset: "Backgammon"}); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("LoadRecord of an unknown preset: %v", err)
	}
	rec, err := brettspiel.ParseRecord(strings.NewReader("game: toccateglio\n\n6-5 ; 6-5\n9-9\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, load := range []func(*brettspiel.Record) error{
		func(r *brettspiel.Record) error { _, err := catalog.LoadRecord(r); return err },
		func(r *brettspiel.Record) error { _, err := catalog.LoadHistory(r); return err },
	} {
		if err := load(rec); !errors.Is(err, brettspiel.ErrBadNotation) || !strings.Contains(err.Error(), "line 4") {
			t.Errorf("a record with a bad throw on line 4: %v", err)
		}
	}
}

package festung_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/festung"
)

// A record names the preset "Standard" when its rules are the preset's for
// its seat count, and no preset when they are not.
func TestNewRecordNamesThePreset(t *testing.T) {
	for n := 2; n <= 6; n++ {
		if rec := festung.NewRecord(festung.ForPlayers(n)); rec.Preset != "Standard" || rec.Players != n {
			t.Errorf("NewRecord(ForPlayers(%d)): preset %q, players %d", n, rec.Preset, rec.Players)
		}
	}
	o := festung.ForPlayers(3)
	o.Stock = 30
	if rec := festung.NewRecord(o); rec.Preset != "" {
		t.Errorf("NewRecord with stock 30: preset %q, want none", rec.Preset)
	}
	o = festung.ForPlayers(5)
	o.EmptyField++
	if rec := festung.NewRecord(o); rec.Preset != "" {
		t.Errorf("NewRecord with another empty field: preset %q, want none", rec.Preset)
	}
}

// Records with the preset, with none (as written before it was named) and
// with the preset in another spelling load the same rules; another preset
// is refused.
func TestRecordOptionsPreset(t *testing.T) {
	// normal is the options a game under o plays by, the defaults filled in.
	normal := func(o festung.Options) (festung.Options, error) {
		g, err := festung.New(o)
		if err != nil {
			return festung.Options{}, err
		}
		return g.Options(), nil
	}
	want, err := normal(festung.ForPlayers(5))
	if err != nil {
		t.Fatal(err)
	}
	for _, head := range []string{
		"preset: Standard\nplayers: 5\noption: stock=25\noption: empty-field=W4.VI\noption: turn-cap=5000\n",
		"players: 5\noption: stock=25\noption: empty-field=W4.VI\noption: turn-cap=5000\n",
		"preset: standard\nplayers: 5\n",
		"preset: Standard\nplayers: 5\n",
	} {
		rec, err := brettspiel.ParseRecord(strings.NewReader("game: festung\n" + head + "\n"))
		if err != nil {
			t.Fatal(err)
		}
		o, err := festung.RecordOptions(rec)
		if err == nil {
			o, err = normal(o)
		}
		if err != nil || o != want {
			t.Errorf("RecordOptions of %q = %+v, %v; want %+v", head, o, err, want)
		}
	}
	o, err := festung.RecordOptions(&brettspiel.Record{Game: "festung", Preset: "Standard", Players: 3, Options: []string{"stock=30"}})
	if err != nil || o.Stock != 30 || o.Players != 3 {
		t.Errorf("the preset with stock=30: %+v, %v", o, err)
	}
	if _, err := festung.RecordOptions(&brettspiel.Record{Game: "festung", Preset: "Nürnberg", Players: 3}); !errors.Is(err, brettspiel.ErrBadOptions) {
		t.Errorf("another preset: %v, want ErrBadOptions", err)
	}
}

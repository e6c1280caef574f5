package festung

import (
	"errors"
	"strings"
	"testing"

	"github.com/brettspiel/brettspiel"
	"github.com/brettspiel/brettspiel/kit"
)

// TestErrorsNameTheSharedOperations: an error names its operation in the
// words every game of the module uses (the kit.Op constants), whichever
// call of this package refuses.
func TestErrorsNameTheSharedOperations(t *testing.T) {
	var zero Game
	g := newGame(t, 3)
	second := func(_ any, err error) error { return err }
	_, _, stepsErr := g.NextSteps(nil)
	for _, c := range []struct {
		what string
		err  error
		op   string
	}{
		{"Options.Validate", Options{Players: 9}.Validate(), kit.OpCheckOptions},
		{"New", second(New(Options{Stock: -1})), kit.OpCheckOptions},
		{"ParseOptions of a bad value", second(ParseOptions("players=9")), kit.OpParseOptions},
		{"ParseOptions of an unknown key", second(ParseOptions("bands=vk")), kit.OpParseOptions},
		{"ParseOptions of a bad field", second(ParseOptions("players=5 empty-field=L11")), kit.OpParseOptions},
		{"RecordOptions", second(RecordOptions(&brettspiel.Record{Game: Variant, Preset: "Toccateglispiel"})), kit.OpLoadRecord},
		{"MarshalText", second(zero.MarshalText()), kit.OpEncodeID},
		{"MarshalJSON", second(zero.MarshalJSON()), kit.OpEncodeJSON},
		{"MarshalJSONView", second(zero.MarshalJSONView(kit.JSONView{NoStatic: true})), kit.OpEncodeJSON},
		{"AppendJSONView", second(zero.AppendJSONView(nil, kit.JSONView{NoStatic: true})), kit.OpEncodeJSON},
		{"ParseID", second(ParseID(Variant + ":1:AAAA")), kit.OpDecodeID},
		{"UnmarshalJSON", g.clone().UnmarshalJSON([]byte(`{"version":2,"game":"festung"}`)), kit.OpDecodeJSON},
		{"FromPosition", second(FromPosition(Options{}, Position{})), kit.OpLoadPosition},
		{"Apply", zero.Apply(brettspiel.NoMove), kit.OpApply},
		{"Describe", second(zero.Describe(brettspiel.NoMove)), kit.OpDescribe},
		{"ParseMove", second(g.ParseMove("no move")), kit.OpParseMove},
		{"NextSteps", stepsErr, kit.OpNextSteps},
	} {
		var e *brettspiel.Error
		if !errors.As(c.err, &e) {
			t.Errorf("%s: %v, want a *brettspiel.Error", c.what, c.err)
			continue
		}
		if e.Op != c.op {
			t.Errorf("%s: Op %q, want %q (%v)", c.what, e.Op, c.op, c.err)
		}
	}
}

// TestValidate: Validate takes the zero Options and every preset, and
// refuses what New refuses, with the same error.
func TestValidate(t *testing.T) {
	for _, o := range []Options{{}, ForPlayers(5), {Players: 6, Stock: 1, TurnCap: 1}, Presets()[0].Options} {
		if err := o.Validate(); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
	for _, o := range []Options{{Players: 1}, {Players: 7}, {Stock: -1}, {Stock: maxStock + 1}, {TurnCap: maxTurnCap + 1}, {Players: 4, EmptyField: 3}, {Players: 5, EmptyField: 37}} {
		err := o.Validate()
		_, newErr := New(o)
		if !errors.Is(err, brettspiel.ErrBadOptions) || newErr == nil || err.Error() != newErr.Error() {
			t.Errorf("%+v: Validate %v, New %v; want the same error wrapping ErrBadOptions", o, err, newErr)
		}
	}
}

// TestRecordOfAnUnknownPresetListsThePresets: a record that names another
// preset is refused with the presets there are.
func TestRecordOfAnUnknownPresetListsThePresets(t *testing.T) {
	_, err := RecordOptions(&brettspiel.Record{Game: Variant, Preset: "Toccateglispiel"})
	if !errors.Is(err, brettspiel.ErrBadOptions) || !strings.Contains(err.Error(), `unknown preset "Toccateglispiel"; the presets are Standard`) {
		t.Errorf("RecordOptions of preset Toccateglispiel: %v", err)
	}
}

package verkehren

import (
	"testing"

	"github.com/brettspiel/brettspiel/internal/gametest"
)

// MarshalJSONView writes by hand what encoding/json writes for the JSON
// form, under every view, in every position of games of every preset played
// at random.
func TestMarshalJSONViewAsEncodingJSON(t *testing.T) {
	gametest.PresetViewsAsEncodingJSON(t, Presets(), New, (*Game).viewJSON)
}

package festung

import (
	_ "embed"
	"slices"
)

//go:embed state.schema.json
var schema []byte

// JSONSchema returns the JSON Schema (draft 2020-12) of the JSON form of a
// Game, the file state.schema.json of this package. It is self-contained, so
// a frontend in another language needs only this file. The slice is the
// caller's.
func JSONSchema() []byte { return slices.Clone(schema) }

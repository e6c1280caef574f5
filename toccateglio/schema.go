package toccateglio

import (
	_ "embed"
	"slices"
)

//go:embed state.schema.json
var schema []byte

// JSONSchema returns the JSON Schema (draft 2020-12) of the JSON form of a
// Game, the file state.schema.json of this package. It is self-contained: a
// frontend in another language needs only this file to validate a state.
func JSONSchema() []byte { return slices.Clone(schema) }

// Package apicheck records the exported API of the module's library
// packages and checks the code against that record, so that no exported
// identifier disappears without a line in CHANGELOG.md.
//
// The record, testdata/api.txt, has one line per exported identifier: its
// name, qualified by the package's path below the module's parent
// ("brettspiel/dice.Throw.Sum"), then what it is with its signature
// ("method (Throw) func() int"). Struct fields, interface methods and methods
// have lines of their own; parameter names are left out, so renaming a
// parameter changes nothing while a changed type changes the line: a changed
// signature is one identifier removed and one added.
//
// The record is made with go/build, go/parser and go/printer alone, for
// linux/amd64 without build tags: every package of the module except those
// under internal/ and examples/, test files, testdata and nested modules.
// Constants are recorded with their type ("untyped int" for an untyped
// one), not their value; variables with their declared type where there is
// one.
//
// The test of this package fails
//   - when a recorded identifier is gone from the code (or its line changed)
//     and the Unreleased section of CHANGELOG.md does not name it: as
//     "dice.Roll" (a package's identifier with the package's name) or as
//     "neural.Evaluator.Games" or "Evaluator.Games" (a method or a field;
//     when the whole type is removed or changes its kind, naming the type
//     covers its fields and methods); and
//   - when the record is out of date: then
//     go test ./internal/apicheck -update
//     rewrites it. -update refuses to write while a removal is unnamed.
package apicheck

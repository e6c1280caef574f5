// Package gametest holds the test helpers that every game of the module
// uses alike, beside the harness of package conformance: the CPU clock of
// the benchmarks, the checks of a game's chance sampler and of its CopyFrom,
// and the body of the fuzz target that plays on from a position ID.
package gametest

// Package gametest holds the test helpers that every game of the module
// uses alike, beside the harness of package conformance, so that the three
// games are checked the same way, each with its own data: random play
// (Step, PlayRandom, PlayPairs, Fresh, Played), the hostile JSON documents
// a decoder must refuse (JSONRefusesKeyMutations, JSONRefusesForgedEvents,
// StrictJSON), events that disagree with their state (EventEditsAreRefused,
// WithEventsLoads), the budgets of records (TiedDrawsAreCapped,
// RecordStepsAreBounded, RecordsOfPlayLoad, ReadRecordAgrees), the chance
// sampler and CopyFrom, NextSteps, the JSON views, and the bodies of the
// fuzz targets that play on from a position ID or read one; also the CPU
// clock of the benchmarks.
package gametest

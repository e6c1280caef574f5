// Package gametest holds the test helpers that every game of the module
// uses alike, beside the harness of package conformance, so that the three
// games are checked the same way, each with its own data: random play
// (Step, ApplyStep, PlayRandom, PlayPairs, PlayedStates, Fresh, Played,
// MustPlay, DriveBySteps), the zero game (ZeroGameRefuses, LoadsIntoZero),
// the hostile JSON documents a decoder must refuse (HostileStateJSON,
// JSONRefusesKeyMutations, JSONRefusesForgedEvents, StrictJSON), events
// that disagree with their state (EventEditsAreRefused, WithEventsLoads),
// records (RecordPlay, RecordText, LoadRecordText and the budgets:
// TiedDrawsAreCapped, RecordStepsAreBounded, RecordsOfPlayLoad,
// ReadRecordAgrees), the text form of the options (OptionsTextBounds,
// WantError), the chance sampler and CopyFrom, NextSteps, the JSON views,
// position-ID round trips (IDTrip), and the bodies of the fuzz targets that
// play on from a position ID, read one, read a JSON document or write a
// record again (TextID, JSONDoc, RecordRewrites); also the CPU clock of
// the benchmarks.
package gametest

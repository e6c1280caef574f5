// Package kit is the toolkit for writing a game of this module: what every
// variant needs beside its rules, so that the rules packages (toccateglio,
// verkehren, festung) hold their rules and little else, and a new game is
// written the same way.
//
// The package brettspiel is for the users of a game — a frontend, a bot, a
// program that plays — and says what a game is ([brettspiel.Game]). This
// package is for its authors:
//
//   - Position IDs: [EncodeID] and [DecodeID] frame a variant's binary
//     payload as "variant:version:payload" with a checksum.
//   - JSON: [StateJSON] is the envelope every state's JSON form shares, built
//     by [NewStateJSON] and [NewStateJSONView] and checked by
//     [StateJSON.Check] and [StateJSON.CheckEvents]; [RaceJSON] is the board
//     of the race games; [DecodeStrict] and [DecodeState] read a document
//     exactly as its Go type spells it, within [MaxJSONSize],
//     [MaxJSONDepth] and [MaxJSONValues].
//   - Options in text: [ParseSettings] splits key=value terms, [Setting.Int]
//     reads a number, [SameName] compares names as a command line writes
//     them.
//   - Moves: [NewMove] builds a [brettspiel.Move] from a variant's payload;
//     [CheckMove] is the first check of every Apply; [Refuse] starts the
//     error of a move the rules refuse, with its rules and [brettspiel.Refusal].
//   - Optional interfaces a game implements so that the shared code runs
//     faster or safer: [ChanceSampler], [Simulator], [RecordLimiter],
//     [Conceder], [RuleMover] with [Settle]; and [ViewMarshaler] for the lean JSON views of
//     [JSONView], [ViewAppender] to write them into the caller's buffer.
//   - Sentinel errors with stable names: [NewSentinel].
//
// # Adding a game
//
// A game is a package with its options and its state; the kit gives it the
// rest. The file einbahn_test.go of this package is a whole fourth game, a
// one-die race, written against brettspiel and kit alone: 318 lines with its
// comments (261 of code), of which the rules — the legal moves, Apply and
// the end — are 70. What a game writes itself:
//
//  1. Its options, its presets as [Preset] values found by name
//     ([PresetNamed]) and by rules ([PresetOf]), and their text form read
//     with [ParseSettings], [LowerAll] or [LowerKeys] and [Setting.Int],
//     refusing with the [OpParseOptions] and [OpCheckOptions] operations.
//  2. The state and the methods of [brettspiel.Game]: its moves made by
//     [NewMove]; its throws in a [Chance] table built once
//     ([Chance.OutcomesAt] is its ChanceOutcomes, [Chance.SampleAt] its
//     SampleChance); Apply starting with [CheckMove]; the events of every
//     Apply, each naming its rule; a move the rules refuse made by
//     [Refuse], with its rules and refusal.
//  3. A position ID: a binary payload framed by [EncodeID] and read back by
//     [DecodeID], every field checked, and UnmarshalText by [UnmarshalID].
//  4. Its JSON form: a struct embedding [StateJSON] (and [RaceJSON] for a
//     race on the 24-point board) filled by [NewStateJSON]; UnmarshalJSON by
//     [UnmarshalState], which reads strictly, then [StateJSON.Check] and
//     [StateJSON.CheckEvents] with the game's [EventLimits], and for a game
//     whose events must agree with the state, [SameEvents] and [Replayed].
//     Where one error gives the reason of another again, [ReasonOf].
//  5. Records: [NewRecord] starts one; a [Records] value with the game's
//     ParseID and how to build the game of a record's rules ([RecordStart]
//     over the game's RecordOptions, from [RecordPreset] and the option
//     lines) loads them; a [RecordLimiter] bounds a replay ([DrawCheck]
//     where the game draws for the start).
//  6. The tests: the harness internal/conformance over random games of every
//     preset, with the ID, JSON and record round trips; the checks every
//     game's tests share, in internal/gametest (hostile JSON and IDs,
//     record bounds, events against the state, the chance sampler); and a
//     test per rule.
//
// A game of this module is then named in package catalog, its rules' texts
// in package rules and its events' words in package words.
//
// Everything in this package is safe for concurrent use: its functions keep
// no state, and a [Chance] table is only read once built.
//
// The package is public, not internal, because the interface it serves is:
// a game written outside this module against [brettspiel.Game] needs the
// same IDs, JSON and checks to work with the module's bots, history,
// records and session as the module's own games do.
package kit

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
//     [Conceder]; and [ViewMarshaler] for the lean JSON views of
//     [JSONView].
//   - Sentinel errors with stable names: [NewSentinel].
//
// The package is public, not internal, because the interface it serves is:
// a game written outside this module against [brettspiel.Game] needs the
// same IDs, JSON and checks to work with the module's bots, history,
// records and session as the module's own games do.
package kit

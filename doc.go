// Package brettspiel is a rules library for three historical German board games:
// Toccateglio (Toccateglispiel, Tokkadille, Toccadille), Verkehren and the
// Festungsspiel. Each game lives in its own package (toccateglio, verkehren,
// festung); this package holds the one interface they all implement, so that a
// frontend or a bot can drive any of them without knowing which.
//
// # The model
//
// A game is a tree of states. At each state exactly one actor is to move
// ([Game.ToMove]): a seat 0…n−1, [Chance] (the dice), or nobody because the
// game is over ([Terminal]). Every step, a player's whole turn or a throw of the
// dice alike, is one [Move] given to [Game.Apply]:
//
//   - At a chance node [Game.ChanceOutcomes] lists the possible throws with
//     integer weights (of 36 or 216). [SampleChance] draws one from a caller's
//     *rand.Rand; a frontend with physical dice parses the throw it saw with
//     [Game.ParseMove] and applies it.
//   - At a player's node [Game.LegalMoves] lists the whole-turn plays, sorted and
//     without duplicates: two sequences of single steps that lead to the same
//     position are one move. When nothing can be played the list holds exactly one
//     explicit pass. Decisions that are not plays (go on or start afresh; which
//     field to take) are moves too.
//   - At the end [Game.Returns] gives one integer payoff per seat (strokes in
//     Toccateglio, +1/−1 or +2/−2 in Verkehren, markers in the Festungsspiel).
//
// Apply checks its move against the legal list and leaves the state exactly as it
// was when it returns an error. The events of the last successful Apply
// ([Game.Events]) say what happened and by which rule, so a frontend can show
// "2 marks: 3→8 by 10 (T-M2)" and a player can learn the rules from it.
//
// The state holds no random source: the same seed given to [PlayOut] or
// [SampleChance] gives the same game on every platform.
//
// # Moves
//
// A [Move] is a 64-bit value: the actor in the high byte, the variant's own
// encoding of the play below it. Moves are comparable, cheap to copy and usable as
// map keys. The variant packages print and parse them in their notation
// ([Game.MoveString], [Game.ParseMove]) and order them so that ascending Move
// values are the canonical order of their notation.
//
// # Moves as data, and one step at a time
//
// For a board UI the notation is not enough. The games implement two
// optional interfaces beside [Game]. A [Describer] takes any legal move apart
// into a [MoveInfo]: its [MoveKind], the dice as numbers, and for a play each
// single [Step] of one stone in absolute points (the numbering the boards are
// drawn in; [Bar] and [Off] off the points), in the mover's own track beside, with the number it uses and [StepFlags] for what it does. A
// [Stepper] takes a play one step at a time: given the steps made so far,
// in the order the player made them, it lists the steps that may come next
// and returns the whole move once they determine one, so that a frontend
// needs no notation; a step that leads to no legal move is refused with the
// rule that forbids it. Both accept exactly what LegalMoves lists: the steps
// are searched from the position by the variant's single-step rules and kept
// only where they end in the position of a legal move.
//
// # History, playouts and records
//
// A [History] keeps a game with every step it took and the events of each,
// with undo, redo, a takeback to a player's last decision, the position
// before any step and the [Record] of it all. A kit.Simulator plays a game to
// its end at random far faster than [PlayOut], for search code; [Simulate]
// uses it where a game has one. A [Record] is read line by line by a
// [RecordReader], within [MaxRecordLine] and [MaxRecordSteps]. The package
// catalog builds, loads and describes every game by name, and the package
// rules carries the text of every rule ID that events and errors name.
//
// # Writing a game
//
// This package is what a frontend or a bot uses. What the games themselves
// share to build a [Game] — position IDs, the JSON envelope and its strict
// decoding, options in text, records, chance tables, the first check of an
// Apply — is in package kit, which also says how to add a game.
//
// # Concurrency
//
// A Game value is not safe for concurrent use; [Game.Clone] gives an independent
// deep copy that another goroutine may use. Nothing in this module keeps mutable
// package-level state, so distinct games may be played in parallel freely.
//
// # Errors
//
// Every error returned for bad input wraps one of the sentinel errors
// ([ErrIllegalMove], [ErrGameOver], [ErrNotYourTurn], [ErrChanceNode],
// [ErrBadNotation], [ErrBadPosition], [ErrBadOptions]) in an [*Error] that names
// the operation, the input and the reason; test for them with errors.Is.
// The reason is for programmers. A move the rules refuse carries more, as
// data: the IDs of the rules that refuse it ([Error.Rules], [RulesOf]), set
// by the rule's check and never read out of a text, and a [Refusal] — a
// stable [RefusalCode], what was tried in the board's points and the
// numbers left ([RefusalOf]) — from which package words makes the sentence
// a player reads, in English or German.
package brettspiel
